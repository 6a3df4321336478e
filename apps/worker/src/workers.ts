// The BullMQ workers of the platform's queues, over the service layer of
// @clubcast/domain: a handler per job of the registry (JOBS in
// @clubcast/shared). Closing waits for the jobs in flight to finish.
import { UnrecoverableError, Worker, type Job, type WorkerOptions } from "bullmq";
import { Redis } from "ioredis";
import { RedisUnavailable } from "@clubcast/db/redis";
import {
  JOBS,
  JOB_KINDS,
  JOB_QUEUES,
  MEDIA_QUEUES,
  bullPrefix,
  recognizeJob,
  type JobKind,
  type JobPayload,
} from "@clubcast/shared/jobs";
import { forgetOldJobOutcomes, type Deps, type Services } from "@clubcast/domain";
import {
  assetUpdateProcessor,
  cameraCommandProcessor,
  clipCutProcessor,
  matchTimerProcessor,
  privacyAppliedProcessor,
  recordingDownloadProcessor,
  recordingIndexProcessor,
  recordingMomentsProcessor,
  liveMomentsProcessor,
  summaryBuildProcessor,
} from "./processors.ts";
import type { WorkerSettings } from "@clubcast/settings";

/** What runs each registered job: a job without a handler does not type-check. */
export type JobHandlers = { [K in JobKind]: (job: Job<JobPayload<K>>) => Promise<unknown> };

export function jobHandlers(deps: Deps, services: Services, settings: WorkerSettings): JobHandlers {
  return {
    cameraCommand: cameraCommandProcessor(deps, services, settings),
    assetUpdate: assetUpdateProcessor(services, settings),
    privacyApplied: privacyAppliedProcessor(services),
    matchStarting: matchTimerProcessor(services),
    overdueMatches: async () => ({ stopped: await services.matches.stopOverdueMatches() }),
    liveListeningSweep: async () => ({ listening: await services.suggestions.listenToLiveMatches() }),
    clipCut: clipCutProcessor(deps, services),
    summaryBuild: summaryBuildProcessor(deps, services),
    recordingDownload: recordingDownloadProcessor(deps, services),
    recordingIndex: recordingIndexProcessor(deps, services),
    recordingMoments: recordingMomentsProcessor(deps, services),
    liveMoments: liveMomentsProcessor(deps, services),
  };
}

/** Refuses handlers that leave a registered job without one (a cast or a plain-JS caller gets past the types). */
function requireEveryHandler(handlers: JobHandlers): void {
  const missing = JOB_KINDS.filter((kind) => typeof handlers[kind] !== "function");
  if (missing.length === 0) return;
  const named = missing.map((kind) => `${kind} (${JOBS[kind].names.join(", ")} in ${JOBS[kind].queue})`);
  throw new Error(`[worker] no handler for the registered jobs ${named.join("; ")}: refusing to start`);
}

/**
 * Runs one job with the handler of its registered kind, once its payload fits the kind's schema. A job
 * of no registered kind or with a malformed payload fails at once: no retry would make it fit.
 */
async function dispatch(queue: string, handlers: JobHandlers, job: Job): Promise<unknown> {
  const recognized = recognizeJob(queue, job.name, job.data);
  if ("problem" in recognized) throw new UnrecoverableError(recognized.problem);
  return (handlers[recognized.kind] as (job: Job) => Promise<unknown>)(job);
}
/** What the worker process prints once its queues run (tests of other processes wait for it). */
export const WORKERS_RUNNING = "running the camera, asset, timer, clip, summary and recording queues";

export interface RunningWorkers {
  workers: Worker[];
  /** Stops taking jobs and waits for the ones running to finish. */
  close(): Promise<void>;
}

/** How often the worker forgets the job outcomes kept past their week. */
const FORGET_OUTCOMES_EVERY_MS = 3600_000;

/** Forgets old job outcomes now and then hourly, until stopped; a failure is logged and tried again next time. */
function forgetOldOutcomesHourly(deps: Deps): () => void {
  const forget = () =>
    forgetOldJobOutcomes(deps.pool).catch((error: Error) =>
      console.error(`[worker] could not forget old job outcomes: ${error.message}`),
    );
  void forget();
  const timer = setInterval(forget, FORGET_OUTCOMES_EVERY_MS).unref();
  return () => clearInterval(timer);
}

