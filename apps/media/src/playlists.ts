// HLS playlists of a recording. The gateway keeps one media playlist per
// publisher session (s1.m3u8, s2.m3u8 after a reconnect, ...) of the segments
// it made from the publisher's writer; it joins them
// into the playlists players read: while live, a match's whole recording so far
// (an event playlist: a viewer can go back to kick-off, and its positions are
// the video-on-demand's) or a preview's sliding window; once stopped, the whole
// video-on-demand, with a discontinuity where a session starts. A live playlist
// also lists the parts of its last segments and of the segment under way
// (low-latency HLS); players that don't know them read the segments only. An
// event playlist offers delta updates (CAN-SKIP-UNTIL; the API answers
// `_HLS_skip=YES`), so reloading a 90-minute one stays small.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { MEDIA_FILES, parseMediaSegments, programDateTimeLine } from "@clubcast/shared";
import { writeFileAtomic } from "@clubcast/media-store";

export interface Segment {
  duration: number;
  uri: string;
  /** The first segment of a session after the first: players reset their decoder here. */
  discontinuity: boolean;
  /**
   * When the camera sent the segment's first frame (wall clock, ms): EXT-X-PROGRAM-DATE-TIME, which maps
   * a moment of the match (a score entered) to the recording's time across reconnect gaps.
   */
  programDateTime?: number;
}

export interface Rendition {
  name: string;
  /** Peak bits per second of a segment, for the master playlist (measured once segments exist). */
  bandwidth: number;
  /** Mean bits per second over the segments so far, when measured. */
  averageBandwidth?: number;
  /** "1280x720", when known. */
  resolution: string | null;
  /** RFC 6381 codecs ("avc1.64001f,mp4a.40.2"), when known. */
  codecs: string | null;
  /** Video frames per second, when measured. */
  frameRate?: number | null;
}

/** A part of a segment (low-latency HLS): its first `independent` ones start with a keyframe. */
export interface Part {
  duration: number;
  uri: string;
  independent: boolean;
}

/** What the live window lists of low-latency HLS, for one rendition. */
export interface LiveParts {
  /** The longest part (EXT-X-PART-INF). */
  partTarget: number;
  /** The parts of the last segments listed, oldest first: the last entry is the last segment's. */
  ofSegments: Part[][];
  /** The parts of the segment under way, after the last segment. */
  pending: Part[];
  /** The segment under way starts a session after the first (a reconnect). */
  pendingDiscontinuity: boolean;
  /** The name the next part will have (EXT-X-PRELOAD-HINT). */
  next: string;
}

export const sessionPlaylist = (session: number) => `s${session}.m3u8`;
export const sessionSegment = (session: number, index: number) => `s${session}-${String(index).padStart(5, "0")}.ts`;
/** Part `part` of a session's segment: s1-00017.3.ts, removed once the live window no longer lists it. */
export const sessionPart = (session: number, index: number, part: number) =>
  sessionSegment(session, index).replace(/\.ts$/, `.${part}.ts`);
/** How long a player holds back from the live edge: three parts, as the spec advises (at least two). */
export const partHoldBack = (partTarget: number) => 3 * partTarget;
/**
 * How far back from the live edge a delta update may skip segments (CAN-SKIP-UNTIL): six target durations,
 * the least the spec allows, so a delta update lists as little as it may.
 */
export const canSkipUntil = (targetDuration: number) => 6 * targetDuration;

/** A session's media playlist as the gateway keeps it: every segment so far, `ended` once the session is over. */
export function sessionPlaylistText(segments: Omit<Segment, "discontinuity">[], ended: boolean): string {
  const target = Math.max(1, ...segments.map((segment) => Math.ceil(segment.duration)));
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", `#EXT-X-TARGETDURATION:${target}`, "#EXT-X-MEDIA-SEQUENCE:0"];
  for (const segment of segments) {
    if (segment.programDateTime !== undefined) lines.push(programDateTimeLine(segment.programDateTime));
    lines.push(`#EXTINF:${segment.duration.toFixed(6)},`, segment.uri);
  }
  if (ended) lines.push("#EXT-X-ENDLIST");
  return `${lines.join("\n")}\n`;
}

