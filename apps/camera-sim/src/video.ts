// Real video for the simulator through ffmpeg: a live HLS stream of a test
// pattern with a running clock while a match records, and an HLS
// video-on-demand when it stops. Without ffmpeg on PATH the simulator runs
// without video.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

export const PLAYLIST = "index.m3u8";
const SEGMENT_SECONDS = 2;
const FONT_FILE = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

let ffmpegAvailable: boolean | undefined;
export function hasFfmpeg(): boolean {
  ffmpegAvailable ??= spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0;
  return ffmpegAvailable;
}

function runFfmpeg(args: string[]): ChildProcess {
  return spawn("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: ["pipe", "ignore", "pipe"] });
}

function finished(child: ChildProcess): Promise<void> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null) return resolve();
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0 || signal === "SIGINT"
        ? resolve()
        : reject(new Error(`ffmpeg exited with ${code ?? signal}: ${stderr}`)),
    );
  });
}

function testPatternInput(size: string, live: boolean, caption: string): string[] {
  // %{localtime} is the wall clock, %{pts} the time since the recording started.
  const font = existsSync(FONT_FILE) ? `fontfile=${FONT_FILE}:` : "";
  const text = `drawtext=${font}text='${caption}  %{localtime\\:%X}  +%{pts\\:hms}':x=24:y=24:fontsize=28:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=8`;
  return [...(live ? ["-re"] : []), "-f", "lavfi", "-i", `testsrc2=size=${size}:rate=25`, "-vf", text];
}

const H264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50", "-sc_threshold", "0"];

export interface LiveVideo {
  /** Resolves once the live playlist exists, so players can start. */
  ready: Promise<void>;
  /**
   * Ends the live stream and turns what was recorded into an HLS video-on-demand in `vodDir`; false
   * when nothing playable was (stopped before its first segment): no video is made up for it.
   */
  stopIntoVod(vodDir: string): Promise<boolean>;
  /** Ends ffmpeg without making anything more (the simulator shutting down). */
  abort(): Promise<void>;
}

/**
 * Streams a test pattern to `liveDir` (a sliding window of 6 segments) and, with
 * an `archiveDir`, keeps every segment there for the video-on-demand, encoding once.
 */
export function startLiveVideo(
  liveDir: string,
  archiveDir: string | null,
  options: { size: string; caption: string },
): LiveVideo {
  const hls = (dir: string, extra: string) =>
    `[f=hls:hls_time=${SEGMENT_SECONDS}:${extra}:hls_segment_filename=${join(dir, "seg%05d.ts")}]${join(dir, PLAYLIST)}`;
  const outputs = [hls(liveDir, "hls_list_size=6:hls_flags=delete_segments")];
  if (archiveDir) outputs.push(hls(archiveDir, "hls_list_size=0:hls_playlist_type=event"));
  for (const dir of [liveDir, archiveDir]) if (dir) mkdirSync(dir, { recursive: true });
  const child = runFfmpeg([
    ...testPatternInput(options.size, true, options.caption),
    ...H264,
    "-tune",
    "zerolatency",
    "-map",
    "0:v",
    "-f",
    "tee",
    outputs.join("|"),
  ]);
  const exited = finished(child);
  const livePlaylist = join(liveDir, PLAYLIST);
  const ready = new Promise<void>((resolve, reject) => {
    const poll = setInterval(() => {
      if (existsSync(livePlaylist)) {
        clearInterval(poll);
        resolve();
      }
    }, 200);
    exited.then(
      () => (clearInterval(poll), existsSync(livePlaylist) ? resolve() : reject(new Error("ffmpeg ended early"))),
      (error: unknown) => (clearInterval(poll), reject(error)),
    );
  });
  ready.catch(() => {}); // observed by whoever awaits it

  return {
    ready,
    async stopIntoVod(vodDir) {
      // "q" makes ffmpeg finish the current segment and close both playlists.
      if (child.exitCode === null) child.stdin?.end("q");
      await exited.catch(() => {});
      if (!archiveDir || !existsSync(join(archiveDir, PLAYLIST))) return false;
      // Stopped at once, the archive may list a first segment ffmpeg never finished: nothing playable.
      return remuxToVod(join(archiveDir, PLAYLIST), vodDir).then(
        () => true,
        () => false,
      );
    },
    async abort() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited.catch(() => {});
    },
  };
}

async function remuxToVod(source: string, vodDir: string): Promise<void> {
  mkdirSync(vodDir, { recursive: true });
  await finished(runFfmpeg(["-i", source, "-c", "copy", ...vodOutput(vodDir)]));
}

function vodOutput(vodDir: string): string[] {
  return [
    "-f",
    "hls",
    "-hls_time",
    String(SEGMENT_SECONDS),
    "-hls_playlist_type",
    "vod",
    "-hls_segment_filename",
    join(vodDir, "seg%05d.ts"),
    join(vodDir, PLAYLIST),
  ];
}

/** A short video-on-demand of the test pattern (a restore of a recording the simulator never made). */
export async function encodeTestPatternVod(
  vodDir: string,
  options: { size: string; caption: string; seconds: number },
): Promise<void> {
  mkdirSync(vodDir, { recursive: true });
  await finished(
    runFfmpeg([
      ...testPatternInput(options.size, false, options.caption),
      "-t",
      String(options.seconds),
      ...H264,
      ...vodOutput(vodDir),
    ]),
  );
}
