// The scoring of a match's sound (issue 30, "highlights suggested from the sound"): pure, over the
// levels listen.ts measures with ffmpeg per window of WINDOW_MS, three per window:
// - `whistle`: the level (dBFS) in the band of a referee's whistle (about 3–4.5 kHz),
// - `full`: the level of the whole sound,
// - `crowd`: the level in the band of voices (about 0.2–2 kHz), where a crowd's roar is.
// A whistle is a strong narrow-band tone: its band rises above its own surroundings AND takes a
// larger share of the whole sound than it usually does (a louder crowd raises both bands alike, so
// the share stays). A crowd surge is a loudness jump of the voice band over what came before.
// No model, no spectrum: tuned on generated audio (apps/worker/test/moments-audio.test.ts).
import type { MomentKind } from "@clubcast/shared";

/** The length of one measured window of sound. */
export const WINDOW_MS = 100;

/** The levels of consecutive windows of WINDOW_MS, from `startMs` on (dBFS; silence is -Infinity). */
export interface SoundLevels {
  startMs: number;
  whistle: readonly number[];
  full: readonly number[];
  crowd: readonly number[];
}

export interface ProposedMoment {
  /** Where in the recording it starts (ms). */
  timeMs: number;
  kind: MomentKind;
  /** 0–1, two decimals. */
  confidence: number;
}

/** The scoring's knobs, one place (tuned on the generated audio; the bench reports how they do). */
export const SCORING = {
  /** Levels below this are silence (dBFS). */
  floorDb: -90,
  /** How many windows either side make a window's surroundings (15 s each way). */
  surroundWindows: 150,
  /** Every how many windows the surroundings are sampled (their median is robust to the sampling). */
  surroundStep: 3,
  /** Every how many windows a baseline (a median of surroundings) is worked out again (1 s). */
  medianEvery: 10,
  /** A whistle's band rises this much above its surroundings, and its share of the sound as much (dB). */
  whistleRiseDb: 3.5,
  /** The shortest whistle (a referee's blast is 0.3–1.5 s; a click or a shout is shorter). */
  whistleMinWindows: 3,
  /** A window below the rise inside a whistle that does not end it (the tone wavers). */
  whistleGapWindows: 1,
  /** A crowd surge: the voice band's mean over a second rises this much above the half minute before (dB). */
  crowdRiseDb: 6,
  /** The windows averaged for the crowd's loudness (1 s). */
  crowdMeanWindows: 10,
  /** The half minute before a window that is its crowd's baseline, and the gap left before the window. */
  crowdBaselineWindows: 300,
  crowdBaselineGapWindows: 20,
  /** The least history a crowd baseline needs (5 s): the first seconds of a recording propose no surge. */
  crowdMinBaselineWindows: 50,
  /** The surge must last this long (windows of the 1 s mean above the rise). */
  crowdMinWindows: 10,
  /** After a surge ends, no other before this many windows (the roar fades in steps). */
  crowdQuietWindows: 50,
  /** A crowd surge this close to a whistle is the same moment (ms): the whistle's, more certain. */
  sameMomentMs: 3000,
} as const;

/**
 * How much sound the scoring of a moment looks at around it (ms): before it, the crowd's baseline
 * with its gap and the whistle's surroundings; after it, the whistle's surroundings. A part of a
 * recording scored alone (a live chunk: live.ts) scores its moments as the whole recording does once
 * it holds that much sound either side of them.
 */
export const SCORING_CONTEXT = {
  beforeMs:
    Math.max(SCORING.crowdBaselineWindows + SCORING.crowdBaselineGapWindows, SCORING.surroundWindows) * WINDOW_MS,
  afterMs: (SCORING.surroundWindows + SCORING.crowdMeanWindows) * WINDOW_MS,
} as const;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const round2 = (value: number) => Math.round(value * 100) / 100;

/** A level with silence and garbage held at the floor, so differences stay finite. */
const level = (db: number | undefined) => (db === undefined || !(db > SCORING.floorDb) ? SCORING.floorDb : db);

function median(values: number[]): number {
  if (values.length === 0) return SCORING.floorDb;
  values.sort((a, b) => a - b);
  const middle = values.length >> 1;
  return values.length % 2 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
}

/**
 * The median of `series` over [first(i), last(i)) for each window i, sampled every
 * SCORING.surroundStep windows on a fixed grid and worked out once per SCORING.medianEvery windows
 * (a baseline moves slowly; sorting a sample for every window would cost the most of the scoring).
 */
function rollingMedian(series: readonly number[], span: (i: number) => [number, number]): number[] {
  const { surroundStep: step, medianEvery: every } = SCORING;
  const medians: number[] = [];
  for (let block = 0; block * every < series.length; block++) {
    const [from, to] = span(block * every);
    const first = Math.max(0, from);
    const last = Math.min(series.length, to);
    const sample: number[] = [];
    for (let j = first + ((step - (first % step)) % step); j < last; j += step) sample.push(series[j]!);
    medians.push(sample.length ? median(sample) : NaN);
  }
  return series.map((_, i) => medians[Math.floor(i / every)]!);
}

