// The one way server, worker, seed and tests get a Prisma client: the generated
// client over the pg driver adapter (no native query engine).
import { PrismaPg } from "@prisma/adapter-pg";
import type { Pool } from "pg";
import { PrismaClient } from "./generated/prisma/client.ts";
import { databaseUrl } from "./env.ts";

export * from "./generated/prisma/client.ts";
export { databaseUrl, redisUrl } from "./env.ts";
export { POOL_WAIT_TIMED_OUT, catalogSafePool, createPool } from "./pool.ts";

/**
 * A Prisma client over its own pool of `max` connections, or over `pool` when
 * given (the server shares one pool between Prisma and its few raw queries; the
 * pool's owner ends it).
 */
export function createPrismaClient(
  url: string = databaseUrl(),
  options: { max?: number; pool?: Pool } = {},
): PrismaClient {
  const adapter = new PrismaPg(options.pool ?? { connectionString: url, max: options.max ?? 10 });
  return new PrismaClient({ adapter });
}
