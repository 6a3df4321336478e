// Wall-clock dates and times of a club's timezone <-> UTC instants, with Intl
// only (no date library). Matches are entered in the club's local time and
// stored in UTC: the server converts what the web's match form sends, the form
// shows stored matches back in the club's time, and the seed plans its matches.

export interface LocalDateTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `timeZone` at `instantMs`, as if that wall clock were UTC (ms). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const { type, value } of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (type !== "literal") parts[type] = Number(value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The offset of `timeZone` from UTC at an instant, in ms (positive east of Greenwich). */
function offsetMs(instantMs: number, timeZone: string): number {
  return wallClockMs(instantMs, timeZone) - Math.floor(instantMs / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
const SEARCH_MS = 15 * HOUR_MS;

/**
 * The UTC instant of a wall-clock date and time in `timeZone`. Around a DST
 * change: a time that occurs twice (clocks back) is its first occurrence; a time
 * that doesn't exist (clocks forward) is moved forward by the gap, as clocks do.
 */
export function zonedToUtc({ date, time }: LocalDateTime, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Offsets run from UTC-12 to UTC+14, so the instant lies within 14 h of the
  // wall clock read as UTC: the offsets 15 h either side cover it, and at most
  // one DST change. (Half a day missed Chatham's change at 02:45, 12:45 ahead.)
  const before = wall - offsetMs(wall - SEARCH_MS, timeZone);
  const after = wall - offsetMs(wall + SEARCH_MS, timeZone);
  const candidates = [before, after].filter((utc) => wallClockMs(utc, timeZone) === wall);
  return new Date(candidates.length ? Math.min(...candidates) : before);
}

/** The wall-clock date and time of an instant in `timeZone`. */
export function utcToZoned(instant: Date, timeZone: string): LocalDateTime {
  const iso = new Date(wallClockMs(instant.getTime(), timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return utcToZoned(now, timeZone).date;
}
