// The BullMQ workers of the platform's queues, over the service layer of
// @clubcast/server/runtime. Closing waits for the jobs in flight to finish.
import { Worker, type Processor, type WorkerOptions } from "bullmq";
import { Redis } from "ioredis";
import { QUEUES, bullPrefix, type QueueName } from "@clubcast/shared";
import type { Deps, Services } from "@clubcast/server/runtime";
import { assetUpdateProcessor, cameraCommandProcessor, clipCutProcessor, matchTimerProcessor } from "./processors.ts";
import type { WorkerSettings } from "./settings.ts";

/** What the worker process prints once its queues run (tests of other processes wait for it). */
export const WORKERS_RUNNING = "running the camera, asset, timer and clip queues";

export interface RunningWorkers {
  workers: Worker[];
  /** Stops taking jobs and waits for the ones running to finish. */
  close(): Promise<void>;
}

export function startWorkers(deps: Deps, services: Services, settings: WorkerSettings): RunningWorkers {
  // BullMQ needs a connection without a per-request retry limit (it blocks waiting for jobs).
  const connection = deps.redisOutages.watch(new Redis(deps.config.redisUrl, { maxRetriesPerRequest: null }));
  const options: WorkerOptions = {
    connection,
    prefix: bullPrefix(deps.config.redisPrefix),
    concurrency: settings.concurrency,
    lockDuration: settings.lockDurationMs,
    stalledInterval: settings.stalledIntervalMs,
  };
  const worker = <T>(queue: string, processor: Processor<T>) => {
    const created = new Worker<T>(queue, processor, options);
    // A failed job is kept in its queue (monitoring lists it); the error itself is only logged here.
    created.on("failed", (job, error) => console.error(`[worker] ${queue} job ${job?.id} failed: ${error.message}`));
    // Once per Redis outage, not once per reconnect attempt of each worker.
    deps.redisOutages.watchErrorsOf(created, connection);
    return created;
  };
  // One processor per queue of QUEUES: a queue without one doesn't type-check, so no job waits for a worker that never comes.
  const processors: { [Q in QueueName]: Processor } = {
    [QUEUES.cameraCommands]: cameraCommandProcessor(deps, services, settings),
    [QUEUES.assetUpdates]: assetUpdateProcessor(services, settings),
    [QUEUES.matchTimers]: matchTimerProcessor(deps),
    [QUEUES.clipCuts]: clipCutProcessor(deps, services),
  };
  const workers = Object.entries(processors).map(([queue, processor]) => worker(queue, processor));
  return {
    workers,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await connection.quit();
    },
  };
}
