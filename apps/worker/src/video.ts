// ffmpeg and ffprobe for the clip.cut, summary.build and recording.download jobs:
// what a video is (length, frame rate, stream parameters, keyframes), cutting a
// window of it into an MP4 as cut-plan.ts plans it (copied, edge re-encoded, or
// whole) with a poster, joining clips after a title card into one MP4, and a
// recording's MP4 download.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { playlistEntries } from "@clubcast/shared";
import { SUMMARY_TITLE_CARD_MS } from "@clubcast/shared";
import { runBatch, spawnBatch } from "./batch-process.ts";
import { planCut, type CutPiece, type CutPlan } from "./cut-plan.ts";

/** Why a video step failed, as a clip may show it to a person: no paths, no command lines. */
export class VideoError extends Error {}

/** ffmpeg's quiet, non-interactive start of every command here. */
const FFMPEG = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"];

/**
 * What ffprobe may write: every packet's line of a whole recording (under 50 bytes each, 25 MB for
 * three hours at 50 frames per second) when its keyframe index is made.
 */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

/** Runs ffprobe or ffmpeg; a failure becomes `failure` (what a person may read: no paths, no command line). */
async function tool(command: "ffprobe" | "ffmpeg", args: string[], failure: string): Promise<string> {
  const prefix = command === "ffprobe" ? ["-v", "error"] : FFMPEG;
  try {
    return (await runBatch(command, [...prefix, ...args], MAX_OUTPUT_BYTES)).stdout;
  } catch {
    throw new VideoError(failure);
  }
}

const UNREADABLE = "the match's on-demand video could not be read";

export interface VideoFacts {
  durationMs: number;
  fps: number;
  /** The video stream's first timestamp (s): HLS segments rarely start at 0, and ffprobe's packet times include it. */
  videoStartS: number;
  /**
   * How far the video's first frame lies after the file's start (s). ffmpeg's -ss counts from the
   * file's start, its earliest stream (often the sound); clip times count from the first frame.
   */
  videoOffsetS: number;
  /** Whether frames are decoded in another order than shown (B-frames). */
  reorders: boolean;
  /** libx264's options for pieces in the stream's own parameters (to join copied ones), or null where it can't. */
  pieceEncoder: string[] | null;
}

/** A fraction as ffprobe writes frame rates ("25/1", "30000/1001"). */
const fraction = (value: string) => {
  const [numerator, denominator = "1"] = value.split("/");
  return Number(numerator) / Number(denominator);
};

/** H.264 profiles as ffprobe names them, as libx264 does. */
const X264_PROFILES: Record<string, string> = {
  "Constrained Baseline": "baseline",
  Baseline: "baseline",
  Main: "main",
  High: "high",
};
/** Pixel formats libx264 writes as they are (other formats would need converting, so another stream). */
const X264_PIXEL_FORMATS = ["yuv420p", "yuvj420p"];

/** One line of ffprobe's `-of compact` output: its section (packet, stream, format) and the fields asked for. */
type ProbeSection = { section: string; fields: Map<string, string> };

/**
 * The `entries` of the source's first video stream, as ffprobe's sections: `-of compact` writes
 * one a line, `section|key=value|…` (and a packet's side data as a bare name, skipped here).
 */
async function probeSections(source: string, entries: string, more: string[] = []): Promise<ProbeSection[]> {
  const stdout = await tool(
    "ffprobe",
    ["-select_streams", "v:0", "-show_entries", entries, ...more, "-of", "compact", source],
    UNREADABLE,
  );
  return stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [section = "", ...pairs] = line.split("|");
      const fields = pairs
        .filter((pair) => pair.includes("="))
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const);
      return { section, fields: new Map(fields) };
    });
}

/** What VideoFacts is read from: the stream's and the file's. */
const FACT_ENTRIES =
  "format=duration,start_time:stream=codec_name,profile,level,pix_fmt,has_b_frames,avg_frame_rate,r_frame_rate,start_time";

/**
 * libx264's options that make H.264 in the stream's codec, profile, level and pixel format, so a
 * piece it encodes joins the stream's copied frames; null for a stream it can't match. Without
 * B-frames: a piece stays in display order whatever the source does.
 */
