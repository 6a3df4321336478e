// One writer per publisher, for as long as it publishes: an ffmpeg reads the
// stream back from nginx and writes each rendition (copied as it comes in
// passthrough, H.264/AAC) as MPEG-TS into numbered files of its spool folder,
// which the gateway reads as they grow and parts.ts cuts into low-latency HLS
// parts. The ladder transcodes only the rungs at or below the source's height
// (a 480p phone gets no 720p rung), which is known only once the stream came:
// so there the reading ffmpeg copies the stream into the spool as it is, and a
// second ffmpeg, started once the reader described its input, encodes the
// chosen rungs from it (fed by the gateway from the spool). Files, not a pipe: ffmpeg never waits for the
// gateway (a pipe holds a fraction of a second, and nginx drops what a stalled
// reader can't take). The gateway places each part in the preview or the match
// that records, and joins parts into segments, so changing where a stream goes
// never restarts it and never loses a frame.
//
// The writer joins nginx before the publisher is let in (nginx's idle_streams
// keeps a reader waiting for a stream that is not published yet), so it gets
// the stream from its first frame; nginx's wait_key/wait_video start it at the
// first keyframe with audio from there on. What the stream carries is read
// from ffmpeg's own description of its input, once data has arrived: no
// separate probe that could give up before a late first keyframe.
import { spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createPartSplitter, type PartSplitter, type TsPart } from "./parts.ts";
import { VIDEO_NICENESS } from "@clubcast/shared/processes";
import { followFfmpegProgress, spawnTied } from "./processes.ts";
import type { Rendition } from "./playlists.ts";

export function hasFfmpeg(): boolean {
  return spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0;
}

export interface InputStreams {
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string } | null;
}

/** Why a publisher is refused, as a code clients word and the gateway's own words for the log. */
export interface Unsupported {
  code: "no_video" | "unsupported_video_codec" | "unsupported_audio_codec";
  reason: string;
  /** The codec refused, as ffmpeg names it. */
  codec?: string;
}

/** The video codecs the ladder decodes and clients play after it; passthrough copies only H.264. */
const LADDER_VIDEO_CODECS = new Set(["h264", "hevc", "vp6f", "flv1", "mpeg4", "mpeg2video", "vp8", "vp9", "av1"]);

/** Why a stream can't be taken in this mode, or null when it can. */
export function unsupportedReason(streams: InputStreams, passthrough: boolean): Unsupported | null {
  if (!streams.video) return { code: "no_video", reason: "the stream has no video" };
  const video = streams.video.codec;
  if (passthrough && video !== "h264") {
    return {
      code: "unsupported_video_codec",
      reason: `unsupported video codec ${video}: passthrough needs H.264`,
      codec: video,
    };
  }
  if (!passthrough && !LADDER_VIDEO_CODECS.has(video)) {
    return { code: "unsupported_video_codec", reason: `unsupported video codec ${video}`, codec: video };
  }
  if (passthrough && streams.audio && streams.audio.codec !== "aac") {
    return {
      code: "unsupported_audio_codec",
      reason: `unsupported audio codec ${streams.audio.codec}: passthrough needs AAC`,
      codec: streams.audio.codec,
    };
  }
  return null;
}

/** The transcoded ladder, best first. */
export const LADDER = [
  { name: "720p", lines: 720, bandwidth: 3_000_000, bitrate: "2800k" },
  { name: "360p", lines: 360, bandwidth: 900_000, bitrate: "800k" },
];
const rungOf = (rendition: Rendition) => LADDER.find((rung) => rung.name === rendition.name)!;

/**
 * The renditions a publisher's writer makes: the source as it is, or the ladder. Bandwidth and resolution
 * here are first guesses; the gateway measures them from the segments made.
 */
export function renditionsFor(passthrough: boolean): Rendition[] {
  if (passthrough) return [{ name: "source", bandwidth: 3_500_000, resolution: null, codecs: null }];
  return LADDER.map((rung) => ({
    name: rung.name,
    bandwidth: rung.bandwidth,
    resolution: `${(rung.lines * 16) / 9}x${rung.lines}`,
    codecs: null,
  }));
}

/**
 * The renditions worth making of a source this tall (0: not known): the source itself, or the ladder's rungs
 * at or below its height; a rung above it would only be an upscaled copy of the one below. A source below
 * every rung gets the lowest, at its own height (never scaled up).
 */
export function renditionsWorthPublishing(renditions: Rendition[], sourceHeight: number): Rendition[] {
  return renditions.filter(
    (rendition, index) =>
      rendition.name === "source" ||
      !sourceHeight ||
      rungOf(rendition).lines <= sourceHeight ||
      index === renditions.length - 1,
  );
}

