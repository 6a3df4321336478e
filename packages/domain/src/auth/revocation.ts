// Which access tokens a revocation selects. The revocation itself is auth.revokeTokens,
// the one path that also tells the holders' open sockets.
import type { Prisma } from "@clubcast/db";
import { hashToken } from "./tokens.ts";

/** A user's sessions except the one presenting `keepToken` (every one of them for null). */
export function sessionsOfUserExcept(userId: number, keepToken: string | null): Prisma.AccessTokenWhereInput {
  return { userId, ...(keepToken ? { tokenHash: { not: hashToken(keepToken) } } : {}) };
}
