// ffmpeg and ffprobe for the clip.cut and summary.build jobs: what a video is
// (length, frame rate, keyframes), cutting a window of it into an MP4 with a
// poster, and joining clips after a title card into one MP4.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Why a video step failed, as a clip may show it to a person: no paths, no command lines. */
export class VideoError extends Error {}

/** ffmpeg's quiet, non-interactive start of every command here. */
const FFMPEG = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"];

/** Runs ffprobe or ffmpeg; a failure becomes `failure` (what a person may read: no paths, no command line). */
async function tool(command: "ffprobe" | "ffmpeg", args: string[], failure: string): Promise<string> {
  const prefix = command === "ffprobe" ? ["-v", "error"] : FFMPEG;
  try {
    return (await run(command, [...prefix, ...args])).stdout;
  } catch {
    throw new VideoError(failure);
  }
}

const UNREADABLE = "the match's on-demand video could not be read";

export interface VideoFacts {
  durationMs: number;
  fps: number;
  /** The first timestamp (s): HLS segments rarely start at 0, and ffprobe's frame times include it. */
  startTime: number;
}

/** A fraction as ffprobe writes frame rates ("25/1", "30000/1001"). */
const fraction = (value: string) => {
  const [numerator, denominator = "1"] = value.split("/");
  return Number(numerator) / Number(denominator);
};

export async function probeVideo(source: string): Promise<VideoFacts> {
  const stdout = await tool(
    "ffprobe",
    ["-select_streams", "v:0", "-show_entries", "format=duration,start_time:stream=avg_frame_rate,r_frame_rate"].concat(
      ["-of", "json", source],
    ),
    UNREADABLE,
  );
  const facts = JSON.parse(stdout) as {
    format?: { duration?: string; start_time?: string };
    streams?: { avg_frame_rate?: string; r_frame_rate?: string }[];
  };
  const stream = facts.streams?.[0];
  const fps = fraction(stream?.avg_frame_rate ?? "") || fraction(stream?.r_frame_rate ?? "");
  const duration = Number(facts.format?.duration);
  if (!stream || !Number.isFinite(fps) || fps <= 0 || !Number.isFinite(duration)) {
    throw new VideoError("the match's on-demand video has no video stream of known length");
  }
  return { durationMs: Math.round(duration * 1000), fps, startTime: Number(facts.format?.start_time) || 0 };
}

/** Whether a keyframe starts the video at `seconds` (to within half a frame): then the cut can copy. */
export async function keyframeAt(source: string, video: VideoFacts, seconds: number): Promise<boolean> {
  const halfFrame = 0.5 / video.fps;
  // A video starts with a keyframe (and ffprobe can't seek to before its first timestamp).
  if (seconds < halfFrame) return true;
  const at = video.startTime + seconds;
  // Seeking lands on the keyframe at or before the position; one frame of it is enough.
  const stdout = await tool(
    "ffprobe",
    ["-select_streams", "v:0", "-skip_frame", "nokey", "-show_entries", "frame=pts_time", "-of", "csv=p=0"].concat([
      "-read_intervals",
      `${at + halfFrame}%+#1`,
      source,
    ]),
    UNREADABLE,
  );
  const keyframe = Number(stdout.trim().split("\n")[0]);
  return Number.isFinite(keyframe) && Math.abs(keyframe - at) < halfFrame;
}

export interface CutRequest {
  source: string;
  startS: number;
  durationS: number;
  fps: number;
  /** Stream copy (the start is a keyframe) or re-encode the clip. */
  copy: boolean;
  output: string;
  onProgress(fraction: number): void;
}

/**
 * Runs ffmpeg writing `outputS` seconds of video, telling how far it is (0 to 1) from its progress
 * lines; a failure is logged with ffmpeg's words and becomes `failure`.
 */
function ffmpegWithProgress(
  args: string[],
  outputS: number,
  onProgress: (fraction: number) => void,
  failure: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("ffmpeg", [...FFMPEG, ...args, "-progress", "pipe:1"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      const last = [...chunk.toString().matchAll(/out_time_us=(\d+)/g)].at(-1);
      if (last) onProgress(Math.min(1, Math.max(0, Number(last[1]) / 1e6 / outputS)));
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) return resolve();
      console.error(`[worker] ${failure} (${code ?? signal}): ${stderr.trim()}`);
      reject(new VideoError(`${failure} (exit ${code ?? signal})`));
    });
  });
}

