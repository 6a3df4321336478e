// Keeps the platform's processes running under `npm start`: a part that exits
// on its own is started again after a wait that doubles with each crash in a row
// (so a part failing at start-up doesn't spin), and only stop() — Ctrl-C or
// SIGTERM — ends them all. One crashed part never takes the others down.
import { spawn, type ChildProcess } from "node:child_process";

export interface SupervisedPart {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface SupervisorOptions {
  /** Wait before the first restart after a crash (default 1 s). */
  initialDelayMs?: number;
  /** The longest wait between restarts (default 30 s). */
  maxDelayMs?: number;
  /** A part that stayed up this long before crashing counts as healthy again: its wait starts over (default 60 s). */
  stableAfterMs?: number;
  /** How long stop() lets the parts finish after the signal before killing them (default 10 s). */
  stopTimeoutMs?: number;
  stdio?: "inherit" | "ignore";
  log?: (line: string) => void;
}

export interface Supervisor {
  /** The running child of each part (none while it waits for a restart). */
  children(): Map<string, ChildProcess>;
  /** Forwards `signal` to every part, waits for all to exit (killing stragglers after stopTimeoutMs). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function supervise(parts: SupervisedPart[], options: SupervisorOptions = {}): Supervisor {
  const initialDelayMs = options.initialDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const stableAfterMs = options.stableAfterMs ?? 60_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const log = options.log ?? ((line: string) => console.error(line));
  const running = new Map<string, ChildProcess>();
  const restarts = new Map<string, NodeJS.Timeout>();
  let stopping = false;

  function start(part: SupervisedPart, delayMs: number): void {
    const startedAt = Date.now();
    const child = spawn(part.command, part.args, {
      cwd: part.cwd,
      env: part.env ?? process.env,
      stdio: options.stdio ?? "inherit",
    });
    running.set(part.name, child);
    child.on("error", (error) => log(`[start] ${part.name} could not run: ${error.message}`));
    child.on("exit", (code, signal) => {
      running.delete(part.name);
      if (stopping) return;
      // Up long enough to count as healthy: this crash starts the waits over.
      const wait = Date.now() - startedAt >= stableAfterMs ? initialDelayMs : delayMs;
      log(`[start] ${part.name} exited (${signal ?? `code ${code}`}); restarting in ${wait} ms`);
      restarts.set(
        part.name,
        setTimeout(() => {
          restarts.delete(part.name);
          start(part, Math.min(wait * 2, maxDelayMs));
        }, wait),
      );
    });
  }

  for (const part of parts) start(part, initialDelayMs);

  return {
    children: () => new Map(running),
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      stopping = true;
      for (const timer of restarts.values()) clearTimeout(timer);
      restarts.clear();
      const exits = [...running.values()].map(
        (child) => new Promise<void>((resolve) => child.once("exit", () => resolve())),
      );
      for (const child of running.values()) child.kill(signal);
      const killer = setTimeout(() => {
        for (const child of running.values()) child.kill("SIGKILL");
      }, stopTimeoutMs);
      await Promise.all(exits);
      clearTimeout(killer);
    },
  };
}
