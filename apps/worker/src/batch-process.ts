// The worker's ffmpeg and ffprobe are batch video work (clip cuts, summaries, downloads, the keyframe
// index, listening for moments). They start here, VIDEO_NICENESS.batch below the worker: on a box shared
// with the media gateway they yield the CPU to live streams, and a cut takes a little longer instead of a
// live stream falling behind.
import { execFile, spawn, type SpawnOptions } from "node:child_process";
import { promisify } from "node:util";
import { niced, VIDEO_NICENESS } from "@clubcast/shared/processes";

const execFileAsync = promisify(execFile);

/** Starts a batch tool, its output streamed: `spawn`, typed as spawn is for the stdio asked for. */
export const spawnBatch = ((command: string, args: readonly string[], options: SpawnOptions) =>
  spawn(...niced(VIDEO_NICENESS.batch, command, args), options)) as typeof spawn;

/** Runs a batch tool to its end, answering what it wrote; rejects when it fails. */
export function runBatch(command: string, args: string[], maxBuffer?: number): Promise<{ stdout: string }> {
  return execFileAsync(...niced(VIDEO_NICENESS.batch, command, args), {
    encoding: "utf8",
    ...(maxBuffer ? { maxBuffer } : {}),
  });
}