/**
 * The longest part (seconds): EXT-X-PART-INF's PART-TARGET. Half a second keeps a viewer about three parts
 * (PART-HOLD-BACK) behind the camera without a request storm.
 */
export const PART_TARGET_SECONDS = 0.5;

/** A part of one rendition, as the writer cut it. */
export interface WriterPart extends TsPart {
  rendition: string;
}

export interface WriterOptions {
  input: string;
  /** The publisher's spool folder; each rendition writes below it. */
  spoolDir: string;
  renditions: Rendition[];
  passthrough: boolean;
  segmentSeconds: number;
  /** Called when new parts may be ready to take. */
  onParts(): void;
  log(line: string): void;
}

export interface Writer {
  /** What ffmpeg found in the stream, once data arrived (null when it ended before). */
  streams: Promise<InputStreams | null>;
  /** When the stream last moved forward (ffmpeg's progress), or when the writer started. */
  lastProgressAt(): number;
  /**
   * The wall-clock time of the stream's first frame: when the writer was nearest to real time, the moment
   * of a progress report less the stream time written by then (a busy encoder lags, a camera doesn't).
   */
  originAt(): number;
  /**
   * Takes the parts finished in every rendition, oldest first: each entry is one part of each rendition
   * (in rendition order), cut at the same frames since every rendition has the same timestamps and keyframes.
   */
  takeParts(): WriterPart[][];
  /** Resolves when ffmpeg has ended, with its last error when it failed. */
  ended: Promise<string | null>;
  /** Ends the writer cleanly: the part under way is finished and given. */
  stop(): Promise<void>;
}

/** A rendition's spool file is closed and the next begun every so often (at any frame), so read ones can go. */
const SPOOL_FILE_SECONDS = 10;
/** How often the gateway reads what the spool files grew by. */
const READ_SPOOL_EVERY_MS = 40;
const spoolFile = (dir: string, number: number) => join(dir, `${number}.ts`);

function tsOutput(options: Pick<WriterOptions, "spoolDir">, folder: string): string[] {
  // Each audio frame and each packet is written as it comes, so a part is whole as soon as its last frame is.
  // The flush is the inner mpegts muxer's: the segment muxer's own -flush_packets does not reach the files it
  // opens, so ffmpeg held 32 KB at a time (a second of a 250 kbit/s stream: parts came two by two, late).
  // prettier-ignore
  return [
    "-f", "segment", "-segment_format", "mpegts", "-segment_format_options", "pes_payload_size=0:flush_packets=1",
    "-segment_time", String(SPOOL_FILE_SECONDS), "-break_non_keyframes", "1",
    spoolFile(join(options.spoolDir, folder), 0).replace(/0\.ts$/, "%d.ts"),
  ];
}

/**
 * Follows a rendition's spool files: gives what each grew by, in order; a file is read to its end and
 * removed once ffmpeg has begun the next. `drain` reads the rest (after ffmpeg ended).
 */
function followSpool(dir: string, data: (chunk: Buffer) => void) {
  let number = 0;
  let offset = 0;
  const buffer = Buffer.alloc(1 << 20);
  function readNew(file: string) {
    let descriptor: number;
    try {
      descriptor = openSync(file, "r");
    } catch {
      return;
    }
    try {
      const size = fstatSync(descriptor).size;
      while (offset < size) {
        const read = readSync(descriptor, buffer, 0, Math.min(buffer.length, size - offset), offset);
        if (read <= 0) break;
        offset += read;
        data(Buffer.from(buffer.subarray(0, read)));
      }
    } finally {
      closeSync(descriptor);
    }
  }
  function drain() {
    for (;;) {
      const file = spoolFile(dir, number);
      const complete = existsSync(spoolFile(dir, number + 1));
      readNew(file);
      if (!complete) return;
      rmSync(file, { force: true });
      number += 1;
      offset = 0;
    }
  }
  return { drain };
}

/** The ladder's reader copies the stream as it came into this spool folder, for the encoder. */
const INPUT_SPOOL = "_input";

/** The reading ffmpeg: from nginx, the whole stream copied (passthrough, or the ladder's input spool). */
function readerArguments(options: WriterOptions): string[] {
  // prettier-ignore
  const input = [
    "-hide_banner", "-loglevel", "info", "-nostats", "-progress", "pipe:1", "-stats_period", "0.5",
    // nginx sends audio only along with the video (wait_video), so a stream whose video came without audio
    // for 1.5 s has none: ffmpeg need not wait the default 5 s before writing. A stream with both is described
    // as soon as both came, once ffmpeg does not also count 20 frames to guess the frame rate (-fpsprobesize 0;
    // copying keeps the camera's timestamps, and the ladder's encoder measures the rate itself): that took the
    // whole 1.5 s before the first frame was written.
    "-rw_timeout", "15000000", "-analyzeduration", "1500000", "-fpsprobesize", "0", "-i", options.input,
  ];
  // "0:a:0?": a stream without audio is taken as video only.
  const output = options.passthrough ? options.renditions[0]!.name : INPUT_SPOOL;
  return [...input, "-map", "0:v:0", "-map", "0:a:0?", "-c", "copy", ...tsOutput(options, output)];
}

