// OBS-like streams drawn from the mix real cameras send, published through the
// whole stack (API, worker, gateway) and judged only by what a club sees: the
// publish is taken, the match goes live, and the video-on-demand holds every
// frame from the first keyframe sent to the last frame sent. Each frame carries
// its number as 16 black/white blocks along the top of the picture, so the
// recording's first and last frames are read back from its pixels. Shared by
// stream-mix.test.ts and `npm run bench:media`.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import type { LivestreamMode } from "@clubcast/shared";
import { followFfmpegProgress } from "../src/processes.ts";
import { lingering, rtmpUrl, srtUrl, bestRendition, statusOf, type GatewayStack } from "./support.ts";

export const FPS = 30;
const WIDTH = 640;
const HEIGHT = 360;
const BITS = 16;

export type KeyframeSeconds = 1 | 2 | 4 | 10;

export interface StreamCase {
  keyframeSeconds: KeyframeSeconds;
  bFrames: boolean;
  /** AAC sample rate, or null for a stream without audio. */
  audio: 44100 | 48000 | null;
  /** Frames of the first GOP the camera did not send (it joined mid-GOP); 0 starts on a keyframe. */
  lateFrames: number;
  protocol: "rtmp" | "srt";
  passthrough: boolean;
  /** Recording started before the camera publishes, or after (the preview handed over to the match). */
  recordFrom: "before" | "after";
}

/** The mix: every keyframe interval, B-frames or not, both audio rates and none, late keyframes, both protocols. */
export const streamCases: fc.Arbitrary<StreamCase> = fc
  .record({
    keyframeSeconds: fc.constantFrom<KeyframeSeconds>(1, 2, 4, 10),
    bFrames: fc.boolean(),
    audio: fc.constantFrom<StreamCase["audio"]>(44100, 48000, null),
    late: fc.boolean(),
    /** Where in the first GOP the camera joins, as a fraction of it. */
    joinsAt: fc.integer({ min: 10, max: 90 }),
    protocol: fc.constantFrom<StreamCase["protocol"]>("rtmp", "srt"),
    passthrough: fc.boolean(),
    recordFrom: fc.constantFrom<StreamCase["recordFrom"]>("before", "before", "before", "after"),
  })
  .map(({ late, joinsAt, ...rest }) => ({
    ...rest,
    lateFrames: late ? Math.max(1, Math.round((rest.keyframeSeconds * FPS * joinsAt) / 100)) : 0,
  }));

export const describeCase = (c: StreamCase) =>
  [
    `${c.protocol.toUpperCase()}`,
    `keyframe every ${c.keyframeSeconds} s`,
    c.bFrames ? "B-frames" : "no B-frames",
    c.audio ? `AAC ${c.audio / 1000} kHz` : "no audio",
    c.lateFrames ? `first keyframe late (joins ${(c.lateFrames / FPS).toFixed(2)} s into a GOP)` : "keyframe first",
    c.passthrough ? "passthrough" : "ladder",
    c.recordFrom === "before" ? "recording before publishing" : "preview handed over",
  ].join(", ");

// ── processes, all ended with killAll() ──

const children = new Set<ChildProcess>();

export function killAll(): void {
  for (const child of children) child.kill("SIGKILL");
}

function run(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  // Drained even when nobody reads it: a full pipe would stall the child (a late clip makes many decoder errors).
  child.stderr!.resume();
  child.once("exit", () => children.delete(child));
  return child;
}

/** Runs ffmpeg to the end: its stdout, and its stderr (errors only, -v error). */
export function ffmpeg(args: string[]): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  const child = run("ffmpeg", ["-hide_banner", "-nostdin", "-v", "error", ...args]);
  const chunks: Buffer[] = [];
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once("close", (code) => resolve({ code, stdout: Buffer.concat(chunks), stderr: stderr.trim() })),
  );
}

