// SRT cameras on lossy uplinks: two publishers through a user-space lossy link
// (2 % and 5 % of datagrams dropped each way, 40 ms delay each way), both at
// once for 2.5 minutes, each recording a match in passthrough (so the
// recording is what the gateway received, not a re-encode that would hide
// broken frames). Neither may be dropped, and what was recorded must decode
// without a single error.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import type { Configuration } from "@clubcast/db";
import { srtStreamId } from "@clubcast/shared";
import { startLossyLink, type LossyLink } from "./lossy-link.ts";
import { onDemandOf, previewOf, publish, useGatewayStack, type Publisher } from "./support.ts";

const stack = useGatewayStack();
const HOLD_MS = 150_000;
const LINKS = [
  { loss: 0.02, streamKey: "lossy-two-percent-3c1d" },
  { loss: 0.05, streamKey: "lossy-five-percent-8e2a" },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const decodeErrors = promisify(execFile);

interface Camera {
  loss: number;
  configuration: Configuration;
  link: LossyLink;
  publisher: Publisher;
  matchId: number;
}

it("keeps SRT cameras on 2 % and 5 % loss with 40 ms delay for 2.5 minutes, recording without decode errors", async () => {
  const cameras: Camera[] = [];
  try {
    for (const [index, { loss, streamKey }] of LINKS.entries()) {
      const configuration = await stack.configuration({ streamKey, livestream: "srt", passthrough: true });
      const link = await startLossyLink({ targetPort: stack.gateway.srtPort, loss, delayMs: 40, seed: index + 1 });
      const publisher = publish(`srt://127.0.0.1:${link.port}?streamid=${srtStreamId(streamKey)}`);
      cameras.push({ loss, configuration, link, publisher, matchId: 0 });
    }
    for (const camera of cameras) {
      await previewOf(stack, camera.configuration);
      camera.matchId = (await stack.createMatch(camera.configuration)).id;
      await stack.command(camera.matchId, "startrecording");
    }
    await sleep(HOLD_MS);

    for (const camera of cameras) {
      const { up, down } = camera.link;
      console.log(
        `${camera.loss * 100} % loss: ${up.forwarded} datagrams up (${up.dropped} dropped), ${down.forwarded} down (${down.dropped} dropped)`,
      );
      expect(up.dropped / (up.forwarded + up.dropped)).toBeGreaterThan(camera.loss / 2); // the link really was lossy
      expect(camera.publisher.child.exitCode, "the publisher is still running").toBeNull();
      expect((await stack.match(camera.matchId)).status).toBe("live");
    }
    // Nothing was dropped on the gateway's side: no SRT caller ended, no publisher left.
    expect(stack.log()).not.toMatch(/srt: .* ended:|srt publisher .* left/);

    for (const camera of cameras) await stack.command(camera.matchId, "stoprecording");
    for (const camera of cameras) {
      const { vod_hls_url } = await onDemandOf(stack, camera.matchId);
      const { stderr } = await decodeErrors("ffmpeg", ["-v", "error", "-i", vod_hls_url!, "-f", "null", "-"]);
      expect(stderr, `decoding the ${camera.loss * 100} % loss recording`).toBe("");
    }
  } finally {
    for (const camera of cameras) {
      await camera.publisher.stop();
      await camera.link.close();
    }
  }
}, 300_000);
