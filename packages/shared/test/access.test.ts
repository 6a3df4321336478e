import { describe, expect, it } from "vitest";
import { canScore, grantableScopes, type MatchClubs } from "../src/access.ts";

describe("grantableScopes", () => {
  it.each([
    ["system", ["clubmember", "player", "trainer", "club", "system"]],
    ["club", ["clubmember", "player", "trainer", "club"]],
    ["trainer", ["clubmember", "player", "trainer"]],
    ["player", ["clubmember", "player", "trainer"]],
    ["user", []],
  ] as const)("%s may grant %j", (scope, scopes) => {
    expect(grantableScopes(scope)).toEqual(scopes);
  });
});

describe("canScore", () => {
  // Club 1 owns the match and plays at home; club 2 plays away; club 3 has it shared but doesn't play.
  const match: MatchClubs = { club: 1, sharedWith: 3, sharedOpponent: false, home: 1, away: 2 };

  it.each([
    ["club", 1, true],
    ["trainer", 2, true],
    ["system", null, true],
    ["club", 3, false],
    ["trainer", null, false],
    ["player", 1, false],
    ["clubmember", 1, false],
    ["user", null, false],
  ] as const)("a %s of club %s: %s", (scope, club, allowed) => {
    expect(canScore({ scope }, club, match)).toBe(allowed);
  });
});
