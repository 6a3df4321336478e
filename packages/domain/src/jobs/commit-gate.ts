// A job enqueued inside a transaction can start before that transaction has
// committed. The request holds this lock on its match until it commits (or rolls
// back); a job reading the match takes the lock shared first, so it reads what
// the request committed (or finds that nothing was), never what was there before.
import type { Prisma, PrismaClient } from "@clubcast/db";

/** The advisory-lock namespace of match writes that enqueue jobs (any fixed int4). */
const MATCH_WRITES = 0x6d617463;

/** Inside a request's transaction: jobs for the match wait for its commit before they read it. */
export async function holdMatchUntilCommit(tx: Prisma.TransactionClient, matchId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${MATCH_WRITES}::int4, ${matchId}::int4)`;
}

/**
 * In a job: runs `read` once no transaction that enqueued jobs for the match is still open. The shared
 * lock is granted once the request's lock is released (at its commit) and is released again with the
 * statement that took it; `read` runs after that, in statements of their own, so their snapshots
 * show the commit. No transaction of our own: two round trips in all instead of five.
 */
export async function readMatchCommitted<T>(
  prisma: PrismaClient,
  matchId: number,
  read: (db: PrismaClient) => Promise<T>,
): Promise<T> {
  await prisma.$executeRaw`SELECT pg_advisory_xact_lock_shared(${MATCH_WRITES}::int4, ${matchId}::int4)`;
  return read(prisma);
}
