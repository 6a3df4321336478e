// How the gateway joins ffmpeg's per-session playlists into the ones players
// read: the sliding live window, the video-on-demand, discontinuities at
// reconnects, and refreshes that only write when something changed. And the
// low-latency HLS of the live window checked against the spec's rules over
// generated part sequences.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  canSkipUntil,
  createSegmentCache,
  eventPlaylist,
  livePlaylist,
  masterPlaylist,
  partHoldBack,
  readSegments,
  segmentsOf,
  sessionPlaylist,
  sessionPlaylistText,
  vodPlaylist,
  writePlaylists,
  type LiveParts,
  type Part,
  type Rendition,
  type Segment,
} from "../src/playlists.ts";
import { checkMediaPlaylist } from "@clubcast/testkit/hls-playlist";
import { streamBytesIn } from "../src/nginx.ts";
import { LADDER, ladderArguments, renditionsFor, renditionsWorthPublishing } from "../src/pipeline.ts";
import { frameRateOf } from "../src/recordings.ts";
import { playlistEntries } from "@clubcast/shared";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "clubcast-playlists-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SOURCE: Rendition = { name: "source", bandwidth: 3_500_000, resolution: "1280x720", codecs: null };

/** A session playlist as ffmpeg writes it. */
function writeSession(session: number, durations: number[], ended = false): void {
  mkdirSync(join(dir, SOURCE.name), { recursive: true });
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:1", "#EXT-X-MEDIA-SEQUENCE:0"];
  durations.forEach((duration, index) =>
    lines.push(`#EXTINF:${duration.toFixed(6)},`, `s${session}-${String(index).padStart(5, "0")}.ts`),
  );
  if (ended) lines.push("#EXT-X-ENDLIST");
  writeFileSync(join(dir, SOURCE.name, sessionPlaylist(session)), `${lines.join("\n")}\n`);
}

/** The segments a media playlist lists, with a discontinuity flag, as a player reads them. */
function listed(text: string): { uri: string; discontinuity: boolean }[] {
  const entries: { uri: string; discontinuity: boolean }[] = [];
  let discontinuity = false;
  for (const line of text.split("\n")) {
    if (line === "#EXT-X-DISCONTINUITY") discontinuity = true;
    else if (line && !line.startsWith("#")) {
      entries.push({ uri: line, discontinuity });
      discontinuity = false;
    }
  }
  return entries;
}

const tag = (text: string, name: string) => Number(new RegExp(`^#${name}:(\\d+)$`, "m").exec(text)?.[1]);

