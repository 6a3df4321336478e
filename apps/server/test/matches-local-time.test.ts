// Local date and time of a club's timezone <-> UTC, across DST changes.
import { describe, expect, it } from "vitest";
import { utcToZoned, zonedToUtc } from "../src/matches/local-time.ts";

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
