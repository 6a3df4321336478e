// Plumbing of `npm run bench:media`: the test clip and its frame numbers,
// publishers, playlist watching, and CPU time from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { sleep } from "@clubcast/testkit/bench";
import { followFfmpegProgress } from "../src/processes.ts";

// ── stream keys: the bench's API reads the mode and camera from the key ──

export const cameraOf = (streamKey: string) => `cam-${streamKey}`;
export const isLadderKey = (streamKey: string) => streamKey.startsWith("ladder-");

// ── child processes, all stopped at the end whatever happens ──

const running = new Set<ChildProcess>();
const stderrTails = new WeakMap<ChildProcess, string>();

export function run(command: string, args: string[], stdout: "pipe" | "ignore" = "ignore"): ChildProcess {
  const child = spawn(command, args, { stdio: ["ignore", stdout, "pipe"] });
  running.add(child);
  stderrTails.set(child, "");
  child.stderr!.on("data", (chunk: Buffer) =>
    stderrTails.set(child, (stderrTails.get(child)! + chunk.toString()).slice(-2000)),
  );
  child.once("exit", () => running.delete(child));
  child.once("error", () => running.delete(child));
  return child;
}

/** The end of what a child wrote to stderr. */
export const errorText = (child: ChildProcess) => stderrTails.get(child)?.trim() ?? "";

/** Ends a child and waits for it (SIGKILL after 3 s). */
export async function stop(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const kill = setTimeout(() => child.kill("SIGKILL"), 3000);
  await exited;
  clearTimeout(kill);
}

export const stopAll = () => Promise.all([...running].map((child) => stop(child)));

