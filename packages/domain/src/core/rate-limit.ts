import type { Redis } from "ioredis";
import { withRedis } from "@clubcast/db/redis";
import type { RateLimitRule } from "@clubcast/settings";
import { TooManyRequestsError } from "./errors.ts";

/**
 * Fixed-window counter in Redis: counts one hit on `key` and throws a 429 with
 * the seconds left in the window once more than `rule.max` hits were counted.
 * Shared by every server instance, so a limit holds across a cluster.
 */
export async function consumeRateLimit(redis: Redis, key: string, rule: RateLimitRule): Promise<void> {
  if (!(await withinRateLimit(redis, key, rule)).allowed) throw new TooManyRequestsError(await secondsLeft(redis, key));
}

/** Counts one hit on `key` like consumeRateLimit, answering whether it was within the limit instead of throwing. */
export async function withinRateLimit(redis: Redis, key: string, rule: RateLimitRule): Promise<{ allowed: boolean }> {
  // Without Redis no limit can be checked: the call fails fast (503) rather than run unlimited.
  const [[, count]] = (await withRedis(redis, () =>
    redis.multi().incr(key).expire(key, rule.windowSeconds, "NX").exec(),
  )) as [[null, number], [null, number]];
  return { allowed: count <= rule.max };
}

async function secondsLeft(redis: Redis, key: string): Promise<number> {
  return Math.max(1, await withRedis(redis, () => redis.ttl(key)));
}

/** The first interval of an account under attack; it doubles with each further failure. */
const FIRST_SLOW_DOWN_SECONDS = 1;

export interface SignInAttempt {
  /** The secret was wrong: counts against the account (the address's attempt is counted already). */
  failed(): Promise<void>;
  /** The secret was right: this address starts afresh on this account. */
  succeeded(): Promise<void>;
}

/**
 * Admits one sign-in attempt of `account` (an e-mail, a client id) from `ip`, or throws a 429.
 *
 * - Per address: `perIp` attempts per window, on any accounts (null: no address budget, see exchangeToken).
 * - Per account and address: after `perAccount.max` attempts without a success, that pair is locked
 *   for the rest of the window. Only the address that failed is locked, so nobody can lock an owner
 *   out of their account.
 * - Per account, across addresses: once the account has `perAccount.max` failures in the window, an
 *   address that has failed on it gets one attempt per interval for the whole account, the interval
 *   doubling with each further failure (from 1 s up to the window). An address without failures on
 *   the account, such as its owner's, is never slowed down.
 */
export async function admitSignInAttempt(
  redis: Redis,
  kind: string,
  account: string,
  ip: string,
  rules: { perIp: RateLimitRule | null; perAccount: RateLimitRule },
): Promise<SignInAttempt> {
  const { perIp, perAccount } = rules;
  const pairKey = `${kind}:pair-attempts:${account}:${ip}`;
  const accountKey = `${kind}:account-failures:${account}`;
  const slotKey = `${kind}:account-slot:${account}`;
  if (perIp) await consumeRateLimit(redis, `${kind}:ip:${ip}`, perIp);

  // Counted before the secret is checked, so parallel attempts from one address are counted too.
  const [[, pairAttempts], , [, failures]] = (await withRedis(redis, () =>
    redis.multi().incr(pairKey).expire(pairKey, perAccount.windowSeconds, "NX").get(accountKey).exec(),
  )) as [[null, number], [null, number], [null, string | null]];
  if (pairAttempts > perAccount.max) throw new TooManyRequestsError(await secondsLeft(redis, pairKey));
  const accountFailures = Number(failures);
  if (pairAttempts > 1 && accountFailures >= perAccount.max) {
    const excess = Math.min(accountFailures - perAccount.max, 30);
    const interval = Math.min(perAccount.windowSeconds, FIRST_SLOW_DOWN_SECONDS * 2 ** excess);
    // One attempt per interval across all addresses that failed: whoever sets the slot goes first.
    const taken = await withRedis(redis, () => redis.set(slotKey, "1", "EX", interval, "NX"));
    if (taken === null) {
      // Not an attempt on the secret: it must not bring this address closer to its lock.
      await withRedis(redis, () => redis.decr(pairKey));
      throw new TooManyRequestsError(await secondsLeft(redis, slotKey));
    }
  }

  return {
    async failed() {
      await withRedis(redis, () =>
        redis.multi().incr(accountKey).expire(accountKey, perAccount.windowSeconds, "NX").exec(),
      );
    },
    async succeeded() {
      await withRedis(redis, () => redis.del(pairKey));
    },
  };
}
