// `npm run bench:clips` (`-- --quick` for fewer repetitions): the clip.cut
// job's ffmpeg work on a 10-minute 720p on-demand video (HLS, a keyframe every
// 2 s, with sound, as the media gateway keeps a recording), against the
// baseline measured in the same run: `ffmpeg -ss … -i … -t 20 -c copy` run
// directly. Ours is the job's video work: reading the video's facts and
// keyframes (from its index, video-index.ts), planning, and cutting:
//  (a) a window starting on a keyframe, copied: with the index warm (the
//      target), cold (the first cut: one ffprobe of the whole video makes the
//      index), and without one (a video by URL: ffprobe of the facts and of
//      the window's packets, every cut);
//  (b) a window between keyframes: the edge re-encoded, the rest copied;
//  (c) the same window re-encoded whole (what an unaligned cut cost before).
// Then the summary of ten such clips after its title card (summary.build's join).
// Target: (a) with the index warm within 1.5× of the baseline, median and p95.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MEDIA_FILES } from "@clubcast/shared";
import { percentile, printTable } from "@clubcast/testkit/bench";
import { wholeCut, type CutPlan } from "../src/cut-plan.ts";
import { indexedVideo } from "../src/video-index.ts";
import { cutClip, joinClips, planClipCut, probeVideo } from "../src/video.ts";

const QUICK = process.argv.includes("--quick");
const VIDEO_MINUTES = 10;
const FPS = 25;
const KEYFRAME_S = 2;
const CLIP_S = 20;
const TARGET_VS_BASELINE = 1.5;
const REPEATS = QUICK ? 3 : 9;
const SUMMARY_CLIPS = 10;
const noProgress = () => {};

const scratch = mkdtempSync(join(tmpdir(), "clubcast-bench-clips-"));
const source = join(scratch, "vod", MEDIA_FILES.vodPlaylist);
const indexFile = join(scratch, "vod", MEDIA_FILES.vodIndex);

/** The on-demand video: test pattern and tone, 720p, made as fast as ffmpeg can (its making isn't measured). */
function makeVideo() {
  mkdirSync(join(scratch, "vod"));
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `testsrc2=size=1280x720:rate=${FPS}`],
    ...["-f", "lavfi", "-i", "sine", "-t", String(VIDEO_MINUTES * 60)],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    ...["-g", String(KEYFRAME_S * FPS), "-sc_threshold", "0", "-c:a", "aac"],
    ...["-f", "hls", "-hls_time", String(KEYFRAME_S), "-hls_playlist_type", "vod"],
    ...["-hls_segment_filename", join(scratch, "vod", "seg%05d.ts"), source],
  ]);
}

/** Seconds `run` takes, each of `starts` once, after `prepare` (not timed). */
async function timed(
  starts: number[],
  run: (startS: number, i: number) => Promise<unknown>,
  prepare = () => {},
): Promise<number[]> {
  const seconds: number[] = [];
  for (const [i, startS] of starts.entries()) {
    prepare();
    const began = performance.now();
    await run(startS, i);
    seconds.push((performance.now() - began) / 1000);
  }
  return seconds;
}

/** Clip starts spread over the video: on a keyframe, or `offsetS` after one. */
const startsAt = (count: number, offsetS: number) =>
  Array.from({ length: count }, (_, i) => {
    const keyframes = (VIDEO_MINUTES * 60 - CLIP_S - KEYFRAME_S) / KEYFRAME_S;
    return Math.floor(((i + 0.5) * keyframes) / count) * KEYFRAME_S + offsetS;
  });

