// The media gateway killed outright mid-match and started again: nothing of
// the killed one is left holding ports (its nginx included), and when the
// camera reconnects the live stream resumes and the recording keeps what it
// had, the two parts joined in one video-on-demand.
import { existsSync } from "node:fs";
import { expect, it } from "vitest";
import { eventually } from "@clubcast/testkit";
import {
  bestRendition,
  groupAlive,
  liveGrows,
  nginxPid,
  onDemandOf,
  previewOf,
  publish,
  rtmpUrl,
  useGatewayStack,
} from "./support.ts";

const stack = useGatewayStack("process");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("resumes a match's live stream and recording after the gateway is killed and restarted", async () => {
  const gatewayProcess = stack.gatewayProcess!;
  const configuration = await stack.configuration({
    streamKey: "restart-camera-7b7b",
    livestream: "rtmp",
    passthrough: true,
  });
  const url = rtmpUrl(stack.gateway, "restart-camera-7b7b");
  const before = publish(url);
  await previewOf(stack, configuration);
  const match = await stack.createMatch(configuration);
  await stack.command(match.id, "startrecording");
  const live = await eventually(async () => {
    const answer = await stack.match(match.id);
    return answer.status === "live" && answer.live_hls_url !== null && answer;
  }, "the match to be live");
  await liveGrows(live.live_hls_url!, 3);
  const beforeKill = await bestRendition(live.live_hls_url!);
  const killedNginx = nginxPid(stack);

  const group = await gatewayProcess.kill();
  await sleep(1000);
  await gatewayProcess.start();
  // The killed gateway's nginx and ffmpeg are gone, whether they died with it or the new one stopped them.
  await eventually(async () => !groupAlive(group), "the killed gateway's processes to end", 5000);
  expect(existsSync(`/proc/${killedNginx}`)).toBe(false);
  expect((await before.exited).code).not.toBe(0);

  // The camera reconnects: the same match goes on live, in a new session.
  const after = publish(url);
  await liveGrows(live.live_hls_url!, 3);
  expect((await stack.match(match.id)).status).toBe("live");
  await sleep(3000);

  await stack.command(match.id, "stoprecording");
  const onDemand = await onDemandOf(stack, match.id);
  const vod = await bestRendition(onDemand.vod_hls_url);
  expect(vod.ended).toBe(true);
  expect(vod.discontinuities).toBe(1);
  // The recording kept what the live stream had shown before the kill, and what came after the reconnect.
  const recorded = vod.segments.map((segment) => segment.uri);
  expect(recorded).toEqual(expect.arrayContaining(beforeKill.segments.map((segment) => segment.uri)));
  expect(vod.parts[0]).toBeGreaterThanOrEqual(beforeKill.duration);
  expect(vod.parts[1]).toBeGreaterThanOrEqual(3);
  await after.stop();
});
