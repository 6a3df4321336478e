// How the platform's processes live with a Redis outage. A request that needs
// Redis fails within its budget instead of waiting for Redis to come back, and
// nothing it asked for runs after it was answered as failed: the clients behind
// requests keep no offline queue and retry no command. Each process logs an
// outage once when it starts and once when it ends, not per reconnect attempt.
import { ReplyError, type Redis, type RedisOptions } from "ioredis";

/** The longest a request waits for Redis (to connect, then to answer) before it is told to retry later. */
export const REDIS_BUDGET_MS = 1500;

/** For clients behind requests: a command fails at once while disconnected, and is never replayed later. */
export const FAIL_FAST_REDIS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: REDIS_BUDGET_MS,
};

/** Redis could not be reached in time: nothing was done, and the caller may try again shortly. */
export class RedisUnavailable extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(`Redis is unavailable: ${reason}`, options);
    this.name = "RedisUnavailable";
  }
}

/** Resolves once `client` is connected; rejects when `signal` aborts first. */
function whenReady(client: Redis, signal: AbortSignal): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = () => {
      client.off("ready", onReady);
      signal.removeEventListener("abort", onAbort);
    };
    const onReady = () => {
      settle();
      resolve();
    };
    const onAbort = () => {
      settle();
      reject(new RedisUnavailable("not connected in time"));
    };
    client.on("ready", onReady);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs `call` (commands on `client`) once the client is connected, within `budgetMs` in all. Rejects with
 * RedisUnavailable when Redis isn't there in time; `call` never starts after that. An error answered by
 * Redis itself (a ReplyError) is a bug, not an outage, and passes through.
 */
export async function withRedis<T>(client: Redis, call: () => Promise<T>, budgetMs = REDIS_BUDGET_MS): Promise<T> {
  const deadline = Date.now() + budgetMs;
  // A timer of our own, cleared once Redis answers: an AbortSignal.timeout per call stayed armed for the
  // whole budget after the answer and then built an error (stack included) for every call made.
  let timer: NodeJS.Timeout | undefined;
  try {
    if (client.status !== "ready") await whenReady(client, AbortSignal.timeout(budgetMs));
    const left = deadline - Date.now();
    if (left <= 0) throw new RedisUnavailable(`not connected within ${budgetMs} ms`);
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RedisUnavailable(`no answer within ${budgetMs} ms`)), left);
    });
    return await Promise.race([call(), gaveUp]);
  } catch (error) {
    if (error instanceof ReplyError || error instanceof RedisUnavailable) throw error;
    throw new RedisUnavailable((error as Error).message, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** Anything that reports Redis errors: an ioredis client, or a BullMQ queue, worker or flow producer. */
interface ErrorSource {
  on(event: "error", listener: (error: Error) => void): unknown;
}

export interface RedisOutageLog {
  /** Logs `client`'s errors (once per outage) and notices when it is connected again. */
  watch<C extends Redis>(client: C): C;
  /** Logs the errors of a BullMQ object whose connection is `connection` (already watched). */
  watchErrorsOf(source: ErrorSource, connection: Redis): void;
  /** Whether some watched client has lost Redis and not got it back. */
  readonly down: boolean;
  /** Calls `listener` each time every watched client has Redis back after an outage (it may come back empty). */
  onBack(listener: () => void): void;
}

/** One log of Redis outages for a process (`name` prefixes its lines). */
export function createRedisOutageLog(name: string, log: (line: string) => void = console.error): RedisOutageLog {
  const lost = new Set<Redis>();
  const backListeners: (() => void)[] = [];
  /** An error while disconnected is part of an outage (told once); one on a working connection is told as is. */
  const report = (client: Redis, error: Error) => {
    if (client.status === "ready") return log(`[${name}] Redis: ${error.message}`);
    if (lost.size === 0) log(`[${name}] lost Redis (${error.message}); retrying quietly until it is back`);
    lost.add(client);
  };
  return {
    watch(client) {
      client.on("error", (error: Error) => report(client, error));
      client.on("ready", () => {
        if (!lost.delete(client) || lost.size > 0) return;
        log(`[${name}] Redis is back`);
        for (const listener of backListeners) listener();
      });
      return client;
    },
    watchErrorsOf(source, connection) {
      source.on("error", (error) => report(connection, error));
    },
    get down() {
      return lost.size > 0;
    },
    onBack(listener) {
      backListeners.push(listener);
    },
  };
}
