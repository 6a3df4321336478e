// A checker of HLS media playlists against the spec's rules (RFC 8216bis),
// low-latency HLS's included, for tests: it reads a playlist as a player
// would and throws, naming the rule, at the first one broken. The rules:
// EXTM3U first; the playlist's tags once each, all before the first segment;
// EXTINF no longer than the target duration; parts need PART-INF, last no
// longer than PART-TARGET, make up their segment (whose first part starts
// with a keyframe, as the gateway cuts them) and are listed for the last
// segments only; PART-HOLD-BACK at least two part targets; the preload hint
// last; CAN-SKIP-UNTIL at least six target durations; EXT-X-SKIP (version 9)
// only where delta updates are offered, right after the header.
import assert from "node:assert/strict";

export interface CheckedPart {
  uri: string;
  duration: number;
  independent: boolean;
}

export interface CheckedSegment {
  uri: string;
  duration: number;
  /** An EXT-X-DISCONTINUITY came before it. */
  discontinuity: boolean;
  parts: CheckedPart[];
}

export interface CheckedPlaylist {
  version: number;
  targetDuration: number;
  mediaSequence: number;
  discontinuitySequence: number;
  playlistType: "EVENT" | "VOD" | null;
  partTarget: number | null;
  canBlockReload: boolean;
  canSkipUntil: number | null;
  /** SKIPPED-SEGMENTS of a delta update (0 for a whole playlist). */
  skipped: number;
  /** The segments listed (after the skipped ones). */
  segments: CheckedSegment[];
  /** The parts of the segment under way. */
  pending: CheckedPart[];
  preloadHint: string | null;
  ended: boolean;
}

/** Tags of the playlist as a whole: at most once, before any segment. */
const PLAYLIST_TAGS = [
  "EXT-X-VERSION",
  "EXT-X-TARGETDURATION",
  "EXT-X-SERVER-CONTROL",
  "EXT-X-PART-INF",
  "EXT-X-MEDIA-SEQUENCE",
  "EXT-X-DISCONTINUITY-SEQUENCE",
  "EXT-X-PLAYLIST-TYPE",
  "EXT-X-INDEPENDENT-SEGMENTS",
];
/** Floating point and three decimals of rounding, per part. */
const SLACK = 0.0011;

const attribute = (line: string, name: string) => new RegExp(`[:,]${name}=("[^"]*"|[^,]*)`).exec(line)?.[1];
const number = (line: string, name: string) => {
  const value = attribute(line, name);
  return value === undefined ? null : Number(value);
};

function partOf(line: string): CheckedPart {
  const duration = number(line, "DURATION");
  const uri = attribute(line, "URI");
  assert.ok(duration !== null && Number.isFinite(duration) && duration > 0, `part duration in ${line}`);
  assert.ok(uri !== undefined && uri.startsWith('"'), `quoted part URI in ${line}`);
  return { uri: uri.slice(1, -1), duration, independent: attribute(line, "INDEPENDENT") === "YES" };
}