describe("joining sessions", () => {
  it("lists every session's segments in order, with a discontinuity where each later session starts", () => {
    writeSession(1, [1, 1, 0.72], true);
    writeSession(2, [1, 1]);
    const segments = segmentsOf(join(dir, SOURCE.name), [1, 2]);
    expect(segments.map((segment) => [segment.uri, segment.discontinuity])).toEqual([
      ["s1-00000.ts", false],
      ["s1-00001.ts", false],
      ["s1-00002.ts", false],
      ["s2-00000.ts", true],
      ["s2-00001.ts", false],
    ]);
    const vod = vodPlaylist(segments);
    expect(listed(vod).map((entry) => entry.discontinuity)).toEqual([false, false, false, true, false]);
    expect(vod).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
    expect(vod.trimEnd().endsWith("#EXT-X-ENDLIST")).toBe(true);
  });

  it("reads back every playlist it writes with the one playlist reader the worker uses too (generated)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000 }), { maxLength: 30 }), fc.boolean(), (millis, ended) => {
        const segments = millis.map((ms, index) => ({ duration: ms / 1000, uri: `s1-${index}.ts` }));
        const file = join(dir, "generated.m3u8");
        writeFileSync(file, sessionPlaylistText(segments, ended));
        expect(readSegments(file)).toEqual(segments);
        // The same reader gives a master playlist's renditions, without durations.
        const master = masterPlaylist(renditionsFor(false), "vod.m3u8");
        expect(playlistEntries(master)).toEqual([
          { uri: "720p/vod.m3u8", duration: null },
          { uri: "360p/vod.m3u8", duration: null },
        ]);
      }),
      { seed: 77, numRuns: 100 },
    );
  });

  it("answers no segments for a session ffmpeg hasn't written yet", () => {
    expect(readSegments(join(dir, "source", sessionPlaylist(7)))).toEqual([]);
  });

  it("keeps a live window whose sequence numbers let a player continue across refreshes (generated sessions)", () => {
    const sessionLengths = fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(sessionLengths, fc.integer({ min: 1, max: 8 }), (lengths, size) => {
        const all: Segment[] = lengths.flatMap((length, session) =>
          Array.from({ length }, (_, at) => ({
            duration: 1,
            uri: `s${session + 1}-${at}.ts`,
            discontinuity: session > 0 && at === 0,
          })),
        );
        const live = livePlaylist(all, size);
        const window = listed(live);
        const first = Math.max(0, all.length - size);
        // The newest `size` segments, numbered from their place in the whole recording.
        expect(window.map((entry) => entry.uri)).toEqual(all.slice(first).map((segment) => segment.uri));
        expect(tag(live, "EXT-X-MEDIA-SEQUENCE")).toBe(first);
        // Discontinuities before the window are counted, those inside it are tagged (not the window's first).
        const before = all.slice(0, first).filter((segment) => segment.discontinuity).length;
        expect(tag(live, "EXT-X-DISCONTINUITY-SEQUENCE")).toBe(before);
        expect(window.map((entry) => entry.discontinuity)).toEqual(
          all.slice(first).map((segment, index) => index > 0 && segment.discontinuity),
        );
        expect(live).not.toContain("#EXT-X-ENDLIST");
      }),
      { seed: 1125, numRuns: 200 },
    );
  });

  it("names each rendition's playlist in the master, best first, for hls.js to adapt", () => {
    const ladder: Rendition[] = [
      {
        name: "720p",
        bandwidth: 3_000_000,
        averageBandwidth: 2_600_000,
        resolution: "1280x720",
        codecs: "avc1.64001f,mp4a.40.2",
        frameRate: 30000 / 1001,
      },
      { name: "360p", bandwidth: 900_000, resolution: "640x360", codecs: null, frameRate: null },
    ];
    expect(masterPlaylist(ladder, "live.m3u8")).toBe(
      [
        "#EXTM3U",
        "#EXT-X-VERSION:3",
        "#EXT-X-INDEPENDENT-SEGMENTS",
        '#EXT-X-STREAM-INF:BANDWIDTH=3000000,AVERAGE-BANDWIDTH=2600000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=1280x720,FRAME-RATE=29.970',
        "720p/live.m3u8",
        "#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360",
        "360p/live.m3u8",
        "",
      ].join("\n"),
    );
  });
});

describe("the adaptive ladder", () => {
  const ladder = renditionsFor(false);
  const lines = (name: string) => LADDER.find((rung) => rung.name === name)!.lines;

  it("makes only the rungs at or below the source's height, best first; below every rung, the lowest (generated)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4320 }), (height) => {
        const chosen = renditionsWorthPublishing(ladder, height).map((rendition) => rendition.name);
        const atOrBelow = LADDER.filter((rung) => rung.lines <= height).map((rung) => rung.name);
        expect(chosen).toEqual(atOrBelow.length ? atOrBelow : [LADDER.at(-1)!.name]);
        // Best first, as the master playlist lists them.
        expect(chosen.map(lines)).toEqual(chosen.map(lines).toSorted((a, b) => b - a));
      }),
      { seed: 2024, numRuns: 300 },
    );
    // A 480p phone gets no 720p rung; a 1080p camera and a 720p one get both.
    expect(renditionsWorthPublishing(ladder, 480).map((rendition) => rendition.name)).toEqual(["360p"]);
    expect(renditionsWorthPublishing(ladder, 720).map((rendition) => rendition.name)).toEqual(["720p", "360p"]);
    expect(renditionsWorthPublishing(ladder, 1080).map((rendition) => rendition.name)).toEqual(["720p", "360p"]);
    // Not known yet: the whole ladder; passthrough: the source.
    expect(renditionsWorthPublishing(ladder, 0)).toEqual(ladder);
    expect(renditionsWorthPublishing(renditionsFor(true), 480).map((rendition) => rendition.name)).toEqual(["source"]);
  });

  it("encodes exactly the chosen rungs, one output each, never scaled above the source", () => {
    for (const height of [240, 480, 720, 1080]) {
      const chosen = renditionsWorthPublishing(ladder, height);
      const args = ladderArguments(chosen, { segmentSeconds: 1, spoolDir: "/spool" });
      const outputs = args.filter((arg) => /^\/spool\/[^/]+\/%d\.ts$/.test(arg));
      expect(outputs).toEqual(chosen.map((rendition) => `/spool/${rendition.name}/%d.ts`));
      const filter = args[args.indexOf("-filter_complex") + 1]!;
      expect(filter.startsWith(`[0:v:0]split=${chosen.length}`)).toBe(true);
      for (const rendition of chosen)
        expect(filter).toContain(`min(${lines(rendition.name)}\\,ih)'[${rendition.name}]`);
      expect(args.filter((arg) => arg === "libx264")).toHaveLength(chosen.length);
    }
  });

  it("reads ffprobe's frame rate for the master playlist", () => {
    expect(frameRateOf("30/1")).toBe(30);
    expect(frameRateOf("30000/1001")).toBeCloseTo(29.97, 2);
    expect(frameRateOf("0/0")).toBeNull();
    expect(frameRateOf("")).toBeNull();
  });
});

