// One publisher session into HLS with ffmpeg: copied as it comes
// (passthrough, H.264/AAC) or transcoded to a 720p/360p ladder. The input is
// the publisher's stream, read back from nginx on loopback.
import { spawnSync, type ChildProcess } from "node:child_process";
import { spawnTied } from "./processes.ts";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { sessionPlaylist, sessionSegmentPattern, type Rendition } from "./playlists.ts";

export function hasFfmpeg(): boolean {
  return spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0;
}

export interface InputStreams {
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string } | null;
}

/** What the publisher sends, asked of ffprobe (null when nothing decodable arrived in time). */
export function probe(input: string, timeoutMs = 8000): Promise<InputStreams | null> {
  return new Promise((resolve) => {
    const child = spawnTied(
      "ffprobe",
      [
        "-v",
        "error",
        "-rw_timeout",
        String(timeoutMs * 1000),
        "-analyzeduration",
        "1500000",
        "-show_entries",
        "stream=codec_type,codec_name,width,height",
        "-of",
        "json",
        input,
      ],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs + 2000);
    // "close", not "exit": only then has all of ffprobe's output been read (under load "exit" comes first).
    child.once("close", (code) => {
      clearTimeout(timer);
      if (code !== 0) return resolve(null);
      try {
        const streams = (JSON.parse(out) as { streams?: Array<Record<string, unknown>> }).streams ?? [];
        const video = streams.find((stream) => stream.codec_type === "video");
        const audio = streams.find((stream) => stream.codec_type === "audio");
        resolve({
          video: video
            ? { codec: String(video.codec_name), width: Number(video.width) || 0, height: Number(video.height) || 0 }
            : null,
          audio: audio ? { codec: String(audio.codec_name) } : null,
        });
      } catch {
        resolve(null);
      }
    });
  });
}

/** Why a stream can't be taken in this mode, or null when it can. */
export function unsupportedReason(streams: InputStreams, passthrough: boolean): string | null {
  if (!streams.video) return "the stream has no video";
  if (passthrough && streams.video.codec !== "h264") {
    return `unsupported video codec ${streams.video.codec}: passthrough needs H.264`;
  }
  if (passthrough && streams.audio && streams.audio.codec !== "aac") {
    return `unsupported audio codec ${streams.audio.codec}: passthrough needs AAC`;
  }
  return null;
}

/** The transcoded ladder, best first. */
const LADDER = [
  { name: "720p", lines: 720, bandwidth: 3_000_000, bitrate: "2800k" },
  { name: "360p", lines: 360, bandwidth: 900_000, bitrate: "800k" },
];
const rungOf = (rendition: Rendition) => LADDER.find((rung) => rung.name === rendition.name)!;

/** The renditions a session makes: the source as it is, or the ladder (no upscaling beyond the source). */
export function renditionsFor(streams: InputStreams, passthrough: boolean): Rendition[] {
  const { width, height } = streams.video ?? { width: 0, height: 0 };
  if (passthrough) {
    return [{ name: "source", bandwidth: 3_500_000, resolution: width && height ? `${width}x${height}` : null }];
  }
  const scaled = (lines: number) => `${Math.round((width * lines) / Math.max(height, 1) / 2) * 2}x${lines}`;
  // A rung above the source would only upscale it (costing a whole encode); the lowest is always made.
  const rungs = LADDER.filter((rung, index) => !height || rung.lines <= height || index === LADDER.length - 1);
  return rungs.map((rung) => ({
    name: rung.name,
    bandwidth: rung.bandwidth,
    resolution: height ? scaled(rung.lines) : `${(rung.lines * 16) / 9}x${rung.lines}`,
  }));
}

export interface PipelineOptions {
  input: string;
  /** The media folder (a match's or a preview's); each rendition writes below it. */
  dir: string;
  session: number;
  renditions: Rendition[];
  passthrough: boolean;
  hasAudio: boolean;
  segmentSeconds: number;
  /** Previews keep only a sliding window of segments on disk. */
  keepSegments: boolean;
  log(line: string): void;
}

