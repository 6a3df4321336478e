// The enqueue side of the BullMQ queues (the job registry JOBS in @clubcast/shared);
// apps/worker runs the jobs. Services never call these: the jobs a change starts are
// posted to the outbox (outbox.ts) in the change's transaction, and its relay calls
// these once the change has committed. The worker schedules its repeated sweeps here. Every call fails
// fast with RedisUnavailable while Redis is away, and is never carried out later.
import { FlowProducer, Queue } from "bullmq";
import { Redis } from "ioredis";
import { FAIL_FAST_REDIS, withRedis, type RedisOutageLog } from "@clubcast/db/redis";
import {
  ASSET_UPDATE_TARGETS,
  LIVE_LISTENING_EVERY_MS,
  LIVE_LISTENING_SCHEDULER,
  OVERDUE_SWEEP_EVERY_MS,
  OVERDUE_SWEEP_SCHEDULER,
  QUEUES,
  bullPrefix,
  matchStartingJobId,
  planJob,
  summaryBuildJobId,
  type SummaryBuildJob,
  type JobKind,
  type JobPayload,
  type QueuePayload,
} from "@clubcast/shared/jobs";
import type { AppConfig } from "@clubcast/settings";

type QueueKey = keyof typeof QUEUES;

/** A registered job to add, after `delay` ms and at `priority` (1 first) if given. */
export type QueuedJob = {
  [K in JobKind]: { kind: K; payload: JobPayload<K>; delay?: number; priority?: number };
}[JobKind];

/** A privacy change's asset updates: one idempotency key per target of ASSET_UPDATE_TARGETS, in order. */
export interface AssetUpdates {
  matchId: number;
  isPrivate: boolean;
  requestedBy: number | null;
  idempotencyKeys: string[];
}
/** The match.starting timer of a match's start: a job due at the start (a second add for the same start is ignored). */
export const matchStartingTimer = (matchId: number, startingAt: Date): QueuedJob => ({
  kind: "matchStarting",
  payload: { matchId, startingAt: startingAt.toISOString() },
  delay: Math.max(0, startingAt.getTime() - Date.now()),
});

/** One BullMQ queue per name of QUEUES, typed with the payloads of the jobs it holds. */
type Queues = { [Key in QueueKey]: Queue<QueuePayload<(typeof QUEUES)[Key]>> };