async function ffmpegOk(args: string[]): Promise<Buffer> {
  const { code, stdout, stderr } = await ffmpeg(args);
  if (code !== 0) throw new Error(`ffmpeg ${args.join(" ")} (${code}): ${stderr}`);
  return stdout;
}

// ── clips ──

/** Files made once per process (concurrent cases share clips). */
const made = new Map<string, Promise<unknown>>();
function once(file: string, make: () => Promise<unknown>): Promise<unknown> {
  if (!made.has(file)) made.set(file, existsSync(file) ? Promise.resolve() : make());
  return made.get(file)!;
}

export interface Clip {
  file: string;
  /** The frame numbers a decoder gets from what the publisher sends: the first keyframe's, and the last frame's. */
  firstKeyframe: number;
  lastFrame: number;
  /** Whether the first video packet sent is a keyframe. */
  startsOnKeyframe: boolean;
}

/**
 * Encodes what the camera sends: 640x360 30 fps H.264 High (libx264 veryfast,
 * a fixed keyframe interval, 3 B-frames or none), AAC at the case's rate or no
 * audio, `seconds` from the first keyframe the camera sends; a late camera's
 * clip starts `lateFrames` into a GOP, on frames that are not keyframes.
 */
export async function encodeClip(dir: string, c: StreamCase, seconds: number): Promise<Clip> {
  mkdirSync(dir, { recursive: true });
  const gop = c.keyframeSeconds * FPS;
  const firstKeyframe = c.lateFrames ? gop : 0;
  const frames = firstKeyframe + seconds * FPS;
  const name = `k${c.keyframeSeconds}-b${c.bFrames ? 1 : 0}-a${c.audio ?? 0}-${frames}`;
  const whole = join(dir, `${name}.ts`);
  const file = c.lateFrames ? join(dir, `${name}-late${c.lateFrames}.ts`) : whole;
  const block = WIDTH / BITS;
  const band = `nullsrc=size=${WIDTH}x${HEIGHT / 9}:rate=${FPS},geq=lum='if(mod(floor(N/pow(2\\,floor(X/${block})))\\,2)\\,235\\,16)':cb=128:cr=128`;
  // prettier-ignore
  await once(whole, () => ffmpegOk([
    "-y",
    "-f", "lavfi", "-i", `testsrc2=size=${WIDTH}x${HEIGHT}:rate=${FPS}`,
    "-f", "lavfi", "-i", band,
    ...(c.audio ? ["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=${c.audio}`] : []),
    "-filter_complex", "[0:v][1:v]overlay=0:0:shortest=1,format=yuv420p[v]", "-map", "[v]",
    ...(c.audio ? ["-map", "2:a", "-c:a", "aac", "-b:a", "128k", "-ar", String(c.audio)] : []),
    "-frames:v", String(frames), ...(c.audio ? ["-t", String(frames / FPS)] : []),
    "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-b:v", "1500k",
    "-g", String(gop), "-keyint_min", String(gop), "-sc_threshold", "0", "-bf", c.bFrames ? "3" : "0",
    "-f", "mpegts", whole,
  ]));
  // The camera joins mid-GOP: everything before frame `lateFrames` is cut, its first video packets are not keyframes.
  // prettier-ignore
  if (c.lateFrames) await once(file, () => ffmpegOk([
    "-y", "-i", whole, "-ss", String((c.lateFrames - 0.5) / FPS), "-copyinkf", "-c", "copy", "-f", "mpegts", file,
  ]));
  const flags = (
    await ffmpegProbe(["-select_streams", "v:0", "-read_intervals", "%+#1", "-show_entries", "packet=flags", file])
  ).trim();
  const decoded = await frameNumbers(file);
  if (decoded.errors && !c.lateFrames) throw new Error(`${file}: ${decoded.errors}`);
  return {
    file,
    firstKeyframe: decoded.frames[0] ?? Number.NaN,
    lastFrame: decoded.frames.at(-1) ?? Number.NaN,
    startsOnKeyframe: flags.includes("K"),
  };
}

async function ffmpegProbe(args: string[]): Promise<string> {
  const child = run("ffprobe", ["-v", "quiet", "-of", "csv=p=0", ...args]);
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once("close", resolve));
  return out;
}

/**
 * The frame number drawn into every decoded frame of `input` (a file or a URL,
 * an HLS playlist included), in decoding order, and what the decoders reported
 * as errors (video and audio).
 */
export async function frameNumbers(input: string): Promise<{ frames: number[]; errors: string; unreadable: number }> {
  // prettier-ignore
  const { stdout, stderr } = await ffmpeg([
    "-i", input,
    "-map", "0:v:0", "-fps_mode", "passthrough",
    // The band's upper two thirds (clear of the picture below it), averaged to one pixel per block.
    "-vf", `crop=iw:ih/14:0:0,scale=${BITS}:1:flags=area`, "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1",
    "-map", "0:a?", "-f", "null", "-",
  ]);
  const frames: number[] = [];
  let unreadable = 0;
  for (let offset = 0; offset + BITS <= stdout.length; offset += BITS) {
    const band = stdout.subarray(offset, offset + BITS);
    if (band.some((value) => value > 64 && value < 192)) {
      unreadable++;
      continue;
    }
    frames.push([...band].reduce((number, value, bit) => number + (value >= 128 ? 2 ** bit : 0), 0));
  }
  return { frames, errors: stderr, unreadable };
}

// ── publishing ──

export interface ClipPublisher {
  child: ChildProcess;
  /** Wall-clock ms at which the clip's first packet left (from ffmpeg's progress reports), NaN before. */
  origin(): number;
  exited: Promise<{ code: number | null; at: number; stderr: string }>;
}

/** Publishes a clip at its own pace (-re, or `readrate` times faster), as it is (-c copy, non-keyframes at the start included). */
export function publishClip(clip: Clip, url: string, options: { readrate?: number; loopSeconds?: number } = {}) {
  const srt = url.startsWith("srt://");
  // prettier-ignore
  const child = run("ffmpeg", [
    "-hide_banner", "-v", "error", "-nostats", "-nostdin", "-progress", "pipe:1", "-stats_period", "0.2",
    ...(options.readrate ? ["-readrate", String(options.readrate)] : ["-re"]),
    ...(options.loopSeconds ? ["-stream_loop", "-1"] : []),
    // A late clip's SPS comes with its first keyframe, up to 10 s in: without it, no FLV header (a camera has it from the start).
    "-analyzeduration", "30000000", "-probesize", "100000000",
    "-i", clip.file,
    ...(options.loopSeconds ? ["-t", String(options.loopSeconds)] : []),
    "-map", "0", "-c", "copy", "-copyinkf", ...(srt ? ["-f", "mpegts", lingering(url)] : ["-f", "flv", url]),
  ]);
  let origin = Number.NaN;
  let stderr = "";
  // ffmpeg's own look at a late clip's first packets logs decoder errors (no SPS/PPS yet): not why it ended.
  const noise = /\[h264 @|Last message repeated|decode_slice_header error|no frame!|non-existing PPS|^\s*$/;
  child.stderr!.on("data", (chunk: Buffer) => {
    const lines = chunk
      .toString()
      .split("\n")
      .filter((line) => !noise.test(line));
    stderr = [stderr, ...lines].filter(Boolean).join("\n").slice(-2000);
  });
  followFfmpegProgress(child.stdout!, (outTime, at) => {
    const sentAt = at - outTime / 1000;
    origin = Number.isNaN(origin) ? sentAt : Math.min(origin, sentAt);
  });
  const exited = new Promise<{ code: number | null; at: number; stderr: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, at: Date.now(), stderr: stderr.trim() })),
  );
  return { child, origin: () => origin, exited } satisfies ClipPublisher;
}

