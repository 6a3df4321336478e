// The long-lived resources every service uses, created once per process.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { Pool } from "pg";
import { createPool, createPrismaClient, type PrismaClient } from "@clubcast/db";
import { FAIL_FAST_REDIS, createRedisOutageLog, withRedis, type RedisOutageLog } from "@clubcast/db/redis";
import { mediaGatewayChannel } from "@clubcast/shared";
import type { AppConfig } from "@clubcast/settings";
import { createMediaStore, type MediaStore } from "@clubcast/media-store";
import { createReadCache, type ReadCache } from "./core/read-cache.ts";
import { createSmtpMailer, type Mailer } from "./mail/mailer.ts";
import { createAwaitedPublisher, createSignalPublisher, type SignalPublisher } from "./realtime/publisher.ts";
import { createJobQueues, type JobQueues } from "./jobs/queues.ts";
import { createOutbox, type Outbox } from "./jobs/outbox.ts";
import { createBackgroundTasks, type BackgroundTasks } from "./core/background.ts";

export interface Deps {
  config: AppConfig;
  prisma: PrismaClient;
  /** The pg pool Prisma runs over, for the hot read statements sent without Prisma (matches/list-page.ts). */
  pool: Pool;
  /** Match lists and token callers kept per data version of the database. */
  readCache: ReadCache;
  redis: Redis;
  mailer: Mailer;
  /**
   * The realtime signals published at once (viewer counts, refused publishers, render progress). Every other
   * event tells of a change and is posted with it to the outbox (realtime/publisher.ts, SignalPayloads).
   */
  signals: SignalPublisher;
  /** BullMQ queues (camera commands, asset updates, match timers) the worker runs. */
  jobs: JobQueues;
  /** A change's jobs and events, committed with it and delivered after (jobs/outbox.ts); this process relays. */
  outbox: Outbox;
  /**
   * The media store of MEDIA_DIR with the driver MEDIA_STORAGE chooses: every service and job reads
   * and writes media through this one, so none can fall back to another driver.
   */
  mediaStore: MediaStore;
  /** Work started after answering (account e-mail), finished before closing. */
  background: BackgroundTasks;
  /** Logs this process's Redis outages; every Redis client of the process is watched by it. */
  redisOutages: RedisOutageLog;
  /** Releases what the deps opened beyond the fields above. */
  close(): Promise<void>;
}

/** The resources of one process; `processName` ("server", "worker") starts its lines about Redis outages. */
export function createDeps(config: AppConfig, processName = "server"): Deps {
  const redisOutages = createRedisOutageLog(processName);
  // The publisher gets its own connection without keyPrefix: the Socket.IO key carries the prefix. The
  // outbox relay publishes a batch's events in one go: auto-pipelined, they take one write, not one each.
  const publisherRedis = redisOutages.watch(
    new Redis(config.redisUrl, { ...FAIL_FAST_REDIS, enableAutoPipelining: true }),
  );
  // Named for this process: the outbox's notifications of its own commits are told apart (jobs/outbox.ts).
  const sessionName = `clubcast-${processName}-${randomUUID().slice(0, 8)}`;
  const pool = createPool(config.databaseUrl, 10, sessionName);
  // The read cache's version reads get a connection of their own: every cached
  // answer waits for one, and in the shared pool it would queue behind the
  // statements of uncached answers. One is enough: the reads are batched (one at a time).
  const versionPool = createPool(config.databaseUrl, 1);
  const prisma = createPrismaClient(config.databaseUrl, { pool });
  const jobs = createJobQueues(config, redisOutages);
  return {
    config,
    prisma,
    pool,
    readCache: createReadCache(versionPool, { enabled: config.readCache, maxEntries: config.readCacheEntries }),
    redis: redisOutages.watch(new Redis(config.redisUrl, { ...FAIL_FAST_REDIS, keyPrefix: config.redisPrefix })),
    mailer: createSmtpMailer(config.smtpUrl, config.mailFrom),
    signals: createSignalPublisher(publisherRedis, config.redisPrefix),
    jobs,
    outbox: createOutbox({
      prisma,
      pool,
      listenUrl: config.databaseUrl,
      sessionName,
      jobs,
      // PUBLISH channels get no keyPrefix from ioredis: the prefix is in the channel's name.
      gateways: {
        publish: async (message) =>
          void (await withRedis(publisherRedis, () =>
            publisherRedis.publish(mediaGatewayChannel(config.redisPrefix), JSON.stringify(message)),
          )),
      },
      events: createAwaitedPublisher(publisherRedis, config.redisPrefix),
      redisOutages,
    }),
    mediaStore: createMediaStore(config.mediaDir, config.mediaStorage),
    background: createBackgroundTasks(),
    redisOutages,
    close: async () => {
      publisherRedis.disconnect();
      await Promise.all([pool.end(), versionPool.end()]);
    },
  };
}

export async function closeDeps(deps: Deps): Promise<void> {
  await deps.background.idle();
  await deps.outbox.close();
  await deps.jobs.close();
  deps.mailer.close();
  deps.redis.disconnect();
  await deps.prisma.$disconnect();
  await deps.close();
}
