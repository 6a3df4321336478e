// Child processes (nginx, ffmpeg, ffprobe) that die with the gateway: if it is
// killed outright, nothing it started keeps ports, streams or files busy.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import type { Readable } from "node:stream";
import { niced } from "@clubcast/shared/processes";

/** util-linux's setpriv sets the parent-death signal, then runs the command in its place (same pid). */
const SETPRIV = "/usr/bin/setpriv";
let canSetDeathSignal: boolean | undefined;

/**
 * Starts `command` tied to the gateway, `niceness` below it (VIDEO_NICENESS; 0 for what must keep up with the
 * camera).
 */
export function spawnTied(command: string, args: string[], options: SpawnOptions, niceness = 0): ChildProcess {
  canSetDeathSignal ??= spawnSync(SETPRIV, ["--pdeathsig", "SIGKILL", "true"], { stdio: "ignore" }).status === 0;
  const [program, programArgs] = niced(niceness, command, args);
  return canSetDeathSignal
    ? spawn(SETPRIV, ["--pdeathsig", "SIGKILL", program, ...programArgs], options)
    : spawn(program, programArgs, options);
}

/**
 * Follows ffmpeg's `-progress pipe:1` output: `report` gets each stream time written (out_time_us, past 0) and
 * the moment it was read. Lines may be split across chunks.
 */
export function followFfmpegProgress(stdout: Readable, report: (outTimeUs: number, at: number) => void): void {
  let partial = "";
  stdout.on("data", (chunk: Buffer | string) => {
    const at = Date.now();
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop()!;
    for (const line of lines) {
      const outTime = /^out_time_us=(\d+)/.exec(line)?.[1];
      if (outTime && outTime !== "0") report(Number(outTime), at);
    }
  });
}
