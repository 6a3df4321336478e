// The worker in tests of every app: its queues in the test's own process, or
// the real worker process as `npm start -w @clubcast/worker` runs it.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { WORKERS_RUNNING } from "@clubcast/worker/workers";

export { startWorkers, type RunningWorkers } from "@clubcast/worker/workers";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** The real worker process with `env` over this process's own; its stdout and stderr are piped. */
export function spawnWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "apps/worker/src/main.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
}

/** Resolves once the worker process says it runs its queues. */
export function workerReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(WORKERS_RUNNING)) resolve();
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code, signal) =>
      reject(new Error(`worker exited (${code ?? signal}) before it was ready:\n${output}`)),
    );
  });
}
