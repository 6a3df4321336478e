// The processes of a running instance, read from /proc: which program each runs and its memory.
import { readdirSync, readFileSync } from "node:fs";

export interface RunningProcess {
  pid: number;
  /** Its command line, arguments joined by spaces. */
  command: string;
  rssBytes: number;
}

function read(pid: number): { parent: number; process: RunningProcess } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
    const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    return { parent, process: { pid, command, rssBytes: rssKb * 1024 } };
  } catch {
    return null; // ended while we looked
  }
}

/** Every process under `root` (children, grandchildren, ...). */
export function descendants(root: number): RunningProcess[] {
  const all = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => read(Number(entry)))
    .filter((entry) => entry !== null);
  const found: RunningProcess[] = [];
  const parents = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const entry of all) {
      if (parents.has(entry.parent) && !parents.has(entry.process.pid)) {
        parents.add(entry.process.pid);
        found.push(entry.process);
        grew = true;
      }
    }
  }
  return found;
}