export const ingestUrl = (stack: GatewayStack, protocol: "rtmp" | "srt", streamKey: string) =>
  protocol === "rtmp" ? rtmpUrl(stack.gateway, streamKey) : srtUrl(stack.gateway, streamKey);

// ── one case through the whole stack ──

export interface CaseResult {
  case: StreamCase;
  streamKey: string;
  configurationId: number;
  matchId: number;
  clip: Clip;
  /** What monitoring lists as refused for this key. */
  refusals: string[];
  publisherCode: number | null;
  publisherErrors: string;
  /**
   * Whether the match answered live with video a viewer can play while the camera published: a low-latency
   * part or a whole segment listed and answering (a 10 s keyframe interval's first segment is whole only
   * after 10 s, its parts play from the first).
   */
  wentLive: boolean;
  /**
   * Seconds from the first packet sent (for a preview handed over: from the start command) to the first
   * low-latency part a viewer can play: listed in the match's live media playlist and answering 200, both
   * fetched through the API's media route, as the web player fetches them (null: never while publishing).
   */
  firstPlayablePartSeconds: number | null;
  /** The same to the live playlist listing a whole segment (null: never). */
  firstLiveSegmentSeconds: number | null;
  /** Seconds the camera sent that the recording must hold: from the first keyframe (or the start command) to the end. */
  publishedSeconds: number;
  /** The frame number the recording must start with, at the latest. */
  expectedFirstFrame: number;
  /** Seconds from the stop command to the match on demand with a poster (null: never within the wait). */
  stopToVodSeconds: number | null;
  vod: {
    status: number;
    playlistSeconds: number;
    segments: number;
    firstFrame: number | null;
    lastFrame: number | null;
    frames: number;
    errors: string;
  } | null;
  /** Why the run could not go on, when it could not. */
  failure: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function poll<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T | null> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(200)) {
    const value = await probe().catch(() => null);
    if (value) return value;
  }
  return null;
}

