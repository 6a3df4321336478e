// Local date and time of a club's timezone <-> UTC, across DST changes: the examples the server relies on, then properties.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utcToZoned, zonedToUtc } from "../src/local-time.ts";

const utc = (date: string, time: string, zone: string) => zonedToUtc({ date, time }, zone).toISOString();

describe("zonedToUtc", () => {
  it("applies winter and summer offsets", () => {
    expect(utc("2025-01-15", "20:00", "Europe/Amsterdam")).toBe("2025-01-15T19:00:00.000Z");
    expect(utc("2025-07-15", "20:00", "Europe/Amsterdam")).toBe("2025-07-15T18:00:00.000Z");
    expect(utc("2025-07-15", "20:00", "America/New_York")).toBe("2025-07-16T00:00:00.000Z");
    expect(utc("2025-01-01", "00:00", "Asia/Kolkata")).toBe("2024-12-31T18:30:00.000Z");
    expect(utc("2025-06-01", "12:00", "UTC")).toBe("2025-06-01T12:00:00.000Z");
  });

  it("takes the hours either side of a DST change at their own offsets", () => {
    // Amsterdam: clocks go forward at 02:00 on 2025-03-30, back at 03:00 on 2025-10-26.
    expect(utc("2025-03-30", "01:59", "Europe/Amsterdam")).toBe("2025-03-30T00:59:00.000Z");
    expect(utc("2025-03-30", "03:00", "Europe/Amsterdam")).toBe("2025-03-30T01:00:00.000Z");
    expect(utc("2025-10-26", "01:30", "Europe/Amsterdam")).toBe("2025-10-25T23:30:00.000Z");
    expect(utc("2025-10-26", "03:30", "Europe/Amsterdam")).toBe("2025-10-26T02:30:00.000Z");
  });

  it("moves a time that doesn't exist (clocks forward) on by the gap", () => {
    expect(utc("2025-03-30", "02:30", "Europe/Amsterdam")).toBe("2025-03-30T01:30:00.000Z");
    expect(utc("2025-03-09", "02:30", "America/New_York")).toBe("2025-03-09T07:30:00.000Z");
  });

  it("takes the first of a time that occurs twice (clocks back)", () => {
    expect(utc("2025-10-26", "02:30", "Europe/Amsterdam")).toBe("2025-10-26T00:30:00.000Z");
    expect(utc("2025-11-02", "01:30", "America/New_York")).toBe("2025-11-02T05:30:00.000Z");
  });

  it("takes the hours before a change far from UTC at the offset then in force", () => {
    // Chatham (+13:45 in summer, +12:45 in winter) goes back at 03:45 on 2020-04-05: 02:00 is still summer time.
    expect(utc("2020-04-05", "02:00", "Pacific/Chatham")).toBe("2020-04-04T12:15:00.000Z");
    expect(utc("2020-04-05", "03:44", "Pacific/Chatham")).toBe("2020-04-04T13:59:00.000Z");
    // Kiritimati (+14) and Samoa's day skipped at the end of 2011 (-10 to +14).
    expect(utc("2025-06-01", "00:30", "Pacific/Kiritimati")).toBe("2025-05-31T10:30:00.000Z");
    expect(utc("2011-12-31", "12:00", "Pacific/Apia")).toBe("2011-12-30T22:00:00.000Z");
  });

  it("handles southern-hemisphere DST", () => {
    expect(utc("2025-01-15", "19:00", "Australia/Sydney")).toBe("2025-01-15T08:00:00.000Z");
    expect(utc("2025-07-15", "19:00", "Australia/Sydney")).toBe("2025-07-15T09:00:00.000Z");
  });
});

describe("utcToZoned", () => {
  it("gives the wall clock of an instant", () => {
    expect(utcToZoned(new Date("2025-07-15T18:00:00Z"), "Europe/Amsterdam")).toEqual({
      date: "2025-07-15",
      time: "20:00",
    });
    expect(utcToZoned(new Date("2025-07-16T00:00:00Z"), "America/New_York")).toEqual({
      date: "2025-07-15",
      time: "20:00",
    });
  });

  it("round-trips every quarter hour of both DST change days (except the skipped hour)", () => {
    for (const day of ["2025-03-30", "2025-10-26"]) {
      const start = zonedToUtc({ date: day, time: "00:00" }, "Europe/Amsterdam").getTime();
      for (let instant = start; instant < start + 25 * 3600_000; instant += 15 * 60_000) {
        const local = utcToZoned(new Date(instant), "Europe/Amsterdam");
        const back = zonedToUtc(local, "Europe/Amsterdam").getTime();
        // The second pass through a repeated hour maps back to its first occurrence, an hour earlier.
        expect([instant, instant - 3600_000]).toContain(back);
        expect(utcToZoned(new Date(back), "Europe/Amsterdam")).toEqual(local);
      }
    }
  });
});

// Properties over many instants, wall-clock times and zones (fast-check), beyond the examples above.
const ZONES = [
  "Europe/Amsterdam",
  "America/New_York",
  "America/St_Johns",
  "Australia/Sydney",
  "Australia/Lord_Howe", // DST of half an hour
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Pacific/Chatham",
  "UTC",
] as const;
const MINUTE = 60_000;
const zone = fc.constantFrom(...ZONES);
/** Whole minutes between 1990 and 2037 (the wall clock has no seconds). */
const instant = fc
  .integer({ min: Date.UTC(1990, 0, 1) / MINUTE, max: Date.UTC(2037, 11, 31) / MINUTE })
  .map((minutes) => minutes * MINUTE);
