import pg from "pg";

// Prisma's schema engine reads catalog columns of type `name` (OID 19) and
// `name[]` (OID 1003), which @prisma/adapter-pg cannot deserialize. Reporting
// them as text / text[] is exact for these values and lets migrate run offline.
const NAME_OID = 19;
const NAME_ARRAY_OID = 1003;
const TEXT_OID = 25;
const TEXT_ARRAY_OID = 1009;

function relabelNameColumns(result: unknown): void {
  const fields = (result as { fields?: { dataTypeID: number }[] } | undefined)?.fields;
  for (const field of fields ?? []) {
    if (field.dataTypeID === NAME_OID) field.dataTypeID = TEXT_OID;
    else if (field.dataTypeID === NAME_ARRAY_OID) field.dataTypeID = TEXT_ARRAY_OID;
  }
}

class CatalogSafePool extends pg.Pool {
  // pg's overloads make a faithful override signature unwieldy; we only wrap the promise form.
  override query(...args: unknown[]): never {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      return result.then((value) => {
        relabelNameColumns(value);
        return value;
      }) as never;
    }
    return result as never;
  }
}

export function catalogSafePool(connectionString: string): pg.Pool {
  return new CatalogSafePool({ connectionString });
}

/**
 * How long a query waits for a free connection of a busy pool: as long as Prisma waits to start a
 * transaction (its default maxWait). Without a bound, under overload a request waited for as long as
 * the queue in front of it, and its caller long gave up; now it fails and answers 503 (core/errors.ts).
 */
const POOL_WAIT_MS = 2_000;
/** The message of pg's refusal once a query waited POOL_WAIT_MS for a connection (it carries no code). */
export const POOL_WAIT_TIMED_OUT = /^timeout exceeded when trying to connect$/;

/** A pool of `max` connections; `applicationName` names its sessions in Postgres (the outbox's notifications carry it). */
export function createPool(connectionString: string, max = 10, applicationName?: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: POOL_WAIT_MS,
    ...(applicationName === undefined ? {} : { application_name: applicationName }),
  });
  // An idle connection that dies (database restarted, connection terminated) is
  // dropped by the pool and replaced on next use; unheard, its 'error' event
  // would crash the process. (Prisma's adapter does the same for its own pools.)
  pool.on("error", () => {});
  return pool;
}