/** Seconds of video a master playlist's best rendition lists, or 0 when it isn't there (yet). */
async function listedSeconds(masterUrl: string): Promise<{ seconds: number; segments: number; url: string } | null> {
  try {
    const rendition = await bestRendition(masterUrl);
    return { seconds: rendition.duration, segments: rendition.segments.length, url: rendition.url };
  } catch {
    return null;
  }
}

/** The live media playlist's first low-latency part (its URL) and how many segments it lists; null when unreadable. */
async function liveEdge(masterUrl: string): Promise<{ firstPart: string | null; segments: number } | null> {
  try {
    const rendition = await bestRendition(masterUrl);
    const part = /#EXT-X-PART:[^\n]*URI="([^"]+)"/.exec(rendition.text)?.[1];
    return {
      firstPart: part ? new URL(part, rendition.url).toString() : null,
      segments: rendition.segments.length,
    };
  } catch {
    return null;
  }
}

let keys = 0;

/** A case's result before anything happened (and what a run that failed outright reports). */
export function emptyResult(
  c: StreamCase,
  clip: CaseResult["clip"],
  run: { streamKey: string; configurationId: number; matchId: number; failure?: string },
): CaseResult {
  return {
    case: c,
    streamKey: run.streamKey,
    configurationId: run.configurationId,
    matchId: run.matchId,
    clip,
    refusals: [],
    publisherCode: null,
    publisherErrors: "",
    wentLive: false,
    firstPlayablePartSeconds: null,
    firstLiveSegmentSeconds: null,
    publishedSeconds: (clip.lastFrame + 1 - clip.firstKeyframe) / FPS,
    expectedFirstFrame: clip.firstKeyframe,
    stopToVodSeconds: null,
    vod: null,
    failure: run.failure ?? null,
  };
}

/**
 * One camera of the mix through the real stack: a gateway configuration for it,
 * its match recorded from before it publishes (or from its preview), the clip
 * published to its end, the recording stopped a second later and its
 * video-on-demand decoded. Measures; asserts nothing (the test and the bench judge).
 */