/** Runs ffmpeg (or ffprobe) to the end; answers its stdout. */
export async function ffmpeg(args: string[], command = "ffmpeg"): Promise<Buffer> {
  const child = run(command, ["-hide_banner", "-loglevel", "error", ...args], "pipe");
  const chunks: Buffer[] = [];
  child.stdout!.on("data", (chunk: Buffer) => chunks.push(chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${command} ${args.join(" ")}: ${errorText(child)}`);
  return Buffer.concat(chunks);
}

// ── the test clip: each frame carries its number as 16 black/white blocks along the top ──

export const CLIP = { seconds: 30, fps: 25, width: 1280, height: 720 } as const;
/** The number's band: the top ninth of the picture, 16 blocks of one bit each. */
export const BAND_HEIGHT = CLIP.height / 9;
export const BITS = 16;

/**
 * Encodes the clip every publisher sends: 720p25 H.264 at 3 Mbit/s with AAC,
 * a keyframe every second (as cameras send; or every `keyframeSeconds`), no
 * B-frames. The frame number is drawn as pixels, so it survives nginx, ffmpeg's
 * timestamp rewriting and the ladder's rescaling.
 */
export async function encodeClip(
  file: string,
  keyframeSeconds = 1,
): Promise<{ bitsPerSecond: number; loopSeconds: number }> {
  const keyframeInterval = String(CLIP.fps * keyframeSeconds);
  const block = CLIP.width / BITS;
  const number = `nullsrc=size=${CLIP.width}x${BAND_HEIGHT}:rate=${CLIP.fps},geq=lum='if(mod(floor(N/pow(2\\,floor(X/${block})))\\,2)\\,235\\,16)':cb=128:cr=128`;
  // The same encoder settings give every publisher the same bitrate; the clip is made once.
  await ffmpeg([
    "-y",
    ...["-f", "lavfi", "-i", `testsrc2=size=${CLIP.width}x${CLIP.height}:rate=${CLIP.fps}`],
    ...["-f", "lavfi", "-i", number],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
    ...["-filter_complex", "[0:v][1:v]overlay=0:0:shortest=1,format=yuv420p[v]", "-map", "[v]", "-map", "2:a"],
    ...["-t", String(CLIP.seconds), "-c:v", "libx264", "-preset", "veryfast"],
    ...["-b:v", "3M", "-maxrate", "3M", "-bufsize", "3M", "-g", keyframeInterval, "-keyint_min", keyframeInterval],
    ...["-sc_threshold", "0", "-bf", "0", "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-movflags", "+faststart", file],
  ]);
  const probe = JSON.parse(
    (await ffmpeg(["-show_entries", "format=duration,bit_rate", "-of", "json", file], "ffprobe")).toString(),
  ) as { format: { duration: string; bit_rate: string } };
  return { bitsPerSecond: Number(probe.format.bit_rate), loopSeconds: Number(probe.format.duration) };
}

/** The number drawn into the first frame of a segment (its keyframe), at any resolution. */
export async function firstFrameNumber(segment: string): Promise<number> {
  const band = await ffmpeg([
    ...["-i", segment, "-frames:v", "1", "-an"],
    // The band's upper two thirds (clear of the picture below it), averaged to one pixel per block.
    ...["-vf", `crop=iw:ih/14:0:0,scale=${BITS}:1:flags=area`],
    ...["-f", "rawvideo", "-pix_fmt", "gray", "pipe:1"],
  ]);
  if (band.length !== BITS || band.some((value) => value > 64 && value < 192)) {
    throw new Error(`no readable frame number in ${segment}`);
  }
  return [...band].reduce((number, value, bit) => number + (value >= 128 ? 2 ** bit : 0), 0);
}

// ── publishers ──

export interface Publisher {
  child: ChildProcess;
  /** Wall-clock ms at which stream time 0 left (to within one frame): frame at t left at origin + t. */
  origin(): number;
  /** Stream seconds sent by the latest progress report, and the wall-clock ms of that report. */
  sent(): { seconds: number; at: number };
}

/**
 * Publishes the clip in a loop without re-encoding (a publisher costs little
 * CPU): at its own pace (`-re`) or `readrate` times faster. ffmpeg's progress
 * reports tie stream time to wall time: a report at wall time w after stream
 * time t has been sent says t left no later than w, so the origin is the least
 * w - t over all reports.
 */
export function publish(
  clip: string,
  url: string,
  options: { readrate?: number; reportSeconds?: number } = {},
): Publisher {
  const pace = options.readrate ? ["-readrate", String(options.readrate)] : ["-re"];
  const child = run(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-nostats", "-nostdin"],
      ...["-progress", "pipe:1", "-stats_period", String(options.reportSeconds ?? 1)],
      ...pace,
      ...["-stream_loop", "-1", "-i", clip, "-c", "copy", "-f", "flv", url],
    ],
    "pipe",
  );
  let origin = Number.POSITIVE_INFINITY;
  let sent = { seconds: 0, at: Date.now() };
  followFfmpegProgress(child.stdout!, (outTime, at) => {
    sent = { seconds: outTime / 1e6, at };
    origin = Math.min(origin, at - sent.seconds * 1000);
  });
  return { child, origin: () => origin, sent: () => sent };
}

// ── playlists ──

export interface ListedSegment {
  /** Media sequence number. */
  sequence: number;
  uri: string;
  duration: number;
  discontinuity: boolean;
}

/** The segments an HLS media playlist lists (none when it isn't there yet). */
export function listedSegments(file: string): ListedSegment[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const segments: ListedSegment[] = [];
  let sequence = 0;
  let duration = 0;
  let discontinuity = false;
  for (const line of text.split("\n").map((l) => l.trim())) {
    if (line.startsWith("#EXT-X-MEDIA-SEQUENCE:")) sequence = Number(line.slice(22));
    else if (line.startsWith("#EXTINF:")) duration = Number.parseFloat(line.slice(8));
    else if (line === "#EXT-X-DISCONTINUITY") discontinuity = true;
    else if (line && !line.startsWith("#")) {
      segments.push({ sequence: sequence++, uri: line, duration, discontinuity });
      discontinuity = false;
    }
  }
  return segments;
}

/** ffmpeg's segment number in a file name such as s1-00042.ts. */
export const segmentNumber = (uri: string) => Number(/(\d+)\.ts$/.exec(uri)?.[1] ?? Number.NaN);

// ── CPU time and process trees from /proc ──

/** Linux's clock ticks (getconf CLK_TCK) in /proc/…/stat and /proc/stat. */
export const TICKS_PER_SECOND = 100;

interface ProcessInfo {
  pid: number;
  ppid: number;
  comm: string;
  /** User + system CPU time in seconds. */
  cpu: number;
}

function processInfo(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    const fields = stat.slice(close + 2).split(" ");
    return {
      pid,
      ppid: Number(fields[1]),
      comm: stat.slice(stat.indexOf("(") + 1, close),
      cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    };
  } catch {
    return null; // gone meanwhile
  }
}

/** Every process below `root` (not itself). */
export function descendants(root: number): ProcessInfo[] {
  const all = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => processInfo(Number(name)))
    .filter((info): info is ProcessInfo => info !== null);
  const below = new Set([root]);
  // Parents usually have lower pids, but not always: repeat until nothing is added.
  for (let size = 0; size !== below.size;) {
    size = below.size;
    for (const info of all) if (below.has(info.ppid)) below.add(info.pid);
  }
  return all.filter((info) => info.pid !== root && below.has(info.pid));
}

export function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(0, -1);
  } catch {
    return [];
  }
}

/** CPU seconds per pid now; a pid gone meanwhile is left out. */
export function cpuOf(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    const info = processInfo(pid);
    if (info) seconds.set(pid, info.cpu);
  }
  return seconds;
}

/** CPU seconds between two readings of cpuOf (a pid new in the second counts from its start). */
export const cpuBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((total, [pid, seconds]) => total + seconds - (before.get(pid) ?? 0), 0);

/** Busy and total jiffies of the whole machine (every core). */
export function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3]! + fields[4]!; // idle + iowait
  return { busy: total - idle, total };
}

// ── ports ──

/** A TCP port free right now on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until something listens on the TCP port, without connecting (a listen-mode ffmpeg takes one connection only). */
export async function listening(port: number, timeoutMs = 20_000): Promise<void> {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
      if (!existsSync(table)) continue;
      for (const row of readFileSync(table, "utf8").split("\n").slice(1)) {
        const [, local, , state] = row.trim().split(/\s+/);
        if (local?.endsWith(hex) && state === "0A") return; // 0A: LISTEN
      }
    }
  }
  throw new Error(`nothing listens on port ${port}`);
}
