// Match moments (issue 30): a wall-clock moment to the recording's time across
// reconnect gaps, the minute of play, goal titles, and the score of a frame,
// over generated recordings and score sequences.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  LOCALES,
  goalTitle,
  minuteOfPlay,
  parseMediaSegments,
  programDateTimeLine,
  recordingTimeAt,
  scoreAt,
  scoringSide,
  type DatedSegment,
  type TimedScore,
} from "../src/index.ts";

/** A generated recording: sessions of segments (ms), each session after a reconnect gap (ms). */
const recording = fc.array(
  fc.record({
    gapMs: fc.integer({ min: 0, max: 600_000 }),
    durations: fc.array(fc.integer({ min: 40, max: 6000 }), { minLength: 1, maxLength: 8 }),
  }),
  { minLength: 1, maxLength: 5 },
);

/** The recording's segments with their dates, and each recorded stretch: [wall start, wall end, recording start]. */
function laidOut(sessions: { gapMs: number; durations: number[] }[], origin: number) {
  const segments: DatedSegment[] = [];
  const stretches: [number, number, number][] = [];
  let clock = origin;
  let recorded = 0;
  for (const { gapMs, durations } of sessions) {
    clock += gapMs;
    for (const ms of durations) {
      segments.push({ duration: ms / 1000, uri: `s-${segments.length}.ts`, programDateTime: clock });
      stretches.push([clock, clock + ms, recorded]);
      clock += ms;
      recorded += ms;
    }
  }
  return { segments, stretches, total: recorded, end: clock };
}

const ORIGIN = Date.UTC(2026, 10, 28, 14, 30, 0, 0);

describe("recordingTimeAt", () => {
  it("places a moment recorded in its segment, a moment in a reconnect gap at the first frame after it", () => {
    fc.assert(
      fc.property(recording, fc.integer({ min: -60_000, max: 3_000_000 }), (sessions, offset) => {
        const { segments, stretches } = laidOut(sessions, ORIGIN);
        const at = ORIGIN + offset;
        const inside = stretches.find(([from, to]) => at >= from && at < to);
        const next = stretches.find(([from]) => at < from);
        const time = recordingTimeAt(segments, at);
        if (inside) expect(time).toBe(inside[2] + (at - inside[0]));
        else if (next) expect(time).toBe(next[2]);
        else {
          // Past the last segment: the stream under way, counted on from the last one's first frame.
          const last = stretches.at(-1)!;
          expect(time).toBe(last[2] + (at - last[0]));
        }
      }),
      { seed: 30, numRuns: 500 },
    );
  });

  it("never goes back as the wall clock goes on, and moves no faster than it", () => {
    fc.assert(
      fc.property(
        recording,
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.integer({ min: 0, max: 600_000 }),
        (s, a, d) => {
          const { segments } = laidOut(s, ORIGIN);
          const earlier = recordingTimeAt(segments, ORIGIN + a)!;
          const later = recordingTimeAt(segments, ORIGIN + a + d)!;
          expect(later).toBeGreaterThanOrEqual(earlier);
          expect(later - earlier).toBeLessThanOrEqual(d);
        },
      ),
      { seed: 31, numRuns: 300 },
    );
  });

  it("reads the dates back from a playlist as the gateway writes it, to the millisecond", () => {
    fc.assert(
      fc.property(recording, fc.integer({ min: 0, max: 3_000_000 }), (sessions, offset) => {
        const { segments } = laidOut(sessions, ORIGIN + 123);
        const text = [
          "#EXTM3U",
          "#EXT-X-TARGETDURATION:6",
          ...segments.flatMap((segment, index) => [
            ...(index > 0 &&
            segment.programDateTime !== segments[index - 1]!.programDateTime! + segments[index - 1]!.duration * 1000
              ? ["#EXT-X-DISCONTINUITY"]
              : []),
            programDateTimeLine(segment.programDateTime!),
            `#EXTINF:${segment.duration.toFixed(3)},`,
            segment.uri,
          ]),
        ].join("\n");
        const parsed = parseMediaSegments(text);
        expect(parsed).toEqual(segments);
        expect(recordingTimeAt(parsed, ORIGIN + offset)).toBe(recordingTimeAt(segments, ORIGIN + offset));
      }),
      { seed: 32, numRuns: 100 },
    );
  });

  it("counts undated segments on from the dated one before them, and knows nothing without any date", () => {
    const segments = [
      { duration: 2, uri: "a.ts", programDateTime: ORIGIN },
      { duration: 2, uri: "b.ts" },
    ];
    expect(recordingTimeAt(segments, ORIGIN + 3000)).toBe(3000);
    expect(recordingTimeAt([{ duration: 2, uri: "a.ts" }], ORIGIN)).toBeNull();
  });
});