/** The median of `series` around each window (SCORING.surroundWindows either side). */
const surroundings = (series: readonly number[]) =>
  rollingMedian(series, (i) => [i - SCORING.surroundWindows, i + SCORING.surroundWindows + 1]);

/** Runs of windows where `hit` holds, bridging gaps of up to `gap` windows; [first, last] inclusive. */
function runsOf(count: number, hit: (i: number) => boolean, gap: number): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  let lastHit = -1;
  for (let i = 0; i < count; i++) {
    if (!hit(i)) continue;
    if (start >= 0 && i - lastHit - 1 <= gap) lastHit = i;
    else {
      if (start >= 0) runs.push([start, lastHit]);
      start = i;
      lastHit = i;
    }
  }
  if (start >= 0) runs.push([start, lastHit]);
  return runs;
}

/** The whistles: runs where the whistle band rose and took a larger share than around them. */
export function findWhistles(levels: SoundLevels): ProposedMoment[] {
  const count = Math.min(levels.whistle.length, levels.full.length);
  const band = Array.from({ length: count }, (_, i) => level(levels.whistle[i]));
  const share = band.map((db, i) => db - level(levels.full[i]));
  const bandAround = surroundings(band);
  const shareAround = surroundings(share);
  // How far a window stands out: the lesser of its rise and its share's rise.
  const excess = band.map((db, i) => Math.min(db - bandAround[i]!, share[i]! - shareAround[i]!));
  const rise = SCORING.whistleRiseDb;
  return runsOf(count, (i) => band[i]! > SCORING.floorDb && excess[i]! >= rise, SCORING.whistleGapWindows)
    .filter(([first, last]) => last - first + 1 >= SCORING.whistleMinWindows)
    .map(([first, last]) => {
      const inside = excess.slice(first, last + 1).filter((x) => x >= rise);
      const mean = inside.reduce((sum, x) => sum + x, 0) / inside.length;
      return {
        timeMs: levels.startMs + first * WINDOW_MS,
        kind: "whistle" as const,
        confidence: round2(clamp01(0.5 + (mean - rise) / 12)),
      };
    });
}

/** The crowd surges: the voice band's one-second mean rising over the half minute before it. */
export function findCrowdSurges(levels: SoundLevels): ProposedMoment[] {
  const {
    crowdMeanWindows: meanOf,
    crowdBaselineWindows: history,
    crowdBaselineGapWindows: gap,
    crowdMinBaselineWindows: minHistory,
  } = SCORING;
  const crowd = levels.crowd.map(level);
  const count = crowd.length - meanOf + 1;
  if (count <= 0) return [];
  const mean: number[] = [];
  let sum = crowd.slice(0, meanOf).reduce((a, b) => a + b, 0);
  for (let i = 0; i < count; i++) {
    mean.push(sum / meanOf);
    sum += (crowd[i + meanOf] ?? 0) - crowd[i]!;
  }
  // The baseline: the half minute before, left out the last moments (where the surge may begin).
  const baseline = rollingMedian(crowd, (i) => [i - gap - history, i - gap]);
  const rises = mean.map((m, i) => (i - gap >= minHistory ? m - baseline[i]! : -Infinity));
  const moments: ProposedMoment[] = [];
  let quietUntil = -1;
  for (const [first, last] of runsOf(count, (i) => rises[i]! >= SCORING.crowdRiseDb, 0)) {
    if (last - first + 1 < SCORING.crowdMinWindows) continue;
    if (first < quietUntil) {
      quietUntil = last + SCORING.crowdQuietWindows;
      continue;
    }
    quietUntil = last + SCORING.crowdQuietWindows;
    const peak = Math.max(...rises.slice(first, last + 1));
    moments.push({
      timeMs: levels.startMs + first * WINDOW_MS,
      kind: "crowd",
      confidence: round2(clamp01(0.5 + (peak - SCORING.crowdRiseDb) / 12)),
    });
  }
  return moments;
}

/**
 * The moments a recording's sound proposes, in time order: its whistles, and its crowd surges not
 * within SCORING.sameMomentMs of a whistle (that whistle's moment, a little more certain then).
 */
export function proposeMoments(levels: SoundLevels): ProposedMoment[] {
  const whistles = findWhistles(levels);
  const crowd: ProposedMoment[] = [];
  for (const surge of findCrowdSurges(levels)) {
    const whistle = whistles.find((w) => Math.abs(w.timeMs - surge.timeMs) <= SCORING.sameMomentMs);
    if (whistle) whistle.confidence = round2(clamp01(whistle.confidence + 0.1));
    else crowd.push(surge);
  }
  return [...whistles, ...crowd].sort((a, b) => a.timeMs - b.timeMs || a.kind.localeCompare(b.kind));
}
