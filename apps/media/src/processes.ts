// Child processes (nginx, ffmpeg, ffprobe) that die with the gateway: if it is
// killed outright, nothing it started keeps ports, streams or files busy.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";

/** util-linux's setpriv sets the parent-death signal, then runs the command in its place (same pid). */
const SETPRIV = "/usr/bin/setpriv";
let canSetDeathSignal: boolean | undefined;

export function spawnTied(command: string, args: string[], options: SpawnOptions): ChildProcess {
  canSetDeathSignal ??= spawnSync(SETPRIV, ["--pdeathsig", "SIGKILL", "true"], { stdio: "ignore" }).status === 0;
  return canSetDeathSignal
    ? spawn(SETPRIV, ["--pdeathsig", "SIGKILL", command, ...args], options)
    : spawn(command, args, options);
}
