import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ANNOTATION_CLIP_LENGTH,
  CLIP_MAX_MS,
  FRAME_RATES,
  clipFrames,
  clipWindowProblems,
  defaultClipWindow,
  frameAt,
  frameMs,
  insideVideo,
  snapClipWindow,
} from "../src/index.ts";

describe("defaultClipWindow", () => {
  it("is the spec's 20 s, 15 s before and 5 s after the marked moment", () => {
    expect(ANNOTATION_CLIP_LENGTH).toBe(20);
    expect(defaultClipWindow(60_000)).toEqual({ startMs: 45_000, endMs: 65_000 });
  });

  it("keeps three quarters before the moment for another clip length", () => {
    expect(defaultClipWindow(60_000, { clipLengthS: 8 })).toEqual({ startMs: 54_000, endMs: 62_000 });
  });

  it("slides inside the video at its start and its end, keeping the length", () => {
    expect(defaultClipWindow(3_000, { durationMs: 600_000 })).toEqual({ startMs: 0, endMs: 20_000 });
    expect(defaultClipWindow(599_000, { durationMs: 600_000 })).toEqual({ startMs: 580_000, endMs: 600_000 });
  });

  it("is the whole video when the video is shorter than a clip", () => {
    expect(defaultClipWindow(4_000, { durationMs: 10_000 })).toEqual({ startMs: 0, endMs: 10_000 });
  });

  it("lies on frame boundaries at NTSC's 29.97 frames per second", () => {
    const fps = FRAME_RATES.NTSC;
    const window = defaultClipWindow(61_234, { fps });
    expect(clipFrames(window, fps)).toBe(Math.round(20 * fps));
    expect(frameMs(frameAt(window.startMs, fps), fps)).toBe(window.startMs);
    expect(frameMs(frameAt(window.endMs, fps), fps)).toBe(window.endMs);
  });

  it("is a clip the checks accept, from before its marker to after it or to the video's end, for any marker a video shows", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(FRAME_RATES)),
        fc.integer({ min: 1, max: 3 * 3600_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 600 }),
        (fps, durationMs, at, clipLengthS) => {
          const markerMs = Math.floor(at * durationMs);
          fc.pre(insideVideo(markerMs, fps, durationMs));
          const window = defaultClipWindow(markerMs, { clipLengthS, fps, durationMs });
          expect(clipWindowProblems(window, fps, durationMs)).toEqual([]);
          expect(frameAt(window.startMs, fps)).toBeLessThanOrEqual(frameAt(markerMs, fps));
          // It runs past the marker's frame, unless the marker is on the video's last, partly shown frame
          // (a duration in whole ms cuts a frame): that clip ends where the video's frames do.
          const lastFrame = frameAt(durationMs, fps);
          if (frameAt(markerMs, fps) < lastFrame) {
            expect(frameAt(window.endMs, fps)).toBeGreaterThan(frameAt(markerMs, fps));
          } else expect(frameAt(window.endMs, fps)).toBe(lastFrame);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never exceeds the longest clip", () => {
    const window = defaultClipWindow(3_600_000, { clipLengthS: 3600 });
    expect(window.endMs - window.startMs).toBe(CLIP_MAX_MS);
  });
});

describe("frames", () => {
  it.each(Object.entries(FRAME_RATES))("frameMs and frameAt agree for every frame of a minute at %s", (_, fps) => {
    for (let frame = 0; frame < 60 * fps; frame++) expect(frameAt(frameMs(frame, fps), fps)).toBe(frame);
  });

  it("snaps a hand-set window to the frames it starts and ends in", () => {
    expect(snapClipWindow({ startMs: 1_010, endMs: 2_030 }, 25)).toEqual({ startMs: 1_000, endMs: 2_040 });
  });

  it("ends a hand-set window at the video's end, keeping its start", () => {
    expect(snapClipWindow({ startMs: 25_000, endMs: 35_000 }, 25, 30_000)).toEqual({ startMs: 25_000, endMs: 30_000 });
  });
});

describe("clipWindowProblems", () => {
  const fps = 25;
  it("accepts one frame", () => {
    expect(clipWindowProblems({ startMs: 1_000, endMs: 1_040 }, fps)).toEqual([]);
  });
  it("names end_ms for a clip shorter than one frame, or ending before it starts", () => {
    expect(clipWindowProblems({ startMs: 1_000, endMs: 1_039 }, fps)).toEqual([
      { field: "end_ms", problem: "shorter_than_frame" },
    ]);
    expect(clipWindowProblems({ startMs: 2_000, endMs: 1_000 }, fps)).toEqual([
      { field: "end_ms", problem: "shorter_than_frame" },
    ]);
  });
  it("names end_ms for a clip longer than 5 minutes", () => {
    expect(clipWindowProblems({ startMs: 0, endMs: CLIP_MAX_MS }, fps)).toEqual([]);
    expect(clipWindowProblems({ startMs: 0, endMs: CLIP_MAX_MS + 40 }, fps)).toEqual([
      { field: "end_ms", problem: "longer_than_max" },
    ]);
  });
  it("knows which moments a video shows", () => {
    expect(insideVideo(9_999, fps, 10_000)).toBe(true);
    expect(insideVideo(9_960, fps, 10_000)).toBe(true);
    expect(insideVideo(10_000, fps, 10_000)).toBe(false);
    expect(insideVideo(Number.MAX_SAFE_INTEGER, fps, Infinity)).toBe(true);
  });
  it("names start_ms for a clip starting at or after the video's end", () => {
    expect(clipWindowProblems({ startMs: 10_000, endMs: 12_000 }, fps, 10_000)).toEqual([
      { field: "start_ms", problem: "after_video_end" },
    ]);
  });
});
