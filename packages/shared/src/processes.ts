// The priority of the platform's own tools.

/**
 * How much the platform's ffmpeg and ffprobe yield the CPU on a busy box: nice(1) levels below the process
 * that starts them (0 yields nothing). The gateway's own loop (camera commands, parts, playlists), nginx, the
 * stream readers and the SRT relays keep 0: what they don't take in time is lost. The ladder's encoder reads
 * the spool on disk and only falls behind, so it yields to them; the worker's batch video work (clip cuts,
 * summaries, downloads, the keyframe index, listening for moments) yields to live transcoding as well.
 */
export const VIDEO_NICENESS = { liveTranscode: 5, batch: 15 } as const;

/**
 * The program and arguments that run `command` `niceness` below the process starting it: through nice(1), so
 * the tool is at its priority from its first instruction (nice stops at 19).
 */
export function niced(niceness: number, command: string, args: readonly string[]): [string, string[]] {
  return niceness ? ["nice", ["-n", String(niceness), command, ...args]] : [command, [...args]];
}
