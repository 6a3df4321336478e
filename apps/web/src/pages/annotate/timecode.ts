// Timecode of the annotation screen (spec sections 1 and 3): a position in
// the video as hours:minutes:seconds:milliseconds, and frames at a chosen
// frame rate (FRAME_RATES: PAL 25, NTSC 29.97, PALp 50, NTSCp 59.94).
import { FRAME_RATES } from "@clubcast/shared";

// The clip rule's frame numbering and stepping, so a frame on this page is the frame the clip starts at.
export { frameAt, stepFrames } from "@clubcast/shared";

export type FrameRateName = keyof typeof FRAME_RATES;
export const FRAME_RATE_NAMES = Object.keys(FRAME_RATES) as FrameRateName[];

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** 3_723_004 ms → "01:02:03:004". Negative or non-finite times read as 0. */
export function formatTimecode(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms) : 0;
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}:${pad(total % 1000, 3)}`;
}

/** Frames per second with the decimals a person reads: 25, 29.97, 50, 59.94. */
export function frameRateLabel(name: FrameRateName): string {
  return `${name} ${Number(FRAME_RATES[name].toFixed(2))}`;
}
