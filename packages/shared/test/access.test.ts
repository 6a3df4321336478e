import { describe, expect, it } from "vitest";
import { grantableScopes } from "../src/access.ts";

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
