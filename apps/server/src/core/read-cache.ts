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

export interface ReadCache {
  /**
   * The answer for `key` under the area's current data version: computed once per
   * version (concurrent callers share one computation), then served from memory.
   * Answers are frozen: they are shared between requests.
   */
  remember<T>(area: CacheArea, key: string, compute: () => Promise<T>): Promise<T>;
}

export interface ReadCacheOptions {
  /** False answers every lookup from `compute` (READ_CACHE=off). */
  enabled: boolean;
  /** Answers kept per area; the least recently used go first. */
  maxEntries?: number;
}

const DEFAULT_MAX_ENTRIES = 1000;

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
 * after the lookup asked: a lookup never joins a read already on its way (it
 * could miss a write committed just before the lookup), but every lookup that
 * arrives while one is on its way shares the next one. Under load that is one
 * primary-key read per round trip for all concurrent requests, not one per
 * lookup; each waits at most for the read on its way and its own.
 */
function createVersionReader(pool: Pool): () => Promise<Map<string, string>> {
  /** The read on its way to the database, if any. */
  let sent: Promise<unknown> | null = null;
  /** The read that lookups arriving now join: sent once `sent` is done. */
  let next: Promise<Map<string, string>> | null = null;

  async function readAfter(previous: Promise<unknown> | null): Promise<Map<string, string>> {
    await previous?.catch(() => {});
    // From here on, a new lookup needs a read sent after this one.
    next = null;
    const read = pool.query<{ name: string; version: string }>(
      "SELECT name, version::text AS version FROM cache_versions",
    );
    sent = read;
    try {
      const { rows } = await read;
      return new Map(rows.map((row) => [row.name, row.version]));
    } finally {
      if (sent === read) sent = null;
    }
  }

  return () => (next ??= readAfter(sent));
}

export function createReadCache(pool: Pool, options: ReadCacheOptions): ReadCache {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const generations = new Map<CacheArea, Generation>();
  const readVersions = createVersionReader(pool);

  async function currentVersion(area: CacheArea): Promise<string | null> {
    return (await readVersions()).get(area) ?? null;
  }

  /** The answers of `version`; a new version starts empty and the old one's answers are let go. */
  function generationOf(area: CacheArea, version: string): Map<string, Promise<unknown>> {
    let generation = generations.get(area);
    if (generation?.version !== version) {
      generation = { version, answers: new Map() };
      generations.set(area, generation);
    }
    return generation.answers;
  }

  async function remember<T>(area: CacheArea, key: string, compute: () => Promise<T>): Promise<T> {
    if (!options.enabled) return compute();
    const version = await currentVersion(area);
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

  return { remember };
}
