// Match moments (issue 30): goals on the video timeline. One source of truth
// for the server (a score entered at a wall-clock moment becomes a time in the
// recording, and a titled marker) and the web client (the score of the frame
// shown with the player). The playlists are read by hls-playlist.ts.
//
// The recording's clock is its segments back to back; each segment's
// EXT-X-PROGRAM-DATE-TIME says when the camera sent its first frame. A moment
// in a reconnect gap (nothing was recorded) is the first frame after the gap.
import type { LocaleCode } from "./constants.ts";
import type { DatedSegment } from "./hls-playlist.ts";

/**
 * The recording's time (ms) of the wall-clock moment `at` (ms), from its segments in order: inside a
 * segment, its start plus the time since its first frame; before the first, or in a gap between two
 * (a reconnect), the first frame after it; past the last, the time since the last one's first frame (a
 * live stream's segment under way). An undated segment follows the one before it without a gap. Null
 * when no segment is dated.
 */
export function recordingTimeAt(segments: DatedSegment[], at: number): number | null {
  let recorded = 0;
  let previousEnd: number | null = null;
  let last: { start: number; recorded: number } | null = null;
  for (const segment of segments) {
    const start: number | null = segment.programDateTime ?? previousEnd;
    const durationMs = segment.duration * 1000;
    if (start !== null) {
      if (at < start) return Math.round(recorded);
      if (at < start + durationMs) return Math.round(recorded + (at - start));
      last = { start, recorded };
      previousEnd = start + durationMs;
    }
    recorded += durationMs;
  }
  return last && Math.round(last.recorded + (at - last.start));
}

/** A club's timing of a match (minutes): what a goal's minute of play is counted with. */
export interface MatchTiming {
  halfLengthMin: number;
  halfTimeBreakMin: number;
}

/** The bounds of a club's moment settings (their defaults are the database's: prisma/schema.prisma). */
export const MOMENT_SETTINGS = {
  goalEntryDelayS: { min: 0, max: 300 },
  halfLengthMin: { min: 1, max: 90 },
  halfTimeBreakMin: { min: 0, max: 60 },
} as const;

/**
 * The minute of play of a moment `timeMs` into a recording that starts at kick-off, as football counts
 * it (the 63rd minute is 62:00–62:59): the half-time break isn't played; a moment past a half's end is
 * its added time ("45+2", "90+3"), the first half's up to the break's end.
 */
export function minuteOfPlay(timeMs: number, timing: MatchTiming): string {
  const minutes = Math.max(0, timeMs) / 60_000;
  const half = timing.halfLengthMin;
  if (minutes < half) return String(Math.floor(minutes) + 1);
  if (minutes < half + timing.halfTimeBreakMin) return `${half}+${Math.floor(minutes - half) + 1}`;
  const played = minutes - timing.halfTimeBreakMin;
  if (played < 2 * half) return String(Math.floor(played) + 1);
  return `${2 * half}+${Math.floor(played - 2 * half) + 1}`;
}

/** The word for a goal in each of the app's languages (the type checker asks for every one). */
const GOAL_WORD: Record<LocaleCode, string> = { en: "Goal", nl: "Doelpunt", de: "Tor" };

/** What a goal's title says. */
export interface GoalFacts {
  homeScore: number;
  awayScore: number;
  /** The scoring side's name (team or club). */
  scorer: string;
  /** Its minute of play (minuteOfPlay). */
  minute: string;
}

/** A goal's title in `locale`: "Goal 2–1 · FC Zuiderpark · 63′". */
export const goalTitle = (facts: GoalFacts, locale: LocaleCode) =>
  `${GOAL_WORD[locale]} ${facts.homeScore}–${facts.awayScore} · ${facts.scorer} · ${facts.minute}′`;

/** A score change timed in the recording. */
export interface TimedScore {
  time_ms: number;
  home: number;
  away: number;
}

/**
 * The score at `timeMs` of the recording: the last change at or before it (0–0 before the first), so an
 * on-demand viewer sees a goal before its score. Changes in any order.
 */
export function scoreAt(events: TimedScore[], timeMs: number): { home: number; away: number } {
  let shown: TimedScore | null = null;
  for (const event of events) {
    if (event.time_ms <= timeMs && (!shown || event.time_ms >= shown.time_ms)) shown = event;
  }
  return shown ? { home: shown.home, away: shown.away } : { home: 0, away: 0 };
}

/** The side a change of score scored for: the one that went up by one while the other stayed; null otherwise. */
export function scoringSide(
  before: { home: number; away: number },
  after: { home: number; away: number },
): "home" | "away" | null {
  if (after.away === before.away && after.home === before.home + 1) return "home";
  if (after.home === before.home && after.away === before.away + 1) return "away";
  return null;
}
