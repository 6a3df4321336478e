// One ffmpeg per publisher, for as long as it publishes: it reads the stream
// back from nginx and writes HLS segments (copied as they come in passthrough,
// H.264/AAC, or transcoded to a 720p/360p ladder) into a spool folder of its
// own. The gateway moves each finished segment to the preview or to the match
// that records, so changing where a stream goes never restarts it and never
// loses a frame.
//
// The writer joins nginx before the publisher is let in (nginx's idle_streams
// keeps a reader waiting for a stream that is not published yet), so it gets
// the stream from its first frame; nginx's wait_key/wait_video start it at the
// first keyframe with audio from there on. What the stream carries is read
// from ffmpeg's own description of its input, once data has arrived: no
// separate probe that could give up before a late first keyframe.
import { spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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
const LADDER = [
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
 * The renditions worth publishing of a source this tall: a rung above it would only be an upscaled copy of
 * the one below (the lowest is always kept).
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

/** ffmpeg's playlist in each rendition's spool folder, and its segments' names. */
export const SPOOL_PLAYLIST = "index.m3u8";
const spoolSegment = (sequence: number) => `${sequence}.ts`;
/** How many finished segments ffmpeg keeps listed: the gateway takes them long before they fall off. */
const SPOOL_LIST_SIZE = 60;

export interface SpoolSegment {
  rendition: string;
  sequence: number;
  duration: number;
  /** The finished file in the spool folder of its rendition. */
  file: string;
}

export interface WriterOptions {
  input: string;
  /** The publisher's spool folder; each rendition writes below it. */
  spoolDir: string;
  renditions: Rendition[];
  passthrough: boolean;
  segmentSeconds: number;
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
  /** The finished segments of each rendition from `sequence` on (in rendition order). */
  finishedFrom(sequence: number): SpoolSegment[][];
  /** Resolves when ffmpeg has ended, with its last error when it failed. */
  ended: Promise<string | null>;
  /** Ends the writer cleanly: the segment under way is finished and listed. */
  stop(): Promise<void>;
}

function hlsOutput(options: WriterOptions, rendition: Rendition): string[] {
  const dir = join(options.spoolDir, rendition.name);
  // prettier-ignore
  return [
    "-f", "hls", "-hls_time", String(options.segmentSeconds), "-hls_list_size", String(SPOOL_LIST_SIZE),
    "-hls_flags", "temp_file", "-start_number", "0",
    "-hls_segment_filename", join(dir, "%d.ts"), join(dir, SPOOL_PLAYLIST),
  ];
}

function ffmpegArguments(options: WriterOptions): string[] {
  // prettier-ignore
  const input = [
    "-hide_banner", "-loglevel", "info", "-nostats", "-progress", "pipe:1", "-stats_period", "0.5",
    // nginx sends audio only along with the video (wait_video), so a stream whose video came without audio
    // for 1.5 s has none: ffmpeg need not wait the default 5 s before writing.
    "-rw_timeout", "15000000", "-analyzeduration", "1500000", "-i", options.input,
  ];
  // "0:a:0?": a stream without audio is taken as video only.
  if (options.passthrough) {
    return [...input, "-map", "0:v:0", "-map", "0:a:0?", "-c", "copy", ...hlsOutput(options, options.renditions[0]!)];
  }
  // One decode; each rendition its own encode and output, with keyframes on the same segment boundaries so
  // players switch cleanly (a rung is never scaled above the source).
  const { renditions } = options;
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
    "-b:v", rungOf(rendition).bitrate,
    "-force_key_frames", `expr:gte(t,n_forced*${options.segmentSeconds})`, "-sc_threshold", "0",
    "-c:a", "aac", "-b:a", "128k", "-ac", "2",
    ...hlsOutput(options, rendition),
  ]);
  return [...input, "-filter_complex", split, ...outputs];
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

/** The finished segments ffmpeg lists in a spool playlist. */
function readSpool(spoolDir: string, rendition: string): SpoolSegment[] {
  const renditionDir = join(spoolDir, rendition);
  let text: string;
  try {
    text = readFileSync(join(renditionDir, SPOOL_PLAYLIST), "utf8");
  } catch {
    return [];
  }
  const segments: SpoolSegment[] = [];
  let sequence = 0;
  let duration: number | null = null;
  for (const line of text.split("\n")) {
    const value = line.trim();
    if (value.startsWith("#EXT-X-MEDIA-SEQUENCE:")) sequence = Number(value.slice(22));
    else if (value.startsWith("#EXTINF:")) duration = Number.parseFloat(value.slice(8));
    else if (value && !value.startsWith("#") && duration !== null) {
      segments.push({ rendition, sequence, duration, file: join(renditionDir, spoolSegment(sequence)) });
      sequence += 1;
      duration = null;
    }
  }
  return segments;
}

export function startWriter(options: WriterOptions): Writer {
  for (const rendition of options.renditions) mkdirSync(join(options.spoolDir, rendition.name), { recursive: true });
  const child: ChildProcess = spawnTied("ffmpeg", ffmpegArguments(options), { stdio: ["ignore", "pipe", "pipe"] });
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
        resolveStreams(parseInputDescription(description));
        description = null;
      } else if (description) {
        description.push(line);
      } else if (line.trim() && !/^\[hls @|^Press \[q\]|^Output #|^Stream mapping|^\s/.test(line)) {
        lastError = line.trim();
      }
    }
  });
  const ended = new Promise<string | null>((resolve) => {
    child.once("error", (error) => resolve(`ffmpeg could not start: ${error.message}`));
    child.once("close", (code, signal) => {
      // A stream without video stops ffmpeg right after its description ("matches no streams").
      resolveStreams(description?.length ? parseInputDescription([...description, pending]) : null);
      const failed = code !== 0 && !stopping;
      resolve(failed ? lastError || pending.trim() || `ffmpeg ended (${code ?? signal})` : null);
    });
  });
  return {
    streams,
    lastProgressAt: () => lastProgressAt,
    originAt: () => (Number.isFinite(originAt) ? Math.max(originAt, startedAt) : startedAt),
    finishedFrom: (sequence) =>
      options.renditions.map((rendition) =>
        readSpool(options.spoolDir, rendition.name).filter((segment) => segment.sequence >= sequence),
      ),
    ended,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGINT lets ffmpeg finish the segment under way and list it. A second signal would also abort
        // writing it, so one that waits for input that never comes is killed instead.
        stopping = true;
        child.kill("SIGINT");
        const kill = setTimeout(() => child.kill("SIGKILL"), 3000);
        await ended;
        clearTimeout(kill);
      }
    },
  };
}
