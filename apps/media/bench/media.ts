// `npm run bench:media` (`-- --quick` for a shorter run; `--mix-only`,
// `--skip-mix`, `--publishes=N`, `--burst=N`, `--at-once=N`, `--long-minutes=N`):
// the media gateway on this machine, against baselines measured in the same run.
// Rows 1–3 run it as a child process with a stand-in API that lets every key publish:
//  1. glass-to-glass: from a frame leaving the publisher to that frame being
//     listed in the live playlist with its segment readable, passthrough and ladder;
//  2. capacity: concurrent 720p 3 Mbit/s publishers held in passthrough with no
//     dropped segment, and the CPU per stream (passthrough; the ladder at 1 and 2);
//  3. stop recording to video-on-demand ready, for a 10-minute recording.
// The baseline of 1 and 2 is the gateway's own ffmpeg command (read from /proc,
// so the segment settings are the same) run as the RTMP server (`-listen 1`)
// straight off the publisher: no nginx, no gateway. The baseline of 3 is what a
// naive implementation would do: remux the recording into a new HLS VOD.
// Row 4 (obs-mix.ts) runs the REAL API, worker and gateway with OBS-like
// streams: take-rate, recorded ÷ published, publish → first playable LL-HLS part
// (and, secondary, → first whole live segment),
// stop → on demand of a 90-minute recording, and the SRT loss rows of
// srt-loss.ts when that file is there.
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { MEDIA_FILES, RTMP_APP } from "@clubcast/shared";
import { type CameraCommand } from "@clubcast/shared/jobs";
import { createCameraServerClient } from "@clubcast/camera-protocol";
import { percentile, printTable, sleep } from "@clubcast/testkit/bench";
import type { GatewayReply, GatewayRequest } from "./gateway-node.ts";
import { obsMixRows, type SummaryRow } from "./obs-mix.ts";
import {
  CLIP,
  cameraOf,
  commandLine,
  cpuBetween,
  cpuOf,
  descendants,
  encodeClip,
  ffmpeg,
  firstFrameNumber,
  freePort,
  isLadderKey,
  listedSegments,
  listening,
  machineTicks,
  TICKS_PER_SECOND,
  publish,
  run,
  segmentNumber,
  stop,
  stopAll,
  type Publisher,
} from "./support.ts";

const QUICK = process.argv.includes("--quick");
/** `--mix-only`: only the OBS-like rows through the real API; `--skip-mix`: only the stand-in's rows 1–3. */
const MIX_ONLY = process.argv.includes("--mix-only");
const SKIP_MIX = process.argv.includes("--skip-mix");
const option = (name: string, fallback: number) => {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.slice(name.length + 3)) : fallback;
};
/** OBS-like publishes through the real API, the burst included (`--publishes=N`, `--burst=N`, `--at-once=N`). */
const PUBLISHES = option("publishes", QUICK ? 20 : 100);
const BURST = Math.min(PUBLISHES, option("burst", QUICK ? 8 : 20));
const MIX_AT_ONCE = option("at-once", 4);
/** The long recording of stop → on demand, in minutes (`--long-minutes=N`). */
const LONG_MINUTES = option("long-minutes", QUICK ? 15 : 90);
/** Segments whose frames are timed, per glass-to-glass path (after WARMUP_SEGMENTS). */
const G2G_SEGMENTS = QUICK ? 8 : 15;
const WARMUP_SEGMENTS = 2;
/** Each capacity step is judged over this window once its streams are live. */
const WINDOW_SECONDS = QUICK ? 10 : 20;
/** Concurrent publishers per capacity step (BENCH_MEDIA_STREAMS="10,20,40" to choose); the last one is the cap. */
const STEPS =
  process.env.BENCH_MEDIA_STREAMS?.split(",").map(Number) ?? (QUICK ? [5, 10, 20] : [10, 20, 40, 60, 80, 100]);
const LADDER_STEPS = [1, 2];
const OPEN_AT_ONCE = 5;
const POLL_MS = 500;
const VOD_SECONDS = 600;
/** The 10-minute recording is published this many times faster than real time. */
const VOD_READRATE = 40;
const TARGETS = { glassToGlassSeconds: 4, streams: 20, vodSeconds: 5 };
/** A segment's duration must stay within this of the 1 s target; new ones may not wait longer than MAX_WAIT_S. */
const DURATION_TOLERANCE_S = 0.5;
const MAX_WAIT_S = 3;

/** How far ffmpeg's -stream_loop moves timestamps on per loop: the clip's duration, set once it is encoded. */
let clipLoopSeconds: number = CLIP.seconds;

