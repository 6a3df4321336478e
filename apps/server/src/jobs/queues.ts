// The enqueue side of the BullMQ queues (names and payloads in @clubcast/shared),
// used by the services; apps/worker runs the jobs. Every call fails fast with
// RedisUnavailable while Redis is away, and is never carried out later.
import { randomUUID } from "node:crypto";
import { FlowProducer, Queue, type JobsOptions } from "bullmq";
import { Redis } from "ioredis";
import { FAIL_FAST_REDIS, withRedis, type RedisOutageLog } from "@clubcast/db/redis";
import {
  ASSET_UPDATE_TARGETS,
  JOB_ATTEMPTS,
  JOB_BACKOFF,
  CLIP_CUT_JOB,
  PRIVACY_APPLIED_JOB,
  QUEUES,
  bullPrefix,
  clipCutJobId,
  matchStartingJobId,
  type AssetUpdateJob,
  type ClipCutJob,
  type CameraCommandJob,
  type MatchStartingJob,
  type PrivacyAppliedJob,
} from "@clubcast/shared";
import type { AppConfig } from "../config.ts";

/** Retried with backoff; a failed job stays in the queue so system admins can see it. */
const RETRIED_JOB: JobsOptions = {
  attempts: JOB_ATTEMPTS,
  backoff: JOB_BACKOFF,
  removeOnFail: false,
  removeOnComplete: 1000,
};

export function createJobQueues(config: AppConfig, redisOutages: RedisOutageLog) {
  // BullMQ wants its own connection, without keyPrefix (it has `prefix`). Adding jobs blocks nothing, so it
  // fails fast like the other clients behind requests: no job is queued offline to appear after the outage.
  const connection = redisOutages.watch(new Redis(config.redisUrl, FAIL_FAST_REDIS));
  const prefix = bullPrefix(config.redisPrefix);
  const cameraCommands = new Queue<CameraCommandJob>(QUEUES.cameraCommands, { connection, prefix });
  const assetUpdates = new Queue<AssetUpdateJob | PrivacyAppliedJob>(QUEUES.assetUpdates, { connection, prefix });
  const flows = new FlowProducer({ connection, prefix });
  const matchTimers = new Queue<MatchStartingJob>(QUEUES.matchTimers, { connection, prefix });
  const clipCuts = new Queue<ClipCutJob>(QUEUES.clipCuts, { connection, prefix });
  for (const source of [cameraCommands, assetUpdates, flows, matchTimers, clipCuts])
    redisOutages.watchErrorsOf(source, connection);
  /** Runs queue calls within the Redis budget of a request. */
  const viaRedis = <T>(call: () => Promise<T>) => withRedis(connection, call);

  /** Enqueues a camera command; its idempotency key is its job id, so a duplicate add is ignored. */
  async function enqueueCameraCommand(job: CameraCommandJob): Promise<string> {
    await viaRedis(() => cameraCommands.add(job.command, job, { ...RETRIED_JOB, jobId: job.idempotencyKey }));
    return job.idempotencyKey;
  }

  /**
   * The two asset-update posts after a privacy change, each carrying matchId, as
   * the children of a job that runs once both are done and tells the requester.
   * A child that fails for good is dropped from it (so it never waits forever);
   * the requester hears that child's failure instead.
   */
  async function enqueueAssetUpdates(
    matchId: number,
    isPrivate: boolean,
    requestedBy: number | null,
  ): Promise<string[]> {
    const children = ASSET_UPDATE_TARGETS.map((target) => {
      const data = { matchId, isPrivate, target, requestedBy, idempotencyKey: randomUUID() } satisfies AssetUpdateJob;
      const opts = { ...RETRIED_JOB, jobId: data.idempotencyKey, removeDependencyOnFailure: true };
      return { name: target, queueName: QUEUES.assetUpdates, data, opts };
    });
    await viaRedis(() =>
      flows.add({
        name: PRIVACY_APPLIED_JOB,
        queueName: QUEUES.assetUpdates,
        data: { matchId, isPrivate, requestedBy } satisfies PrivacyAppliedJob,
        opts: { removeOnComplete: 1000, removeOnFail: false },
        children,
      }),
    );
    return children.map((child) => child.data.idempotencyKey);
  }

  /** Removes a match's match.starting timer, if any (a timer being fired right now is left alone). */
  async function clearMatchStartingTimer(matchId: number): Promise<void> {
    await viaRedis(() => matchTimers.remove(matchStartingJobId(matchId)));
  }

  /** Creates the match.starting timer of a match, or moves it to a new start. */
  async function setMatchStartingTimer(matchId: number, startingAt: Date): Promise<void> {
    await clearMatchStartingTimer(matchId);
    await viaRedis(() =>
      matchTimers.add(
        "match.starting",
        { matchId, startingAt: startingAt.toISOString() },
        {
          jobId: matchStartingJobId(matchId),
          delay: Math.max(0, startingAt.getTime() - Date.now()),
          attempts: JOB_ATTEMPTS,
          backoff: JOB_BACKOFF,
          removeOnComplete: true,
          removeOnFail: false,
        },
      ),
    );
  }

  /** Enqueues the cut of one version of a clip (a second add of the same version is ignored). */
  async function enqueueClipCut(job: ClipCutJob): Promise<void> {
    await viaRedis(() => clipCuts.add(CLIP_CUT_JOB, job, { ...RETRIED_JOB, jobId: clipCutJobId(job) }));
  }

  async function close(): Promise<void> {
    await Promise.all([
      cameraCommands.close(),
      assetUpdates.close(),
      matchTimers.close(),
      clipCuts.close(),
      flows.close(),
    ]);
    connection.disconnect();
  }

  return {
    cameraCommands,
    assetUpdates,
    matchTimers,
    clipCuts,
    viaRedis,
    enqueueCameraCommand,
    enqueueClipCut,
    enqueueAssetUpdates,
    setMatchStartingTimer,
    clearMatchStartingTimer,
    close,
  };
}

export type JobQueues = ReturnType<typeof createJobQueues>;
