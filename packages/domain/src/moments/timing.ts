// Where in a match's recording a wall-clock moment is: read from the session
// playlists the media gateway keeps of it (every segment, each dated by its
// EXT-X-PROGRAM-DATE-TIME), not the live window (which forgets its oldest).
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { parseMediaSegments, recordingTimeAt, type DatedSegment } from "@clubcast/shared";

const SESSION_PLAYLIST = /^s(\d+)\.m3u8$/;

/**
 * Every segment of a match's recording so far, session after session, from one rendition (all share
 * the timing and the sound); each uri is relative to the match's folder (the worker listens to them).
 */
export function recordedSegments(matchDir: string): DatedSegment[] {
  let renditions: string[];
  try {
    renditions = readdirSync(matchDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
  for (const rendition of renditions) {
    let names: string[];
    try {
      names = readdirSync(join(matchDir, rendition));
    } catch {
      continue;
    }
    const sessions = names
      .map((name) => SESSION_PLAYLIST.exec(name))
      .filter((found) => found !== null)
      .map((found) => ({ file: found[0], session: Number(found[1]) }))
      .sort((a, b) => a.session - b.session);
    if (!sessions.length) continue;
    return sessions.flatMap(({ file }) => {
      try {
        return parseMediaSegments(readFileSync(join(matchDir, rendition, file), "utf8")).map((segment) => ({
          ...segment,
          uri: posix.join(rendition, segment.uri),
        }));
      } catch {
        return [];
      }
    });
  }
  return [];
}

/**
 * The recording's time (ms, never negative) of the moment `at`: from the recording's dated segments, or,
 * when it has none of ours (a camera server's video, not begun yet), from when the match went live.
 */
export function recordingTimeOf(matchDir: string, at: number, liveSince: number): number {
  return Math.max(0, recordingTimeAt(recordedSegments(matchDir), at) ?? at - liveSince);
}
