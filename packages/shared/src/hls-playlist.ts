// The one reader of the HLS playlists the platform writes: the gateway joins its session playlists with it,
// the worker finds a recording's segments with it, the server places a score in the recording with it
// (moments.ts). Text only: each caller reads the file as it needs (a missing playlist is "nothing yet" to
// the gateway, an error to the worker).

const PROGRAM_DATE_TIME = "#EXT-X-PROGRAM-DATE-TIME:";

/** The EXT-X-PROGRAM-DATE-TIME line of a segment (ISO 8601 with milliseconds, UTC). */
export const programDateTimeLine = (at: number) => `${PROGRAM_DATE_TIME}${new Date(at).toISOString()}`;

export interface PlaylistEntry {
  /** As written: relative to the playlist. */
  uri: string;
  /** Seconds from its #EXTINF, or null for a line without one (a master playlist's renditions). */
  duration: number | null;
  /** The date of its first frame (ms) from the EXT-X-PROGRAM-DATE-TIME before it, when there is one. */
  programDateTime?: number;
}

/** The lines of a playlist that name something (a segment, or a master playlist's rendition), in order. */
export function playlistEntries(text: string): PlaylistEntry[] {
  const entries: PlaylistEntry[] = [];
  let duration: number | null = null;
  let programDateTime: number | undefined;
  for (const line of text.split("\n")) {
    const entry = line.trim();
    if (entry.startsWith("#EXTINF:")) duration = Number.parseFloat(entry.slice("#EXTINF:".length));
    else if (entry.startsWith(PROGRAM_DATE_TIME)) {
      const at = Date.parse(entry.slice(PROGRAM_DATE_TIME.length));
      programDateTime = Number.isNaN(at) ? undefined : at;
    } else if (entry && !entry.startsWith("#")) {
      entries.push({ uri: entry, duration, ...(programDateTime === undefined ? {} : { programDateTime }) });
      duration = null;
      programDateTime = undefined;
    }
  }
  return entries;
}

/** A segment of a media playlist: seconds, its file, and the date of its first frame (ms) when the playlist says. */
export interface DatedSegment {
  duration: number;
  uri: string;
  programDateTime?: number;
}

/** The segments a media playlist lists, in order (the entries with a duration). */
export const parseMediaSegments = (text: string): DatedSegment[] =>
  playlistEntries(text).flatMap(({ duration, ...segment }) => (duration === null ? [] : [{ duration, ...segment }]));
