// The long-lived resources every service uses, created once per process.
import { Redis } from "ioredis";
import { createPool, createPrismaClient, type PrismaClient } from "@clubcast/db";
import { FAIL_FAST_REDIS, createRedisOutageLog, type RedisOutageLog } from "@clubcast/db/redis";
import type { AppConfig } from "@clubcast/settings";
import { createReadCache, type ReadCache } from "./core/read-cache.ts";
import { createSmtpMailer, type Mailer } from "./mail/mailer.ts";
import { createRedisPublisher, type EventPublisher } from "./realtime/publisher.ts";
import { createJobQueues, type JobQueues } from "./jobs/queues.ts";
import { createBackgroundTasks, type BackgroundTasks } from "./core/background.ts";

export interface Deps {
  config: AppConfig;
  prisma: PrismaClient;
  /** Match lists and token callers kept per data version of the database. */
  readCache: ReadCache;
  redis: Redis;
  mailer: Mailer;
  /** Realtime events to browsers (match.scored, stream.ready, user.message, ...). */
  events: EventPublisher;
  /** BullMQ queues (camera commands, asset updates, match timers) the worker runs. */
  jobs: JobQueues;
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
  // The publisher gets its own connection without keyPrefix: the Socket.IO key carries the prefix.
  const publisherRedis = redisOutages.watch(new Redis(config.redisUrl, FAIL_FAST_REDIS));
  // One pool for Prisma and the read cache's version reads.
  const pool = createPool(config.databaseUrl);
  return {
    config,
    prisma: createPrismaClient(config.databaseUrl, { pool }),
    readCache: createReadCache(pool, { enabled: config.readCache }),
    redis: redisOutages.watch(new Redis(config.redisUrl, { ...FAIL_FAST_REDIS, keyPrefix: config.redisPrefix })),
    mailer: createSmtpMailer(config.smtpUrl, config.mailFrom),
    events: createRedisPublisher(publisherRedis, config.redisPrefix),
    jobs: createJobQueues(config, redisOutages),
    background: createBackgroundTasks(),
    redisOutages,
    close: async () => {
      publisherRedis.disconnect();
      await pool.end();
    },
  };
}

export async function closeDeps(deps: Deps): Promise<void> {
  await deps.background.idle();
  await deps.jobs.close();
  deps.mailer.close();
  deps.redis.disconnect();
  await deps.prisma.$disconnect();
  await deps.close();
}
