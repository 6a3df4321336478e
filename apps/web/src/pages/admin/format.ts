import { LOCALE_ISO, type LocaleCode } from "@clubcast/shared";

/** A moment (an API timestamp) as a date and time in the viewer's timezone and the locale's format. */
export function formatInstant(iso: string, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(LOCALE_ISO[locale], { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

const BYTE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte", "petabyte"] as const;

/** A size in bytes as people read it, in decimal units: "512 byte", "1.5 GB", "1.97 TB" (the locale's own form). */
export function formatBytes(bytes: number, locale: LocaleCode): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // 999.6 kB would read "1,000 kB": from 999.5 on it is the next unit.
  while (value >= 999.5 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(LOCALE_ISO[locale], {
    style: "unit",
    unit: BYTE_UNITS[unit],
    unitDisplay: "short",
    // Three digits say enough ("1.97 TB", "413 GB") without rounding a full disk to its size.
    ...(unit === 0 ? { maximumFractionDigits: 0 } : { maximumSignificantDigits: 3 }),
  }).format(value);
}

/** A moment to the second (log-like lists, where several things happen a minute). */
export function formatMoment(iso: string, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(LOCALE_ISO[locale], { dateStyle: "short", timeStyle: "medium" }).format(new Date(iso));
}
