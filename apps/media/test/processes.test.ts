// The gateway's children: what must keep up with the camera at the gateway's own priority, the ladder's
// encoder VIDEO_NICENESS.liveTranscode below it.
import { getPriority } from "node:os";
import { expect, it } from "vitest";
import { VIDEO_NICENESS } from "@clubcast/shared/processes";
import { spawnTied } from "../src/processes.ts";

/** What nice(1), started as the gateway starts a child, prints: the niceness it runs at. */
async function nicenessOf(niceness?: number): Promise<string> {
  const child = spawnTied("nice", [], { stdio: ["ignore", "pipe", "ignore"] }, niceness);
  let printed = "";
  child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  await new Promise((resolve) => child.once("close", resolve));
  return printed.trim();
}

it("starts a child the niceness asked for below the gateway, and at the gateway's own without one", async () => {
  expect(await nicenessOf(VIDEO_NICENESS.liveTranscode)).toBe(
    String(Math.min(19, getPriority() + VIDEO_NICENESS.liveTranscode)),
  );
  expect(await nicenessOf()).toBe(String(getPriority()));
});
