// Playlist delta updates of low-latency HLS (RFC 8216bis 6.2.5.1): a live
// match's playlist lists every segment since kick-off, and a player that asks
// with `_HLS_skip=YES` (it holds a recent copy) gets the same playlist with its
// older segments replaced by one EXT-X-SKIP tag: a reload of a 90-minute match
// stays a few hundred bytes. The gateway offers it (CAN-SKIP-UNTIL); this only
// rewrites the playlist the gateway wrote, at the Skip Boundary it named.

/** Whether a query asks for a delta update (`_HLS_skip=YES`, or `v2`: we skip no date ranges, so the same). */
export const asksForDeltaUpdate = (query: Record<string, unknown>) =>
  query._HLS_skip === "YES" || query._HLS_skip === "v2";

/** Tags that apply to every later segment: a delta update never skips past one (the player would lose it). */
const CARRIED_TAG = /^#EXT-X-(KEY|MAP|DATERANGE|DEFINE):/;
/** Tags of a media segment (the first of them ends the playlist's header). */
const SEGMENT_TAG =
  /^#(EXTINF|EXT-X-(PART|DISCONTINUITY|PROGRAM-DATE-TIME|BYTERANGE|GAP|BITRATE|KEY|MAP|DATERANGE|PRELOAD-HINT|RENDITION-REPORT))(:|$)/;
/** The delta update's version: EXT-X-SKIP needs 9. */
const DELTA_VERSION = 9;

/**
 * The delta update of a live media playlist: null when it offers none (no CAN-SKIP-UNTIL, ended) or has
 * nothing old enough to skip. Skipped are the oldest segments (with their tags) that start at least
 * CAN-SKIP-UNTIL seconds before the playlist's last segment ends, up to the first that carries parts or a
 * tag later segments need; the header stays as it is (the media and discontinuity sequence numbers still
 * count from the first, skipped, segment).
 */
export function deltaUpdateOf(text: string): string | null {
  const skipUntil = Number(/^#EXT-X-SERVER-CONTROL:.*\bCAN-SKIP-UNTIL=([\d.]+)/m.exec(text)?.[1]);
  if (!Number.isFinite(skipUntil) || skipUntil <= 0 || /^#EXT-X-ENDLIST/m.test(text)) return null;
  const lines = text.replace(/\n$/, "").split("\n");
  const headerEnd = lines.findIndex((line) => SEGMENT_TAG.test(line));
  if (headerEnd < 0) return null;
  // Each segment: its lines (tags, then its URI) and duration.
  const segments: { lines: string[]; duration: number; skippable: boolean }[] = [];
  let current: string[] = [];
  for (const line of lines.slice(headerEnd)) {
    current.push(line);
    if (line && !line.startsWith("#")) {
      const duration = Number.parseFloat(/^#EXTINF:([\d.]+)/m.exec(current.join("\n"))?.[1] ?? "NaN");
      const skippable =
        Number.isFinite(duration) && !current.some((tag) => /^#EXT-X-PART:/.test(tag) || CARRIED_TAG.test(tag));
      segments.push({ lines: current, duration, skippable });
      current = [];
    }
  }
  // What follows the last segment: the parts under way, the preload hint.
  const tail = current;
  const total = segments.reduce((sum, segment) => sum + (segment.duration || 0), 0);
  let skipped = 0;
  let start = 0;
  while (
    skipped < segments.length &&
    segments[skipped]!.skippable &&
    total - start >= skipUntil + segments[skipped]!.duration
  ) {
    start += segments[skipped]!.duration;
    skipped += 1;
  }
  if (skipped === 0) return null;
  const header = lines
    .slice(0, headerEnd)
    .map((line) => (line.startsWith("#EXT-X-VERSION:") ? `#EXT-X-VERSION:${DELTA_VERSION}` : line));
  return `${[
    ...header,
    `#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}`,
    ...segments.slice(skipped).flatMap((segment) => segment.lines),
    ...tail,
  ].join("\n")}\n`;
}