/**
 * The ladder's encoder: the reader's copy on stdin, one decode, and each chosen rung its own encode and output,
 * with keyframes on the same segment boundaries so players switch cleanly (a rung is never scaled above the
 * source).
 */
export function ladderArguments(renditions: Rendition[], options: Pick<WriterOptions, "segmentSeconds" | "spoolDir">) {
  const split = [
    `[0:v:0]split=${renditions.length}${renditions.map((_, index) => `[in${index}]`).join("")}`,
    ...renditions.map(
      (rendition, index) => `[in${index}]scale=-2:'min(${rungOf(rendition).lines}\\,ih)'[${rendition.name}]`,
    ),
  ].join(";");
  // prettier-ignore
  const outputs = renditions.flatMap((rendition) => [
    "-map", `[${rendition.name}]`, "-map", "0:a:0?",
    "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-pix_fmt", "yuv420p",
    // Capped (VBV, a second's buffer, starting 30 % full): with -b:v alone x264 spent 10.7 Mbit/s on a noisy 720p
    // picture's first second and 1.9 on the 360p rung's, and the master playlist's BANDWIDTH (the peak) told a
    // 1.5 Mbit/s viewer that not even 360p fits.
    "-b:v", rungOf(rendition).bitrate, "-maxrate", rungOf(rendition).bitrate, "-bufsize", rungOf(rendition).bitrate,
    "-x264-params", "vbv-init=0.3",
    "-force_key_frames", `expr:gte(t,n_forced*${options.segmentSeconds})`, "-sc_threshold", "0",
    "-c:a", "aac", "-b:a", "128k", "-ac", "2",
    ...tsOutput(options, rendition.name),
  ]);
  // prettier-ignore
  return [
    "-hide_banner", "-loglevel", "error", "-nostdin", "-nostats",
    "-f", "mpegts", "-analyzeduration", "500000", "-i", "pipe:0", "-filter_complex", split, ...outputs,
  ];
}

/** The input streams of ffmpeg's "Input #0" description (the lines before "Output #0" or the stream mapping). */
export function parseInputDescription(lines: string[]): InputStreams {
  const streams: InputStreams = { video: null, audio: null };
  for (const line of lines) {
    const stream = /^\s*Stream #0:\d+.*?: (Video|Audio): ([\w-]+)/.exec(line);
    if (!stream) continue;
    if (stream[1] === "Video" && !streams.video) {
      const size = /, (\d{2,5})x(\d{2,5})/.exec(line);
      streams.video = { codec: stream[2]!, width: Number(size?.[1] ?? 0), height: Number(size?.[2] ?? 0) };
    } else if (stream[1] === "Audio" && !streams.audio) {
      streams.audio = { codec: stream[2]! };
    }
  }
  return streams;
}

