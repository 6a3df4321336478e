// How a clip is cut from a match's video (issue 14): copied where keyframes
// allow, re-encoded only at the edges where they don't, or re-encoded whole.
// Pure: frames in, pieces out; video.ts runs the pieces with ffmpeg.
//
// A copy can only start on a keyframe (the frames after it refer back to it).
// It can stop after any frame when frames are decoded in the order they are
// shown; with B-frames (reordered) it stops exactly only just before a keyframe,
// since the frames before it in decoding order are then exactly those shown
// before it (closed GOPs). The frames before the first keyframe (the head edge)
// and after the last usable one (the tail edge) are re-encoded with libx264 in
// the source's own parameters, so the pieces join into one stream.

export type CutKind = "copy" | "edges" | "whole";

/** A run of the source's frames: copied as they are, or re-encoded. */
export interface CutPiece {
  mode: "copy" | "encode";
  /** The source's frame (0-based at its frame rate) the piece starts with. */
  firstFrame: number;
  frames: number;
}

export interface CutPlan {
  kind: CutKind;
  /** In order; together exactly the clip's frames. */
  pieces: CutPiece[];
}

/** What the plan needs to know of the source's video stream. */
export interface CutSource {
  /** The keyframes (frame numbers), ascending; those from the clip's first frame to its end suffice. */
  keyframes: readonly number[];
  /** Whether frames are decoded in another order than shown (B-frames). */
  reorders: boolean;
  /** Whether libx264 can encode pieces in the source's own parameters (codec, profile, level, pixel format). */
  encodable: boolean;
}

/** The clip re-encoded as one piece. */
export const wholeCut = (firstFrame: number, frames: number): CutPlan => ({
  kind: "whole",
  pieces: [{ mode: "encode", firstFrame, frames }],
});

/** The pieces that make the `frames` frames from `firstFrame` on, copying as many as the keyframes allow. */
export function planCut(firstFrame: number, frames: number, source: CutSource): CutPlan {
  const end = firstFrame + frames;
  const whole = wholeCut(firstFrame, frames);
  const copyStart = source.keyframes.find((frame) => frame >= firstFrame && frame < end);
  if (copyStart === undefined) return whole;
  // Reordered frames: the copy ends at the last keyframe after its start, up to the clip's end.
  const copyEnd = source.reorders ? source.keyframes.findLast((frame) => frame > copyStart && frame <= end) : end;
  if (copyEnd === undefined) return whole;
  const edgesAndCopy: CutPiece[] = [
    { mode: "encode", firstFrame, frames: copyStart - firstFrame },
    { mode: "copy", firstFrame: copyStart, frames: copyEnd - copyStart },
    { mode: "encode", firstFrame: copyEnd, frames: end - copyEnd },
  ];
  const pieces = edgesAndCopy.filter((piece) => piece.frames > 0);
  if (pieces.length === 1) return { kind: "copy", pieces };
  return source.encodable ? { kind: "edges", pieces } : whole;
}
