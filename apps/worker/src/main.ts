// `npm start -w @clubcast/worker`: runs the platform's jobs until SIGTERM/SIGINT,
// then finishes the jobs in flight before exiting.
import { closeDeps, createDeps, createServices } from "@clubcast/domain";
import { exitOnBadSettings, loadConfig, loadWorkerSettings } from "@clubcast/settings";
import { startWorkers, WORKERS_RUNNING } from "./workers.ts";

const [config, settings] = exitOnBadSettings(() => [loadConfig(), loadWorkerSettings()] as const);
const deps = createDeps(config, "worker");
const running = startWorkers(deps, createServices(deps), settings);
await Promise.all(running.workers.map((w) => w.waitUntilReady()));
console.log(`[worker] ${WORKERS_RUNNING}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[worker] ${signal} received: finishing the jobs in flight`);
  await running.close();
  await closeDeps(deps);
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