/** The first wait before scheduling the repeatable jobs again after Redis was away; doubled up to the cap. */
const SCHEDULE_RETRY_FIRST_MS = 1000;
const SCHEDULE_RETRY_MAX_MS = 30_000;

/**
 * Schedules the repeatable jobs (the overdue-matches sweep, so no match stays live past its stopping
 * time for want of a camera to end it; the live-listening sweep, so suggestions appear during a match), trying again with backoff while Redis is away: a worker started
 * during an outage ran without them until restarted. Says once that it waits, and once that it is done.
 * Schedules them again whenever Redis is back from an outage: a Redis that restarted without its data
 * lost them. A refusal by Redis itself is a bug no retry mends: it is logged and not tried again.
 */
function scheduleRepeatableJobs(deps: Deps): () => void {
  let stopped = false;
  let waited = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = (nextWaitMs: number) => {
    void deps.jobs.scheduleSweeps().then(
      () => {
        if (waited) console.log("[worker] scheduled the sweeps (overdue matches, live listening), Redis being back");
        waited = false;
      },
      (error: Error) => {
        if (stopped) return;
        if (!(error instanceof RedisUnavailable)) {
          console.error(`[worker] could not schedule the sweeps (overdue matches, live listening): ${error.message}`);
          return;
        }
        if (!waited)
          console.error(
            `[worker] could not schedule the sweeps (overdue matches, live listening) yet (${error.message}); trying again until Redis is back`,
          );
        waited = true;
        timer = setTimeout(() => attempt(Math.min(nextWaitMs * 2, SCHEDULE_RETRY_MAX_MS)), nextWaitMs).unref();
      },
    );
  };
  attempt(SCHEDULE_RETRY_FIRST_MS);
  deps.redisOutages.onBack(() => {
    if (stopped) return;
    clearTimeout(timer);
    attempt(SCHEDULE_RETRY_FIRST_MS);
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Runs the registered jobs with the platform's handlers, schedules the repeatable ones, and keeps their
 * outcomes' table small.
 */
export function startWorkers(deps: Deps, services: Services, settings: WorkerSettings): RunningWorkers {
  const running = runJobs(deps, jobHandlers(deps, services, settings), settings);
  const stopForgetting = forgetOldOutcomesHourly(deps);
  const stopScheduling = scheduleRepeatableJobs(deps);
  return {
    ...running,
    async close() {
      stopScheduling();
      stopForgetting();
      await running.close();
    },
  };
}

/** A worker per queue of the registry, each job run by its handler; throws before connecting when one is missing. */
export function runJobs(deps: Deps, handlers: JobHandlers, settings: WorkerSettings): RunningWorkers {
  requireEveryHandler(handlers);
  // BullMQ needs a connection without a per-request retry limit (it blocks waiting for jobs).
  const connection = deps.redisOutages.watch(new Redis(deps.config.redisUrl, { maxRetriesPerRequest: null }));
  const options: WorkerOptions = {
    connection,
    prefix: bullPrefix(deps.config.redisPrefix),
    lockDuration: settings.lockDurationMs,
    stalledInterval: settings.stalledIntervalMs,
  };
  const workers = JOB_QUEUES.map((queue) => {
    const concurrency = MEDIA_QUEUES.includes(queue) ? settings.mediaConcurrency : settings.concurrency;
    const created = new Worker(queue, (job) => dispatch(queue, handlers, job), { ...options, concurrency });
    // A failed job is kept in its queue (monitoring lists it); the error itself is only logged here.
    created.on("failed", (job, error) => console.error(`[worker] ${queue} job ${job?.id} failed: ${error.message}`));
    // Once per Redis outage, not once per reconnect attempt of each worker.
    deps.redisOutages.watchErrorsOf(created, connection);
    return created;
  });
  return {
    workers,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await connection.quit();
    },
  };
}