export function createJobQueues(config: AppConfig, redisOutages: RedisOutageLog) {
  // BullMQ wants its own connection, without keyPrefix (it has `prefix`). Adding jobs blocks nothing, so it
  // fails fast like the other clients behind requests: no job is queued offline to appear after the outage.
  const connection = redisOutages.watch(new Redis(config.redisUrl, FAIL_FAST_REDIS));
  const prefix = bullPrefix(config.redisPrefix);
  const queues = Object.fromEntries(
    Object.entries(QUEUES).map(([key, name]) => [key, new Queue(name, { connection, prefix })]),
  ) as Queues;
  const allQueues: Queue[] = Object.values(queues);
  const queueNamed = new Map(allQueues.map((queue) => [queue.name, queue]));
  const flows = new FlowProducer({ connection, prefix });
  for (const source of [...allQueues, flows]) redisOutages.watchErrorsOf(source, connection);
  /** Runs queue calls within the Redis budget of a request. */
  const viaRedis = <T>(call: () => Promise<T>) => withRedis(connection, call);

  /** Adds a registered job, its payload checked against its schema first. */
  async function add<K extends JobKind>(
    kind: K,
    payload: JobPayload<K>,
    extra: { delay?: number; priority?: number } = {},
  ) {
    const { queueName, name, data, opts } = planJob(kind, payload);
    await viaRedis(() => queueNamed.get(queueName)!.add(name, data, { ...opts, ...extra }));
  }

  /**
   * Adds registered jobs, each payload checked against its schema first, in one call per queue (a
   * relayed batch of the outbox). A job whose id is already queued is not added again.
   */
  async function addJobs(jobs: QueuedJob[]): Promise<void> {
    const perQueue = new Map<string, { name: string; data: unknown; opts: object }[]>();
    for (const { kind, payload, delay, priority } of jobs) {
      const { queueName, name, data, opts } = planJob(kind, payload);
      const bulk = perQueue.get(queueName) ?? perQueue.set(queueName, []).get(queueName)!;
      const extra = { ...(delay === undefined ? {} : { delay }), ...(priority === undefined ? {} : { priority }) };
      bulk.push({ name, data, opts: { ...opts, ...extra } });
    }
    await viaRedis(() =>
      Promise.all([...perQueue].map(([queueName, bulk]) => queueNamed.get(queueName)!.addBulk(bulk))),
    );
  }

  /**
   * The two asset-update posts after a privacy change, each carrying matchId, as
   * the children of a job that runs once both are done and tells the requester.
   * A child that fails for good is dropped from it (so it never waits forever);
   * the requester hears that child's failure instead.
   */
  async function enqueueAssetUpdates({
    matchId,
    isPrivate,
    requestedBy,
    idempotencyKeys,
  }: AssetUpdates): Promise<void> {
    const children = ASSET_UPDATE_TARGETS.map((target, i) =>
      planJob("assetUpdate", { matchId, isPrivate, target, requestedBy, idempotencyKey: idempotencyKeys[i]! }),
    );
    const parent = planJob("privacyApplied", { matchId, isPrivate, requestedBy });
    // Named after its children's keys: the same flow added again (a relay's redelivery) is not a second one.
    const jobId = `privacy-applied-${idempotencyKeys.join("-")}`;
    await viaRedis(() => flows.add({ ...parent, opts: { ...parent.opts, jobId }, children }));
  }

  /** Removes the match.starting timer of a match's start, if any (a timer being fired right now is left alone). */
  async function clearMatchStartingTimer(matchId: number, startingAt: Date): Promise<void> {
    await viaRedis(() =>
      queues.matchTimers.remove(matchStartingJobId({ matchId, startingAt: startingAt.toISOString() })),
    );
  }

  /** Creates the match.starting timer of a match's start (a second add for the same start is ignored). */
  async function setMatchStartingTimer(matchId: number, startingAt: Date): Promise<void> {
    await addJobs([matchStartingTimer(matchId, startingAt)]);
  }

  /**
   * Repeats the sweeps: the overdue-matches one every OVERDUE_SWEEP_EVERY_MS, the live-listening one
   * every LIVE_LISTENING_EVERY_MS (one scheduler each, however often this is called).
   */
  async function scheduleSweeps(): Promise<void> {
    const overdue = planJob("overdueMatches", {});
    const listening = planJob("liveListeningSweep", {});
    await viaRedis(() =>
      Promise.all([
        queues.matchTimers.upsertJobScheduler(OVERDUE_SWEEP_SCHEDULER, { every: OVERDUE_SWEEP_EVERY_MS }, overdue),
        queues.matchTimers.upsertJobScheduler(LIVE_LISTENING_SCHEDULER, { every: LIVE_LISTENING_EVERY_MS }, listening),
      ]),
    );
  }

  /**
   * Enqueues the build of one version of a summary after `delayMs`, and drops the previous version's
   * build while it still waits: a burst of changes leaves one build, of the last version (a build
   * already running is left to finish; its version is stale, so it changes nothing).
   */
  async function enqueueSummaryBuild(job: SummaryBuildJob, delayMs: number): Promise<string> {
    if (job.version > 1) {
      const previous = summaryBuildJobId({ ...job, version: job.version - 1 });
      await viaRedis(() => queues.summaryBuilds.remove(previous));
    }
    await add("summaryBuild", job, { delay: delayMs });
    return summaryBuildJobId(job);
  }

  async function close(): Promise<void> {
    await Promise.all([...allQueues, flows].map((source) => source.close()));
    connection.disconnect();
  }

  return {
    ...queues,
    /** Every queue, for monitoring. */
    allQueues,
    viaRedis,
    addJobs,
    enqueueSummaryBuild,
    enqueueAssetUpdates,
    setMatchStartingTimer,
    clearMatchStartingTimer,
    scheduleSweeps,
    close,
  };
}

export type JobQueues = ReturnType<typeof createJobQueues>;
