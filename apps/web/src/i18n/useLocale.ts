import { useCallback } from "react";
import { useLocation } from "react-router";
import type { LocaleCode } from "@clubcast/shared";
import { localeFromPath, localizePath } from "./locale.ts";

/** The locale of the current route. */
export function useLocale(): LocaleCode {
  return localeFromPath(useLocation().pathname);
}

/** Turns a locale-free path into the current locale's path. */
export function useLocalize(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
