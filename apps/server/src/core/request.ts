// Building the RequestContext from what a transport received. Shared by the
// REST routes, the tRPC procedures and the realtime handshake.
import { parse as parseCookies } from "cookie";
import { SESSION_COOKIE, type LocaleCode } from "@clubcast/shared";
import type { AuthService } from "@clubcast/domain/auth/service.ts";
import { anonymousContext, type RequestContext } from "@clubcast/domain/core/context.ts";
import { AppError, ForbiddenError, UnauthorizedError } from "@clubcast/domain/core/errors.ts";
import { localeFromAcceptLanguage } from "@clubcast/domain/core/i18n.ts";
import type { AuthRequirement } from "@clubcast/domain/core/operation.ts";

export interface ResolvedRequest {
  ctx: RequestContext;
  /** Why a presented token was refused; raised only where sign-in is required. */
  authError: AppError | null;
  /** The token came from the web client's session cookie, not a bearer header. */
  fromCookie: boolean;
  /** When the accepted token expires (null without one): an open socket's rights end then. */
  expiresAt: Date | null;
}

export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1] ?? null;
}

/** The session token a Cookie header carries, if any. */
export function sessionCookieToken(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  return parseCookies(cookieHeader)[SESSION_COOKIE] || null;
}

export async function resolveRequest(
  auth: AuthService,
  headers: { authorization?: string; cookie?: string; "accept-language"?: string },
  ip: string,
): Promise<ResolvedRequest> {
  const locale: LocaleCode = localeFromAcceptLanguage(headers["accept-language"]);
  const ctx = anonymousContext(locale, ip);
  const bearer = bearerToken(headers.authorization);
  const token = bearer ?? sessionCookieToken(headers.cookie);
  const fromCookie = !bearer && token !== null;
  if (!token) return { ctx, authError: null, fromCookie, expiresAt: null };
  try {
    const { caller, cacheMoment, expiresAt } = await auth.authenticate(token);
    return { ctx: { ...ctx, ...caller, token, cacheMoment }, authError: null, fromCookie, expiresAt };
  } catch (error) {
    if (error instanceof AppError) return { ctx, authError: error, fromCookie, expiresAt: null };
    throw error;
  }
}

/**
 * Enforces who may call: public answers anyone (an invalid token counts as anonymous). A valid user
 * token on a machine's route is 403, not 401: signing in again cannot help, and a client that signs
 * in again on 401 would loop.
 */
export function requireCaller({ ctx, authError }: ResolvedRequest, requirement: AuthRequirement): RequestContext {
  if (requirement === "user" && !ctx.user) throw authError ?? new UnauthorizedError();
  if (requirement === "client" && !ctx.client) {
    throw authError ?? (ctx.user ? new ForbiddenError() : new UnauthorizedError());
  }
  return ctx;
}