/** The segments of one session playlist (none when it doesn't exist yet). */
export function readSegments(file: string): Omit<Segment, "discontinuity">[] {
  return existsSync(file) ? parseMediaSegments(readFileSync(file, "utf8")) : [];
}

export type SegmentReader = (file: string) => Omit<Segment, "discontinuity">[];

/**
 * Reads session playlists again only when they changed on disk (the gateway replaces
 * them whole), and tells whether any did: a live stream's playlists are
 * refreshed several times a second, and a 90-minute recording's first sessions
 * never change again.
 */
export function createSegmentCache({ files = 256 }: { files?: number } = {}) {
  const known = new Map<string, { size: number; mtimeMs: number; segments: Omit<Segment, "discontinuity">[] }>();
  let changed = true;
  return {
    read(file: string): Omit<Segment, "discontinuity">[] {
      let stats;
      try {
        stats = statSync(file);
      } catch {
        return [];
      }
      const cached = known.get(file);
      if (cached && cached.size === stats.size && cached.mtimeMs === stats.mtimeMs) return cached.segments;
      const segments = readSegments(file);
      // A long-running gateway sees many matches: the oldest read playlist is forgotten first.
      if (!cached && known.size >= files) known.delete(known.keys().next().value!);
      known.set(file, { size: stats.size, mtimeMs: stats.mtimeMs, segments });
      changed = true;
      return segments;
    },
    /** Whether a playlist changed since the last call. */
    takeChanged(): boolean {
      const was = changed;
      changed = false;
      return was;
    },
  };
}
export type SegmentCache = ReturnType<typeof createSegmentCache>;

/** Every segment of a rendition, session after session. */
export function segmentsOf(renditionDir: string, sessions: number[], read: SegmentReader = readSegments): Segment[] {
  return sessions.flatMap((session, index) =>
    read(join(renditionDir, sessionPlaylist(session))).map((segment, at) => ({
      ...segment,
      discontinuity: index > 0 && at === 0,
    })),
  );
}

const partLine = (part: Part) =>
  `#EXT-X-PART:DURATION=${part.duration.toFixed(3)},URI="${part.uri}"${part.independent ? ",INDEPENDENT=YES" : ""}`;

interface PlaylistShape {
  /** Index of the first segment listed (a sliding window's start). */
  firstIndex: number;
  ended: boolean;
  /** A live event playlist: every segment from the first, offering delta updates. */
  event?: boolean;
  parts?: LiveParts | undefined;
}

function mediaPlaylist(segments: Segment[], { firstIndex, ended, event = false, parts }: PlaylistShape): string {
  const window = segments.slice(firstIndex);
  const target = Math.max(1, ...window.map((segment) => Math.ceil(segment.duration)));
  const discontinuitiesBefore = segments.slice(0, firstIndex).filter((segment) => segment.discontinuity).length;
  const control = [
    ...(parts ? ["CAN-BLOCK-RELOAD=YES"] : []),
    ...(event ? [`CAN-SKIP-UNTIL=${canSkipUntil(target).toFixed(3)}`] : []),
    ...(parts ? [`PART-HOLD-BACK=${partHoldBack(parts.partTarget).toFixed(3)}`] : []),
  ];
  const lines = [
    "#EXTM3U",
    `#EXT-X-VERSION:${parts ? 6 : 3}`,
    `#EXT-X-TARGETDURATION:${target}`,
    ...(control.length ? [`#EXT-X-SERVER-CONTROL:${control.join(",")}`] : []),
    ...(parts ? [`#EXT-X-PART-INF:PART-TARGET=${parts.partTarget.toFixed(3)}`] : []),
    `#EXT-X-MEDIA-SEQUENCE:${firstIndex}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitiesBefore}`,
    ...(ended ? ["#EXT-X-PLAYLIST-TYPE:VOD"] : event ? ["#EXT-X-PLAYLIST-TYPE:EVENT"] : []),
    "#EXT-X-INDEPENDENT-SEGMENTS",
  ];
  // The parts of the window's last segments (at most the window).
  const partsFrom = window.length - Math.min(parts?.ofSegments.length ?? 0, window.length);
  window.forEach((segment, index) => {
    // The window's first segment needs no tag: DISCONTINUITY-SEQUENCE already counts it.
    if (segment.discontinuity && index > 0) lines.push("#EXT-X-DISCONTINUITY");
    // Before its parts: the tag dates the segment's first frame, which its first part begins with.
    if (segment.programDateTime !== undefined) lines.push(programDateTimeLine(segment.programDateTime));
    if (parts && index >= partsFrom) {
      lines.push(...parts.ofSegments.slice(-(window.length - partsFrom))[index - partsFrom]!.map(partLine));
    }
    lines.push(`#EXTINF:${segment.duration.toFixed(3)},`, segment.uri);
  });
  if (parts) {
    if (parts.pending.length && parts.pendingDiscontinuity && window.length) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(...parts.pending.map(partLine), `#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${parts.next}"`);
  }
  if (ended) lines.push("#EXT-X-ENDLIST");
  return `${lines.join("\n")}\n`;
}

