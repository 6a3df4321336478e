// bench:media's rows for OBS-like streams through the REAL stack: the API (its
// own database and Redis prefix), the worker's queues and the media gateway,
// as apps/media/test/support.ts starts them for the tests. Cameras are drawn
// from the stream mix of apps/media/test/stream-mix.ts (keyframe every 1–10 s,
// B-frames, 44.1/48 kHz or no audio, late first keyframe, RTMP and SRT,
// passthrough and the ladder) and published to their end, a few at a time and
// then a burst at once. Baseline: the same clips published straight to a plain
// ffmpeg listener (RTMP `-listen 1`, SRT `mode=listener`) writing HLS with
// `-c copy`: what an ingest that takes everything takes.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { databaseUrl, redisUrl } from "@clubcast/db";
import { freshMigratedDatabase, dropDatabase, percentile, printTable, sleep } from "@clubcast/testkit/bench";
import { startGatewayStack, type GatewayStack } from "../test/support.ts";
import {
  FPS,
  describeCase,
  emptyResult,
  encodeClip,
  frameNumbers,
  killAll,
  publishClip,
  runCase,
  streamCases,
  type CaseResult,
  type Clip,
  type StreamCase,
} from "../test/stream-mix.ts";
import { srtLossRows } from "./srt-loss.ts";
import { freePort, listedSegments, listening, run, stop } from "./support.ts";

export interface MixOptions {
  tmp: string;
  /** Publishes in all, the burst included. */
  publishes: number;
  /** Publishes started at the same instant, after the others. */
  burst: number;
  /** Cameras publishing at a time before the burst. */
  atOnce: number;
  /** Seconds of the long recording for stop → on demand (90 minutes unless told). */
  longRecordingSeconds: number;
  srtLossMinutes: number;
}

export type SummaryRow = (string | number)[];

const SEED = 4242;
/**
 * How much faster than real time the long recording is published: nginx-rtmp takes whatever a publisher sends
 * and drops what a slower reader can't take, so an unpaced publish (no -re) is over before the gateway has read it.
 */
const LONG_READRATE = 40;
const TARGETS = { takeRate: 1, recordedRatio: 0.995, startLossSeconds: 0.5, stopToVodSeconds: 5 };
const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const percent = (value: number, digits = 1) => (Number.isFinite(value) ? `${(value * 100).toFixed(digits)} %` : "–");
const ratio = (value: number, base: number) =>
  base > 0 && Number.isFinite(value) ? `${(value / base).toFixed(2)}×` : "–";
const verdict = (met: boolean) => (met ? "met" : "NOT met");

/** One publish of the baseline: straight to a plain ffmpeg listener. */
interface BaselineResult {
  case: StreamCase;
  taken: boolean;
  firstSegmentSeconds: number | null;
  recordedSeconds: number;
  publishedSeconds: number;
  firstFrame: number | null;
  expectedFirstFrame: number;
}

async function baselinePublish(tmp: string, c: StreamCase, clip: Clip, index: number): Promise<BaselineResult> {
  const dir = join(tmp, "baseline", String(index));
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const playlist = join(dir, "out.m3u8");
  const input = c.protocol === "rtmp" ? `rtmp://127.0.0.1:${port}/live/bench` : `srt://127.0.0.1:${port}?mode=listener`;
  // A patient probe: a perfect ingest waits for what the stream carries (a 10 s GOP's first keyframe included).
  // prettier-ignore
  const listener = run("ffmpeg", [
    "-hide_banner", "-v", "error", "-nostdin", "-analyzeduration", "15000000", "-probesize", "50000000",
    ...(c.protocol === "rtmp" ? ["-listen", "1"] : []), "-i", input,
    "-map", "0", "-c", "copy", "-f", "hls", "-hls_time", "1", "-hls_list_size", "0",
    "-hls_segment_filename", join(dir, "%05d.ts"), playlist,
  ]);
  if (c.protocol === "rtmp") await listening(port);
  else await sleep(500);
  const publisher = publishClip(clip, c.protocol === "rtmp" ? input : `srt://127.0.0.1:${port}`);
  let publishing = true;
  const exit = publisher.exited.finally(() => (publishing = false));
  let firstSegmentSeconds: number | null = null;
  while (publishing) {
    if (listedSegments(playlist).length > 0) {
      firstSegmentSeconds = (Date.now() - publisher.origin()) / 1000;
      break;
    }
    await sleep(100);
  }
  const { code } = await exit;
  const ended = new Promise((resolve) => listener.once("exit", resolve));
  await Promise.race([ended, sleep(5000)]);
  await stop(listener, "SIGINT");
  const recordedSeconds = listedSegments(playlist).reduce((sum, segment) => sum + segment.duration, 0);
  const decoded = existsSync(playlist) ? await frameNumbers(playlist) : { frames: [] };
  return {
    case: c,
    taken: code === 0 && decoded.frames.length > 0,
    firstSegmentSeconds,
    recordedSeconds,
    publishedSeconds: (clip.lastFrame + 1 - clip.firstKeyframe) / FPS,
    firstFrame: decoded.frames[0] ?? null,
    expectedFirstFrame: clip.firstKeyframe,
  };
}