const tmp = mkdtempSync(join(tmpdir(), "clubcast-bench-media-"));
const mediaDir = join(tmp, "media");
const clip = join(tmp, "clip.mp4");
const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const ratio = (value: number, base: number) =>
  base > 0 && Number.isFinite(value) ? `${(value / base).toFixed(2)}×` : "–";

// ── the gateway ──

interface GatewayChild {
  url: string;
  rtmpPort: number;
  pid: number;
  logs: string[];
  command(name: CameraCommand, streamKey: string, matchId: number): Promise<unknown>;
  /** Resolves with the wall-clock ms at which the API heard the recording of `matchId` is finished. */
  finished(matchId: number): Promise<number>;
  close(): Promise<void>;
}

async function startGateway(): Promise<GatewayChild> {
  const rtmpPort = await freePort();
  const child: ChildProcess = fork(fileURLToPath(new URL("./gateway-node.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      MEDIA_DIR: mediaDir,
      RTMP_PORT: String(rtmpPort),
      REDIS_PREFIX: `bench-media:${randomBytes(4).toString("hex")}:`,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const logs: string[] = [];
  const finished = new Map<number, number>();
  child.on("message", (reply: GatewayReply) => {
    if (reply.type === "log") logs.push(reply.line);
    if (reply.type === "recordingFinished") finished.set(reply.matchId, reply.at);
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.on("message", (reply: GatewayReply) => reply.type === "ready" && resolve(reply.url));
    child.once("exit", (code) => reject(new Error(`the gateway exited (${code}): ${logs.slice(-3).join(" | ")}`)));
  });
  const camera = createCameraServerClient(url);
  return {
    url,
    rtmpPort,
    pid: child.pid!,
    logs,
    command: (name, streamKey, matchId) =>
      camera.send(name, cameraOf(streamKey), { match_id: matchId }, { idempotencyKey: randomUUID() }),
    async finished(matchId) {
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(5)) {
        const at = finished.get(matchId);
        if (at !== undefined) return at;
      }
      throw new Error(`match ${matchId}: recordingFinished was not called within 60 s`);
    },
    async close() {
      if (child.exitCode !== null) return;
      // Whatever the gateway started is killed too if it does not close in time.
      const started = descendants(child.pid!);
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send({ type: "close" } satisfies GatewayRequest);
      const timeout = setTimeout(() => {
        for (const { pid } of [...started, { pid: child.pid! }]) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // already gone
          }
        }
      }, 15_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}

// ── streams: one publisher into the gateway or into a baseline ffmpeg ──

interface Stream {
  publisher: Publisher;
  /** The playlist viewers would read: the gateway's live playlist, or the baseline ffmpeg's own. */
  playlist: string;
  /** The baseline's ffmpeg, this stream's RTMP server (the gateway's ffmpegs are the gateway's own children). */
  server?: ChildProcess;
}

/** The best rendition of a stream of the 720p clip. */
const renditionOf = (streamKey: string) => (isLadderKey(streamKey) ? "720p" : "source");
const matchDir = (matchId: number) => join(mediaDir, "matches", String(matchId));

async function gatewayStream(
  gateway: GatewayChild,
  streamKey: string,
  matchId: number,
  reportSeconds?: number,
): Promise<Stream> {
  // The camera records from the start, so the stream goes straight to the match.
  await gateway.command("startRecording", streamKey, matchId);
  const url = `rtmp://127.0.0.1:${gateway.rtmpPort}/${RTMP_APP}/${streamKey}`;
  return {
    publisher: publish(clip, url, { reportSeconds }),
    playlist: join(matchDir(matchId), renditionOf(streamKey), MEDIA_FILES.livePlaylist),
  };
}

/** The gateway's ffmpeg command for a stream (its writer), and its renditions (one output each). */
interface PipelineCommand {
  args: string[];
  renditions: string[];
}

/** The baseline ffmpeg's own playlist in each rendition's folder. */
const BASELINE_PLAYLIST = "index.m3u8";

function pipelineCommand(gateway: GatewayChild, streamKey: string, matchId: number): PipelineCommand {
  const ffmpegs = descendants(gateway.pid)
    .map(({ pid }) => commandLine(pid))
    .filter((argv) => argv[0] === "ffmpeg");
  const reader = ffmpegs.find((argv) => argv.some((arg) => arg.endsWith(`/${RTMP_APP}/${streamKey}`)));
  if (!reader) throw new Error(`no ffmpeg of the gateway reads ${streamKey}`);
  const manifest = JSON.parse(readFileSync(join(matchDir(matchId), MEDIA_FILES.manifest), "utf8")) as {
    renditions: string[];
  };
  // The ladder's reader copies into its spool folder, and an encoder reads that copy on stdin: the command
  // is the reader's input and the encoder's outputs (into the same spool folder).
  const spool = dirname(dirname(reader.at(-1)!));
  const encoder = ffmpegs.find((argv) => argv.includes("pipe:0") && argv.at(-1)!.startsWith(`${spool}/`));
  const input = reader.slice(1, reader.indexOf("-i") + 2);
  const args = encoder ? [...input, ...encoder.slice(encoder.indexOf("-i") + 2)] : reader.slice(1);
  return { args, renditions: manifest.renditions };
}

/**
 * The gateway's ffmpeg command as the RTMP server the publisher pushes to, writing HLS into `dir` with
 * ffmpeg's own muxer (1-second segments, keyframe to keyframe in passthrough) where the gateway's writer
 * spools MPEG-TS for its low-latency parts.
 */
async function baselineStream(command: PipelineCommand, dir: string, reportSeconds?: number): Promise<Stream> {
  const port = await freePort();
  const input = `rtmp://127.0.0.1:${port}/${RTMP_APP}/bench`;
  // prettier-ignore
  const hls = (rendition: string) => [
    "-f", "hls", "-hls_time", "1", "-hls_list_size", "60", "-hls_flags", "temp_file", "-start_number", "0",
    "-hls_segment_filename", join(dir, rendition, "%d.ts"), join(dir, rendition, BASELINE_PLAYLIST),
  ];
  // Each output's options from its "-f segment" to its spool files ("{spool}/{rendition}/%d.ts") become that
  // rendition's HLS in `dir`.
  let output = false;
  const args = command.args.flatMap((arg, index) => {
    if (command.args[index - 1] === "-i") return [input];
    if (arg === "-i") return ["-listen", "1", arg];
    if (arg === "-f" && command.args[index + 1] === "segment") output = true;
    if (!output) return [arg];
    if (!arg.endsWith("/%d.ts")) return [];
    output = false;
    return hls(basename(dirname(arg)));
  });
  for (const rendition of command.renditions) mkdirSync(join(dir, rendition), { recursive: true });
  const server = run("ffmpeg", args);
  await listening(port);
  return {
    publisher: publish(clip, input, { reportSeconds }),
    playlist: join(dir, command.renditions[0]!, BASELINE_PLAYLIST),
    server,
  };
}

async function closeStream(stream: Stream): Promise<void> {
  await stop(stream.publisher.child);
  // The baseline ffmpeg finishes its playlist once its publisher left.
  if (stream.server) await stop(stream.server, "SIGINT");
}

// ── 1. glass-to-glass ──

interface Latency {
  segments: number;
  frames: number;
  p50: number;
  p95: number;
  max: number;
}

/**
 * Times every frame of G2G_SEGMENTS segments: a segment's frames are fetchable
 * once it is listed and readable (polled every 10 ms); each frame's number is
 * read from the pixels of its segment's first frame (the frames up to the next
 * segment's first one are its own); the publisher's origin says when it left.
 */
async function glassToGlass(name: string, open: () => Promise<Stream>, whileLive?: () => void): Promise<Latency> {
  const stream = await open();
  const appeared: { file: string; at: number }[] = [];
  const seen = new Set<string>();
  try {
    for (const deadline = Date.now() + 60_000; appeared.length < WARMUP_SEGMENTS + G2G_SEGMENTS + 1; await sleep(10)) {
      if (Date.now() > deadline) throw new Error(`${stream.playlist}: too few segments within 60 s`);
      for (const { uri } of listedSegments(stream.playlist)) {
        if (seen.has(uri)) continue;
        const file = join(dirname(stream.playlist), uri);
        readFileSync(file); // fetchable: a player's request would get it whole now
        seen.add(uri);
        appeared.push({ file, at: Date.now() });
      }
    }
    whileLive?.();
  } finally {
    await closeStream(stream);
  }
  const origin = stream.publisher.origin();
  const loopMs = clipLoopSeconds * 1000;
  const frameMs = 1000 / CLIP.fps;
  const framesPerLoop = CLIP.seconds * CLIP.fps;
  const leftAt = (frame: number) =>
    origin + Math.floor(frame / framesPerLoop) * loopMs + (frame % framesPerLoop) * frameMs;
  // The latest send of the clip's frame `number` before `at` (the clip loops).
  const frameOf = async (file: string, at: number) => {
    const number = await firstFrameNumber(file);
    const loops = Math.floor((at - origin - number * frameMs) / loopMs);
    if (loops < 0) throw new Error(`${file}: frame ${number} listed before it was sent`);
    return loops * framesPerLoop + number;
  };
  const latencies: number[] = [];
  let next = await frameOf(appeared[WARMUP_SEGMENTS]!.file, appeared[WARMUP_SEGMENTS]!.at);
  for (let index = WARMUP_SEGMENTS; index < appeared.length - 1; index++) {
    const first = next;
    next = await frameOf(appeared[index + 1]!.file, appeared[index + 1]!.at);
    if (next - first < 1 || next - first > 3 * CLIP.fps) throw new Error(`frames ${first}..${next} in one segment`);
    for (let frame = first; frame < next; frame++) latencies.push((appeared[index]!.at - leftAt(frame)) / 1000);
  }
  const latency = {
    segments: appeared.length - 1 - WARMUP_SEGMENTS,
    frames: latencies.length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    max: Math.max(...latencies),
  };
  console.log(`  ${name}: p50 ${fixed(latency.p50)} s, p95 ${fixed(latency.p95)} s`);
  return latency;
}

// ── 2. capacity ──

/** What one stream's playlist did during a window. */
interface StreamWindow {
  /** Media seconds listed per wall second. */
  pace: number;
  /** Missing sequence or segment numbers, and discontinuities (a restarted ffmpeg). */
  breaks: number;
  /** Longest wall time without a new segment. */
  longestWait: number;
  shortest: number;
  longest: number;
}

function watchPlaylist(playlist: string, startedAt: number) {
  const firstSeen = new Map<number, number>();
  const segments = new Map<number, { uri: string; duration: number; discontinuity: boolean }>();
  const known = new Set(listedSegments(playlist).map((segment) => segment.sequence));
  const last = Math.max(-1, ...known);
  return {
    poll(now: number) {
      for (const segment of listedSegments(playlist)) {
        if (known.has(segment.sequence) || segments.has(segment.sequence)) continue;
        segments.set(segment.sequence, segment);
        firstSeen.set(segment.sequence, now);
      }
    },
    result(endedAt: number): StreamWindow {
      const sequences = [...segments.keys()].sort((a, b) => a - b);
      const listed = sequences.map((sequence) => segments.get(sequence)!);
      let breaks = sequences.length ? sequences.at(-1)! - last - sequences.length : 0;
      listed.forEach((segment, index) => {
        const previous = index > 0 ? listed[index - 1] : null;
        if (segment.discontinuity || (previous && segmentNumber(segment.uri) !== segmentNumber(previous.uri) + 1))
          breaks++;
      });
      const times = [startedAt, ...sequences.map((sequence) => firstSeen.get(sequence)!), endedAt];
      const durations = listed.map((segment) => segment.duration);
      return {
        pace: durations.reduce((sum, duration) => sum + duration, 0) / ((endedAt - startedAt) / 1000),
        breaks,
        longestWait: Math.max(...times.slice(1).map((time, index) => (time - times[index]!) / 1000)),
        shortest: Math.min(...durations),
        longest: Math.max(...durations),
      };
    },
  };
}

/** Why a stream did not hold during a window (nothing when it held). */
function problemsOf(window: StreamWindow): string[] {
  const problems: string[] = [];
  if (window.breaks > 0) problems.push("gap or restart");
  // Within two segments of real time.
  if (window.pace < 1 - 2 / WINDOW_SECONDS) problems.push("behind real time");
  if (window.longestWait > MAX_WAIT_S) problems.push(`waited > ${MAX_WAIT_S} s`);
  const offTarget = (duration: number) => !(Math.abs(duration - 1) <= DURATION_TOLERANCE_S);
  if (offTarget(window.shortest) || offTarget(window.longest)) problems.push("segment duration");
  return problems;
}

interface Step {
  streams: number;
  held: boolean;
  failing: number;
  note: string;
  pace: number;
  longestWait: number;
  shortest: number;
  longest: number;
  /** % of one core per stream: the gateway's ffmpegs and nginx, or the baseline's ffmpegs. */
  cpuPerStream: number;
  /** % of one core: the gateway's Node process (null for the baseline). */
  gatewayNode: number | null;
  /** % of one core: all publishers together. */
  publishers: number;
  /** % of the whole machine (both cores). */
  machine: number;
  /** % of one core: processes outside this benchmark (the machine is shared). */
  others: number;
}

interface Lane {
  open(index: number): Promise<Stream>;
  /** The processes whose CPU counts as the streams' (nginx and the gateway's ffmpegs, or the baseline's). */
  streamPids(streams: Stream[]): number[];
  gatewayPid: number | null;
}

function gatewayLane(gateway: GatewayChild, mode: "pass" | "ladder", firstMatch: number): Lane {
  return {
    open: (index) => gatewayStream(gateway, `${mode}-${index}`, firstMatch + index),
    streamPids: () =>
      descendants(gateway.pid)
        .filter(({ pid, comm }) => comm === "nginx" || (comm === "ffmpeg" && commandLine(pid).includes("hls")))
        .map(({ pid }) => pid),
    gatewayPid: gateway.pid,
  };
}

function baselineLane(command: PipelineCommand, name: string): Lane {
  return {
    open: (index) => baselineStream(command, join(tmp, name, String(index))),
    streamPids: (streams) => streams.map((stream) => stream.server!.pid!),
    gatewayPid: null,
  };
}

/** This benchmark and every process it started (the gateway's too). */
const ourPids = () => [process.pid, ...descendants(process.pid).map(({ pid }) => pid)];

/** How many streams list fewer than two segments once all do or the time is up. */
async function notLiveAfter(streams: Stream[], timeoutMs: number): Promise<number> {
  const notLive = () => streams.filter((stream) => listedSegments(stream.playlist).length < 2).length;
  for (const deadline = Date.now() + timeoutMs; notLive() > 0 && Date.now() < deadline;) await sleep(POLL_MS);
  return notLive();
}

async function measureStep(lane: Lane, streams: Stream[]): Promise<Step> {
  const startedAt = Date.now();
  const watches = streams.map((stream) => watchPlaylist(stream.playlist, startedAt));
  const publisherPids = streams.map((stream) => stream.publisher.child.pid!);
  const sentBefore = streams.map((stream) => stream.publisher.sent());
  const cpuBefore = {
    streams: cpuOf(lane.streamPids(streams)),
    gateway: cpuOf(lane.gatewayPid ? [lane.gatewayPid] : []),
    publishers: cpuOf(publisherPids),
    ours: cpuOf(ourPids()),
    machine: machineTicks(),
  };
  while (Date.now() - startedAt < WINDOW_SECONDS * 1000) {
    await sleep(POLL_MS);
    const now = Date.now();
    for (const watch of watches) watch.poll(now);
  }
  const endedAt = Date.now();
  const seconds = (endedAt - startedAt) / 1000;
  const machine = machineTicks();
  const ours = cpuBetween(cpuBefore.ours, cpuOf(ourPids()));
  const core = (cpu: number) => (cpu / seconds) * 100;
  const windows = watches.map((watch) => watch.result(endedAt));
  const problems = windows.map(problemsOf);
  const failing = problems.filter((list) => list.length > 0).length;
  const streamsWith = new Map<string, number>();
  for (const problem of problems.flat()) streamsWith.set(problem, (streamsWith.get(problem) ?? 0) + 1);
  // A publisher that could not keep real time would make the gateway look slow.
  const publisherPace = Math.min(
    ...streams.map((stream, index) => {
      const [before, after] = [sentBefore[index]!, stream.publisher.sent()];
      return (after.seconds - before.seconds) / ((after.at - before.at) / 1000);
    }),
  );
  return {
    streams: streams.length,
    held: failing === 0,
    failing,
    note: [
      ...[...streamsWith].map(([problem, count]) => `${count} ${problem}`),
      ...(publisherPace < 0.95 ? [`publishers at ${publisherPace.toFixed(2)}× real time`] : []),
    ].join(", "),
    pace: Math.min(...windows.map((window) => window.pace)),
    longestWait: Math.max(...windows.map((window) => window.longestWait)),
    shortest: Math.min(...windows.map((window) => window.shortest)),
    longest: Math.max(...windows.map((window) => window.longest)),
    cpuPerStream: core(cpuBetween(cpuBefore.streams, cpuOf(lane.streamPids(streams)))) / streams.length,
    gatewayNode: lane.gatewayPid ? core(cpuBetween(cpuBefore.gateway, cpuOf([lane.gatewayPid]))) : null,
    publishers: core(cpuBetween(cpuBefore.publishers, cpuOf(publisherPids))),
    machine: ((machine.busy - cpuBefore.machine.busy) / (machine.total - cpuBefore.machine.total)) * 100,
    // Readings a few ms apart can put it a hair below zero.
    others: Math.max(0, core((machine.busy - cpuBefore.machine.busy) / TICKS_PER_SECOND - ours)),
  };
}

/**
 * Adds streams step by step, each step judged over a window, until one fails
 * or the steps end. Streams open a few at a time, as cameras connecting over a
 * minute would rather than in the same instant.
 */
async function ramp(name: string, lane: Lane, steps: number[]): Promise<Step[]> {
  const streams: Stream[] = [];
  const results: Step[] = [];
  try {
    for (const count of steps) {
      const added = count - streams.length;
      while (streams.length < count) {
        const batch = Math.min(OPEN_AT_ONCE, count - streams.length);
        streams.push(
          ...(await Promise.all(Array.from({ length: batch }, (_, index) => lane.open(streams.length + index)))),
        );
      }
      const liveWithin = 15 + added / 2;
      const notLive = await notLiveAfter(streams, liveWithin * 1000);
      const step = await measureStep(lane, streams);
      if (notLive) step.note = [`${notLive} not live within ${liveWithin} s`, step.note].filter(Boolean).join(", ");
      results.push(step);
      console.log(
        `  ${name}, ${count} streams: ${step.held ? "held" : `NOT held (${step.failing} failing: ${step.note})`}, ${fixed(step.cpuPerStream, 1)}% of a core per stream, machine ${fixed(step.machine, 0)}% busy (${fixed(step.others, 0)}% of a core not ours)`,
      );
      if (!step.held) break;
    }
  } finally {
    await Promise.all(streams.map(closeStream));
  }
  return results;
}

const heldStreams = (steps: Step[]) => Math.max(0, ...steps.filter((step) => step.held).map((step) => step.streams));
/** Even the last step (the cap) held. */
const capped = (steps: Step[]) => steps.at(-1)?.held === true && steps.at(-1)!.streams === STEPS.at(-1);
const heldLabel = (steps: Step[]) => `${capped(steps) ? "≥ " : ""}${heldStreams(steps)}`;

// ── 3. stop to video-on-demand ──

async function stopToVod(gateway: GatewayChild) {
  const streamKey = "pass-vod";
  const matchId = 9000;
  const dir = join(matchDir(matchId), "source");
  const recorded = join(dir, "s1.m3u8");
  const seconds = (file: string) => listedSegments(file).reduce((sum, segment) => sum + segment.duration, 0);
  await gateway.command("startRecording", streamKey, matchId);
  const publisher = publish(clip, `rtmp://127.0.0.1:${gateway.rtmpPort}/${RTMP_APP}/${streamKey}`, {
    readrate: VOD_READRATE,
  });
  let stopMs: number;
  try {
    for (const deadline = Date.now() + (VOD_SECONDS / VOD_READRATE) * 4000 + 30_000; ; await sleep(100)) {
      if (Date.now() > deadline) throw new Error(`the recording did not reach ${VOD_SECONDS} s in time`);
      if (seconds(recorded) >= VOD_SECONDS) break;
    }
    const stoppedAt = Date.now();
    await gateway.command("stopRecording", streamKey, matchId);
    stopMs = (await gateway.finished(matchId)) - stoppedAt;
  } finally {
    await stop(publisher.child);
  }
  const vod = listedSegments(join(dir, MEDIA_FILES.vodPlaylist));
  const complete =
    vod.length === listedSegments(recorded).length &&
    readFileSync(join(dir, MEDIA_FILES.vodPlaylist), "utf8").includes("#EXT-X-ENDLIST") &&
    existsSync(join(matchDir(matchId), MEDIA_FILES.poster));

  const out = join(tmp, "remux");
  mkdirSync(out);
  const remuxStarted = Date.now();
  await ffmpeg([
    ...["-i", recorded, "-c", "copy", "-f", "hls", "-hls_time", "1", "-hls_list_size", "0"],
    ...["-hls_playlist_type", "vod", "-hls_segment_filename", join(out, "%05d.ts"), join(out, "vod.m3u8")],
  ]);
  const remuxMs = Date.now() - remuxStarted;
  return { segments: vod.length, mediaSeconds: seconds(recorded), complete, stopMs, remuxMs };
}

// ── the run ──

/** Rows 1–3, through the stand-in API (gateway-node.ts); answers their summary rows. */
async function standInRows(): Promise<SummaryRow[]> {
  console.log("Encoding the 720p 3 Mbit/s test clip once…");
  const encoded = await encodeClip(clip);
  clipLoopSeconds = encoded.loopSeconds;
  const gateway = (gatewayChild = await startGateway());
  // ── 1 ──
  console.log("Glass-to-glass: the gateway, then its ffmpeg command as the baseline, passthrough and ladder…");
  let passCommand: PipelineCommand | null = null;
  const passG2g = await glassToGlass(
    "gateway passthrough",
    () => gatewayStream(gateway, "pass-g2g", 1, 0.1),
    () => (passCommand = pipelineCommand(gateway, "pass-g2g", 1)),
  );
  const passBaseG2g = await glassToGlass("baseline -c copy", () =>
    baselineStream(passCommand!, join(tmp, "g2g-pass"), 0.1),
  );
  let ladderCommand: PipelineCommand | null = null;
  const ladderG2g = await glassToGlass(
    "gateway ladder",
    () => gatewayStream(gateway, "ladder-g2g", 2, 0.1),
    () => (ladderCommand = pipelineCommand(gateway, "ladder-g2g", 2)),
  );
  const ladderBaseG2g = await glassToGlass("baseline ladder", () =>
    baselineStream(ladderCommand!, join(tmp, "g2g-ladder"), 0.1),
  );

  // ── 2 ──
  console.log(`Capacity: ${WINDOW_SECONDS} s windows at ${STEPS.join(", ")} streams…`);
  const gatewaySteps = await ramp("gateway passthrough", gatewayLane(gateway, "pass", 100), STEPS);
  const baselineSteps = await ramp("baseline ffmpeg -c copy", baselineLane(passCommand!, "capacity"), STEPS);
  const ladderSteps = await ramp("gateway ladder", gatewayLane(gateway, "ladder", 500), LADDER_STEPS);
  const ladderBaseSteps = await ramp("baseline ffmpeg ladder", baselineLane(ladderCommand!, "ladder"), LADDER_STEPS);

  // ── 3 ──
  console.log(
    `Stop to video-on-demand: a ${VOD_SECONDS} s recording published ${VOD_READRATE}× faster than real time…`,
  );
  const vod = await stopToVod(gateway);

  // ── tables ──
  console.log(
    `\nClip: ${CLIP.width}x${CLIP.height} ${CLIP.fps} fps H.264 + AAC, ${fixed(encoded.bitsPerSecond / 1e6)} Mbit/s, keyframe every 1 s, looped with -c copy.` +
      `\nGlass-to-glass: every frame of ${G2G_SEGMENTS} consecutive segments (after ${WARMUP_SEGMENTS} warm-up ones): the wall time its segment was listed in the` +
      `\nplaylist viewers read and readable (polled every 10 ms), minus the wall time the frame left the publisher (ffmpeg -re; its progress` +
      `\nreports tie stream time to wall time within one frame). Frames are identified by a number drawn into the picture, read back from` +
      `\neach segment's first frame. The p95 is over frames, so it includes waiting for the segment to fill (about 1 s).`,
  );
  const g2gRow = (path: string, latency: Latency, base: Latency) => [
    path,
    latency.segments,
    latency.frames,
    fixed(latency.p50),
    fixed(latency.p95),
    fixed(latency.max),
    ratio(latency.p95, base.p95),
  ];
  printTable(
    `Glass-to-glass, seconds from a frame leaving the publisher to it being fetchable (target: p95 ≤ ${TARGETS.glassToGlassSeconds} s in passthrough)`,
    ["path", "segments", "frames", "p50", "p95", "max", "p95 vs baseline"],
    [
      g2gRow("baseline: the gateway's ffmpeg as RTMP server, -c copy", passBaseG2g, passBaseG2g),
      g2gRow("gateway passthrough (nginx, ffmpeg -c copy, live playlist)", passG2g, passBaseG2g),
      g2gRow("baseline: the gateway's ladder ffmpeg as RTMP server", ladderBaseG2g, ladderBaseG2g),
      g2gRow("gateway ladder 720p/360p (720p playlist)", ladderG2g, ladderBaseG2g),
    ],
  );

  const stepRows = (path: string, steps: Step[]) =>
    steps.map((step) => [
      path,
      step.streams,
      step.held ? "yes" : `NO (${step.failing} failing: ${step.note})`,
      fixed(step.pace),
      fixed(step.longestWait, 1),
      `${fixed(step.shortest)}–${fixed(step.longest)}`,
      fixed(step.cpuPerStream, 1),
      step.gatewayNode === null ? "–" : fixed(step.gatewayNode, 1),
      fixed(step.publishers, 1),
      fixed(step.others, 0),
      fixed(step.machine, 0),
    ]);
  printTable(
    `Capacity: each step judged over ${WINDOW_SECONDS} s; a stream holds when its playlist lists every segment in order (no gap, no restart), ` +
      `\nkeeps real time (media s per wall s), never waits more than ${MAX_WAIT_S} s for a new segment, and its segments last 1 ± ${DURATION_TOLERANCE_S} s. ` +
      `\nCPU in % of one core from /proc: per stream the gateway's ffmpegs + nginx (baseline: its ffmpegs), the gateway's Node process, all publishers, ` +
      `\nprocesses outside this benchmark (the machine is shared); machine: % of both cores busy.`,
    [
      "path",
      "streams",
      "held",
      "pace (min)",
      "longest wait s",
      "segment s",
      "CPU % per stream",
      "gateway node %",
      "publishers %",
      "others %",
      "machine %",
    ],
    [
      ...stepRows("baseline -c copy", baselineSteps),
      ...stepRows("gateway passthrough", gatewaySteps),
      ...stepRows("baseline ladder", ladderBaseSteps),
      ...stepRows("gateway ladder", ladderSteps),
    ],
  );

  printTable(
    `Stop recording to video-on-demand ready: the HTTP stop command until the API's recordingFinished is called with vod.m3u8 listing every segment (target: ≤ ${TARGETS.vodSeconds} s)`,
    ["path", "recording s", "segments", "seconds", "vs baseline", "complete"],
    [
      [
        "baseline: ffmpeg -c copy remux into a new HLS VOD",
        fixed(vod.mediaSeconds, 0),
        vod.segments,
        fixed(vod.remuxMs / 1000),
        "1.00×",
        "yes",
      ],
      [
        "gateway: stop → vod playlists + poster → recordingFinished",
        fixed(vod.mediaSeconds, 0),
        vod.segments,
        fixed(vod.stopMs / 1000),
        ratio(vod.stopMs, vod.remuxMs),
        vod.complete ? "yes" : "NO",
      ],
    ],
  );

  // The CPU per stream at the largest step both paths held.
  const passHeld = heldStreams(gatewaySteps);
  const cpuAt = (steps: Step[], streams: number) =>
    steps.find((step) => step.streams === streams)?.cpuPerStream ?? Number.NaN;
  const verdict = (met: boolean) => (met ? "met" : "NOT met");
  const summary = [
    [
      "glass-to-glass passthrough, p95 s",
      fixed(passBaseG2g.p95),
      fixed(passG2g.p95),
      ratio(passG2g.p95, passBaseG2g.p95),
      `≤ ${TARGETS.glassToGlassSeconds}`,
      verdict(passG2g.p95 <= TARGETS.glassToGlassSeconds),
    ],
    [
      "glass-to-glass ladder, p95 s",
      fixed(ladderBaseG2g.p95),
      fixed(ladderG2g.p95),
      ratio(ladderG2g.p95, ladderBaseG2g.p95),
      "–",
      "–",
    ],
    [
      "720p 3 Mbit/s publishers held, passthrough",
      heldLabel(baselineSteps),
      heldLabel(gatewaySteps),
      // A capped count is only a lower bound, which bounds the ratio (or leaves it open when both are capped).
      capped(baselineSteps) && capped(gatewaySteps)
        ? "–"
        : `${capped(baselineSteps) ? "≤ " : capped(gatewaySteps) ? "≥ " : ""}${ratio(passHeld, heldStreams(baselineSteps))}`,
      `≥ ${TARGETS.streams}`,
      verdict(passHeld >= TARGETS.streams),
    ],
    [
      `CPU % of a core per stream, passthrough at ${passHeld || STEPS[0]}`,
      fixed(cpuAt(baselineSteps, passHeld || STEPS[0]!), 1),
      fixed(cpuAt(gatewaySteps, passHeld || STEPS[0]!), 1),
      ratio(cpuAt(gatewaySteps, passHeld || STEPS[0]!), cpuAt(baselineSteps, passHeld || STEPS[0]!)),
      "–",
      "–",
    ],
    ...LADDER_STEPS.map((streams) => [
      `CPU % of a core per stream, ladder at ${streams}`,
      fixed(cpuAt(ladderBaseSteps, streams), 1),
      fixed(cpuAt(ladderSteps, streams), 1),
      ratio(cpuAt(ladderSteps, streams), cpuAt(ladderBaseSteps, streams)),
      "–",
      "–",
    ]),
    [
      `stop to VOD ready, ${fixed(vod.mediaSeconds / 60, 0)}-minute recording, s`,
      fixed(vod.remuxMs / 1000),
      fixed(vod.stopMs / 1000),
      ratio(vod.stopMs, vod.remuxMs),
      `≤ ${TARGETS.vodSeconds}`,
      verdict(vod.complete && vod.stopMs / 1000 <= TARGETS.vodSeconds),
    ],
  ];
  // The stand-in's gateway makes way for the real stack's (its log stays for cleanUp's report).
  await gateway.close();
  return summary;
}

async function main() {
  console.log(`Media benchmark${QUICK ? " (quick)" : ""} in ${tmp}`);
  const summary: SummaryRow[] = [];
  if (!MIX_ONLY) summary.push(...(await standInRows()));
  if (!SKIP_MIX) {
    summary.push(
      ...(await obsMixRows({
        tmp,
        publishes: PUBLISHES,
        burst: BURST,
        atOnce: MIX_AT_ONCE,
        longRecordingSeconds: LONG_MINUTES * 60,
        srtLossMinutes: QUICK ? 2 : 10,
      })),
    );
  }
  printTable("Media benchmark summary", ["measure", "baseline", "gateway", "vs baseline", "target", "result"], summary);
  for (const row of summary) if (row[5] !== "–") console.log(`${row[0]}: ${row[5]}`);
}

/** Closed at the end whatever happens. */
let gatewayChild: GatewayChild | null = null;

async function cleanUp() {
  const problems = gatewayChild?.logs.filter((line) => /failed|ended \(|exited|refused|could not|uncaught/.test(line));
  if (problems?.length) {
    console.log(`\nThe gateway logged ${problems.length} problem(s), the first ones:`);
    for (const line of problems.slice(0, 10)) console.log(`  ${line}`);
  }
  await gatewayChild?.close();
  await stopAll();
  rmSync(tmp, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
try {
  await main();
} finally {
  await cleanUp();
}
