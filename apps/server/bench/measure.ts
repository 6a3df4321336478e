// Small helpers of the realtime and jobs benchmarks.
import { Redis } from "ioredis";

/** The q-quantile (0..1) of the values, by the nearest-rank method; NaN when there are none. */
export function percentile(values: readonly number[], q: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Removes every Redis key under a benchmark's prefix. */
export async function clearRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
  redis.disconnect();
}

export const megabytes = (bytes: number) => bytes / 1024 / 1024;
