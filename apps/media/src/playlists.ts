// HLS playlists of a recording. The gateway keeps one media playlist per
// publisher session (s1.m3u8, s2.m3u8 after a reconnect, ...) of the segments
// it made from the publisher's writer; it joins them
// into the playlists players read: a sliding live window and, once stopped, the
// whole video-on-demand, with a discontinuity where a session starts. The live
// window also lists the parts of its last segments and of the segment under way
// (low-latency HLS); players that don't know them read the segments only.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { MEDIA_FILES } from "@clubcast/shared";
import { writeFileAtomic } from "@clubcast/media-store";
import { playlistEntries } from "@clubcast/media-store/playlist-entries";

export interface Segment {
  duration: number;
  uri: string;
  /** The first segment of a session after the first: players reset their decoder here. */
  discontinuity: boolean;
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

/** A session's media playlist as the gateway keeps it: every segment so far, `ended` once the session is over. */
export function sessionPlaylistText(segments: Omit<Segment, "discontinuity">[], ended: boolean): string {
  const target = Math.max(1, ...segments.map((segment) => Math.ceil(segment.duration)));
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", `#EXT-X-TARGETDURATION:${target}`, "#EXT-X-MEDIA-SEQUENCE:0"];
  for (const segment of segments) lines.push(`#EXTINF:${segment.duration.toFixed(6)},`, segment.uri);
  if (ended) lines.push("#EXT-X-ENDLIST");
  return `${lines.join("\n")}\n`;
}

/** The segments of one session playlist (none when it doesn't exist yet). */
export function readSegments(file: string): Omit<Segment, "discontinuity">[] {
  if (!existsSync(file)) return [];
  return playlistEntries(readFileSync(file, "utf8")).flatMap(({ uri, duration }) =>
    duration === null ? [] : [{ duration, uri }],
  );
}

export type SegmentReader = (file: string) => Omit<Segment, "discontinuity">[];

/**
 * Reads session playlists again only when they changed on disk (the gateway replaces
 * them whole), and tells whether any did: a live stream's playlists are
 * refreshed several times a second, and a 90-minute recording's first sessions
 * never change again.
 */
export function createSegmentCache() {
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

function mediaPlaylist(segments: Segment[], firstIndex: number, ended: boolean, parts?: LiveParts): string {
  const window = segments.slice(firstIndex);
  const target = Math.max(1, ...window.map((segment) => Math.ceil(segment.duration)));
  const discontinuitiesBefore = segments.slice(0, firstIndex).filter((segment) => segment.discontinuity).length;
  const lines = [
    "#EXTM3U",
    `#EXT-X-VERSION:${parts ? 6 : 3}`,
    `#EXT-X-TARGETDURATION:${target}`,
    ...(parts
      ? [
          `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${partHoldBack(parts.partTarget).toFixed(3)}`,
          `#EXT-X-PART-INF:PART-TARGET=${parts.partTarget.toFixed(3)}`,
        ]
      : []),
    `#EXT-X-MEDIA-SEQUENCE:${firstIndex}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitiesBefore}`,
    ...(ended ? ["#EXT-X-PLAYLIST-TYPE:VOD"] : []),
    "#EXT-X-INDEPENDENT-SEGMENTS",
  ];
  // The parts of the window's last segments (at most the window).
  const partsFrom = window.length - Math.min(parts?.ofSegments.length ?? 0, window.length);
  window.forEach((segment, index) => {
    // The window's first segment needs no tag: DISCONTINUITY-SEQUENCE already counts it.
    if (segment.discontinuity && index > 0) lines.push("#EXT-X-DISCONTINUITY");
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
  mediaPlaylist(segments, Math.max(0, segments.length - size), false, parts);

export const vodPlaylist = (segments: Segment[]) => mediaPlaylist(segments, 0, true);

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
    liveWindow: number;
    cache?: SegmentCache;
    /** Each rendition's parts (live playlists of a stream under way). */
    parts?: LiveParts[];
  },
): number {
  const name = options.ended ? MEDIA_FILES.vodPlaylist : MEDIA_FILES.livePlaylist;
  const read = options.cache?.read ?? readSegments;
  const segments = renditions.map((rendition) => segmentsOf(join(dir, rendition.name), sessions, read));
  // With a cache, nothing new on disk means nothing to write.
  if (options.cache && !options.cache.takeChanged()) return segments[0]?.length ?? 0;
  renditions.forEach((rendition, index) => {
    const text = options.ended
      ? vodPlaylist(segments[index]!)
      : livePlaylist(segments[index]!, options.liveWindow, options.parts?.[index]);
    writeFileAtomic(join(dir, rendition.name, name), text);
  });
  writeFileAtomic(join(dir, name), masterPlaylist(renditions, name));
  return segments[0]?.length ?? 0;
}