/** H.264 and AAC as every browser plays them (a re-encoded clip, a summary). */
const PLAYABLE = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac"];
/** An MP4 that starts playing before it is all downloaded. */
const MP4_OUT = ["-movflags", "+faststart", "-f", "mp4"];

/** Cuts [startS, startS + durationS) of the source into an MP4 at `output`. */
export function cutClip(request: CutRequest): Promise<void> {
  // Half a frame early, so rounding in the container's timestamps can't skip the first frame.
  const seek = Math.max(0, request.startS - 0.5 / request.fps);
  const codecs = request.copy ? ["-c", "copy"] : PLAYABLE;
  const args = [
    "-ss",
    seek.toFixed(6),
    "-i",
    request.source,
    "-t",
    request.durationS.toFixed(6),
    "-map",
    "0:v:0",
    "-map",
    "0:a:0?",
    ...codecs,
    ...MP4_OUT,
    request.output,
  ];
  return ffmpegWithProgress(args, request.durationS, request.onProgress, "ffmpeg could not cut the clip");
}

/** A video file's picture size and whether it has sound. */
export async function probeStreams(file: string): Promise<{ width: number; height: number; audio: boolean }> {
  const stdout = await tool(
    "ffprobe",
    ["-show_entries", "stream=codec_type,width,height", "-of", "json", file],
    "a clip could not be read",
  );
  const streams = (JSON.parse(stdout) as { streams?: { codec_type?: string; width?: number; height?: number }[] })
    .streams;
  const video = streams?.find((stream) => stream.codec_type === "video");
  if (!video?.width || !video.height) throw new VideoError("a clip has no video stream");
  return { width: video.width, height: video.height, audio: !!streams?.some((s) => s.codec_type === "audio") };
}

let drawtextWorks: Promise<boolean> | undefined;
/** Whether this ffmpeg can write text (the drawtext filter and a font): checked once per process. */
function canDrawText(): Promise<boolean> {
  drawtextWorks ??= tool(
    "ffmpeg",
    ["-f", "lavfi", "-i", "color=size=64x64:duration=0.04", "-vf", "drawtext=text=0", "-f", "null", "-"],
    "no drawtext",
  ).then(
    () => true,
    () => false,
  );
  return drawtextWorks;
}

/** The title card's colour: the web client's darkest green (--green-950). */
const TITLE_BACKGROUND = "0x062a1e";
export const TITLE_CARD_S = 2;

export interface JoinRequest {
  /** The clips' MP4s, in order, each played for its duration (s). */
  clips: { file: string; durationS: number }[];
  fps: number;
  /** The title card's line (teams and score). */
  title: string;
  output: string;
  onProgress(fraction: number): void;
}

/**
 * Joins the clips after a title card of TITLE_CARD_S seconds into one MP4 at `output`, re-encoded
 * at the first clip's size and the given frame rate (clips may be copies of the source or
 * re-encodes, so their streams need not match). Each part lasts exactly its duration: sound is
 * padded with silence or cut to it, and a clip without sound gets silence. Without drawtext
 * (no filter or no font) the card is plain.
 */
