// The web client's session: the sign-in token in an httpOnly cookie (page scripts
// never see it) and a CSRF token for cookie-authenticated writes. Bearer callers
// (API clients, camera controllers, tRPC integrators) need neither.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { serialize, type SerializeOptions } from "cookie";
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from "@clubcast/shared";
import type { AppConfig } from "@clubcast/settings";
import { ForbiddenError } from "@clubcast/domain/core/errors.ts";
import type { SessionEffect } from "@clubcast/domain/core/operation.ts";
import { bearerToken, sessionCookieToken, type ResolvedRequest } from "./request.ts";

type SessionConfig = Pick<AppConfig, "publicUrl" | "accessTokenTtlSeconds">;

/** Methods that change nothing, so a forged cross-site request gains nothing. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The CSRF token of a session: derived from its secret token, so a token planted by a
 * neighbouring site (cookie injection) cannot match a session it doesn't know.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac("sha256", "clubcast-csrf").update(sessionToken).digest("base64url");
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function cookieOptions({ publicUrl }: SessionConfig, maxAgeSeconds: number): SerializeOptions {
  // Lax still sends the cookie when a link from another site opens a page, so users stay signed in.
  return { path: "/", sameSite: "lax", secure: publicUrl.startsWith("https:"), maxAge: maxAgeSeconds };
}

function setSessionCookies(reply: FastifyReply, config: SessionConfig, token: string, maxAgeSeconds: number): void {
  const options = cookieOptions(config, maxAgeSeconds);
  reply.header("set-cookie", [
    serialize(SESSION_COOKIE, token, { ...options, httpOnly: true }),
    // Readable on purpose: the web client sends it back in the CSRF header.
    serialize(CSRF_COOKIE, csrfTokenFor(token), options),
  ]);
}

function clearSessionCookies(reply: FastifyReply, config: SessionConfig): void {
  const options = { ...cookieOptions(config, 0), expires: new Date(0) };
  reply.header("set-cookie", [
    serialize(SESSION_COOKIE, "", { ...options, httpOnly: true }),
    serialize(CSRF_COOKIE, "", options),
  ]);
}

/** Sets or clears the session cookies after a sign-in (an answer with a token) or a sign-out. */
export function applySessionEffect(
  reply: FastifyReply,
  config: SessionConfig,
  effect: SessionEffect | undefined,
  answer: unknown,
): void {
  if (effect === "end") clearSessionCookies(reply, config);
  if (effect === "start") {
    const { access_token, expires_in } = answer as { access_token: string; expires_in: number };
    setSessionCookies(reply, config, access_token, expires_in);
  }
}

/** A session cookie the server refused (expired, revoked) is cleared: page scripts cannot clear it. */
export function forgetRefusedSession(reply: FastifyReply, config: SessionConfig, resolved: ResolvedRequest): void {
  if (resolved.fromCookie && resolved.authError) clearSessionCookies(reply, config);
}

/**
 * Refuses (403) a write authenticated by the session cookie alone unless it carries the
 * session's CSRF token in CSRF_HEADER: a cross-site page can make the browser send the
 * cookie, but can read neither it nor the CSRF cookie. A bearer header takes precedence
 * over the cookie, and another site cannot make a browser send one.
 */
export function registerCsrfProtection(app: FastifyInstance, config: SessionConfig): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || bearerToken(request.headers.authorization)) return;
    const session = sessionCookieToken(request.headers.cookie);
    if (!session) return;
    const sent = request.headers[CSRF_HEADER.toLowerCase()];
    if (typeof sent !== "string" || !sameSecret(sent, csrfTokenFor(session))) throw new ForbiddenError("auth.csrf");
  });

  // The spec's CSRF refresh call: a page without its CSRF cookie gets it again. The session cookie
  // is set again alongside, so one written by an older client (readable by scripts) becomes httpOnly.
  app.get("/refresh-csrf", (request, reply) => {
    const session = sessionCookieToken(request.headers.cookie);
    if (session) setSessionCookies(reply, config, session, config.accessTokenTtlSeconds);
    return reply.status(204).send();
  });
}