/** Runs `work` over the items, `atOnce` at a time. */
async function pool<T, R>(items: T[], atOnce: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(atOnce, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

interface Measured {
  taken: boolean;
  /** Live with a segment while the camera published. */
  live: boolean;
  recordedSeconds: number;
  publishedSeconds: number;
  startLossSeconds: number | null;
  /** Publish → the first low-latency part listed in the live playlist and answering 200, through the API. */
  firstPartSeconds: number | null;
  firstSegmentSeconds: number | null;
  keyframeSeconds: number;
}

const fromGateway = (result: CaseResult): Measured => ({
  // Taken: not refused, and the publisher ran to its end (whether the match went live with it is a row of its own).
  taken: result.refusals.length === 0 && result.publisherCode === 0 && !result.failure?.startsWith("the run failed"),
  live: result.wentLive,
  recordedSeconds: result.vod?.playlistSeconds ?? 0,
  publishedSeconds: result.publishedSeconds,
  startLossSeconds:
    result.vod?.firstFrame != null ? Math.max(0, result.vod.firstFrame - result.expectedFirstFrame) / FPS : null,
  firstPartSeconds: result.firstPlayablePartSeconds,
  firstSegmentSeconds: result.firstLiveSegmentSeconds,
  keyframeSeconds: result.case.keyframeSeconds,
});

const fromBaseline = (result: BaselineResult): Measured => ({
  taken: result.taken,
  live: result.firstSegmentSeconds !== null,
  recordedSeconds: result.recordedSeconds,
  publishedSeconds: result.publishedSeconds,
  startLossSeconds:
    result.firstFrame !== null ? Math.max(0, result.firstFrame - result.expectedFirstFrame) / FPS : null,
  // A plain ffmpeg listener's HLS has no parts: its first segment is the first thing a viewer can play.
  firstPartSeconds: result.firstSegmentSeconds,
  firstSegmentSeconds: result.firstSegmentSeconds,
  keyframeSeconds: result.case.keyframeSeconds,
});

const takeRate = (list: Measured[]) => list.filter((m) => m.taken).length / list.length;
const liveRate = (list: Measured[]) => list.filter((m) => m.live).length / list.length;
/** Recorded ÷ published over every publish (a refused one recorded nothing), each capped at 1. */
const recordedRatio = (list: Measured[]) =>
  list.reduce((sum, m) => sum + Math.min(m.recordedSeconds, m.publishedSeconds), 0) /
  list.reduce((sum, m) => sum + m.publishedSeconds, 0);
const startLosses = (list: Measured[]) =>
  list.map((m) => m.startLossSeconds ?? m.publishedSeconds).filter((value) => Number.isFinite(value));
type FirstLive = "firstPartSeconds" | "firstSegmentSeconds";
/** Publishes whose first playable part (or whole segment) came within one keyframe interval + 1 s of their first packet. */
const withinFirst = (list: Measured[], first: FirstLive) =>
  list.filter((m) => m[first] !== null && m[first] <= m.keyframeSeconds + 1).length;

/** The 90-minute recording: published faster than real time into a recording match, then stop → on demand + poster. */
async function longRecording(stack: GatewayStack, tmp: string, seconds: number) {
  // Low resolution (the 90 minutes are what counts, not the pixels): 320x180 30 fps H.264 High, 2 s GOP, B-frames, AAC.
  const file = join(tmp, "long.ts");
  // prettier-ignore
  const encode = run("ffmpeg", [
    "-hide_banner", "-v", "error", "-nostdin", "-y",
    "-f", "lavfi", "-i", `testsrc2=size=320x180:rate=${FPS}`, "-f", "lavfi", "-i", "sine=sample_rate=48000",
    "-t", "60", "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-b:v", "300k", "-g", String(2 * FPS),
    "-keyint_min", String(2 * FPS), "-sc_threshold", "0", "-bf", "3", "-c:a", "aac", "-b:a", "64k", "-f", "mpegts", file,
  ]);
  await new Promise((resolve) => encode.once("exit", resolve));
  const clip: Clip = { file, firstKeyframe: 0, lastFrame: 60 * FPS - 1, startsOnKeyframe: true };
  const streamKey = `long-${Math.random().toString(16).slice(2, 10)}`;
  const configuration = await stack.configuration({ streamKey, livestream: "rtmp", passthrough: true });
  const match = await stack.createMatch(configuration);
  await stack.command(match.id, "startrecording");
  await sleep(2000);
  const publishedAt = Date.now();
  const publisher = publishClip(clip, `rtmp://127.0.0.1:${stack.gateway.rtmpPort}/live/${streamKey}`, {
    readrate: LONG_READRATE,
    loopSeconds: seconds,
  });
  const exit = await publisher.exited;
  const publishSeconds = (Date.now() - publishedAt) / 1000;
  await sleep(2000);
  const stoppedAt = Date.now();
  await stack.command(match.id, "stoprecording");
  let stopMs = Number.NaN;
  let answer = await stack.match(match.id);
  let vodAt: number | null = null;
  // On demand with a poster; a match on demand without one gets 15 s more.
  for (const deadline = Date.now() + 300_000; Date.now() < deadline; await sleep(100)) {
    answer = await stack.match(match.id);
    if (answer.status === "vod" && answer.vod_hls_url && answer.poster_url) {
      stopMs = Date.now() - stoppedAt;
      break;
    }
    if (answer.status === "vod") vodAt ??= Date.now();
    if (vodAt !== null && Date.now() - vodAt > 15_000) break;
  }
  console.log(
    `  published in ${fixed(publishSeconds, 0)} s (exit ${exit.code}${exit.code ? `: ${exit.stderr.split("\n").at(-1)}` : ""}); match ${answer.status}, poster ${answer.poster_url ? "yes" : "no"}`,
  );
  let recordedSeconds = 0;
  let remuxMs = Number.NaN;
  if (answer.vod_hls_url) {
    const master = await fetch(answer.vod_hls_url);
    if (master.ok) {
      const variant = (await master.text()).split("\n").find((line) => line.trim() && !line.startsWith("#"));
      const mediaUrl = new URL(variant!.trim(), answer.vod_hls_url).toString();
      const media = await (await fetch(mediaUrl)).text();
      recordedSeconds = [...media.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      // The baseline: what a naive stop would do, remux the whole recording into a new VOD and cut a poster.
      const out = join(tmp, "long-remux");
      mkdirSync(out, { recursive: true });
      const started = Date.now();
      const remux = run("ffmpeg", [
        ...["-hide_banner", "-v", "error", "-nostdin", "-i", mediaUrl, "-c", "copy", "-f", "hls"],
        ...["-hls_time", "2", "-hls_list_size", "0", "-hls_playlist_type", "vod"],
        ...["-hls_segment_filename", join(out, "%05d.ts"), join(out, "vod.m3u8")],
      ]);
      await new Promise((resolve) => remux.once("exit", resolve));
      remuxMs = Date.now() - started;
    }
  }
  return {
    publisherCode: exit.code,
    publishSeconds,
    seconds,
    recordedSeconds,
    stopSeconds: stopMs / 1000,
    remuxSeconds: remuxMs / 1000,
    status: answer.status,
    poster: answer.poster_url !== null,
  };
}

/** A case that went wrong in an unforeseen way counts as not taken; the run goes on. */
async function guarded(stack: GatewayStack, c: StreamCase, clip: Clip): Promise<CaseResult> {
  try {
    return await runCase(stack, c, clip);
  } catch (error) {
    return emptyResult(c, clip, {
      streamKey: "",
      configurationId: 0,
      matchId: 0,
      failure: `the run failed: ${(error as Error).message.split("\n")[0]}`,
    });
  }
}

/**
 * Measures and prints the OBS-like rows; answers the summary rows
 * (measure, baseline, gateway, vs baseline, target, result).
 */
export async function obsMixRows(options: MixOptions): Promise<SummaryRow[]> {
  const { tmp } = options;
  const template = `clubcast_bench_media_${process.pid}`;
  console.log(`OBS-like streams through the real API: migrating ${template}…`);
  await freshMigratedDatabase(template);
  const stack = await startGatewayStack("in-process", {
    databaseServerUrl: databaseUrl(),
    templateDatabase: template,
    redisUrl: redisUrl(),
  });
  try {
    const cases = fc.sample(streamCases, { seed: SEED, numRuns: options.publishes });
    const clipsDir = join(tmp, "clips");
    console.log(`Encoding the clips of ${cases.length} publishes…`);
    const clips = await pool(cases, 2, (c) => encodeClip(clipsDir, c, Math.max(6, c.keyframeSeconds + 2)));
    const staggered = cases.length - options.burst;

    console.log(
      `Gateway: ${staggered} publishes, ${options.atOnce} at a time, then a burst of ${options.burst} at once…`,
    );
    let done = 0;
    const progress = (result: CaseResult) => {
      if (++done % 10 === 0) console.log(`  ${done}/${cases.length} publishes done`);
      return result;
    };
    const gatewayStaggered = await pool(cases.slice(0, staggered), options.atOnce, async (c, index) =>
      progress(await guarded(stack, c, clips[index]!)),
    );
    const gatewayBurst = await Promise.all(
      cases.slice(staggered).map(async (c, index) => progress(await guarded(stack, c, clips[staggered + index]!))),
    );
    console.log("Baseline: the same publishes to a plain ffmpeg listener…");
    const baselineStaggered = await pool(cases.slice(0, staggered), options.atOnce, (c, index) =>
      baselinePublish(tmp, c, clips[index]!, index),
    );
    const baselineBurst = await Promise.all(
      cases.slice(staggered).map((c, index) => baselinePublish(tmp, c, clips[staggered + index]!, staggered + index)),
    );

    console.log(
      `Stop → on demand: a ${fixed(options.longRecordingSeconds / 60, 0)}-minute recording published ${LONG_READRATE}× faster than real time…`,
    );
    const long = await longRecording(stack, tmp, options.longRecordingSeconds);

    console.log(`SRT loss rows (${options.srtLossMinutes} minutes)…`);
    const srt = await srtLossRows({ minutes: options.srtLossMinutes });

    // ── tables ──
    const gateway = [...gatewayStaggered, ...gatewayBurst];
    const gatewayMeasured = gateway.map(fromGateway);
    const baselineMeasured = [...baselineStaggered, ...baselineBurst].map(fromBaseline);
    const burstGateway = gatewayBurst.map(fromGateway);
    const staggeredGateway = gatewayStaggered.map(fromGateway);
    const staggeredBaseline = baselineStaggered.map(fromBaseline);
    const burstBaseline = baselineBurst.map(fromBaseline);

    const failing = gateway.filter((result) => !fromGateway(result).taken || !result.wentLive);
    const reasonOf = (result: CaseResult): string =>
      result.refusals[0]
        ? `refused: ${result.refusals[0]}`
        : result.failure?.startsWith("the run failed")
          ? result.failure
          : result.publisherCode !== 0
            ? `publisher ended ${result.publisherCode}: ${result.publisherErrors.split("\n").at(-1)}`
            : (result.failure ?? "never live with playable video while publishing");
    const reasons = new Map<string, number>();
    for (const result of failing) reasons.set(reasonOf(result), (reasons.get(reasonOf(result)) ?? 0) + 1);

    const byGroup = (label: string, pick: (c: StreamCase) => boolean) => {
      const g = gatewayMeasured.filter((_, index) => pick(gateway[index]!.case));
      const b = baselineMeasured.filter((_, index) => pick(gateway[index]!.case));
      return [
        label,
        g.length,
        percent(takeRate(b)),
        percent(takeRate(g)),
        percent(recordedRatio(b)),
        percent(recordedRatio(g)),
        fixed(Math.max(...startLosses(g))),
        fixed(percentile(g.map((m) => m.firstPartSeconds ?? Number.NaN).filter(Number.isFinite), 0.5), 1),
        `${withinFirst(b, "firstPartSeconds")}/${b.length}`,
        `${withinFirst(g, "firstPartSeconds")}/${g.length}`,
        fixed(percentile(g.map((m) => m.firstSegmentSeconds ?? Number.NaN).filter(Number.isFinite), 0.5), 1),
        `${withinFirst(g, "firstSegmentSeconds")}/${g.length}`,
      ];
    };
    printTable(
      "OBS-like publishes by kind: take-rate (not refused, the publisher ran to its end), recorded ÷ published (capped at 1 per publish, refused ones count 0), " +
        "\nworst seconds lost at the session start (gateway); publish → first playable part (listed in the match's live playlist and answering 200, " +
        "\nthrough the API's media route; a handed-over preview from its start command): p50 s (gateway), publishes within one keyframe interval + 1 s " +
        "\n(baseline: a plain ffmpeg listener's first segment, its HLS has no parts; gateway); the same for the first whole segment (gateway)",
      [
        "kind",
        "n",
        "take base",
        "take gw",
        "rec÷pub base",
        "rec÷pub gw",
        "start loss max s",
        "1st part p50 s",
        "1st part ok base",
        "1st part ok gw",
        "1st seg p50 s",
        "1st seg ok gw",
      ],
      [
        byGroup("all", () => true),
        ...([1, 2, 4, 10] as const).map((k) => byGroup(`keyframe every ${k} s`, (c) => c.keyframeSeconds === k)),
        byGroup("B-frames", (c) => c.bFrames),
        byGroup("no audio", (c) => c.audio === null),
        byGroup("late first keyframe", (c) => c.lateFrames > 0),
        byGroup("keyframe first", (c) => c.lateFrames === 0),
        byGroup("RTMP", (c) => c.protocol === "rtmp"),
        byGroup("SRT", (c) => c.protocol === "srt"),
        byGroup("passthrough", (c) => c.passthrough),
        byGroup("ladder", (c) => !c.passthrough),
        byGroup("preview handed over", (c) => c.recordFrom === "after"),
      ],
    );
    if (reasons.size) {
      console.log("Publishes the gateway did not take, or took without going live, by reason:");
      for (const [reason, count] of reasons) console.log(`  ${count} × ${reason}`);
      // Each one with what the gateway logged of it, so its cause can be found.
      const log = stack.log().split("\n");
      for (const result of failing) {
        console.log(
          `  match ${result.matchId}, ${describeCase(result.case)}: ${reasonOf(result)}; ${fixed(result.publishedSeconds)} s published, ` +
            `first part ${fixed(result.firstPlayablePartSeconds ?? Number.NaN, 1)} s, first segment ${fixed(result.firstLiveSegmentSeconds ?? Number.NaN, 1)} s`,
        );
        const about = new RegExp(
          `matches/${result.matchId}\\b|match ${result.matchId}\\b|configuration ${result.configurationId}\\b|…${result.streamKey.slice(-4)}`,
        );
        for (const line of log) if (about.test(line)) console.log(`    ${line}`);
      }
    }
    printTable(
      `Stop → on demand with a poster, ${fixed(long.seconds / 60, 0)}-minute recording (published in ${fixed(long.publishSeconds, 0)} s, publisher exit ${long.publisherCode})`,
      ["path", "recorded s", "seconds", "vs baseline"],
      [
        [
          "baseline: ffmpeg -c copy remux of the whole recording into a new HLS VOD",
          fixed(long.recordedSeconds, 0),
          fixed(long.remuxSeconds),
          "1.00×",
        ],
        [
          `gateway: stop command → match ${long.status}${long.poster ? " with poster" : " (no poster)"}`,
          fixed(long.recordedSeconds, 0),
          fixed(long.stopSeconds),
          ratio(long.stopSeconds, long.remuxSeconds),
        ],
      ],
    );

    const partsWithin = withinFirst(gatewayMeasured, "firstPartSeconds");
    const segmentsWithin = withinFirst(gatewayMeasured, "firstSegmentSeconds");
    const rows: SummaryRow[] = [
      [
        `take-rate, ${gateway.length} OBS-like publishes`,
        percent(takeRate(baselineMeasured)),
        percent(takeRate(gatewayMeasured)),
        "–",
        "100 %",
        verdict(takeRate(gatewayMeasured) >= TARGETS.takeRate),
      ],
      [
        "went live with video while publishing",
        percent(liveRate(baselineMeasured)),
        percent(liveRate(gatewayMeasured)),
        "–",
        "100 %",
        verdict(liveRate(gatewayMeasured) >= 1),
      ],
      [
        `take-rate, burst of ${burstGateway.length} at once`,
        percent(takeRate(burstBaseline)),
        percent(takeRate(burstGateway)),
        "–",
        "100 %",
        verdict(takeRate(burstGateway) >= TARGETS.takeRate),
      ],
      [
        "recorded ÷ published duration",
        percent(recordedRatio(baselineMeasured), 2),
        percent(recordedRatio(gatewayMeasured), 2),
        "–",
        "≥ 99.5 %",
        verdict(recordedRatio(gatewayMeasured) >= TARGETS.recordedRatio),
      ],
      [
        "s lost at a session start, max (p50)",
        `${fixed(Math.max(...startLosses(baselineMeasured)))} (${fixed(percentile(startLosses(baselineMeasured), 0.5))})`,
        `${fixed(Math.max(...startLosses(gatewayMeasured)))} (${fixed(percentile(startLosses(gatewayMeasured), 0.5))})`,
        "–",
        `≤ ${TARGETS.startLossSeconds}`,
        verdict(Math.max(...startLosses(gatewayMeasured)) <= TARGETS.startLossSeconds),
      ],
      [
        "publish → first playable LL-HLS part (listed + 200 through the API) ≤ keyframe interval + 1 s",
        `${withinFirst(baselineMeasured, "firstPartSeconds")}/${baselineMeasured.length}`,
        `${partsWithin}/${gatewayMeasured.length}`,
        "–",
        "all",
        verdict(partsWithin === gatewayMeasured.length),
      ],
      // Where the misses are: the publishes a few at a time, and the burst (every camera's first seconds at once).
      ...(
        [
          [`${staggeredGateway.length} publishes, ${options.atOnce} at a time`, staggeredBaseline, staggeredGateway],
          [`the burst of ${burstGateway.length} at once`, burstBaseline, burstGateway],
        ] as const
      ).map(([which, base, gw]) => [
        `  of them: ${which}`,
        `${withinFirst(base, "firstPartSeconds")}/${base.length}`,
        `${withinFirst(gw, "firstPartSeconds")}/${gw.length}`,
        "–",
        "all",
        verdict(withinFirst(gw, "firstPartSeconds") === gw.length),
      ]),
      ...([1, 2, 4, 10] as const).map((k) => {
        const seconds = (list: Measured[]) =>
          list.filter((m) => m.keyframeSeconds === k).map((m) => m.firstPartSeconds ?? Number.NaN);
        const p95 = (list: Measured[]) => percentile(seconds(list).filter(Number.isFinite), 0.95);
        return [
          `  publish → first playable part p95 s, keyframe every ${k} s`,
          fixed(p95(baselineMeasured), 1),
          fixed(p95(gatewayMeasured), 1),
          ratio(p95(gatewayMeasured), p95(baselineMeasured)),
          `≤ ${k + 1}`,
          seconds(gatewayMeasured).length ? verdict(seconds(gatewayMeasured).every((s) => s <= k + 1)) : "–",
        ];
      }),
      [
        "  secondary: publish → first whole live segment ≤ keyframe interval + 1 s (p95 s)",
        `${withinFirst(baselineMeasured, "firstSegmentSeconds")}/${baselineMeasured.length} (${fixed(percentile(baselineMeasured.map((m) => m.firstSegmentSeconds ?? Number.NaN).filter(Number.isFinite), 0.95), 1)})`,
        `${segmentsWithin}/${gatewayMeasured.length} (${fixed(percentile(gatewayMeasured.map((m) => m.firstSegmentSeconds ?? Number.NaN).filter(Number.isFinite), 0.95), 1)})`,
        "–",
        "– (parts play first)",
        "–",
      ],
      [
        `stop → on demand with poster, ${fixed(long.seconds / 60, 0)}-minute recording (${fixed(long.recordedSeconds, 0)} of ${long.seconds} s recorded), s`,
        fixed(long.remuxSeconds),
        fixed(long.stopSeconds),
        ratio(long.stopSeconds, long.remuxSeconds),
        `≤ ${TARGETS.stopToVodSeconds}`,
        verdict(long.stopSeconds <= TARGETS.stopToVodSeconds && long.recordedSeconds >= long.seconds - 5),
      ],
    ];
    for (const row of srt) rows.push([row.row, "–", String(row.value), "–", String(row.target), verdict(row.met)]);
    return rows;
  } finally {
    killAll();
    await stack.close().catch((error: Error) => console.error(`closing the stack: ${error.message}`));
    await dropDatabase(template).catch(() => {});
  }
}
