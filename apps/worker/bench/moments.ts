// `npm run bench:moments` (`-- --quick` for 3 minutes of sound a level instead of 10): the moments
// suggested from a match's sound (issue 30) on generated match sound (@clubcast/testkit/match-sound:
// crowd noise, whistles at three levels against it about every 30 s, crowd surges about every
// 2 minutes, AAC as a recording carries it). Per level: precision and recall of the suggestions (a suggestion
// within ±2 s of a whistle's start or inside a surge is right), and the analysis time per minute
// of sound — listening (the recording.moments job's one ffmpeg pass, one thread) and scoring —
// against the baseline measured in the same run: a plain ffmpeg decode of the same sound, one
// thread. Times are CPU seconds (user + system; the machine may be shared, so wall time is shown
// too). Target: analysis ≤ 1 CPU second per minute of sound on one core, at every level.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { printTable } from "@clubcast/testkit/bench";
import { plannedSound, scoreSuggestions, writeMatchSound } from "@clubcast/testkit/match-sound";
import { listen, listenArgs } from "../src/moments/listen.ts";
import { proposeMoments } from "../src/moments/score.ts";

const QUICK = process.argv.includes("--quick");
const MINUTES = QUICK ? 3 : 10;
/**
 * The crowd's noise, the same at every level (a surge triples it: more would clip); the levels are
 * of the whistle against it, a referee near the camera, midfield, far.
 */
const CROWD_NOISE = 0.3;
const LEVELS = [
  { name: "near", whistle: 0.1 },
  { name: "mid", whistle: 0.05 },
  { name: "far", whistle: 0.025 },
].map((level) => ({ ...level, noise: CROWD_NOISE }));
const TARGET_CPU_S_PER_MINUTE = 1;
/** Runs of each measurement; the median counts (the machine may be shared). */
const RUNS = QUICK ? 1 : 3;

/** The CPU seconds (user + system) of one ffmpeg run, from bash's `times` (its children's). */
function ffmpegCpuSeconds(args: string[]): number {
  const run = spawnSync("bash", ["-c", 'ffmpeg "$@" > /dev/null; code=$?; times; exit $code', "bash", ...args], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr}`);
  // `times` prints the shell's user/system, then its children's: "0m1.234s 0m0.056s".
  const children = run.stdout.trim().split("\n").at(-1)!;
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
  return seconds.reduce((sum, s) => sum + s, 0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fixed = (value: number, digits = 2) => value.toFixed(digits);
const percent = (value: number) => `${Math.round(value * 100)} %`;

const dir = mkdtempSync(join(tmpdir(), "clubcast-bench-moments-"));
const rows: (string | number)[][] = [];
let met = true;
const good: string[] = [];
const poor: string[] = [];
try {
  for (const [i, level] of LEVELS.entries()) {
    const sound = plannedSound(MINUTES * 60, level.noise, {
      seed: 101 + i,
      whistleEveryS: 30,
      surgeEveryS: 120,
      whistleAmplitude: level.whistle,
    });
    const file = join(dir, `match-${i}.m4a`);
    await writeMatchSound(sound, file);

    const decodeCpu = median(
      Array.from({ length: RUNS }, () =>
        ffmpegCpuSeconds(["-threads", "1", "-nostdin", "-i", file, "-vn", "-f", "null", "-"]),
      ),
    );
    const listenCpu = median(Array.from({ length: RUNS }, () => ffmpegCpuSeconds(listenArgs(file))));
    const started = performance.now();
    const levels = await listen(file);
    const scoring = process.cpuUsage();
    const moments = proposeMoments(levels);
    const scoreUsage = process.cpuUsage(scoring);
    const wallS = (performance.now() - started) / 1000;
    const scoreCpu = (scoreUsage.user + scoreUsage.system) / 1e6;
    const score = scoreSuggestions(sound, moments);

    const analysisPerMinute = (listenCpu + scoreCpu) / MINUTES;
    const falsePer10 = (score.falseSuggestions / MINUTES) * 10;
    const whistleRecall = score.whistlesFound / score.whistles;
    met &&= analysisPerMinute <= TARGET_CPU_S_PER_MINUTE;
    (whistleRecall >= 0.9 && falsePer10 <= 1 ? good : poor).push(level.name);
    rows.push([
      `${level.name} (${level.whistle} / ${level.noise})`,
      `${score.whistlesFound}/${score.whistles}`,
      `${score.surgesFound}/${score.surges}`,
      score.falseSuggestions,
      percent(score.precision),
      percent(score.recall),
      fixed(decodeCpu / MINUTES),
      fixed(listenCpu / MINUTES),
      fixed(scoreCpu / MINUTES, 3),
      fixed(analysisPerMinute),
      `${fixed(analysisPerMinute / (decodeCpu / MINUTES), 1)}×`,
      fixed(wallS / MINUTES),
    ]);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

printTable(
  `Moments suggested from ${MINUTES} minutes of generated match sound a level (AAC 48 kHz mono; CPU s per minute of sound, one thread, median of ${RUNS})`,
  [
    "whistle (amplitude / crowd's)",
    "whistles found",
    "surges found",
    "false",
    "precision",
    "recall",
    "decode (baseline)",
    "listen",
    "score",
    "analysis",
    "vs decode",
    "analysis wall",
  ],
  rows,
);
console.log(
  `Suggestions (≥ 90 % of whistles within ±2 s, ≤ 1 false per 10 minutes): good at ${good.join(", ") || "no level"}` +
    (poor.length ? `; short at ${poor.join(", ")}` : ""),
);
console.log(
  `Target: analysis ≤ ${TARGET_CPU_S_PER_MINUTE} CPU s per minute of sound on one core, at every level: ${met ? "met" : "NOT met"}`,
);
