// Ending sessions. Every revocation of access tokens goes through revokeAccessTokens,
// so what has to follow one (such as closing the holder's realtime connections) has
// one place to hook into.
import type { Prisma, PrismaClient } from "@clubcast/db";
import { hashToken } from "./tokens.ts";

type Db = PrismaClient | Prisma.TransactionClient;

/** Revokes the tokens `where` selects that are still valid; revoking twice changes nothing. */
export async function revokeAccessTokens(db: Db, where: Prisma.AccessTokenWhereInput): Promise<void> {
  await db.accessToken.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** A user's sessions except the one presenting `keepToken` (every one of them for null). */
export function sessionsOfUserExcept(userId: number, keepToken: string | null): Prisma.AccessTokenWhereInput {
  return { userId, ...(keepToken ? { tokenHash: { not: hashToken(keepToken) } } : {}) };
}