const pad = (value: number) => String(value).padStart(2, "0");
const wallMs = ({ date, time }: { date: string; time: string }) => Date.parse(`${date}T${time}:00Z`);
/** How far `timeZone`'s wall clock is ahead of UTC at `at` (ms). */
const offsetAt = (at: number, timeZone: string) => wallMs(utcToZoned(new Date(at), timeZone)) - at;

/** The date of the `nth` (1-based; -1 for the last) Sunday of a month (1-12). */
function sunday(year: number, month: number, nth: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const firstSunday = 1 + ((7 - first) % 7);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = nth > 0 ? firstSunday + 7 * (nth - 1) : firstSunday + 7 * Math.floor((daysInMonth - firstSunday) / 7);
  return `${year}-${pad(month)}-${pad(day)}`;
}

describe("local time properties", () => {
  it("takes every instant's wall clock back to that instant, or to that wall clock's first occurrence", () => {
    fc.assert(
      fc.property(instant, zone, (at, timeZone) => {
        const local = utcToZoned(new Date(at), timeZone);
        const back = zonedToUtc(local, timeZone).getTime();
        expect(utcToZoned(new Date(back), timeZone)).toEqual(local);
        // Only a repeated wall clock (clocks back, at most an hour) maps to an earlier instant.
        expect(at - back).toBeGreaterThanOrEqual(0);
        expect(at - back).toBeLessThanOrEqual(60 * MINUTE);
        // No earlier instant within a DST shift shows the same wall clock.
        for (const shift of [30, 60]) expect(utcToZoned(new Date(back - shift * MINUTE), timeZone)).not.toEqual(local);
      }),
      { numRuns: 500 },
    );
  });

  it("gives a wall-clock time that exists an instant showing it, and moves one in a gap on by the gap", () => {
    const local = fc.record({
      date: fc
        .tuple(fc.integer({ min: 1990, max: 2037 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
        .map(([year, month, day]) => `${year}-${pad(month)}-${pad(day)}`),
      time: fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([hour, minute]) => `${pad(hour)}:${pad(minute)}`),
    });
    fc.assert(
      fc.property(local, zone, (wall, timeZone) => {
        const at = zonedToUtc(wall, timeZone).getTime();
        const shown = utcToZoned(new Date(at), timeZone);
        // In a gap (at most an hour) the clock jumped within the hour before `at`: the offset grew by
        // exactly what the wall clock moved on.
        const gap = offsetAt(at, timeZone) - offsetAt(at - 60 * MINUTE, timeZone);
        expect(wallMs(shown) - wallMs(wall)).toBe(shown.time === wall.time && shown.date === wall.date ? 0 : gap);
      }),
      { numRuns: 500 },
    );
  });

  it("moves the times of the spring gap on by the gap, in every year", () => {
    const minute = fc.integer({ min: 0, max: 59 });
    fc.assert(
      fc.property(fc.integer({ min: 1996, max: 2037 }), minute, (year, mm) => {
        // Amsterdam: 02:00 becomes 03:00 (CET +1 to CEST +2) on March's last Sunday.
        const date = sunday(year, 3, -1);
        expect(zonedToUtc({ date, time: `02:${pad(mm)}` }, "Europe/Amsterdam").toISOString()).toBe(
          `${date}T01:${pad(mm)}:00.000Z`,
        );
        expect(utcToZoned(zonedToUtc({ date, time: `02:${pad(mm)}` }, "Europe/Amsterdam"), "Europe/Amsterdam")).toEqual(
          { date, time: `03:${pad(mm)}` },
        );
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 2007, max: 2037 }), minute, (year, mm) => {
        // New York: 02:00 becomes 03:00 (EST -5 to EDT -4) on March's second Sunday.
        const date = sunday(year, 3, 2);
        expect(zonedToUtc({ date, time: `02:${pad(mm)}` }, "America/New_York").toISOString()).toBe(
          `${date}T07:${pad(mm)}:00.000Z`,
        );
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 2009, max: 2037 }), fc.integer({ min: 0, max: 29 }), (year, mm) => {
        // Lord Howe Island: 02:00 becomes 02:30 (+10:30 to +11) on October's first Sunday.
        const date = sunday(year, 10, 1);
        expect(
          utcToZoned(zonedToUtc({ date, time: `02:${pad(mm)}` }, "Australia/Lord_Howe"), "Australia/Lord_Howe"),
        ).toEqual({ date, time: `02:${pad(mm + 30)}` });
      }),
    );
  });

  it("takes the first of the times the autumn change repeats, in every year", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1996, max: 2037 }), fc.integer({ min: 0, max: 59 }), (year, mm) => {
        // Amsterdam: 03:00 CEST becomes 02:00 CET on October's last Sunday; 02:mm first happens in CEST (+2).
        const date = sunday(year, 10, -1);
        expect(zonedToUtc({ date, time: `02:${pad(mm)}` }, "Europe/Amsterdam").toISOString()).toBe(
          `${date}T00:${pad(mm)}:00.000Z`,
        );
      }),
    );
  });
});