export async function runCase(stack: GatewayStack, c: StreamCase, clip: Clip): Promise<CaseResult> {
  const streamKey = `mix-${++keys}-${Math.random().toString(16).slice(2, 10)}`;
  const livestream: LivestreamMode = c.protocol;
  const configuration = await stack.configuration({ streamKey, livestream, passthrough: c.passthrough });
  const match = await stack.createMatch(configuration);
  const result = emptyResult(c, clip, { streamKey, configurationId: configuration.id, matchId: match.id });
  const matchNow = () => stack.match(match.id);
  if (c.recordFrom === "before") {
    await stack.command(match.id, "startrecording");
    // The worker hands the command to the gateway: a match says so by going live (today at once; once it waits
    // for video, it does not, and the worker's delivery, milliseconds here, is given two seconds).
    await poll(async () => (await matchNow()).status === "live", 2000);
  }
  const publisher = publishClip(clip, ingestUrl(stack, c.protocol, streamKey));
  /** What the first live part and segment are timed from: the first packet, or a handed-over preview's start. */
  let liveFrom = () => publisher.origin();
  let publishing = true;
  const ended = publisher.exited.then((exit) => {
    publishing = false;
    return exit;
  });

  if (c.recordFrom === "after") {
    // The camera shows as a preview; then the match starts recording, handing the stream over.
    const preview = await poll(async () => {
      const answer = await stack.http.get(`/v1/media-gateway/previews?club=${stack.club.id}`, stack.admin.token);
      const list = answer.json().data as Array<{ configuration: { id: number }; hls_url: string | null }>;
      // A camera refused meanwhile never shows.
      return !publishing || list.find((entry) => entry.configuration.id === configuration.id && entry.hls_url);
    }, 30_000);
    if (!preview || !publishing) {
      result.failure = "no preview of the camera";
    } else {
      const startedAt = Date.now();
      liveFrom = () => startedAt;
      await stack.command(match.id, "startrecording");
      // The frame leaving the camera as the command is sent: from it on, everything must be recorded.
      const sentThen = c.lateFrames + Math.floor(((Date.now() - publisher.origin()) / 1000) * FPS);
      result.expectedFirstFrame = Math.max(clip.firstKeyframe, sentThen);
      result.publishedSeconds = (clip.lastFrame + 1 - result.expectedFirstFrame) / FPS;
      // A preview that showed only as the camera ended (a busy machine): its match had nothing left to record.
      if (result.publishedSeconds <= 0) {
        result.failure = `the preview showed too late: the recording started ${(-result.publishedSeconds).toFixed(1)} s after the camera's last frame`;
        result.publishedSeconds = 0;
      }
    }
  }

  // While the camera publishes: does the match go live, and when can a viewer play its first part, and when
  // does its first whole segment show? Polled every 100 ms through the API, as a player would read it.
  let liveUrl: string | null = null;
  while (publishing && !result.failure && result.firstLiveSegmentSeconds === null) {
    if (!liveUrl) {
      const answer = await matchNow().catch(() => null);
      if (answer?.status === "live" && answer.live_hls_url) liveUrl = answer.live_hls_url;
    }
    const edge = liveUrl ? await liveEdge(liveUrl) : null;
    if (edge && result.firstPlayablePartSeconds === null && edge.firstPart) {
      if ((await statusOf(edge.firstPart).catch(() => 0)) === 200) {
        result.wentLive = true;
        result.firstPlayablePartSeconds = (Date.now() - liveFrom()) / 1000;
      }
    }
    if (edge && edge.segments > 0) {
      result.wentLive = true;
      result.firstLiveSegmentSeconds = (Date.now() - liveFrom()) / 1000;
      // A playlist that lists a segment and no part yet: the segment is what plays first.
      result.firstPlayablePartSeconds ??= result.firstLiveSegmentSeconds;
    }
    await sleep(100);
  }
  const exit = await ended;
  result.publisherCode = exit.code;
  result.publisherErrors = exit.stderr;
  result.refusals = (await stack.refusals())
    .filter((refusal) => refusal.stream_key_hint === `…${streamKey.slice(-4)}`)
    .map((refusal) => refusal.reason);

  // The final whistle a second after the camera's last frame.
  await sleep(1000);
  const stoppedAt = Date.now();
  try {
    await stack.command(match.id, "stoprecording");
  } catch (error) {
    // A match that never started recording can't be stopped (the API answers 409): nothing was recorded.
    result.failure ??= `stop recording refused: ${(error as Error).message.split("\n")[0]}`;
    return result;
  }
  // Settled: on demand, or marked as recorded without video (read before the stop took effect, a match
  // awaiting its video still shows its status from before the start).
  const settled = await poll(async () => {
    const answer = await matchNow();
    return (answer.status === "vod" || answer.recording_problem !== null) && answer;
  }, 60_000);
  if (settled?.status !== "vod" || !settled.vod_hls_url) {
    const answer = await matchNow();
    result.failure ??= `not on demand after the stop (status ${answer.status}, vod ${answer.vod_hls_url})`;
    return result;
  }
  // On demand counts once the poster is there too; a recording without one gets a few more seconds.
  const onDemand = await poll(async () => {
    const answer = await matchNow();
    return answer.poster_url !== null && answer;
  }, 10_000);
  if (onDemand) result.stopToVodSeconds = (Date.now() - stoppedAt) / 1000;
  else result.failure ??= "on demand without a poster";
  const status = (await fetch(settled.vod_hls_url)).status;
  const listed = await listedSeconds(settled.vod_hls_url);
  const decoded = listed ? await frameNumbers(listed.url) : null;
  result.vod = {
    status,
    playlistSeconds: listed?.seconds ?? 0,
    segments: listed?.segments ?? 0,
    firstFrame: decoded?.frames[0] ?? null,
    lastFrame: decoded?.frames.at(-1) ?? null,
    frames: decoded?.frames.length ?? 0,
    errors: decoded
      ? [decoded.errors, decoded.unreadable ? `${decoded.unreadable} unreadable frames` : ""].filter(Boolean).join("\n")
      : "",
  };
  return result;
}

