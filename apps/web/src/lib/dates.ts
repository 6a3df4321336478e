// Dates and times of matches: shown in the club's timezone with the locale's format.
import { useCallback } from "react";
import { LOCALE_ISO, type LocaleCode } from "@clubcast/shared";
import { useLocale } from "../i18n/useLocale.ts";

/** How the API sends an instant: UTC ISO string plus the timezone it belongs to. */
export interface ZonedDate {
  date: string;
  timezone: string;
}

export type DateStyle = "card" | "full" | "day" | "time";

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  card: { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" },
  full: {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  },
  day: { weekday: "long", day: "numeric", month: "long" },
  time: { hour: "2-digit", minute: "2-digit" },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: LocaleCode, timezone: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${locale}|${timezone}|${style}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(LOCALE_ISO[locale], { ...STYLES[style], timeZone: timezone });
    formatters.set(key, cached);
  }
  return cached;
}

export function formatZoned(when: ZonedDate, locale: LocaleCode, style: DateStyle): string {
  return formatter(locale, when.timezone, style).format(new Date(when.date));
}

/** formatZoned in the current route's locale. */
export function useFormatZoned(): (when: ZonedDate, style: DateStyle) => string {
  const locale = useLocale();
  return useCallback((when: ZonedDate, style: DateStyle) => formatZoned(when, locale, style), [locale]);
}

/** The parts of a countdown to `target`, never negative. */
export function countdownParts(target: number, now: number) {
  const totalSeconds = Math.max(0, Math.floor((target - now) / 1000));
  return {
    done: totalSeconds === 0,
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}
