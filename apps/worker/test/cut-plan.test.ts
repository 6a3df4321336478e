// The cut plan: which frames of a clip are copied and which re-encoded, for
// every arrangement of keyframes, with and without reordered frames.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planCut, type CutSource } from "../src/cut-plan.ts";

const source = (keyframes: number[], options: Partial<CutSource> = {}): CutSource => ({
  keyframes,
  reorders: false,
  encodable: true,
  ...options,
});
/** A keyframe every 50 frames (2 s at 25 frames per second). */
const everyTwoSeconds = Array.from({ length: 20 }, (_, i) => i * 50);

describe("planCut", () => {
  it("copies a clip that starts on a keyframe", () => {
    expect(planCut(150, 500, source(everyTwoSeconds))).toEqual({
      kind: "copy",
      pieces: [{ mode: "copy", firstFrame: 150, frames: 500 }],
    });
  });

  it("re-encodes only the head up to the next keyframe of a clip between keyframes", () => {
    expect(planCut(130, 500, source(everyTwoSeconds))).toEqual({
      kind: "edges",
      pieces: [
        { mode: "encode", firstFrame: 130, frames: 20 },
        { mode: "copy", firstFrame: 150, frames: 480 },
      ],
    });
  });

  it("re-encodes the tail after the last keyframe too when frames are reordered", () => {
    expect(planCut(130, 500, source(everyTwoSeconds, { reorders: true }))).toEqual({
      kind: "edges",
      pieces: [
        { mode: "encode", firstFrame: 130, frames: 20 },
        { mode: "copy", firstFrame: 150, frames: 450 },
        { mode: "encode", firstFrame: 600, frames: 30 },
      ],
    });
    // Ending just before a keyframe, a reordered clip on a keyframe is a copy.
    expect(planCut(150, 500, source(everyTwoSeconds, { reorders: true })).kind).toBe("copy");
  });

  it("re-encodes the whole clip with no keyframe inside, or when its edges can't be encoded alike", () => {
    const whole = { kind: "whole", pieces: [{ mode: "encode", firstFrame: 130, frames: 15 }] };
    expect(planCut(130, 15, source(everyTwoSeconds))).toEqual(whole);
    expect(planCut(130, 15, source([]))).toEqual(whole);
    expect(planCut(130, 500, source(everyTwoSeconds, { encodable: false })).kind).toBe("whole");
    // A copy needs no encoder.
    expect(planCut(150, 500, source(everyTwoSeconds, { encodable: false })).kind).toBe("copy");
    // Reordered, with no second keyframe to end a copy on.
    expect(planCut(130, 40, source(everyTwoSeconds, { reorders: true })).kind).toBe("whole");
  });

  it("covers exactly the clip's frames, copying from keyframes as much as it can", () => {
    const arbitrary = fc.record({
      firstFrame: fc.integer({ min: 0, max: 400 }),
      frames: fc.integer({ min: 1, max: 400 }),
      keyframes: fc.uniqueArray(fc.integer({ min: 0, max: 900 }), { maxLength: 30 }),
      reorders: fc.boolean(),
      encodable: fc.boolean(),
    });
    fc.assert(
      fc.property(arbitrary, ({ firstFrame, frames, keyframes, reorders, encodable }) => {
        const sorted = keyframes.sort((a, b) => a - b);
        const plan = planCut(firstFrame, frames, { keyframes: sorted, reorders, encodable });
        const isKeyframe = (frame: number) => sorted.includes(frame);
        // Contiguous pieces from the first frame to the end.
        let next = firstFrame;
        for (const piece of plan.pieces) {
          expect(piece.firstFrame).toBe(next);
          expect(piece.frames).toBeGreaterThan(0);
          next += piece.frames;
          if (piece.mode === "copy") {
            expect(isKeyframe(piece.firstFrame)).toBe(true);
            // A reordered copy ends just before a keyframe.
            if (reorders) expect(isKeyframe(next)).toBe(true);
          }
        }
        expect(next).toBe(firstFrame + frames);

        const modes = plan.pieces.map((piece) => piece.mode);
        const expectedKind = modes.length > 1 ? "edges" : modes[0] === "copy" ? "copy" : "whole";
        expect(plan.kind).toBe(expectedKind);
        if (plan.kind === "edges") expect(encodable).toBe(true);
        // Whole only when no copy could be made (or its edges couldn't be encoded).
        const inside = sorted.filter((frame) => frame >= firstFrame && frame < firstFrame + frames);
        const copyable = inside.length > 0 && (!reorders || sorted.some((k) => k > inside[0]! && k <= next));
        const copyOnly = isKeyframe(firstFrame) && (!reorders || isKeyframe(next));
        if (plan.kind === "whole") expect(copyable && (encodable || copyOnly)).toBe(false);
      }),
      { seed: 14, numRuns: 500 },
    );
  });
});
