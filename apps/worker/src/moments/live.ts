// Listening to a live match in chunks (issue 30: suggestions during the match): every
// LIVE_LISTENING_EVERY_MS a moments.live job listens to the latest closed segments of the recording
// with the listener and scorer of the pass after it. The scoring looks at the sound around a
// moment (SCORING_CONTEXT), so a chunk is listened to with the sound before it, and keeps only the
// moments whose sound after them is in: the latest SCORING_CONTEXT.afterMs wait for the next turn.
// A chunk keeps more than a turn's sound (LIVE_OVERLAP_MS), so a late or missed turn loses
// nothing the next one hears; a moment heard twice is stored once (the suggestions service), and
// the pass after the recording hears all of it, the last seconds too.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { DatedSegment } from "@clubcast/shared";
import { LIVE_LISTENING_EVERY_MS } from "@clubcast/shared/jobs";
import { hasSound, listen } from "./listen.ts";
import { SCORING_CONTEXT, proposeMoments, type ProposedMoment } from "./score.ts";

/** How much more than a turn's sound a chunk keeps: a turn up to this late loses nothing. */
export const LIVE_OVERLAP_MS = LIVE_LISTENING_EVERY_MS / 2;

/** A chunk of a recording: the segments listened to (from `startMs`), and the moments kept, [keepFromMs, keepToMs). */
export interface LiveChunk {
  segments: DatedSegment[];
  startMs: number;
  keepFromMs: number;
  keepToMs: number;
}

/**
 * The chunk of a recording with `segments` (closed, in order) to listen to now: null while no sound
 * has the sound after it in yet.
 */
export function liveChunk(segments: readonly DatedSegment[]): LiveChunk | null {
  const starts: number[] = [];
  let endMs = 0;
  for (const segment of segments) {
    starts.push(endMs);
    endMs += segment.duration * 1000;
  }
  const keepToMs = endMs - SCORING_CONTEXT.afterMs;
  if (keepToMs <= 0) return null;
  const keepFromMs = Math.max(0, keepToMs - LIVE_LISTENING_EVERY_MS - LIVE_OVERLAP_MS);
  const listenFromMs = keepFromMs - SCORING_CONTEXT.beforeMs;
  // The last segment that starts at or before the sound listened to from.
  let first = 0;
  while (first + 1 < segments.length && starts[first + 1]! <= listenFromMs) first++;
  return { segments: segments.slice(first), startMs: starts[first]!, keepFromMs, keepToMs };
}

/** The session of a segment the gateway names s{session}-{n}.ts: a new session is a discontinuity. */
const sessionOf = (uri: string) => /(?:^|\/)s(\d+)-[^/]*$/.exec(uri)?.[1] ?? null;

/** A playlist of a chunk's segments (in `matchDir`), for ffmpeg: ended, a discontinuity at each new session. */
export function chunkPlaylist(chunk: LiveChunk, matchDir: string): string {
  const longest = Math.ceil(Math.max(...chunk.segments.map((segment) => segment.duration)));
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", `#EXT-X-TARGETDURATION:${longest}`, "#EXT-X-MEDIA-SEQUENCE:0"];
  chunk.segments.forEach((segment, index) => {
    if (index > 0 && sessionOf(segment.uri) !== sessionOf(chunk.segments[index - 1]!.uri))
      lines.push("#EXT-X-DISCONTINUITY");
    lines.push(`#EXTINF:${segment.duration.toFixed(3)},`, resolve(matchDir, segment.uri));
  });
  lines.push("#EXT-X-ENDLIST", "");
  return lines.join("\n");
}

/** The moments a chunk of the recording in `matchDir` suggests (listened to with ffmpeg, one core). */
export async function listenToChunk(chunk: LiveChunk, matchDir: string): Promise<ProposedMoment[]> {
  const dir = mkdtempSync(join(tmpdir(), "clubcast-live-moments-"));
  try {
    const playlist = join(dir, "chunk.m3u8");
    writeFileSync(playlist, chunkPlaylist(chunk, matchDir));
    if (!(await hasSound(playlist))) return [];
    // The levels count from the chunk's first segment: its time in the recording.
    const levels = { ...(await listen(playlist)), startMs: chunk.startMs };
    return proposeMoments(levels).filter(
      (moment) => moment.timeMs >= chunk.keepFromMs && moment.timeMs < chunk.keepToMs,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
