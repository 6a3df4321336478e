// The web client's session (spec sections 7 and 9): the sign-in token lives in an
// httpOnly cookie that the server sets and page scripts never see; the browser
// sends it with every same-origin call. What scripts read is the CSRF cookie the
// server sets beside it: present while signed in, echoed in CSRF_HEADER on calls.
import { CSRF_COOKIE, CSRF_HEADER } from "@clubcast/shared";
import { localeFromPath } from "../i18n/locale.ts";
import { readCookie } from "../lib/cookies.ts";

/** Identifies the current session (null: signed out) without revealing its token. */
export function sessionMarker(): string | null {
  return readCookie(CSRF_COOKIE);
}

/**
 * Asks the server for the CSRF cookie of a session cookie it may still hold (one set by an
 * older client, or a CSRF cookie lost on its own); without a session it changes nothing.
 */
export async function refreshSession(): Promise<void> {
  await fetch("/refresh-csrf", { credentials: "same-origin" }).catch(() => undefined);
}

/**
 * The headers every call carries (spec section 7), in the page's language: its path's (the interface follows
 * it, and a call made while the texts still load speaks it already).
 */
export function requestHeaders(): Record<string, string> {
  const csrf = sessionMarker();
  return {
    Accept: "application/json",
    "Accept-Language": localeFromPath(window.location.pathname),
    "X-Requested-With": "XMLHttpRequest",
    ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
  };
}