async function main() {
  console.log(`Clips benchmark${QUICK ? " (quick)" : ""} in ${scratch}`);
  console.log(`Making a ${VIDEO_MINUTES}-minute 720p on-demand video…`);
  makeVideo();
  const output = (name: string) => join(scratch, `${name}.mp4`);
  const frames = CLIP_S * FPS;

  /** How the cut learns the video's facts and keyframes: its index (kept, or dropped before so the cut makes it), or ffprobe every time. */
  type Reading = "warm" | "cold" | "probe";
  /** Reading the video and planning, per reading and cut kind. */
  const planSeconds = new Map<string, number[]>();
  /** The job's video work: read the video, plan (or take the plan given: whole), cut. */
  const ours = async (startS: number, name: string, reading: Reading, plan?: (firstFrame: number) => CutPlan) => {
    const firstFrame = Math.round(startS * FPS);
    const began = performance.now();
    const { video, keyframes } =
      reading === "probe"
        ? { video: await probeVideo(source), keyframes: null }
        : await indexedVideo(source, indexFile);
    const cut = plan ? plan(firstFrame) : await planClipCut(source, video, firstFrame, frames, keyframes);
    const key = `${reading}:${cut.kind}`;
    planSeconds.set(key, [...(planSeconds.get(key) ?? []), (performance.now() - began) / 1000]);
    await cutClip({ source, video, plan: cut, output: output(name), onProgress: noProgress });
    return cut.kind;
  };
  const kinds = new Set<string>();
  const aligned = startsAt(REPEATS, 0);
  const unaligned = startsAt(REPEATS, 0.84);
  const dropIndex = () => rmSync(indexFile, { force: true });

  console.log("Baseline: ffmpeg -ss … -t 20 -c copy…");
  const baseline = await timed(aligned, async (startS) =>
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y", "-ss", String(startS), "-i", source],
      ...["-t", String(CLIP_S), "-c", "copy", "-f", "mp4", output("baseline")],
    ]),
  );
  console.log("(a) ours on a keyframe, the index cold (made by each cut)…");
  const cold = await timed(aligned, async (startS) => kinds.add(`a:${await ours(startS, "cold", "cold")}`), dropIndex);
  console.log("(a) ours on a keyframe, the index warm…");
  const copy = await timed(aligned, async (startS, i) => kinds.add(`a:${await ours(startS, `copy-${i}`, "warm")}`));
  console.log("(a) ours on a keyframe, without an index…");
  const probed = await timed(aligned, async (startS) => kinds.add(`a:${await ours(startS, "probed", "probe")}`));
  console.log("(b) ours between keyframes, the index warm…");
  const edges = await timed(unaligned, async (startS) => kinds.add(`b:${await ours(startS, "edges", "warm")}`));
  console.log("(c) the same windows re-encoded whole…");
  const whole = await timed(unaligned.slice(0, 2), async (startS) =>
    kinds.add(`c:${await ours(startS, "whole", "warm", (first) => wholeCut(first, frames))}`),
  );

  console.log(`A summary of ${SUMMARY_CLIPS} clips…`);
  const clips = Array.from({ length: SUMMARY_CLIPS }, (_, i) => ({
    file: output(`copy-${i % REPEATS}`),
    durationS: CLIP_S,
  }));
  // Once: it re-encodes 200 s of 720p.
  const summary = await timed([0], () =>
    joinClips({
      clips,
      fps: FPS,
      title: "FC Groen Wit  2 - 1  VV De Zwaluwen",
      output: output("summary"),
      onProgress: noProgress,
    }),
  );

  const fixed = (value: number) => value.toFixed(2);
  const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;
  const stats = (values: number[]) => ({ p50: percentile(values, 0.5), p95: percentile(values, 0.95) });
  const base = stats(baseline);
  const row = (path: string, values: number[]) => {
    const { p50, p95 } = stats(values);
    return [path, values.length, fixed(p50), fixed(p95), ratio(p50, base.p50), ratio(p95, base.p95)];
  };
  printTable(
    `Cutting a ${CLIP_S} s clip from a ${VIDEO_MINUTES}-minute 720p HLS video (keyframe every ${KEYFRAME_S} s, with sound), seconds ` +
      `(target: (a) with the index warm within ${TARGET_VS_BASELINE}× of the baseline)`,
    ["path", "runs", "median", "p95", "median vs baseline", "p95 vs baseline"],
    [
      row("baseline: ffmpeg -ss … -t 20 -c copy", baseline),
      row("(a) ours, start on a keyframe, index warm: read index + plan + copy (target)", copy),
      row("    of which reading the index and planning", planSeconds.get("warm:copy") ?? []),
      row("(a) ours, start on a keyframe, index cold (first cut): make index + plan + copy", cold),
      row(
        "    of which making the index (ffprobe of the whole video) and planning",
        planSeconds.get("cold:copy") ?? [],
      ),
      row("(a) ours, start on a keyframe, no index (video by URL): ffprobe facts + window + copy", probed),
      row("    of which the two ffprobes and planning", planSeconds.get("probe:copy") ?? []),
      row("(b) ours, start between keyframes, index warm: edge re-encoded + copy", edges),
      row("(c) ours, the same window re-encoded whole", whole),
      row(`summary of ${SUMMARY_CLIPS} clips + title card (${SUMMARY_CLIPS * CLIP_S + 2} s)`, summary),
    ],
  );
  console.log(`paths taken: ${[...kinds].sort().join(", ")}`);
  const copyStats = stats(copy);
  const met = copyStats.p50 <= TARGET_VS_BASELINE * base.p50 && copyStats.p95 <= TARGET_VS_BASELINE * base.p95;
  console.log(
    `(a) copy with the index warm within ${TARGET_VS_BASELINE}× of the baseline (median and p95): ${met ? "met" : "NOT met"}`,
  );
  const edgeStats = stats(edges);
  console.log(
    `(b) edge path vs baseline: median ${ratio(edgeStats.p50, base.p50)}, p95 ${ratio(edgeStats.p95, base.p95)}; ` +
      `vs whole re-encode: median ${ratio(edgeStats.p50, stats(whole).p50)}`,
  );
  rmSync(scratch, { recursive: true, force: true });
}

await main();