export interface Pipeline {
  /** Resolves when ffmpeg has ended (the publisher left, or stop()). */
  ended: Promise<void>;
  /** Ends the session cleanly: the segment under way is finished and listed. */
  stop(): Promise<void>;
}

function hlsOutput(options: PipelineOptions, target: string): string[] {
  const list = options.keepSegments
    ? ["-hls_list_size", "0", "-hls_playlist_type", "event"]
    : ["-hls_list_size", "6", "-hls_flags", "delete_segments+temp_file"];
  return [
    "-f",
    "hls",
    "-hls_time",
    String(options.segmentSeconds),
    ...list,
    ...(options.keepSegments ? ["-hls_flags", "temp_file"] : []),
    "-hls_segment_filename",
    join(options.dir, target, sessionSegmentPattern(options.session)),
    join(options.dir, target, sessionPlaylist(options.session)),
  ];
}

function ffmpegArguments(options: PipelineOptions): string[] {
  const input = ["-hide_banner", "-loglevel", "error", "-rw_timeout", "15000000", "-i", options.input];
  const audio = options.hasAudio ? ["-map", "0:a:0"] : [];
  if (options.passthrough) {
    return [...input, "-map", "0:v:0", ...audio, "-c", "copy", ...hlsOutput(options, "source")];
  }
  // One decode, an encode per rendition; keyframes on segment boundaries so every rendition switches cleanly.
  const { renditions } = options;
  const split = [
    `[0:v:0]split=${renditions.length}${renditions.map((_, index) => `[in${index}]`).join("")}`,
    ...renditions.map((rendition, index) => `[in${index}]scale=-2:${rungOf(rendition).lines}[${rendition.name}]`),
  ].join(";");
  const encodes = renditions.flatMap((rendition, index) => [
    "-map",
    `[${rendition.name}]`,
    ...(options.hasAudio ? ["-map", "0:a:0"] : []),
    `-b:v:${index}`,
    rungOf(rendition).bitrate,
  ]);
  const streamMap = renditions
    .map((rendition, index) => `v:${index}${options.hasAudio ? `,a:${index}` : ""},name:${rendition.name}`)
    .join(" ");
  return [
    ...input,
    "-filter_complex",
    split,
    ...encodes,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-tune",
    "zerolatency",
    "-pix_fmt",
    "yuv420p",
    "-force_key_frames",
    `expr:gte(t,n_forced*${options.segmentSeconds})`,
    "-sc_threshold",
    "0",
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-ac",
    "2",
    "-var_stream_map",
    streamMap,
    ...hlsOutput(options, "%v"),
  ];
}

export function startPipeline(options: PipelineOptions): Pipeline {
  for (const rendition of options.renditions) mkdirSync(join(options.dir, rendition.name), { recursive: true });
  const child: ChildProcess = spawnTied("ffmpeg", ffmpegArguments(options), { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  // An ffmpeg that is already ending (its publisher left) closes stdin before stop() writes "q":
  // the EPIPE is expected, and unhandled it would crash the gateway.
  child.stdin?.on("error", () => {});
  const ended = new Promise<void>((resolve) => {
    child.once("error", (error) => (options.log(`ffmpeg could not start: ${error.message}`), resolve()));
    child.once("exit", (code, signal) => {
      if (code !== 0 && signal !== "SIGINT" && signal !== "SIGTERM" && stderr.trim()) {
        options.log(`ffmpeg ended (${code ?? signal}): ${stderr.trim().split("\n").slice(-2).join(" | ")}`);
      }
      resolve();
    });
  });
  return {
    ended,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // "q" lets ffmpeg finish the segment under way and list it; a hung one is killed.
        child.stdin?.end("q");
        const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
        await ended;
        clearTimeout(kill);
      }
    },
  };
}