/** The live window: the last `size` segments, with the parts of low-latency HLS when given. */
export const livePlaylist = (segments: Segment[], size: number, parts?: LiveParts) =>
  mediaPlaylist(segments, { firstIndex: Math.max(0, segments.length - size), ended: false, parts });

/**
 * A live match's playlist: every segment since kick-off (EXT-X-PLAYLIST-TYPE:EVENT, numbered as in the
 * video-on-demand), with the parts of low-latency HLS when given and delta updates offered.
 */
export const eventPlaylist = (segments: Segment[], parts?: LiveParts) =>
  mediaPlaylist(segments, { firstIndex: 0, ended: false, event: true, parts });

export const vodPlaylist = (segments: Segment[]) => mediaPlaylist(segments, { firstIndex: 0, ended: true });

/** A master playlist naming each rendition's media playlist `name` (best first), so hls.js can adapt. */
export function masterPlaylist(renditions: Rendition[], name: string): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const rendition of renditions) {
    const attributes = [
      `BANDWIDTH=${rendition.bandwidth}`,
      ...(rendition.averageBandwidth ? [`AVERAGE-BANDWIDTH=${rendition.averageBandwidth}`] : []),
      ...(rendition.codecs ? [`CODECS="${rendition.codecs}"`] : []),
      ...(rendition.resolution ? [`RESOLUTION=${rendition.resolution}`] : []),
      // The spec's form: a decimal rounded to three places.
      ...(rendition.frameRate ? [`FRAME-RATE=${rendition.frameRate.toFixed(3)}`] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(",")}`, `${rendition.name}/${name}`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Rewrites the live playlists (or, `ended`, the video-on-demand ones) of the
 * media folder `dir`. Answers the number of segments of the best rendition.
 */
export function writePlaylists(
  dir: string,
  renditions: Rendition[],
  sessions: number[],
  options: {
    ended: boolean;
    /** Segments in a live playlist, or "event" for all of them (a match: rewinding to kick-off). */
    liveWindow: number | "event";
    cache?: SegmentCache;
    /** How session playlists are read, when not through `cache` (a cache's `read` skips unchanged ones). */
    read?: SegmentReader;
    /** Each rendition's parts (live playlists of a stream under way). */
    parts?: LiveParts[];
  },
): number {
  const name = options.ended ? MEDIA_FILES.vodPlaylist : MEDIA_FILES.livePlaylist;
  const read = options.cache?.read ?? options.read ?? readSegments;
  const segments = renditions.map((rendition) => segmentsOf(join(dir, rendition.name), sessions, read));
  // With a cache, nothing new on disk means nothing to write.
  if (options.cache && !options.cache.takeChanged()) return segments[0]?.length ?? 0;
  renditions.forEach((rendition, index) => {
    const text = options.ended
      ? vodPlaylist(segments[index]!)
      : options.liveWindow === "event"
        ? eventPlaylist(segments[index]!, options.parts?.[index])
        : livePlaylist(segments[index]!, options.liveWindow, options.parts?.[index]);
    writeFileAtomic(join(dir, rendition.name, name), text);
  });
  writeFileAtomic(join(dir, name), masterPlaylist(renditions, name));
  return segments[0]?.length ?? 0;
}
