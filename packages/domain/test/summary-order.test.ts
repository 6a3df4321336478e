// A summary's clips (issue 30): the goals first, then the other markers', each in match order, over
// generated matches of goal and other markers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { goalsFirst } from "../src/summaries/service.ts";

describe("a summary's clips", () => {
  it("are the goals in match order, then the other markers in match order", () => {
    const marker = fc.constantFrom("home", "away", null, "none");
    fc.assert(
      fc.property(fc.array(marker, { maxLength: 30 }), (kinds) => {
        // In match order, as the build reads them.
        const clips = kinds.map((kind, startMs) => ({
          startMs,
          marker: { scoreEvent: kind === "none" ? null : { side: kind } },
        }));
        const ordered = goalsFirst(clips);
        const isGoal = (clip: (typeof clips)[number]) => Boolean(clip.marker.scoreEvent?.side);
        const goals = ordered.filter(isGoal).length;
        expect(ordered.slice(0, goals).every(isGoal)).toBe(true);
        expect(ordered.slice(goals).some(isGoal)).toBe(false);
        const inOrder = (part: typeof clips) =>
          part.every((clip, at) => at === 0 || part[at - 1]!.startMs < clip.startMs);
        expect(inOrder(ordered.slice(0, goals)) && inOrder(ordered.slice(goals))).toBe(true);
        expect([...ordered].sort((a, b) => a.startMs - b.startMs)).toEqual(clips);
      }),
      { seed: 3030, numRuns: 200 },
    );
  });
});
