// The long-lived resources every service uses, created once per process.
import { Redis } from "ioredis";
import { createPrismaClient, type PrismaClient } from "@clubcast/db";
import type { AppConfig } from "./config.ts";
import { createSmtpMailer, type Mailer } from "./mail/mailer.ts";
import { createRedisPublisher, type EventPublisher } from "./realtime/publisher.ts";
import { createJobQueues, type JobQueues } from "./jobs/queues.ts";

export interface Deps {
  config: AppConfig;
  prisma: PrismaClient;
  redis: Redis;
  mailer: Mailer;
  /** Realtime events to browsers (match.scored, stream.ready, user.message, ...). */
  events: EventPublisher;
  /** BullMQ queues (camera commands, asset updates, match timers) the worker runs. */
  jobs: JobQueues;
  /** Releases what the deps opened beyond the fields above. */
  close(): void;
}

export function createDeps(config: AppConfig): Deps {
  // The publisher gets its own connection without keyPrefix: the Socket.IO key carries the prefix.
  const publisherRedis = new Redis(config.redisUrl);
  return {
    config,
    prisma: createPrismaClient(config.databaseUrl),
    redis: new Redis(config.redisUrl, { keyPrefix: config.redisPrefix }),
    mailer: createSmtpMailer(config.smtpUrl, config.mailFrom),
    events: createRedisPublisher(publisherRedis, config.redisPrefix),
    jobs: createJobQueues(config),
    close: () => publisherRedis.disconnect(),
  };
}

export async function closeDeps(deps: Deps): Promise<void> {
  deps.close();
  await deps.jobs.close();
  deps.mailer.close();
  deps.redis.disconnect();
  await deps.prisma.$disconnect();
}
