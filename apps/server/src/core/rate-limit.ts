import type { Redis } from "ioredis";
import { withRedis } from "@clubcast/db/redis";
import type { RateLimitRule } from "../config.ts";
import { TooManyRequestsError } from "./errors.ts";

/**
 * Fixed-window counter in Redis: counts one hit on `key` and throws a 429 with
 * the seconds left in the window once more than `rule.max` hits were counted.
 * Shared by every server instance, so a limit holds across a cluster.
 */
export async function consumeRateLimit(redis: Redis, key: string, rule: RateLimitRule): Promise<void> {
  // Without Redis no limit can be checked: the call fails fast (503) rather than run unlimited.
  const [[, count], [, ttl]] = (await withRedis(redis, () =>
    redis.multi().incr(key).expire(key, rule.windowSeconds, "NX").ttl(key).exec(),
  )) as [[null, number], [null, number], [null, number]];
  if (count > rule.max) throw new TooManyRequestsError(Math.max(1, ttl));
}