/**
 * Checks a live playlist against the LL-HLS rules (the testkit's checker: RFC 8216bis) and answers the parts
 * per segment (the last entry: the segment under way).
 */
function checkLowLatency(text: string): { parts: string[][]; lines: string[] } {
  const checked = checkMediaPlaylist(text);
  expect(checked.partTarget).not.toBeNull();
  return {
    parts: [
      ...checked.segments.map((segment) => segment.parts.map((part) => part.uri)),
      checked.pending.map((part) => part.uri),
    ],
    lines: text.trim().split("\n"),
  };
}

/** Each segment a media playlist lists with the EXT-X-PROGRAM-DATE-TIME that dates it (ms), as a player reads them. */
function dated(text: string): { uri: string; at: number | null }[] {
  const entries: { uri: string; at: number | null }[] = [];
  let at: number | null = null;
  for (const line of text.split("\n")) {
    if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) at = Date.parse(line.slice("#EXT-X-PROGRAM-DATE-TIME:".length));
    else if (line && !line.startsWith("#")) {
      entries.push({ uri: line, at });
      at = null;
    }
  }
  return entries;
}

describe("EXT-X-PROGRAM-DATE-TIME", () => {
  it("dates every segment's first frame in the live and on-demand playlists, across reconnect gaps (generated)", () => {
    // Sessions of segments, each session after the first starting after a reconnect gap.
    const session = fc.record({
      gapMs: fc.integer({ min: 0, max: 120_000 }),
      durations: fc.array(fc.integer({ min: 200, max: 4000 }), { minLength: 1, maxLength: 6 }),
    });
    fc.assert(
      fc.property(
        fc.array(session, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 8 }),
        (sessions, size) => {
          rmSync(join(dir, SOURCE.name), { recursive: true, force: true });
          mkdirSync(join(dir, SOURCE.name), { recursive: true });
          let clock = Date.UTC(2026, 10, 28, 14, 30, 0, 123);
          const expected: { uri: string; at: number }[] = [];
          sessions.forEach(({ gapMs, durations }, index) => {
            clock += gapMs;
            const segments = durations.map((ms, at) => {
              const segment = { duration: ms / 1000, uri: `s${index + 1}-${at}.ts`, programDateTime: clock };
              expected.push({ uri: segment.uri, at: clock });
              clock += ms;
              return segment;
            });
            writeFileSync(join(dir, SOURCE.name, sessionPlaylist(index + 1)), sessionPlaylistText(segments, true));
          });
          // Read back as the gateway joins them: each segment keeps its date, to the millisecond.
          const all = segmentsOf(
            join(dir, SOURCE.name),
            sessions.map((_, index) => index + 1),
          );
          expect(dated(vodPlaylist(all))).toEqual(expected);
          const parts: LiveParts = {
            partTarget: 0.5,
            ofSegments: all
              .slice(-2)
              .map((segment) => [{ duration: segment.duration, uri: `${segment.uri}.0`, independent: true }]),
            pending: [],
            pendingDiscontinuity: false,
            next: "next.ts",
          };
          const window = expected.slice(Math.max(0, expected.length - size));
          expect(dated(livePlaylist(all, size))).toEqual(window);
          expect(dated(livePlaylist(all, size, parts))).toEqual(window);
        },
      ),
      { seed: 3028, numRuns: 100 },
    );
  });

  it("leaves a segment without a known first frame undated", () => {
    writeSession(1, [1, 1], true);
    const segments = segmentsOf(join(dir, SOURCE.name), [1]);
    expect(vodPlaylist(segments)).not.toContain("PROGRAM-DATE-TIME");
  });
});

