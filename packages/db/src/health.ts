// Reaching the platform's Postgres and Redis, with one clear line when they can't be reached.
import pg from "pg";
import { Redis } from "ioredis";

export class ServiceUnreachable extends Error {}

/** The same server URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

export async function checkPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres"), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new ServiceUnreachable(
      `Cannot reach PostgreSQL at ${redact(url)} (${(error as Error).message}). Start PostgreSQL (for example \`docker compose up -d postgres\`) or set DATABASE_URL in .env.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

export async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 5000,
  });
  // connect() only says "Connection is closed."; the error event carries the cause (ECONNREFUSED, ...).
  let cause: Error | undefined;
  redis.on("error", (error: Error) => (cause ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new ServiceUnreachable(
      `Cannot reach Redis at ${redact(url)} (${(cause ?? (error as Error)).message}). Start Redis (for example \`docker compose up -d redis\`) or set REDIS_URL in .env.`,
    );
  } finally {
    redis.disconnect();
  }
}

/** Runs `main`, turning an unreachable service into one line on stderr and exit code 1. */
export async function runWithServiceErrors(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof ServiceUnreachable) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
