// A job enqueued inside a transaction can start before that transaction has
// committed. The request holds this lock on its match until it commits (or rolls
// back); a job reading the match takes the lock shared first, so it reads what
// the request committed (or finds that nothing was), never what was there before.
import type { Pool } from "pg";
import { Prisma } from "@clubcast/db";
import { queryPrepared } from "../core/prepared.ts";

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
 * In a camera command job: its match and configuration once no transaction that enqueued jobs for the
 * match is still open. The SQL function read_camera_command takes the shared lock (granted once the
 * request's lock is released at its commit) and then reads in a statement of its own, whose snapshot
 * shows the commit: one round trip, no transaction of our own, as a prepared statement (core/prepared.ts).
 */
export async function readCameraCommandCommitted(
  pool: Pool,
  matchId: number,
  configurationId: number,
): Promise<CameraCommandRow> {
  const [row] = await queryPrepared<CameraCommandRow>(
    pool,
    Prisma.sql`SELECT * FROM read_camera_command(${MATCH_WRITES}::int4, ${matchId}::int4, ${configurationId}::int4)`,
  );
  return row!;
}
