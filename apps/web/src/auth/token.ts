// The sign-in token lives in a cookie named with the spec's 'auth.' prefix and
// travels as a Bearer header (spec sections 7 and 9).
import { AUTH_COOKIE_PREFIX, TOKEN_TYPE } from "@clubcast/shared";
import { deleteCookie, readCookie, writeCookie } from "../lib/cookies.ts";

export const TOKEN_COOKIE = `${AUTH_COOKIE_PREFIX}_token.local`;

export function readToken(): string | null {
  return readCookie(TOKEN_COOKIE);
}

export function storeToken(token: string, expiresInSeconds: number): void {
  writeCookie(TOKEN_COOKIE, token, expiresInSeconds);
}

export function clearToken(): void {
  deleteCookie(TOKEN_COOKIE);
}

/** The headers every call carries (spec section 7). */
export function requestHeaders(locale: string): Record<string, string> {
  const token = readToken();
  return {
    Accept: "application/json",
    "Accept-Language": locale,
    "X-Requested-With": "XMLHttpRequest",
    ...(token ? { Authorization: `${TOKEN_TYPE} ${token}` } : {}),
  };
}
