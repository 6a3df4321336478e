// The clip rule (issue 14): which part of a match's video a marker's clip is.
// One source of truth for the server (defaults, checks of a hand-set window),
// the worker (the cut, once the video's real length and frame rate are known)
// and the web client (what the annotate page shows).
//
// A marker's clip is `clip_length` seconds (spec section 9: ANNOTATION_CLIP_LENGTH,
// 20) with three quarters before the marked moment and one quarter after it:
// 15 s before and 5 s after by default, since what matters (a goal, a save)
// is mostly what led up to it. Near the video's start or end the window slides
// to stay inside the video, keeping its length when the video is long enough.
// Start and end lie on frame boundaries at the match's frame rate.
import { ANNOTATION_CLIP_LENGTH, FRAME_RATES } from "./constants.ts";

/** Share of the clip length placed before the marked moment. */
export const CLIP_LEAD_SHARE = 0.75;
/** The frame rate of a match whose video has not told us its own (the simulator's and our gateway's advice). */
export const DEFAULT_FRAME_RATE = FRAME_RATES.PAL;
/** A clip is at least one frame and at most this long. */
export const CLIP_MAX_MS = 5 * 60_000;
/** The title card before a summary's clips (teams and score). */
export const SUMMARY_TITLE_CARD_MS = 2000;

export interface ClipWindow {
  startMs: number;
  endMs: number;
}

// Positions set to a frame's exact start may come back a hair earlier in floating point.
const EPSILON = 1e-6;

/**
 * How far before a frame's start a position still reads as that frame, in ms: a
 * player's clock counts whole microseconds (Chromium truncates a seek to
 * 3.3366666 s, NTSC frame 100, to 3.336666 s), and floating point adds its hair.
 */
const PLAYER_CLOCK_MS = 0.002;

/** The frame shown at `ms` (0-based). */
export function frameAt(ms: number, fps: number): number {
  return Math.max(0, Math.floor(((Math.max(0, ms) + PLAYER_CLOCK_MS) * fps) / 1000));
}

/**
 * The whole millisecond at which frame `frame` is shown: its start rounded up,
 * so frameAt() of it is that frame again (frames last longer than 1 ms).
 */
export function frameMs(frame: number, fps: number): number {
  return Math.max(0, Math.ceil((Math.max(0, frame) * 1000) / fps - EPSILON));
}

/**
 * The position `frames` frames away from the frame shown at `ms`: the whole
 * millisecond of that frame (markers are kept in whole ms), never before 0 and
 * never past `durationMs`.
 */
export function stepFrames(ms: number, fps: number, frames: number, durationMs = Infinity): number {
  const target = frameMs(frameAt(ms, fps) + frames, fps);
  return Number.isFinite(durationMs) ? Math.min(target, durationMs) : target;
}

/** Whether a frame is shown at `ms` in a video of `durationMs` (a marker there, or a clip starting there). */
export const insideVideo = (ms: number, fps: number, durationMs: number) => frameAt(ms, fps) < frameAt(durationMs, fps);

/** Frames from the clip's first up to (not including) its end. */
export const clipFrames = (window: ClipWindow, fps: number) =>
  frameAt(window.endMs, fps) - frameAt(window.startMs, fps);

/**
 * A window moved onto frame boundaries, its start on the frame shown there,
 * its end no later than the video's (when its length is known).
 */
export function snapClipWindow(window: ClipWindow, fps: number, durationMs = Infinity): ClipWindow {
  const lastFrame = Number.isFinite(durationMs) ? frameAt(durationMs, fps) : Infinity;
  const frames = Math.max(1, Math.round(((window.endMs - window.startMs) * fps) / 1000));
  const start = frameAt(window.startMs, fps);
  return { startMs: frameMs(start, fps), endMs: frameMs(Math.min(start + frames, lastFrame), fps) };
}

/** The default clip of a marker at `markerMs` with a clip length in seconds. */
export function defaultClipWindow(
  markerMs: number,
  options: { clipLengthS?: number; fps?: number; durationMs?: number } = {},
): ClipWindow {
  const lengthMs = Math.min((options.clipLengthS ?? ANNOTATION_CLIP_LENGTH) * 1000, CLIP_MAX_MS);
  const fps = options.fps ?? DEFAULT_FRAME_RATE;
  // Slid back from the video's last frame rather than cut short there. Counted in frames, as the
  // window is snapped: slid back in ms, it could end a frame before a marker near the end.
  const frames = Math.max(1, Math.round((lengthMs * fps) / 1000));
  const latestStartMs =
    options.durationMs === undefined ? Infinity : frameMs(Math.max(0, frameAt(options.durationMs, fps) - frames), fps);
  const startMs = Math.min(Math.max(0, markerMs - lengthMs * CLIP_LEAD_SHARE), latestStartMs);
  return snapClipWindow({ startMs, endMs: startMs + lengthMs }, fps, options.durationMs);
}

export type ClipWindowProblem =
  | { field: "start_ms"; problem: "after_video_end" }
  | { field: "end_ms"; problem: "shorter_than_frame" | "longer_than_max" };

/** What is wrong with a hand-set window, by field (empty when it can be cut). */
export function clipWindowProblems(window: ClipWindow, fps: number, durationMs = Infinity): ClipWindowProblem[] {
  const problems: ClipWindowProblem[] = [];
  if (!insideVideo(window.startMs, fps, durationMs)) {
    problems.push({ field: "start_ms", problem: "after_video_end" });
  }
  if (clipFrames(window, fps) < 1) problems.push({ field: "end_ms", problem: "shorter_than_frame" });
  else if (window.endMs - window.startMs > CLIP_MAX_MS) problems.push({ field: "end_ms", problem: "longer_than_max" });
  return problems;
}
