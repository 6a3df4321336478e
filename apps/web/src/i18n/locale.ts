// The interface language (spec sections 2 and 4): English without a prefix,
// /nl and /de for the others. A visitor's language is the locale cookie, else
// the browser's language, else English; entering a locale sets the cookie.
import { DEFAULT_LOCALE, LOCALE_COOKIE_DAYS, LOCALES, type LocaleCode } from "@clubcast/shared";
import { readCookie, writeCookie } from "../lib/cookies.ts";

export const LOCALE_COOKIE = "i18n_locale";

export function isLocale(value: unknown): value is LocaleCode {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

function prefixOf(pathname: string): LocaleCode | null {
  const first = pathname.split("/")[1] ?? "";
  return first !== DEFAULT_LOCALE && isLocale(first) ? first : null;
}

/** The locale a path is in: its /nl or /de prefix, else English. */
export function localeFromPath(pathname: string): LocaleCode {
  return prefixOf(pathname) ?? DEFAULT_LOCALE;
}

/** The path without its locale prefix ("/nl/matches" → "/matches", "/de" → "/"). */
export function stripLocale(pathname: string): string {
  const prefix = prefixOf(pathname);
  if (!prefix) return pathname || "/";
  return pathname.slice(prefix.length + 1) || "/";
}

/** A locale-free path in a locale ("/matches" → "/nl/matches"; the home page is "/nl"). */
export function localizePath(path: string, locale: LocaleCode): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/** The same page in another language. */
export function switchLocalePath(pathname: string, locale: LocaleCode): string {
  return localizePath(stripLocale(pathname), locale);
}

/** The first supported language among the browser's, by primary subtag ("nl-BE" → nl). */
export function browserLocale(languages: readonly string[]): LocaleCode | null {
  for (const language of languages) {
    const primary = language.toLowerCase().split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** Cookie first, then the browser language, then English. */
export function resolveLocale(cookie: string | null, languages: readonly string[]): LocaleCode {
  if (isLocale(cookie)) return cookie;
  return browserLocale(languages) ?? DEFAULT_LOCALE;
}

export function preferredLocale(): LocaleCode {
  return resolveLocale(readCookie(LOCALE_COOKIE), navigator.languages ?? [navigator.language]);
}

export function rememberLocale(locale: LocaleCode): void {
  if (readCookie(LOCALE_COOKIE) !== locale) writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS * 24 * 3600);
}

/**
 * Where a first page load should be: a path without a prefix is moved to the
 * visitor's preferred language; a prefixed path stays as it is.
 */
export function initialPath(pathname: string, preferred: LocaleCode): string {
  if (prefixOf(pathname) || preferred === DEFAULT_LOCALE) return pathname;
  return localizePath(pathname, preferred);
}