describe("low-latency HLS in the live window", () => {
  const partArbitrary = (independent: boolean) =>
    fc.record({
      duration: fc.integer({ min: 40, max: 500 }).map((ms) => ms / 1000),
      independent: independent ? fc.constant(true) : fc.boolean(),
    });
  /** A segment's parts: the first starts with a keyframe (a segment always does). */
  const segmentParts = fc
    .tuple(partArbitrary(true), fc.array(partArbitrary(false), { maxLength: 20 }))
    .map(([first, rest]) => [first, ...rest]);

  it("lists parts, server control and a preload hint by the spec's rules, and the same segments without them (generated)", () => {
    fc.assert(
      fc.property(
        fc.array(segmentParts, { minLength: 0, maxLength: 12 }),
        fc.array(partArbitrary(false), { maxLength: 6 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 5 }),
        fc.boolean(),
        (segmentsParts, pendingDrawn, size, withParts, reconnected) => {
          const named =
            (segment: number) =>
            (part: { duration: number; independent: boolean }, at: number): Part => ({
              ...part,
              uri: `s1-${String(segment).padStart(5, "0")}.${at}.ts`,
            });
          const segments: Segment[] = segmentsParts.map((parts, index) => ({
            duration: parts.reduce((sum, part) => sum + part.duration, 0),
            uri: `s1-${String(index).padStart(5, "0")}.ts`,
            discontinuity: false,
          }));
          const pending = pendingDrawn.map((part, at) =>
            named(segments.length)(at === 0 ? { ...part, independent: true } : part, at),
          );
          const parts: LiveParts = {
            partTarget: 0.5,
            ofSegments: segmentsParts
              .slice(segmentsParts.length - Math.min(withParts, segmentsParts.length))
              .map((list, at, all) => list.map(named(segments.length - all.length + at))),
            pending,
            pendingDiscontinuity: reconnected,
            next: named(segments.length)({ duration: 0, independent: false }, pending.length).uri,
          };
          const text = livePlaylist(segments, size, parts);
          const { parts: listedParts, lines } = checkLowLatency(text);
          // The parts listed: those of the window's last segments given, then the segment under way's.
          const given = new Map(
            parts.ofSegments.map((list, at) => [
              segments.length - parts.ofSegments.length + at,
              list.map((part) => part.uri),
            ]),
          );
          const first = Math.max(0, segments.length - size);
          const window = segments.slice(first);
          const expected = [...window.map((_, at) => given.get(first + at) ?? []), pending.map((part) => part.uri)];
          expect(listedParts).toEqual(expected);
          expect(lines.at(-1)).toBe(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${parts.next}"`);
          // A player that doesn't know LL-HLS reads the ordinary playlist of the same segments.
          const ordinary = lines.filter((line) => !/^#EXT-X-(PART|PART-INF|SERVER-CONTROL|PRELOAD-HINT):/.test(line));
          const withoutParts = livePlaylist(segments, size).trim().split("\n");
          const pendingTag = reconnected && pending.length && window.length ? ["#EXT-X-DISCONTINUITY"] : [];
          expect(ordinary).toEqual([
            ...withoutParts.map((line) => line.replace("VERSION:3", "VERSION:6")),
            ...pendingTag,
          ]);
        },
      ),
      { seed: 2811, numRuns: 300 },
    );
  });

  it("holds players back three parts from the live edge", () => {
    expect(partHoldBack(0.5)).toBe(1.5);
  });
});

describe("a live match's event playlist (rewind to kick-off)", () => {
  it("lists every segment since kick-off as the video-on-demand will, with its parts and delta updates offered (generated)", () => {
    const sessionLengths = fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 4 });
    const duration = fc.integer({ min: 500, max: 2000 }).map((ms) => ms / 1000);
    fc.assert(
      fc.property(sessionLengths, duration, fc.integer({ min: 0, max: 4 }), (lengths, seconds, pendingCount) => {
        const all: Segment[] = lengths.flatMap((length, session) =>
          Array.from({ length }, (_, at) => ({
            // Segments of one session may differ in length (a keyframe interval, a last short one).
            duration: at % 3 === 2 ? seconds / 2 : seconds,
            uri: `s${session + 1}-${String(at).padStart(5, "0")}.ts`,
            discontinuity: session > 0 && at === 0,
          })),
        );
        // Each segment of half-second parts, the last one shorter.
        const partsOf = (segment: Segment): Part[] => {
          const count = Math.ceil(segment.duration / 0.5 - 1e-9);
          return Array.from({ length: count }, (_, at) => ({
            uri: segment.uri.replace(/\.ts$/, `.${at}.ts`),
            duration: at < count - 1 ? 0.5 : Number((segment.duration - 0.5 * (count - 1)).toFixed(3)),
            independent: at === 0,
          }));
        };
        const nextUri = `s${lengths.length}-${String(lengths.at(-1)!).padStart(5, "0")}`;
        const pending = Array.from({ length: pendingCount }, (_, at) => ({
          uri: `${nextUri}.${at}.ts`,
          duration: 0.5,
          independent: at === 0,
        }));
        const parts: LiveParts = {
          partTarget: 0.5,
          ofSegments: all.slice(-4).map(partsOf),
          pending,
          pendingDiscontinuity: false,
          next: `${nextUri}.${pendingCount}.ts`,
        };
        const live = checkMediaPlaylist(eventPlaylist(all, parts));
        const vod = checkMediaPlaylist(vodPlaylist(all));
        expect(live.playlistType).toBe("EVENT");
        expect(live.mediaSequence).toBe(0);
        expect(live.canSkipUntil).toBe(canSkipUntil(live.targetDuration));
        expect(live.canBlockReload).toBe(true);
        // The same segments at the same positions, discontinuities where sessions start: a marker set while
        // live is at the same place in the video-on-demand.
        const withoutParts = live.segments.map(({ parts: _parts, ...segment }) => segment);
        const vodSegments = vod.segments.map(({ parts: _parts, ...segment }) => segment);
        expect(withoutParts).toEqual(vodSegments);
        expect(withoutParts.map((segment) => segment.discontinuity)).toEqual(
          all.map((segment) => segment.discontinuity),
        );
        expect(live.segments.slice(-4).map((segment) => segment.parts)).toEqual(
          parts.ofSegments.slice(-live.segments.length),
        );
        expect(live.pending).toEqual(pending);
        expect(live.ended).toBe(false);
      }),
      { seed: 2828, numRuns: 200 },
    );
  });

  it("keeps the window and no delta updates for a preview", () => {
    const segments: Segment[] = Array.from({ length: 10 }, (_, at) => ({
      duration: 1,
      uri: `s1-${at}.ts`,
      discontinuity: false,
    }));
    const preview = checkMediaPlaylist(livePlaylist(segments, 6));
    expect(preview.canSkipUntil).toBeNull();
    expect(preview.playlistType).toBeNull();
    expect(preview.mediaSequence).toBe(4);
  });
});

