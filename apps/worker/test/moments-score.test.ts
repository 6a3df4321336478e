// The scoring of a match's sound (src/moments/score.ts) over generated levels: steady crowd noise
// with jitter proposes nothing; whistles (the whistle band and its share rising for some windows)
// and crowd surges (the voice band rising for seconds) placed at random are found where they are;
// the whole sound louder or quieter changes nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { proposeMoments, SCORING, WINDOW_MS, type SoundLevels } from "../src/moments/score.ts";

const SECOND = 1000 / WINDOW_MS;

/** Steady noise: levels around base levels with ±`jitter` dB, from a seeded generator. */
function steady(windows: number, seed: number, jitter = 2): { whistle: number[]; full: number[]; crowd: number[] } {
  let state = seed >>> 0 || 1;
  const noise = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state / 2 ** 32 - 0.5) * 2 * jitter;
  };
  return {
    whistle: Array.from({ length: windows }, () => -45 + noise()),
    full: Array.from({ length: windows }, () => -28 + noise()),
    crowd: Array.from({ length: windows }, () => -35 + noise()),
  };
}

const levelsOf = (series: ReturnType<typeof steady>, startMs = 0): SoundLevels => ({ startMs, ...series });

/** Event starts (windows) at least `apart` windows from each other and from the ends. */
const starts = (windows: number, apart: number, max: number) =>
  fc
    .uniqueArray(fc.integer({ min: 40 * SECOND, max: windows - 20 * SECOND }), { maxLength: max })
    .map((all) => all.sort((a, b) => a - b).filter((at, i, sorted) => i === 0 || at - sorted[i - 1]! >= apart))
    .map((all) => all.filter((at, i) => i === 0 || at - all[i - 1]! >= apart));

describe("the scoring of a match's sound", () => {
  it("proposes nothing in steady crowd noise", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1 }), fc.double({ min: 0, max: 2.5, noNaN: true }), (seed, jitter) => {
        expect(proposeMoments(levelsOf(steady(5 * 60 * SECOND, seed, jitter)))).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it("finds each whistle where it starts, whatever its strength above the rise", () => {
    const windows = 6 * 60 * SECOND;
    fc.assert(
      fc.property(
        fc.integer({ min: 1 }),
        starts(windows, 20 * SECOND, 12),
        fc.integer({ min: SCORING.whistleMinWindows, max: 15 }),
        fc.double({ min: SCORING.whistleRiseDb + 1, max: 30, noNaN: true }),
        (seed, whistles, length, rise) => {
          const series = steady(windows, seed, 1);
          for (const at of whistles) for (let i = at; i < at + length; i++) series.whistle[i]! += rise + 1; // its band and its share rise alike
          const found = proposeMoments(levelsOf(series, 5000));
          expect(found.map((m) => m.kind)).toEqual(whistles.map(() => "whistle"));
          found.forEach((moment, i) => expect(moment.timeMs).toBe(5000 + whistles[i]! * WINDOW_MS));
          for (const moment of found) expect(moment.confidence).toBeGreaterThanOrEqual(0.5);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("does not take a louder crowd for a whistle, nor a tone too short", () => {
    const windows = 3 * 60 * SECOND;
    fc.assert(
      fc.property(fc.integer({ min: 1 }), fc.integer({ min: 60 * SECOND, max: 150 * SECOND }), (seed, at) => {
        const series = steady(windows, seed, 1);
        // A louder crowd raises every band by the same: the whistle band's share stays.
        for (let i = at; i < at + 3 * SECOND; i++) {
          series.whistle[i]! += 10;
          series.full[i]! += 10;
        }
        // A click: the whistle band alone, for less than a whistle lasts.
        for (let i = at + 10 * SECOND; i < at + 10 * SECOND + SCORING.whistleMinWindows - 1; i++)
          series.whistle[i]! += 20;
        expect(proposeMoments(levelsOf(series)).filter((m) => m.kind === "whistle")).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });

  it("finds each crowd surge within a second of its start, and one per surge", () => {
    const windows = 10 * 60 * SECOND;
    fc.assert(
      fc.property(
        fc.integer({ min: 1 }),
        starts(windows, 60 * SECOND, 8),
        fc.integer({ min: 2 * SECOND, max: 10 * SECOND }),
        fc.double({ min: SCORING.crowdRiseDb + 2, max: 25, noNaN: true }),
        (seed, surges, length, rise) => {
          const series = steady(windows, seed, 1.5);
          for (const at of surges)
            for (let i = at; i < at + length; i++) {
              series.crowd[i]! += rise;
              series.full[i]! += rise;
              series.whistle[i]! += rise;
            }
          const found = proposeMoments(levelsOf(series));
          expect(found.map((m) => m.kind)).toEqual(surges.map(() => "crowd"));
          found.forEach((moment, i) =>
            expect(Math.abs(moment.timeMs - surges[i]! * WINDOW_MS)).toBeLessThanOrEqual(1000),
          );
        },
      ),
      { numRuns: 20 },
    );
  });

  it("keeps one moment, the whistle, where a whistle and a surge come together", () => {
    const series = steady(3 * 60 * SECOND, 42, 1);
    const at = 90 * SECOND;
    for (let i = at; i < at + 5 * SECOND; i++) for (const band of Object.values(series)) band[i]! += 12;
    for (let i = at + 5; i < at + 12; i++) series.whistle[i]! += 10;
    const found = proposeMoments(levelsOf(series));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: "whistle", timeMs: (at + 5) * WINDOW_MS });
  });

  it("answers the same moments for the same sound louder or quieter, in time order, confidence 0–1", () => {
    const windows = 4 * 60 * SECOND;
    fc.assert(
      fc.property(
        fc.integer({ min: 1 }),
        starts(windows, 30 * SECOND, 6),
        fc.integer({ min: -30, max: 20 }),
        (seed, events, gain) => {
          const series = steady(windows, seed, 1.5);
          events.forEach((at, n) => {
            const whistle = n % 2 === 0;
            for (let i = at; i < at + (whistle ? 8 : 4 * SECOND); i++) {
              series.whistle[i]! += whistle ? 9 : 10;
              if (whistle) continue;
              series.full[i]! += 10;
              series.crowd[i]! += 10;
            }
          });
          const louder = {
            whistle: series.whistle.map((db) => db + gain),
            full: series.full.map((db) => db + gain),
            crowd: series.crowd.map((db) => db + gain),
          };
          const found = proposeMoments(levelsOf(series));
          expect(proposeMoments(levelsOf(louder))).toEqual(found);
          expect(found.map((m) => m.timeMs)).toEqual([...found.map((m) => m.timeMs)].sort((a, b) => a - b));
          for (const m of found) expect(m.confidence >= 0 && m.confidence <= 1).toBe(true);
          expect(found).toHaveLength(events.length);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("bears silence and missing levels", () => {
    const silent = { startMs: 0, whistle: [-Infinity, -Infinity], full: [-Infinity], crowd: [] };
    expect(proposeMoments(silent)).toEqual([]);
    expect(proposeMoments({ startMs: 0, whistle: [], full: [], crowd: [] })).toEqual([]);
  });
});