/** Why a case's result falls short of "taken, live, complete" (none when it doesn't). */
export function shortfalls(result: CaseResult, toleranceSeconds = 0.5): string[] {
  const problems: string[] = [];
  if (result.failure) problems.push(result.failure);
  if (result.refusals.length) problems.push(`refused: ${result.refusals.join("; ")}`);
  if (result.publisherCode !== 0)
    problems.push(`the publisher ended with ${result.publisherCode}: ${result.publisherErrors}`);
  if (!result.wentLive) problems.push("the match never went live with playable video while the camera published");
  const vod = result.vod;
  if (!vod) return problems;
  if (vod.status !== 200) problems.push(`vod.m3u8 answered ${vod.status}`);
  if (vod.errors) problems.push(`decoding the VOD: ${vod.errors.split("\n").slice(0, 3).join(" | ")}`);
  if (vod.playlistSeconds < result.publishedSeconds - toleranceSeconds)
    problems.push(`${vod.playlistSeconds.toFixed(2)} s recorded of ${result.publishedSeconds.toFixed(2)} s published`);
  if (
    vod.firstFrame === null ||
    vod.firstFrame > result.expectedFirstFrame + (result.case.recordFrom === "after" ? toleranceSeconds * FPS : 0)
  )
    problems.push(
      `the recording starts at frame ${vod.firstFrame}, not ${result.expectedFirstFrame} (the first keyframe sent)`,
    );
  if (vod.lastFrame !== result.clip.lastFrame)
    problems.push(`the recording ends at frame ${vod.lastFrame}, not ${result.clip.lastFrame} (the last one sent)`);
  return problems;
}

/** The clip seconds a case publishes after its first keyframe: two keyframe intervals at least, 8 s or more. */
export const publishSecondsOf = (c: StreamCase, atLeast = 8) => Math.max(atLeast, c.keyframeSeconds + 2);
