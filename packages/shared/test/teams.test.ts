import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { teamName } from "../src/teams.ts";

const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,9}$/);

describe("teamName", () => {
  it("adds the addition after the full name", () => {
    expect(teamName({ fullname: "JO17", addition: "1" })).toBe("JO17 1");
    expect(teamName({ fullname: "JO11", addition: "1" })).toBe("JO11 1");
    expect(teamName({ fullname: "Dames", addition: null })).toBe("Dames");
  });

  it("never shows an addition twice: a full name ending with it stays as it is", () => {
    expect(teamName({ fullname: "FC Zuiderpark JO17-1", addition: "JO17-1" })).toBe("FC Zuiderpark JO17-1");
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), word, (words, addition) => {
        const composed = teamName({ fullname: words.join(" "), addition });
        expect(teamName({ fullname: composed, addition })).toBe(composed);
        expect(teamName({ fullname: composed, addition: addition.toUpperCase() })).toBe(composed);
        expect(composed.toLowerCase().endsWith(addition.toLowerCase())).toBe(true);
      }),
      { seed: 1607 },
    );
  });
});
