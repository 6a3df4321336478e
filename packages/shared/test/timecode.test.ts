// Frame stepping as the annotate page does it, through a real player's clock:
// Chromium keeps media time in whole microseconds (truncating what a seek asked
// for), and the page reads it back as seconds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FRAME_RATES, frameAt, stepFrames } from "../src/index.ts";

const RATES = [24000 / 1001, 25, 30000 / 1001, 30, 50, 60000 / 1001, 60];

/** Where a player says it is after seeking to `ms`: whole microseconds, read back as ms from seconds. */
const playerPosition = (ms: number) => (Math.trunc((ms / 1000) * 1e6) / 1e6) * 1000;

describe("stepping frames", () => {
  it("steps NTSC from 3.320 s to frame 100", () => {
    const ntsc = FRAME_RATES.NTSC;
    expect(frameAt(3320, ntsc)).toBe(99);
    const next = stepFrames(3320, ntsc, 1);
    expect(frameAt(playerPosition(next), ntsc)).toBe(100);
    // The seek of old, to the frame's exact start, as the player kept it (3.336666 s): frame 100 too.
    expect(frameAt(3336.666, ntsc)).toBe(100);
  });

  it("always moves the frame shown by exactly the frames stepped, at every common rate", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RATES),
        fc.double({ min: 0, max: 4 * 3600_000, noNaN: true }),
        fc.integer({ min: 1, max: 120 }),
        (fps, asked, frames) => {
          // The page steps from where the player is.
          const shown = playerPosition(asked);
          const frame = frameAt(shown, fps);
          const forward = playerPosition(stepFrames(shown, fps, 1));
          expect(frameAt(forward, fps)).toBe(frame + 1);
          expect(frameAt(playerPosition(stepFrames(shown, fps, frames)), fps)).toBe(frame + frames);
          const back = playerPosition(stepFrames(shown, fps, -frames));
          expect(frameAt(back, fps)).toBe(Math.max(0, frame - frames));
        },
      ),
      { numRuns: 3000, seed: 1609 },
    );
  });
});
