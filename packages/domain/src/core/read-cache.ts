// Answers read far more often than the data behind them changes — match list
// pages, the caller behind a bearer token — kept in memory per *data
// version*.
//
// The database keeps one version per cache area in `cache_versions`: triggers set
// it to the id of every transaction that writes data the area's answers show,
// deferred to commit, so the new version becomes visible together with the write
// (prisma/migrations/…_read_cache_versions). Every lookup first reads the current
// version (one primary-key read), and only answers computed under that version
// are served. So no answer outlives the write that changed it, on any server
// instance, whatever wrote it: a service, the worker, a cascade, raw SQL.
import type { Pool } from "pg";

/**
 * The cache areas, named as in the cache_versions rows and the triggers:
 * match list pages (with their totals) and the callers behind bearer tokens.
 */
export type CacheArea = "match_lists" | "callers";

/**
 * A moment as the read cache counts them (the version reads sent before it).
 * Lookups made with a moment are answered from data at least as new as all that
 * was committed before it, so the lookups of one request can share one version
 * read: a request notes the moment it arrived at, before it writes anything.
 */
export type CacheMoment = number;

export interface ReadCache {
  /** The present moment (see CacheMoment). */
  moment(): CacheMoment;
  /**
   * The answer for `key` under the area's data version at `since` or later (by
   * default, now): computed once per version (concurrent callers share one
   * computation), then served from memory. Answers are frozen: they are shared
   * between requests.
   */
  remember<T>(area: CacheArea, key: string, compute: () => Promise<T>, since?: CacheMoment): Promise<T>;
}

export interface ReadCacheOptions {
  /** False answers every lookup from `compute` (READ_CACHE=off). */
  enabled: boolean;
  /** Answers kept per area; the least recently used go first. */
  maxEntries: number;
}

/** The answers of one area under one data version. */
interface Generation {
  version: string;
  answers: Map<string, Promise<unknown>>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The current version of every area, read in one statement that is sent only
 * after the lookup's moment: a lookup never joins a read sent before it (it
 * could miss a write committed just before), but every lookup that arrives while
 * one is on its way shares the next one. Under load that is one primary-key read
 * per round trip for all concurrent requests, not one per lookup; each waits at
 * most for the read on its way and its own.
 */
function createVersionReader(pool: Pool) {
  /** Reads sent so far: read n was sent after moment n - 1. */
  let sentCount = 0;
  /** The read on its way to the database, if any. */
  let sent: { number: number; versions: Promise<Map<string, string>> } | null = null;
  /** The newest read that answered. */
  let latest: { number: number; versions: Map<string, string> } | null = null;
  /** The read that lookups arriving now join: sent once `sent` is done. */
  let next: Promise<Map<string, string>> | null = null;

  async function readAfter(previous: Promise<unknown> | undefined): Promise<Map<string, string>> {
    await previous?.catch(() => {});
    // From here on, a new lookup needs a read sent after this one.
    next = null;
    const number = ++sentCount;
    const versions = pool
      .query<{ name: string; version: string }>("SELECT name, version::text AS version FROM cache_versions")
      .then(({ rows }) => new Map(rows.map((row) => [row.name, row.version])));
    const read = { number, versions };
    sent = read;
    try {
      const answered = await versions;
      if (!latest || latest.number < number) latest = { number, versions: answered };
      return answered;
    } finally {
      if (sent === read) sent = null;
    }
  }

  return {
    moment: (): CacheMoment => sentCount,
    versionsSince(since: CacheMoment): Promise<Map<string, string>> {
      if (latest && latest.number > since) return Promise.resolve(latest.versions);
      if (sent && sent.number > since) return sent.versions;
      return (next ??= readAfter(sent?.versions));
    },
  };
}

export function createReadCache(pool: Pool, options: ReadCacheOptions): ReadCache {
  const { maxEntries } = options;
  const generations = new Map<CacheArea, Generation>();
  const versions = createVersionReader(pool);

  /** The answers of `version`; a new version starts empty and the old one's answers are let go. */
  function generationOf(area: CacheArea, version: string): Map<string, Promise<unknown>> {
    let generation = generations.get(area);
    if (generation?.version !== version) {
      generation = { version, answers: new Map() };
      generations.set(area, generation);
    }
    return generation.answers;
  }

  async function remember<T>(
    area: CacheArea,
    key: string,
    compute: () => Promise<T>,
    since = versions.moment(),
  ): Promise<T> {
    if (!options.enabled) return compute();
    const version = (await versions.versionsSince(since)).get(area) ?? null;
    // Without its row (a database not yet migrated) nothing is safe to keep.
    if (version === null) return compute();
    const answers = generationOf(area, version);
    const cached = answers.get(key);
    if (cached) {
      // Map order is the eviction order: a hit becomes the most recent.
      answers.delete(key);
      answers.set(key, cached);
      return cached as Promise<T>;
    }
    // Computed after reading `version`, so it shows that version's data or newer.
    const answer = compute().then(deepFreeze);
    answers.set(key, answer);
    if (answers.size > maxEntries) answers.delete(answers.keys().next().value!);
    answer.catch(() => {
      if (answers.get(key) === answer) answers.delete(key);
    });
    return answer;
  }

  return { moment: versions.moment, remember };
}
