// The worker's ffmpeg and ffprobe yield the CPU to live streams (VIDEO_NICENESS.batch below the worker).
import { getPriority } from "node:os";
import { expect, it } from "vitest";
import { VIDEO_NICENESS } from "@clubcast/shared/processes";
import { runBatch, spawnBatch } from "../src/batch-process.ts";

/** The worker's own niceness and the batch's, as nice(1) prints it (it stops at 19). */
const batchNiceness = String(Math.min(19, getPriority() + VIDEO_NICENESS.batch));

it("runs a batch tool at the batch niceness from its start, and answers what it wrote", async () => {
  expect((await runBatch("nice", [])).stdout.trim()).toBe(batchNiceness);
});

it("streams a batch tool's output, the tool at the batch niceness", async () => {
  const child = spawnBatch("nice", [], { stdio: ["ignore", "pipe", "ignore"] });
  let printed = "";
  child.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  await new Promise((resolve) => child.once("close", resolve));
  expect(printed.trim()).toBe(batchNiceness);
});

it("rejects when the tool fails", async () => {
  await expect(runBatch("sh", ["-c", "exit 3"])).rejects.toThrow();
});