export function startWriter(options: WriterOptions): Writer {
  const child: ChildProcess = spawnTied("ffmpeg", readerArguments(options), { stdio: ["ignore", "pipe", "pipe"] });
  // Each rendition's parts wait until every rendition has its part, then are taken together. The ladder's
  // renditions are known once the stream has come (its encoder starts then).
  const queues: WriterPart[][] = [];
  const followers: { splitter: PartSplitter; spool: ReturnType<typeof followSpool> }[] = [];
  function follow(renditions: Rendition[]) {
    for (const rendition of renditions) {
      mkdirSync(join(options.spoolDir, rendition.name), { recursive: true });
      const queue: WriterPart[] = [];
      queues.push(queue);
      const splitter = createPartSplitter(PART_TARGET_SECONDS, (part) => {
        queue.push({ ...part, rendition: rendition.name });
        options.onParts();
      });
      followers.push({
        splitter,
        spool: followSpool(join(options.spoolDir, rendition.name), (chunk) => splitter.write(chunk)),
      });
    }
  }
  mkdirSync(join(options.spoolDir, options.passthrough ? options.renditions[0]!.name : INPUT_SPOOL), {
    recursive: true,
  });
  if (options.passthrough) follow(options.renditions);

  // The ladder: the reader's copy, held until the encoder runs, then fed to it as the spool grows.
  let encoder: ChildProcess | null = null;
  let encoderEnded: Promise<string | null> = Promise.resolve(null);
  const held: Buffer[] = [];
  const input = options.passthrough
    ? null
    : followSpool(join(options.spoolDir, INPUT_SPOOL), (chunk) => {
        if (encoder) encoder.stdin!.write(chunk);
        else held.push(chunk);
      });
  function startEncoder(streams: InputStreams) {
    const renditions = renditionsWorthPublishing(options.renditions, streams.video?.height ?? 0);
    follow(renditions);
    encoder = spawnTied(
      "ffmpeg",
      ladderArguments(renditions, options),
      { stdio: ["pipe", "ignore", "pipe"] },
      VIDEO_NICENESS.liveTranscode,
    );
    encoder.stdin!.on("error", () => undefined); // the encoder gone: its exit is what counts
    for (const chunk of held.splice(0)) encoder.stdin!.write(chunk);
    let lastEncoderError = "";
    encoder.stderr!.setEncoding("utf8");
    encoder.stderr!.on("data", (chunk: string) => {
      const line = chunk.trim().split("\n").at(-1);
      if (line) lastEncoderError = line;
    });
    const started = encoder;
    encoderEnded = new Promise((resolve) => {
      started.once("error", (error) => resolve(`the ladder's ffmpeg could not start: ${error.message}`));
      started.once("close", (code, signal) => {
        // An encoder that fails under a running reader ends the writer (the gateway starts it again).
        if (code !== 0 && !stopping) child.kill("SIGKILL");
        resolve(code === 0 || stopping ? null : lastEncoderError || `the ladder's ffmpeg ended (${code ?? signal})`);
      });
    });
  }

  const reading = setInterval(() => {
    input?.drain();
    followers.forEach(({ spool }) => spool.drain());
  }, READ_SPOOL_EVERY_MS);
  const startedAt = Date.now();
  let lastProgressAt = startedAt;
  let originAt = Number.POSITIVE_INFINITY;
  let stopping = false;
  let lastOutTime = 0;
  followFfmpegProgress(child.stdout!, (outTime, at) => {
    if (outTime === lastOutTime) return;
    lastOutTime = outTime;
    lastProgressAt = at;
    originAt = Math.min(originAt, at - outTime / 1000);
  });

  // stderr: the input description first (at info level), then only what went wrong.
  let description: string[] | null = [];
  let lastError = "";
  let resolveStreams: (streams: InputStreams | null) => void;
  const streams = new Promise<InputStreams | null>((resolve) => (resolveStreams = resolve));
  let pending = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop()!;
    for (const line of lines) {
      if (description && /^(Output #0|Stream mapping:)/.test(line)) {
        const described = parseInputDescription(description);
        if (!options.passthrough && described.video) startEncoder(described);
        resolveStreams(described);
        description = null;
      } else if (description) {
        description.push(line);
      } else if (line.trim() && !/^\[(mpegts|segment) @|^Press \[q\]|^Output #|^Stream mapping|^\s/.test(line)) {
        lastError = line.trim();
      }
    }
  });
  const readerEnded = new Promise<string | null>((resolve) => {
    child.once("error", (error) => resolve(`ffmpeg could not start: ${error.message}`));
    child.once("close", (code, signal) => {
      // A stream without video stops ffmpeg right after its description ("matches no streams").
      resolveStreams(description?.length ? parseInputDescription([...description, pending]) : null);
      const failed = code !== 0 && !stopping;
      resolve(failed ? lastError || pending.trim() || `ffmpeg ended (${code ?? signal})` : null);
    });
  });
  const ended = (async () => {
    const readerFailure = await readerEnded;
    // What the reader wrote last goes to the encoder, which then finishes its outputs.
    input?.drain();
    (encoder as ChildProcess | null)?.stdin!.end();
    const encoderFailure = await encoderEnded;
    clearInterval(reading);
    // What ffmpeg wrote last, and the last part of each rendition.
    for (const { spool, splitter } of followers) {
      spool.drain();
      splitter.end();
    }
    return readerFailure ?? encoderFailure;
  })();
  return {
    streams,
    lastProgressAt: () => lastProgressAt,
    originAt: () => (Number.isFinite(originAt) ? Math.max(originAt, startedAt) : startedAt),
    takeParts: () => {
      if (!queues.length) return [];
      const count = Math.min(...queues.map((queue) => queue.length));
      const taken = queues.map((queue) => queue.splice(0, count));
      return Array.from({ length: count }, (_, at) => taken.map((parts) => parts[at]!));
    },
    ended,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGINT lets ffmpeg write what it holds and close its outputs. A second signal would also abort
        // writing it, so one that waits for input that never comes is killed instead.
        stopping = true;
        child.kill("SIGINT");
      }
      stopping = true;
      const kill = setTimeout(() => {
        child.kill("SIGKILL");
        (encoder as ChildProcess | null)?.kill("SIGKILL");
      }, 3000);
      await ended;
      clearTimeout(kill);
    },
  };
}