describe("minuteOfPlay", () => {
  const timing = { halfLengthMin: 45, halfTimeBreakMin: 15 };
  it("counts from kick-off without the break, added time after each half", () => {
    expect(minuteOfPlay(0, timing)).toBe("1");
    expect(minuteOfPlay(44 * 60_000 + 59_999, timing)).toBe("45");
    expect(minuteOfPlay(46 * 60_000 + 10_000, timing)).toBe("45+2");
    // 62:xx of play: 77:xx into the recording with a 15-minute break.
    expect(minuteOfPlay((62 + 15) * 60_000 + 30_000, timing)).toBe("63");
    expect(minuteOfPlay((92 + 15) * 60_000, timing)).toBe("90+3");
    expect(minuteOfPlay(60 * 60_000, { halfLengthMin: 30, halfTimeBreakMin: 10 })).toBe("51");
  });

  it("never goes back as the recording goes on within a half (generated timings)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 300 * 60_000 }),
        (half, pause, ms) => {
          const minute = minuteOfPlay(ms, { halfLengthMin: half, halfTimeBreakMin: pause });
          const [base, added] = minute.split("+").map(Number);
          expect(base).toBeGreaterThanOrEqual(1);
          expect(base).toBeLessThanOrEqual(2 * half);
          if (added !== undefined) expect([half, 2 * half]).toContain(base);
          // Played time is the recording less the break once the second half began.
          const played = ms / 60_000 < half + pause ? Math.min(ms / 60_000, half) : ms / 60_000 - pause;
          if (added === undefined) expect(base).toBe(Math.floor(played) + 1);
        },
      ),
      { seed: 33, numRuns: 500 },
    );
  });
});

describe("goalTitle", () => {
  it("titles a goal from the facts in every language of the app", () => {
    const facts = { homeScore: 2, awayScore: 1, scorer: "FC Zuiderpark", minute: "63" };
    expect(goalTitle(facts, "en")).toBe("Goal 2–1 · FC Zuiderpark · 63′");
    expect(goalTitle(facts, "nl")).toBe("Doelpunt 2–1 · FC Zuiderpark · 63′");
    expect(goalTitle(facts, "de")).toBe("Tor 2–1 · FC Zuiderpark · 63′");
    for (const locale of LOCALES) expect(goalTitle(facts, locale)).toMatch(/^\S+ 2–1 · FC Zuiderpark · 63′$/);
  });
});

describe("the score of a frame", () => {
  /** A generated match: goals (home or away) at increasing times, and the score after each. */
  const match = fc
    .array(fc.record({ home: fc.boolean(), gapMs: fc.integer({ min: 1, max: 900_000 }) }), { maxLength: 12 })
    .map((goals) => {
      let time = 0;
      let score = { home: 0, away: 0 };
      const events: TimedScore[] = [];
      for (const goal of goals) {
        time += goal.gapMs;
        const after = goal.home ? { ...score, home: score.home + 1 } : { ...score, away: score.away + 1 };
        expect(scoringSide(score, after)).toBe(goal.home ? "home" : "away");
        score = after;
        events.push({ time_ms: time, ...score });
      }
      return events;
    });

  it("is 0–0 before the first goal's frame, each goal's score from its frame on, and the final score after the last", () => {
    fc.assert(
      fc.property(match, fc.integer({ min: 0, max: 12 * 900_000 }), (events, frame) => {
        const shuffled = [...events].reverse();
        const shown = scoreAt(shuffled, frame);
        const past = events.filter((event) => event.time_ms <= frame);
        expect(shown).toEqual(
          past.length ? { home: past.at(-1)!.home, away: past.at(-1)!.away } : { home: 0, away: 0 },
        );
        for (const event of events) {
          expect(scoreAt(events, event.time_ms - 1)).not.toEqual({ home: event.home, away: event.away });
          expect(scoreAt(events, event.time_ms)).toEqual({ home: event.home, away: event.away });
        }
      }),
      { seed: 34, numRuns: 300 },
    );
  });

  it("tells a correction from a goal", () => {
    expect(scoringSide({ home: 1, away: 0 }, { home: 0, away: 0 })).toBeNull();
    expect(scoringSide({ home: 0, away: 0 }, { home: 2, away: 0 })).toBeNull();
    expect(scoringSide({ home: 0, away: 0 }, { home: 1, away: 1 })).toBeNull();
  });
});