function pieceEncoderFor(stream: Map<string, string>): string[] | null {
  const profile = X264_PROFILES[stream.get("profile") ?? ""];
  const pixelFormat = stream.get("pix_fmt") ?? "";
  if (stream.get("codec_name") !== "h264" || !profile || !X264_PIXEL_FORMATS.includes(pixelFormat)) return null;
  // ffprobe gives the level times ten (31 for 3.1).
  const level = Number(stream.get("level"));
  const levelOption = level > 0 ? ["-level:v", (level / 10).toFixed(1)] : [];
  return ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-profile:v", profile, ...levelOption].concat([
    "-pix_fmt",
    pixelFormat,
    "-bf",
    "0",
  ]);
}

/** The video's facts from ffprobe's FACT_ENTRIES sections. */
function factsOf(sections: ProbeSection[]): VideoFacts {
  const stream = sections.find(({ section }) => section === "stream")?.fields;
  const format = sections.find(({ section }) => section === "format")?.fields;
  const fps = fraction(stream?.get("avg_frame_rate") ?? "") || fraction(stream?.get("r_frame_rate") ?? "");
  const duration = Number(format?.get("duration"));
  if (!stream || !Number.isFinite(fps) || fps <= 0 || !Number.isFinite(duration)) {
    throw new VideoError("the match's on-demand video has no video stream of known length");
  }
  const fileStartS = Number(format?.get("start_time")) || 0;
  const videoStartS = Number(stream.get("start_time")) || fileStartS;
  return {
    durationMs: Math.round(duration * 1000),
    fps,
    videoStartS,
    videoOffsetS: Math.max(0, videoStartS - fileStartS),
    reorders: Number(stream.get("has_b_frames")) > 0,
    pieceEncoder: pieceEncoderFor(stream),
  };
}

/** The keyframes (frame numbers, ascending) among ffprobe's packet sections, read from their flags. */
const keyframesAmong = (sections: ProbeSection[], video: VideoFacts) =>
  sections
    .filter(({ section, fields }) => section === "packet" && fields.get("flags")?.includes("K"))
    .map(({ fields }) => Number(fields.get("pts_time")))
    .filter(Number.isFinite)
    .map((pts) => Math.round((pts - video.videoStartS) * video.fps))
    .sort((a, b) => a - b);

export async function probeVideo(source: string): Promise<VideoFacts> {
  return factsOf(await probeSections(source, FACT_ENTRIES));
}

/** A video's facts and all its keyframes (what its index keeps). */
export interface VideoIndex {
  video: VideoFacts;
  keyframes: number[];
}

/** The facts and every keyframe of the whole video, in one ffprobe (packets' flags: nothing is decoded). */
export async function probeVideoIndex(source: string): Promise<VideoIndex> {
  const sections = await probeSections(source, `${FACT_ENTRIES}:packet=pts_time,flags`);
  const video = factsOf(sections);
  return { video, keyframes: keyframesAmong(sections, video) };
}

/**
 * ffmpeg's options that read the source from frame `frame` on, half a frame early so rounding in
 * timestamps can't skip it. A re-encode decodes from the keyframe before and drops what lies before
 * the input seek. A copy starts with the packet there: the HLS demuxer's seek of a file with sound
 * can land a segment early, so a copy's exact start is an output seek on the source's timestamps.
 */
function readFrom(source: string, video: VideoFacts, frame: number, mode: CutPiece["mode"]): string[] {
  const early = (frame - 0.5) / video.fps;
  const input = ["-ss", Math.max(0, video.videoOffsetS + early).toFixed(6), "-i", source];
  if (mode === "encode") return input;
  return [...input, "-copyts", "-ss", (video.videoStartS + early).toFixed(6), "-avoid_negative_ts", "make_zero"];
}

/**
 * The keyframes among the `frames` frames from `firstFrame` on and the one just after them, read
 * from the packets' flags (nothing is decoded).
 */
async function keyframesOf(source: string, video: VideoFacts, firstFrame: number, frames: number): Promise<number[]> {
  // ffprobe can't seek to before the first timestamp.
  const from = video.videoStartS + Math.max(0, firstFrame - 0.5) / video.fps;
  const window = `${from.toFixed(6)}%+${((frames + 1) / video.fps).toFixed(6)}`;
  return keyframesAmong(await probeSections(source, "packet=pts_time,flags", ["-read_intervals", window]), video);
}

