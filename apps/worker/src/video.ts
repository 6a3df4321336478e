// ffmpeg and ffprobe for the clip.cut job: what a video is (length, frame
// rate, keyframes) and cutting a window of it into an MP4 with a poster.
import { execFile, spawn } from "node:child_process";
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

/** Cuts [startS, startS + durationS) of the source into an MP4 at `output`. */
export function cutClip(request: CutRequest): Promise<void> {
  // Half a frame early, so rounding in the container's timestamps can't skip the first frame.
  const seek = Math.max(0, request.startS - 0.5 / request.fps);
  const codecs = request.copy
    ? ["-c", "copy"]
    : ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac"];
  const args = [
    ...FFMPEG,
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
    "-movflags",
    "+faststart",
    "-progress",
    "pipe:1",
    "-f",
    "mp4",
    request.output,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn("ffmpeg", args, { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      const last = [...chunk.toString().matchAll(/out_time_us=(\d+)/g)].at(-1);
      if (last) request.onProgress(Math.min(1, Math.max(0, Number(last[1]) / 1e6 / request.durationS)));
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) return resolve();
      console.error(`[worker] ffmpeg cut failed (${code ?? signal}): ${stderr.trim()}`);
      reject(new VideoError(`ffmpeg could not cut the clip (exit ${code ?? signal})`));
    });
  });
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
