import type { AuthUser, RequestContext } from "../core/context.ts";
import type { MessageKey } from "../core/i18n.ts";
import { authorize } from "../core/policy.ts";

/**
 * Managing a club itself (its settings and fields) is the club scope's
 * 'system' page: club administrators of that club and system administrators
 * may, members may not (403), and another club's administrators get 404.
 */
export function authorizeClubAdmin(
  ctx: RequestContext,
  clubId: number,
  notFoundKey: MessageKey = "not_found.club",
): AuthUser {
  return authorize(ctx, "system", clubId, notFoundKey);
}