/**
 * How the `frames` frames from `firstFrame` on are best cut: copied as far as the source's
 * keyframes allow. The keyframes are the video's index's, or null to probe the window's.
 */
export async function planClipCut(
  source: string,
  video: VideoFacts,
  firstFrame: number,
  frames: number,
  indexed: readonly number[] | null,
): Promise<CutPlan> {
  const keyframes = indexed ?? (await keyframesOf(source, video, firstFrame, frames));
  return planCut(firstFrame, frames, { keyframes, reorders: video.reorders, encodable: video.pieceEncoder !== null });
}

/** A planned cut of the source (planClipCut) into an MP4 at `output`. */
export interface CutRequest {
  source: string;
  video: VideoFacts;
  plan: CutPlan;
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
    const child = spawnBatch("ffmpeg", [...FFMPEG, ...args, "-progress", "pipe:1"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
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

/** A piece's file next to the clip's own partial one: never served (media names end in .mp4, .ts, …). */
const pieceFile = (output: string, index: number) => `${output}.piece${index}.part`;

/** A path in a concat demuxer list, quoted (a quote inside becomes '\''). */
const concatPath = (file: string) => `'${file.replaceAll("'", "'\\''")}'`;

/**
 * Cuts the planned frames of the source into an MP4 at `output`. One piece is written straight
 * into the MP4 (a copy keeps the sound as it is). Several are written each as MPEG-TS beside it,
 * then joined with the concat demuxer, each lasting exactly its frames, with the sound of the
 * whole window re-encoded from the source; the pieces' files go either way.
 */
export async function cutClip(request: CutRequest): Promise<void> {
  const { source, video, plan, output } = request;
  const totalFrames = plan.pieces.reduce((sum, piece) => sum + piece.frames, 0);
  const durationS = (totalFrames / video.fps).toFixed(6);
  const first = plan.pieces[0]!;
  const failure = "ffmpeg could not cut the clip";
  if (plan.pieces.length === 1) {
    const codecs = first.mode === "copy" ? ["-c", "copy"] : PLAYABLE;
    const args = [...readFrom(source, video, first.firstFrame, first.mode), "-t", durationS].concat([
      "-map",
      "0:v:0",
      "-map",
      "0:a:0?",
      ...codecs,
    ]);
    return ffmpegWithProgress([...args, ...MP4_OUT, output], totalFrames / video.fps, request.onProgress, failure);
  }
  const list = `${output}.pieces.part`;
  const files = plan.pieces.map((_, i) => pieceFile(output, i));
  try {
    let framesDone = 0;
    for (const [i, piece] of plan.pieces.entries()) {
      const codec = piece.mode === "copy" ? ["-c:v", "copy"] : video.pieceEncoder!;
      const args = [...readFrom(source, video, piece.firstFrame, piece.mode), "-map", "0:v:0"].concat([
        "-frames:v",
        String(piece.frames),
        ...codec,
        "-f",
        "mpegts",
        files[i]!,
      ]);
      const before = framesDone;
      await ffmpegWithProgress(
        args,
        piece.frames / video.fps,
        (done) => request.onProgress((before + done * piece.frames) / totalFrames),
        failure,
      );
      framesDone += piece.frames;
    }
    const entries = plan.pieces.map(
      (piece, i) => `file ${concatPath(files[i]!)}\nduration ${(piece.frames / video.fps).toFixed(6)}\n`,
    );
    writeFileSync(list, entries.join(""));
    const args = [
      "-f",
      "concat",
      "-safe",
      "0",
      "-i",
      list,
      ...readFrom(source, video, first.firstFrame, "encode"),
    ].concat(["-map", "0:v:0", "-map", "1:a:0?", "-c:v", "copy", "-c:a", "aac", "-t", durationS]);
    await ffmpegWithProgress([...args, ...MP4_OUT, output], totalFrames / video.fps, () => {}, failure);
  } finally {
    for (const file of [list, ...files]) rmSync(file, { force: true });
  }
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
/** The summary's title card, in seconds (its length is a shared rule: the server adds it to the summary's length). */
export const TITLE_CARD_S = SUMMARY_TITLE_CARD_MS / 1000;

/**
 * A value as one option of a filter in a filtergraph: ffmpeg unescapes it twice, first as the graph's text
 * (where \\ ' [ ] , ; are syntax), then as the filter's option (where \\ ' : are).
 */
export function filterOption(value: string): string {
  return value.replace(/[\\':]/g, "\\$&").replace(/[\\'[\],;]/g, "\\$&");
}

/** The summary's title card's line: the sides' names (team or club names, which their clubs choose) and the score. */
export function summaryTitle(title: { home: string; away: string; homeScore: number; awayScore: number }): string {
  return `${title.home}  ${title.homeScore} - ${title.awayScore}  ${title.away}`;
}

export interface JoinRequest {
  /** The clips' MP4s, in order, each played for its duration (s). */
  clips: { file: string; durationS: number }[];
  fps: number;
  /** The title card's text (summaryTitle), drawn as it is: nothing in it is read as ffmpeg syntax. */
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
  // drawtext reads the line from a file, and without expansion: what team names hold (quotes, colons,
  // %{...}) is never read as filter syntax nor as one of drawtext's text functions.
  const scratch = mkdtempSync(join(tmpdir(), "clubcast-title-"));
  const titleFile = join(scratch, "title.txt");
  writeFileSync(titleFile, request.title);
  // A twelfth of the height, smaller where a long line would not fit (a glyph is about 0.55 of the size wide).
  const fontSize = Math.round(Math.min(height / 12, (0.9 * width) / (0.55 * Math.max(1, [...request.title].length))));
  const title = (await canDrawText())
    ? `,drawtext=textfile=${filterOption(titleFile)}:expansion=none:fontcolor=white:fontsize=${fontSize}:x=(w-tw)/2:y=(h-th)/2`
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

/** A JPEG of the frame at `atS` of an MP4. */
export async function posterOf(video: string, atS: number, output: string): Promise<void> {
  await tool(
    "ffmpeg",
    ["-ss", atS.toFixed(3), "-i", video, "-frames:v", "1", "-q:v", "4", "-f", "image2", output],
    "ffmpeg could not make the clip's poster",
  );
}

/** The lines of a playlist that name something (a rendition's playlist, a segment), resolved next to it. */
function entriesOf(playlist: string): { file: string; durationS: number | null }[] {
  return playlistEntries(readFileSync(playlist, "utf8")).map(({ uri, duration }) => ({
    file: join(dirname(playlist), uri),
    durationS: duration,
  }));
}

/**
 * The segments of the best rendition of a video-on-demand (`playlist`: a master playlist naming
 * renditions best first, as the gateway writes, or a media playlist), and the longest of them (s).
 */
export function bestRendition(playlist: string): { segments: { file: string; durationS: number }[]; longestS: number } {
  const entries = entriesOf(playlist);
  const isMaster = entries.every((entry) => entry.durationS === null);
  const segments = (isMaster && entries[0] ? entriesOf(entries[0].file) : entries).map((entry) => ({
    file: entry.file,
    durationS: entry.durationS ?? 0,
  }));
  return { segments, longestS: Math.max(0, ...segments.map((segment) => segment.durationS)) };
}

/**
 * The MP4 download of a recording: the segments of the best rendition of its video-on-demand copied
 * into one file without re-encoding. The concat demuxer lays them end to end at their playlist
 * durations, so a reconnect's restarted timestamps (a discontinuity) don't break the file.
 */
export async function makeDownload(playlist: string, output: string): Promise<void> {
  const { segments } = bestRendition(playlist);
  if (!segments.length) throw new VideoError("the recording has no segments to make a download of");
  // ffmpeg skips a file it cannot open and succeeds: a download with a hole is no download.
  if (!segments.every(({ file }) => existsSync(file))) throw new VideoError("a segment of the recording is missing");
  const list = `${output}.segments.part`;
  writeFileSync(
    list,
    segments.map(({ file, durationS }) => `file ${concatPath(file)}\nduration ${durationS}\n`).join(""),
  );
  try {
    await tool(
      "ffmpeg",
      ["-f", "concat", "-safe", "0", "-i", list, "-c", "copy", ...MP4_OUT, output],
      "ffmpeg could not make the download",
    );
  } finally {
    rmSync(list, { force: true });
  }
}