export async function joinClips(request: JoinRequest): Promise<void> {
  const streams = await Promise.all(request.clips.map(({ file }) => probeStreams(file)));
  const { width, height } = streams[0]!;
  const fps = request.fps;
  const size = `${width}x${height}`;
  const card = `color=c=${TITLE_BACKGROUND}:size=${size}:rate=${fps}:duration=${TITLE_CARD_S}`;
  // drawtext reads the line from a file: no escaping of what team names hold (quotes, colons).
  const scratch = mkdtempSync(join(tmpdir(), "clubcast-title-"));
  const titleFile = join(scratch, "title.txt");
  writeFileSync(titleFile, request.title);
  // A twelfth of the height, smaller where a long line would not fit (a glyph is about 0.55 of the size wide).
  const fontSize = Math.round(Math.min(height / 12, (0.9 * width) / (0.55 * Math.max(1, [...request.title].length))));
  const title = (await canDrawText())
    ? `,drawtext=textfile=${titleFile}:fontcolor=white:fontsize=${fontSize}:x=(w-tw)/2:y=(h-th)/2`
    : "";
  const silence = "anullsrc=r=48000:cl=stereo";
  // Input i is the i-th clip; part 0 is the card, part i + 1 that clip.
  const parts = request.clips.map(({ durationS }, i) => {
    const d = durationS.toFixed(6);
    // A frame short (a copy's ragged end) is made up by repeating the last one.
    const picture =
      `[${i}:v]setpts=PTS-STARTPTS,scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
      `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps},format=yuv420p,` +
      `tpad=stop_mode=clone:stop_duration=1,trim=duration=${d}[v${i + 1}]`;
    const audio = streams[i]!.audio
      ? `[${i}:a]asetpts=PTS-STARTPTS,aresample=48000,aformat=channel_layouts=stereo,apad=whole_dur=${d}`
      : silence;
    return `${picture};${audio},atrim=duration=${d}[a${i + 1}]`;
  });
  const labels = [...request.clips.keys(), request.clips.length].map((part) => `[v${part}][a${part}]`).join("");
  const graph = [
    `${card},setsar=1,format=yuv420p${title}[v0]`,
    `${silence},atrim=duration=${TITLE_CARD_S}[a0]`,
    ...parts,
    `${labels}concat=n=${request.clips.length + 1}:v=1:a=1[v][a]`,
  ].join(";");
  const totalS = TITLE_CARD_S + request.clips.reduce((sum, clip) => sum + clip.durationS, 0);
  const args = [
    ...request.clips.flatMap(({ file }) => ["-i", file]),
    ...["-filter_complex", graph, "-map", "[v]", "-map", "[a]"],
    ...PLAYABLE,
    ...MP4_OUT,
    request.output,
  ];
  try {
    await ffmpegWithProgress(args, totalS, request.onProgress, "ffmpeg could not join the clips");
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The MD5 of the frame shown at `atS` (accurately seeked, decoded), or of the first one. */
async function frameHash(file: string, atS?: number): Promise<string> {
  // No seek for the first frame: a seek to 0 in an MP4 with an edit list lands a frame late.
  const seek = atS === undefined ? [] : ["-ss", atS.toFixed(6)];
  const stdout = await tool(
    "ffmpeg",
    [...seek, "-i", file, "-map", "0:v:0", "-frames:v", "1", "-f", "framemd5", "-"],
    "a frame could not be read",
  );
  return stdout.trim().split("\n").at(-1)?.split(",").at(-1)?.trim() ?? "";
}

/** Frames of a file's video, counted by decoding it. */
async function frameCount(file: string): Promise<number> {
  const stdout = await tool(
    "ffprobe",
    ["-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", file],
    "the clip could not be read",
  );
  return Number(stdout.trim());
}

/**
 * Whether a stream-copied clip is the window asked for: its first frame is the
 * source's at `startS` and it has `frames` frames (give or take one). A copy
 * ends in decoding order, so with B-frames (reordered) its end is ragged: such
 * a clip is re-encoded instead.
 */
export async function copyIsExact(source: string, startS: number, clip: string, frames: number): Promise<boolean> {
  try {
    const [count, first, wanted] = await Promise.all([frameCount(clip), frameHash(clip), frameHash(source, startS)]);
    return Math.abs(count - frames) <= 1 && first === wanted;
  } catch {
    // Not readable as asked: the re-encode makes it from the source again.
    return false;
  }
}

/** A JPEG of the frame at `atS` of an MP4. */
export async function posterOf(video: string, atS: number, output: string): Promise<void> {
  await tool(
    "ffmpeg",
    ["-ss", atS.toFixed(3), "-i", video, "-frames:v", "1", "-q:v", "4", "-f", "image2", output],
    "ffmpeg could not make the clip's poster",
  );
}
