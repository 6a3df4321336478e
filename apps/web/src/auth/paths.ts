// Where sign-in sends people (spec section 2): the login page with a redirect
// target that must be a safe local path, and the dashboard after login.
import { isSafeRedirect, type LocaleCode } from "@clubcast/shared";
import { localizePath, stripLocale } from "../i18n/locale.ts";

export const LOGIN_PATH = "/auth/login";
export const DASHBOARD_HOME = "/dashboard/";

/** The locale's login page, carrying `from` as the redirect target when it is a safe local path. */
export function loginPath(locale: LocaleCode, from?: string): string {
  const login = localizePath(LOGIN_PATH, locale);
  if (!isSafeRedirect(from) || isGuestPage(from)) return login;
  // '%' is the only allowed character that means something in a query string.
  return `${login}?redirect=${from.replaceAll("%", "%25")}`;
}

function isGuestPage(path: string): boolean {
  return stripLocale(path).startsWith("/auth/");
}

/** Where a user goes once signed in: the redirect target when safe, else the locale's dashboard. */
export function afterLoginPath(redirect: string | null, locale: LocaleCode): string {
  if (isSafeRedirect(redirect) && !isGuestPage(redirect)) return redirect;
  return localizePath(DASHBOARD_HOME, locale);
}
