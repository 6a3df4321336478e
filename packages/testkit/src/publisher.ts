// ffmpeg publishers: cameras and OBS as the media gateway's tests and the browser tests' journey meet them.
import { spawn, type ChildProcess } from "node:child_process";

const running = new Set<ChildProcess>();

/** Kills every publisher still running (a test's clean-up). */
export function stopAllPublishers(): void {
  for (const child of running) child.kill("SIGKILL");
}

export interface Publisher {
  child: ChildProcess;
  /** How the publisher ended (its exit code), and how long after it started. */
  exited: Promise<{ code: number | null; ms: number }>;
  /** Ends the publish cleanly (ffmpeg's "q"), as a camera being switched off. */
  stop(): Promise<void>;
}

/**
 * The SRT URL of an ffmpeg publisher that, when it closes, first sends all it wrote. ffmpeg writes its last
 * frames in one go when its input ends (what its encoder or its interleaving held back: half a second of a
 * clip with audio) and closes at once, and libsrt's live mode does not linger: what it had not sent yet never
 * left it (seen on the wire; a plain ffmpeg listener lost it too). A camera streaming live sends each frame
 * as it is encoded.
 */
export const lingering = (srtUrl: string) => `${srtUrl}${srtUrl.includes("?") ? "&" : "?"}linger=10`;

/**
 * An ffmpeg test-pattern publisher (640x360 at 25 frames a second unless told, H.264 with AAC, a
 * keyframe every second) to an RTMP URL or, as MPEG-TS, an SRT one (lingering);
 * `video` replaces the video codec and its keyframe interval.
 */
export function publish(target: string, options: { size?: string; rate?: number; video?: string[] } = {}): Publisher {
  const started = Date.now();
  const srt = target.startsWith("srt://");
  const rate = options.rate ?? 25;
  // prettier-ignore
  const child = spawn("ffmpeg", [
    "-hide_banner", "-loglevel", "error",
    "-re", "-f", "lavfi", "-i", `testsrc2=size=${options.size ?? "640x360"}:rate=${rate}`, "-f", "lavfi", "-i", "sine",
    ...(options.video ?? ["-c:v", "libx264", "-preset", "veryfast", "-g", String(rate)]), "-c:a", "aac",
    ...(srt ? ["-f", "mpegts", lingering(target)] : ["-f", "flv", target]),
  ], { stdio: ["pipe", "ignore", "ignore"] });
  running.add(child);
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve({ code, ms: Date.now() - started });
    }),
  );
  return {
    child,
    exited,
    async stop() {
      child.stdin!.end("q");
      await exited;
    },
  };
}