/** Checks a media playlist (throws at the first rule it breaks) and answers what it lists. */
export function checkMediaPlaylist(text: string): CheckedPlaylist {
  const lines = text.replace(/\n$/, "").split("\n");
  assert.equal(lines[0], "#EXTM3U", "EXTM3U is the first line");
  const header = new Map<string, string>();
  const checked: CheckedPlaylist = {
    version: 1,
    targetDuration: 0,
    mediaSequence: 0,
    discontinuitySequence: 0,
    playlistType: null,
    partTarget: null,
    canBlockReload: false,
    canSkipUntil: null,
    skipped: 0,
    segments: [],
    pending: [],
    preloadHint: null,
    ended: false,
  };
  let inSegments = false;
  let discontinuity = false;
  let duration: number | null = null;
  let sawParts = false;
  /** The playlist's tags are all read (a segment's tag came, or the end). */
  function readHeader() {
    inSegments = true;
    checked.version = Number(header.get("EXT-X-VERSION") ?? 1);
    checked.targetDuration = Number(header.get("EXT-X-TARGETDURATION"));
    assert.ok(Number.isInteger(checked.targetDuration), "EXT-X-TARGETDURATION, a whole number");
    checked.mediaSequence = Number(header.get("EXT-X-MEDIA-SEQUENCE") ?? 0);
    checked.discontinuitySequence = Number(header.get("EXT-X-DISCONTINUITY-SEQUENCE") ?? 0);
    const type = header.get("EXT-X-PLAYLIST-TYPE") ?? null;
    assert.ok(type === null || type === "EVENT" || type === "VOD", `playlist type ${type}`);
    checked.playlistType = type;
    const partInfo = header.get("EXT-X-PART-INF");
    checked.partTarget = partInfo === undefined ? null : number(`:${partInfo}`, "PART-TARGET");
    const control = header.has("EXT-X-SERVER-CONTROL") ? `:${header.get("EXT-X-SERVER-CONTROL")}` : null;
    checked.canBlockReload = control !== null && attribute(control, "CAN-BLOCK-RELOAD") === "YES";
    checked.canSkipUntil = control === null ? null : number(control, "CAN-SKIP-UNTIL");
    if (checked.canSkipUntil !== null) {
      assert.ok(checked.canSkipUntil >= 6 * checked.targetDuration, "CAN-SKIP-UNTIL is six target durations or more");
    }
    const holdBack = control === null ? null : number(control, "PART-HOLD-BACK");
    if (checked.partTarget !== null) {
      assert.ok(holdBack !== null && holdBack >= 2 * checked.partTarget, "PART-HOLD-BACK is two part targets or more");
    }
  }
  for (const [at, line] of lines.entries()) {
    if (at === 0 || line === "") continue;
    assert.ok(!checked.ended, `nothing follows EXT-X-ENDLIST (${line})`);
    assert.ok(checked.preloadHint === null, `the preload hint comes last (${line} after it)`);
    const name = /^#(EXT[\w-]*)/.exec(line)?.[1];
    if (name && PLAYLIST_TAGS.includes(name)) {
      assert.ok(!inSegments, `${name} comes before the first segment`);
      assert.ok(!header.has(name), `${name} once`);
      header.set(name, line.slice(name.length + 2));
      continue;
    }
    if (!inSegments) {
      readHeader();
      if (/^#EXT-X-SKIP:/.test(line)) {
        assert.ok(checked.version >= 9, "EXT-X-SKIP needs version 9");
        assert.ok(checked.canSkipUntil !== null, "EXT-X-SKIP where CAN-SKIP-UNTIL offers delta updates");
        checked.skipped = Number(attribute(line, "SKIPPED-SEGMENTS"));
        assert.ok(Number.isInteger(checked.skipped) && checked.skipped > 0, `SKIPPED-SEGMENTS in ${line}`);
        continue;
      }
    }
    assert.ok(!/^#EXT-X-SKIP:/.test(line), "EXT-X-SKIP right after the playlist's tags, once");
    if (line === "#EXT-X-ENDLIST") checked.ended = true;
    else if (line === "#EXT-X-DISCONTINUITY") discontinuity = true;
    else if (line.startsWith("#EXTINF:")) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith("#EXT-X-PART:")) {
      assert.ok(checked.partTarget !== null, "EXT-X-PART needs EXT-X-PART-INF");
      const part = partOf(line);
      assert.ok(part.duration <= checked.partTarget + 1e-9, `${part.uri} is no longer than PART-TARGET`);
      if (checked.pending.length === 0) assert.ok(part.independent, `${part.uri} starts its segment with a keyframe`);
      checked.pending.push(part);
      sawParts = true;
    } else if (line.startsWith("#EXT-X-PRELOAD-HINT:")) {
      assert.equal(attribute(line, "TYPE"), "PART", "a preload hint names a part");
      checked.preloadHint = attribute(line, "URI")!.slice(1, -1);
    } else if (!line.startsWith("#")) {
      assert.ok(duration !== null && Number.isFinite(duration), `EXTINF before ${line}`);
      assert.ok(Math.round(duration) <= checked.targetDuration, `${line} is no longer than the target duration`);
      // Once parts are listed, every later segment has its parts, and they make it up.
      if (sawParts) {
        assert.ok(checked.pending.length > 0, `${line} lists its parts (parts are listed for the last segments)`);
        const sum = checked.pending.reduce((total, part) => total + part.duration, 0);
        assert.ok(Math.abs(sum - duration) <= SLACK * (checked.pending.length + 1), `${line}'s parts make it up`);
      }
      checked.segments.push({ uri: line, duration, discontinuity, parts: checked.pending });
      checked.pending = [];
      discontinuity = false;
      duration = null;
    }
  }
  if (!inSegments) readHeader();
  if (checked.partTarget !== null && !checked.ended) {
    assert.ok(checked.canBlockReload, "a live low-latency playlist offers blocking reloads");
    assert.ok(checked.preloadHint !== null, "a live low-latency playlist ends with a preload hint");
  }
  return checked;
}

/**
 * Checks that `delta` is a valid delta update of the whole playlist `full`: the same numbering, the skipped
 * segments and those it lists are the whole's, and what it lists covers at least CAN-SKIP-UNTIL.
 */
export function checkDeltaUpdate(full: string, delta: string): { whole: CheckedPlaylist; update: CheckedPlaylist } {
  const whole = checkMediaPlaylist(full);
  const update = checkMediaPlaylist(delta);
  assert.equal(whole.skipped, 0, "the whole playlist skips nothing");
  assert.ok(update.skipped > 0, "the delta update skips segments");
  assert.ok(whole.canSkipUntil !== null, "the whole playlist offers delta updates");
  assert.equal(update.mediaSequence, whole.mediaSequence, "the same media sequence");
  assert.equal(update.discontinuitySequence, whole.discontinuitySequence, "the same discontinuity sequence");
  assert.equal(update.skipped + update.segments.length, whole.segments.length, "skipped and listed make the whole");
  assert.deepEqual(update.segments, whole.segments.slice(update.skipped), "the segments listed are the whole's last");
  assert.deepEqual(update.pending, whole.pending, "the same parts under way");
  assert.equal(update.preloadHint, whole.preloadHint, "the same preload hint");
  const listed = update.segments.reduce((total, segment) => total + segment.duration, 0);
  assert.ok(listed >= whole.canSkipUntil, "what it lists covers CAN-SKIP-UNTIL");
  return { whole, update };
}
