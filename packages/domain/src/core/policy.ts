// Who may do what (spec section 6), enforced by every service. The scope and
// permission matrix itself lives in @clubcast/shared (access.ts) so the web
// client's menu and guards read the very same table.
import { canAnnotate, canOpenSection, type DashboardSection, type MatchClubs } from "@clubcast/shared";
import type { PrismaClient } from "@clubcast/db";
import type { AuthUser, RequestContext } from "./context.ts";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "./errors.ts";
import type { MessageKey } from "./i18n.ts";

export function requireUser(ctx: RequestContext): AuthUser {
  if (!ctx.user) throw new UnauthorizedError();
  return ctx.user;
}

export function isSystem(user: AuthUser | null): boolean {
  return user?.scope === "system";
}

/** Whether the user belongs to the club (system admins belong everywhere). */
export function isInClub(user: AuthUser | null, clubId: number): boolean {
  return !!user && (user.scope === "system" || user.clubId === clubId);
}

/**
 * The one authorization rule: the caller must be signed in (401), may open the
 * dashboard section the operation belongs to (403), and — when the object
 * belongs to a club — must be of that club or a system admin. Another club's
 * objects answer 404 so their existence doesn't leak.
 */
export function authorize(
  ctx: RequestContext,
  section: DashboardSection,
  clubId?: number | null,
  notFoundKey: MessageKey = "not_found.generic",
): AuthUser {
  const user = requireUser(ctx);
  if (clubId != null && !isInClub(user, clubId)) throw new NotFoundError(notFoundKey);
  if (!canOpenSection(user, section)) throw new ForbiddenError();
  return user;
}

/**
 * Loads a club's record and authorizes the caller for it: 401 before any query,
 * 404 (`notFoundKey`) when it is missing or another club's, 403 when the
 * section is closed to the caller.
 */
export async function authorizedRecord<T>(
  ctx: RequestContext,
  section: DashboardSection,
  notFoundKey: MessageKey,
  find: () => Promise<T | null>,
  clubOf: (record: T) => number | null,
): Promise<T> {
  requireUser(ctx);
  const record = await find();
  if (!record) throw new NotFoundError(notFoundKey);
  authorize(ctx, section, clubOf(record), notFoundKey);
  return record;
}

/**
 * The caller may annotate the match (markers, clip windows: what makes the worker cut video), by
 * canAnnotate of the access matrix; 403 otherwise. The caller has seen the match (else 404 first).
 */
export function requireAnnotator(ctx: RequestContext, match: MatchClubs): AuthUser {
  const user = requireUser(ctx);
  if (!canAnnotate(user, user.clubId, match)) throw new ForbiddenError("clip.annotate_forbidden");
  return user;
}

/** The club a club-bound list is for: the user's own, unless a system admin names another. */
export function clubScopeOf(user: AuthUser): number | null {
  return user.scope === "system" ? null : user.clubId;
}

/**
 * 404 for a club that doesn't exist. A club-bound list asks this when it found
 * nothing: a missing club is a missing parent, not an empty list (only a system
 * admin can name one; the others' own club exists).
 */
export async function requireClub(prisma: PrismaClient, clubId: number): Promise<void> {
  const club = await prisma.club.findUnique({ where: { id: clubId }, select: { id: true } });
  if (!club) throw new NotFoundError("not_found.club");
}
