// A job enqueued inside a transaction can start before that transaction has
// committed. The request holds this lock on its match until it commits (or rolls
// back); a job reading the match takes the lock shared first, so it reads what
// the request committed (or finds that nothing was), never what was there before.
import type { Pool } from "pg";
import { Prisma } from "@clubcast/db";
import { queryPrepared } from "../core/prepared.ts";
import { batchedWhileBusy } from "../core/batching.ts";

/** The advisory-lock namespace of match writes that enqueue jobs (any fixed int4). */
const MATCH_WRITES = 0x6d617463;

/** Inside a request's transaction: jobs for the match wait for its commit before they read it. */
export async function holdMatchUntilCommit(tx: Prisma.TransactionClient, matchId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${MATCH_WRITES}::int4, ${matchId}::int4)`;
}

/** A camera command's match (null columns once deleted) and configuration (not found once gone). */
export interface CameraCommandRow {
  matchId: number | null;
  startingAt: Date | null;
  stoppingAt: Date | null;
  configurationFound: boolean;
  serverUrl: string | null;
  saCameraId: string | null;
  cameraType: string | null;
}

/**
 * The reader of camera command jobs' matches and configurations, each read once no transaction that
 * enqueued jobs for its match is still open. The SQL function read_camera_command takes the shared
 * lock (granted once the request's lock is released at its commit) and then reads in a statement of
 * its own, whose snapshot shows the commit: no transaction of our own. The reads asked while one is
 * under way go together in one prepared statement (core/batching.ts): a worker's jobs read at once,
 * and one round trip for all of them costs less than each one's. (A read that waits for a request's
 * commit holds back the reads after it for as long: a request's transaction is short.)
 */
export function createCameraCommandReader(
  pool: Pool,
): (matchId: number, configurationId: number) => Promise<CameraCommandRow> {
  const read = batchedWhileBusy((asked: { matchId: number; configurationId: number }[]) =>
    queryPrepared<CameraCommandRow>(
      pool,
      Prisma.sql`
        SELECT r.* FROM unnest(${asked.map((a) => a.matchId)}::int4[], ${asked.map((a) => a.configurationId)}::int4[])
          WITH ORDINALITY AS a(match_id, configuration_id, n)
        CROSS JOIN LATERAL read_camera_command(${MATCH_WRITES}::int4, a.match_id, a.configuration_id) r
        ORDER BY a.n`,
    ),
  );
  return (matchId, configurationId) => read({ matchId, configurationId });
}
