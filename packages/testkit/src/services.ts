// Where the tests' real Postgres and Redis are: containers started by
// testcontainers when a container runtime exists, otherwise the services named
// by DATABASE_URL / REDIS_URL (or the standard local ports).
import { databaseUrl, redisUrl } from "@clubcast/db";
import { checkPostgres, checkRedis } from "@clubcast/db/health";

export interface TestServices {
  /** A URL of the Postgres server (any database on it); test databases are made beside it. */
  databaseUrl: string;
  redisUrl: string;
  stop(): Promise<void>;
}

async function containerRuntimeAvailable(): Promise<boolean> {
  if (process.env.TESTCONTAINERS_DISABLED === "1") return false;
  try {
    const { getContainerRuntimeClient } = await import("testcontainers");
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false; // rejects within milliseconds when there is no runtime
  }
}

export async function startTestServices(): Promise<TestServices> {
  if (await containerRuntimeAvailable()) {
    const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
    const { RedisContainer } = await import("@testcontainers/redis");
    const [postgres, redis] = await Promise.all([
      new PostgreSqlContainer("postgres:15").start(),
      new RedisContainer("redis:7").start(),
    ]);
    return {
      databaseUrl: postgres.getConnectionUri(),
      redisUrl: redis.getConnectionUrl(),
      stop: async () => {
        await Promise.all([postgres.stop(), redis.stop()]);
      },
    };
  }
  const services = { databaseUrl: databaseUrl(), redisUrl: redisUrl(), stop: async () => {} };
  await checkPostgres(services.databaseUrl);
  await checkRedis(services.redisUrl);
  return services;
}