describe("refreshing live playlists", () => {
  it("writes only when a session playlist changed, and then lists what is new", () => {
    const cache = createSegmentCache();
    const refresh = () => writePlaylists(dir, [SOURCE], [1], { ended: false, liveWindow: 6, cache });
    writeSession(1, [1, 1]);
    expect(refresh()).toBe(2);
    const live = join(dir, SOURCE.name, "live.m3u8");
    const written = statSync(live).mtimeMs;
    const before = readFileSync(live, "utf8");

    // Nothing new: the playlist is left as it is.
    rmSync(live);
    expect(refresh()).toBe(2);
    expect(() => statSync(live)).toThrow();

    writeSession(1, [1, 1, 1]);
    expect(refresh()).toBe(3);
    expect(statSync(live).mtimeMs).toBeGreaterThanOrEqual(written);
    expect(listed(readFileSync(live, "utf8")).map((entry) => entry.uri)).toEqual([
      ...listed(before).map((entry) => entry.uri),
      "s1-00002.ts",
    ]);
  });
});

describe("nginx's stream statistics", () => {
  it("reads each stream's bytes taken in, by application and name", () => {
    const xml = `<rtmp><server>
<application>
<name>live</name>
<live>
<stream>
<name>key-one</name>
<time>3431</time><bw_in>0</bw_in>
<bytes_in>490875</bytes_in>
<client><id>1</id></client>
</stream>
<stream>
<name>key-two</name>
<bytes_in>12</bytes_in>
</stream>
</live>
</application>
<application>
<name>srt</name>
<live>
</live>
</application>
</server></rtmp>`;
    expect(streamBytesIn(xml)).toEqual(
      new Map([
        ["live/key-one", 490875],
        ["live/key-two", 12],
      ]),
    );
  });
});
