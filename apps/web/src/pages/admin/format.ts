import { LOCALE_ISO, type LocaleCode } from "@clubcast/shared";

/** A moment (an API timestamp) as a date and time in the viewer's timezone and the locale's format. */
export function formatInstant(iso: string, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(LOCALE_ISO[locale], { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
