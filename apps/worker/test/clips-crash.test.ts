// The real worker process killed while it cuts a clip: nothing half-written is
// ever at the clip's file names, and after a restart the cut completes once.
import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { clipCutJobId } from "@clubcast/shared/jobs";
import { hasFfmpeg } from "@clubcast/testkit/camera-sim";
import { eventually, exited } from "@clubcast/testkit";
import { startJobStack, startQuickWorker, type JobStack } from "./support.ts";
import { addMarker, matchWithVod, settledClip } from "./clip-support.ts";

let stack: JobStack;
const children: ChildProcess[] = [];

const startWorkerProcess = () => startQuickWorker(stack, children);

beforeAll(async () => {
  expect(hasFfmpeg(), "ffmpeg on PATH").toBe(true);
  stack = await startJobStack();
});
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited(child);
  }
  await stack?.close();
});

it("cuts a clip once after its worker was killed mid-cut, never serving a partial file", async () => {
  // 720p, a keyframe every 10 s and a window from 1.2 s: an edge cut whose head (to 10 s) takes a while.
  const match = await matchWithVod(stack, { size: "1280x720", seconds: 24, keyframeS: 10 });
  const clipsDir = join(stack.t.config.mediaDir, "matches", String(match.id), "clips");
  const files = () => (existsSync(clipsDir) ? readdirSync(clipsDir) : []);
  const first = await startWorkerProcess();
  const marker = await addMarker(stack, match.id, 16_200);
  const cutting = await settledClip(stack, match.id, marker, (clip) => clip.state === "cutting");
  // Killed while it writes the edge's piece, beside the clip's file.
  await eventually(async () => files().some((name) => name.includes(".piece")), "a piece of the edge cut", 20_000);
  first.kill("SIGKILL");
  expect(await exited(first)).toEqual({ code: null, signal: "SIGKILL" });

  const served = () => files().filter((name) => !name.endsWith(".part"));
  expect(served()).toEqual([]);
  const job = () => stack.t.deps.jobs.clipCuts.getJob(clipCutJobId({ clipId: cutting.id, version: 1 }));
  expect(await (await job())!.isCompleted()).toBe(false);

  await startWorkerProcess();
  const ready = await settledClip(stack, match.id, marker);
  expect(ready.state, ready.failure_reason ?? "").toBe("ready");
  // The clip turns ready within the job, which completes once the clip's summary is queued too.
  await eventually(async () => (await job())!.isCompleted(), "the cut job completed");
  expect((await job())!.returnvalue).toEqual({ done: true, cut: "edges" });
  // One video and one poster, and no partial file or piece of either run left behind.
  expect(readdirSync(clipsDir).sort()).toEqual([`${cutting.id}-1.jpg`, `${cutting.id}-1.mp4`]);
}, 120_000);
