// Generated match sound for the moment suggestions (issue 30): crowd noise at a level, wandering
// slowly, with referee's whistles (a trilled tone near 3.6 kHz, 0.5–1 s) and crowd surges (the
// noise louder for some seconds) at known times, made by ffmpeg's lavfi sources into AAC as a
// recording carries it. Also how suggestions compare with what the sound holds. Used by the
// worker's moments tests and by `npm run bench:moments`.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface MatchSound {
  durationS: number;
  /** The crowd noise's amplitude (0–1; a surge makes it SURGE_GAIN times louder, so at most 0.3 leaves it room). */
  noise: number;
  /** The whistles' amplitude (WHISTLE_AMPLITUDE unless given: a whistle a few tens of metres from the camera). */
  whistleAmplitude?: number;
  /** Whistles: start and length (s). */
  whistles: { atS: number; lengthS: number }[];
  /** Crowd surges: start and length (s); the noise is SURGE_GAIN times louder meanwhile. */
  surges: { atS: number; lengthS: number }[];
}

/** A whistle's amplitude (sine), loud as a whistle a few tens of metres from the camera. */
export const WHISTLE_AMPLITUDE = 0.35;
/** A whistle's tone (Hz) and its trill (the pea's rattle). */
export const WHISTLE_HZ = 3600;
const TRILL_HZ = 28;
/** How much louder the noise is in a surge. */
export const SURGE_GAIN = 3;

const between = (spans: { atS: number; lengthS: number }[]) =>
  spans.length ? spans.map(({ atS, lengthS }) => `between(t,${atS},${atS + lengthS})`).join("+") : "0";

/**
 * A match's sound with whistles and surges at random-looking but fixed times (`seed`): a whistle
 * every ~`whistleEveryS`, a surge every ~`surgeEveryS`, none of them within 8 s of another.
 */
export function plannedSound(
  durationS: number,
  noise: number,
  { seed = 1, whistleEveryS = 40, surgeEveryS = 120, whistleAmplitude = WHISTLE_AMPLITUDE } = {},
): MatchSound {
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: the same plan for the same seed, in the test and the bench.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
  const whistles: MatchSound["whistles"] = [];
  const surges: MatchSound["surges"] = [];
  const taken: [number, number][] = [];
  const free = (from: number, to: number) => taken.every(([a, b]) => to + 8 < a || from > b + 8);
  const place = (everyS: number, lengthOf: () => number, into: { atS: number; lengthS: number }[]) => {
    for (let slot = 10; slot + everyS <= durationS; slot += everyS) {
      const atS = Math.round((slot + random() * (everyS - 10)) * 10) / 10;
      const lengthS = Math.round(lengthOf() * 10) / 10;
      if (atS + lengthS > durationS - 2 || !free(atS, atS + lengthS)) continue;
      taken.push([atS, atS + lengthS]);
      into.push({ atS, lengthS });
    }
  };
  place(surgeEveryS, () => 4 + random() * 4, surges);
  place(whistleEveryS, () => 0.5 + random() * 0.5, whistles);
  whistles.sort((a, b) => a.atS - b.atS);
  return { durationS, noise, whistleAmplitude, whistles, surges };
}

/**
 * Writes the sound to `file`, 48 kHz mono: AAC (in MP4, as a camera's recording carries it), or
 * PCM for a `.wav` (no encoder to wait for: the tests' choice).
 */
export async function writeMatchSound(sound: MatchSound, file: string): Promise<void> {
  const { durationS, noise } = sound;
  const graph = [
    // The crowd: pink noise wandering ±30 % over about half a minute, SURGE_GAIN times in a surge.
    `anoisesrc=color=pink:amplitude=${noise}:sample_rate=48000:duration=${durationS}:seed=7,` +
      `volume='(1+0.3*sin(2*PI*t/37))*(1+${SURGE_GAIN - 1}*(${between(sound.surges)}))':eval=frame[crowd]`,
    // The whistles: a trilled tone, silent between them (sine's amplitude is 1/8).
    `sine=frequency=${WHISTLE_HZ}:sample_rate=48000:duration=${durationS},tremolo=f=${TRILL_HZ}:d=0.4,` +
      `volume='${(sound.whistleAmplitude ?? WHISTLE_AMPLITUDE) * 8}*gte(${between(sound.whistles)},1)':eval=frame[whistles]`,
    "[crowd][whistles]amix=inputs=2:normalize=0",
  ].join(";");
  await run("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-nostdin", "-y"],
    ...["-filter_complex", graph, "-ac", "1"],
    ...(file.endsWith(".wav") ? ["-c:a", "pcm_s16le"] : ["-c:a", "aac", "-b:a", "96k"]),
    file,
  ]);
}

export interface SuggestionScore {
  whistles: number;
  /** Whistles with a suggestion within ±toleranceMs of their start. */
  whistlesFound: number;
  surges: number;
  surgesFound: number;
  suggestions: number;
  /** Suggestions near neither a whistle nor a surge. */
  falseSuggestions: number;
  /** Of the suggestions, the share near something that happened. */
  precision: number;
  /** Of the whistles and surges, the share found. */
  recall: number;
}

/** How `suggested` moments (ms) compare with what `sound` holds. */
export function scoreSuggestions(
  sound: MatchSound,
  suggested: { timeMs: number }[],
  toleranceMs = 2000,
): SuggestionScore {
  const near = (atS: number, lengthS: number, timeMs: number) =>
    timeMs >= atS * 1000 - toleranceMs && timeMs <= (atS + lengthS) * 1000 + toleranceMs;
  const nearStart = (atS: number, timeMs: number) => Math.abs(timeMs - atS * 1000) <= toleranceMs;
  const whistlesFound = sound.whistles.filter((w) => suggested.some((s) => nearStart(w.atS, s.timeMs))).length;
  const surgesFound = sound.surges.filter((w) => suggested.some((s) => near(w.atS, w.lengthS, s.timeMs))).length;
  const falseSuggestions = suggested.filter(
    (s) =>
      !sound.whistles.some((w) => nearStart(w.atS, s.timeMs)) &&
      !sound.surges.some((w) => near(w.atS, w.lengthS, s.timeMs)),
  ).length;
  const events = sound.whistles.length + sound.surges.length;
  return {
    whistles: sound.whistles.length,
    whistlesFound,
    surges: sound.surges.length,
    surgesFound,
    suggestions: suggested.length,
    falseSuggestions,
    precision: suggested.length ? (suggested.length - falseSuggestions) / suggested.length : 1,
    recall: events ? (whistlesFound + surgesFound) / events : 1,
  };
}
