// Two media gateways serving one platform (issue 29): they share what they know of each camera through the
// database, so a camera killed while it publishes to gateway A and reconnecting to gateway B continues the
// same recording (one video on demand, one discontinuity), and the worker's commands reach the gateway
// that holds the camera's stream now (the other one answers 503 and is not asked).
import { expect, it } from "vitest";
import { CameraServerError, createCameraServerClient } from "@clubcast/camera-protocol";
import { eventually } from "@clubcast/testkit";
import { bestRendition, liveGrows, onDemandOf, previewOf, publish, rtmpUrl, useGatewayStack } from "./support.ts";

const stack = useGatewayStack();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("continues a recording on gateway B when the camera moves there from gateway A, and sends commands to B", async () => {
  const a = stack.gateway;
  const b = await stack.startGateway({});
  // No server_url: the worker finds the camera's gateway by its stream (the default gateway is A).
  const configuration = await stack.configuration({
    streamKey: "two-gateways-4f2a",
    livestream: "rtmp",
    serverUrl: null,
  });
  const heldBy = async () =>
    (await stack.t.deps.prisma.gatewayCamera.findUnique({ where: { cameraId: configuration.saCameraId! } }))
      ?.gatewayUrl;

  const onA = publish(rtmpUrl(a, "two-gateways-4f2a"));
  await previewOf(stack, configuration);
  expect(await heldBy()).toBe(a.url);
  const match = await stack.createMatch(configuration);
  await stack.command(match.id, "startrecording");
  const live = await eventually(async () => {
    const answer = await stack.match(match.id);
    return answer.status === "live" && answer.live_hls_url !== null && answer;
  }, "the match to be live");
  await liveGrows(live.live_hls_url!, 3);
  const beforeMove = await bestRendition(live.live_hls_url!);

  onA.child.kill("SIGKILL"); // the camera's link to A drops; it reconnects to B
  await onA.exited;
  const onB = publish(rtmpUrl(b, "two-gateways-4f2a"));
  await eventually(async () => (await heldBy()) === b.url, "gateway B to hold the camera's stream");
  // Three seconds through B, after the discontinuity: A's last seconds may still come in meanwhile.
  await eventually(
    async () => ((await bestRendition(live.live_hls_url!)).parts[1] ?? 0) >= 3,
    "three seconds recorded through gateway B",
    30_000,
  );
  expect((await stack.match(match.id)).status).toBe("live");

  // A command that reaches A while B holds the stream is refused for another try, where the stream is.
  const error = await createCameraServerClient(a.url)
    .send("stopRecording", configuration.saCameraId!, { match_id: match.id }, { idempotencyKey: "two-gateways-a" })
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(CameraServerError);
  expect((error as CameraServerError).status).toBe(503);
  expect((error as CameraServerError).retryable).toBe(true);

  await sleep(2000);
  await stack.command(match.id, "stoprecording");
  const onDemand = await onDemandOf(stack, match.id);
  const vod = await bestRendition(onDemand.vod_hls_url);
  expect(vod.ended).toBe(true);
  expect(vod.discontinuities).toBe(1);
  // The part recorded through A is all there, then B's part.
  expect(vod.segments.map((segment) => segment.uri)).toEqual(
    expect.arrayContaining(beforeMove.segments.map((segment) => segment.uri)),
  );
  expect(vod.parts[0]).toBeGreaterThanOrEqual(beforeMove.duration);
  expect(vod.parts[1]).toBeGreaterThanOrEqual(3);
  const recording = await stack.t.deps.prisma.gatewayRecording.findFirstOrThrow({ where: { matchId: match.id } });
  expect(recording.sessions).toEqual([1, 2]);
  expect(recording.endedAt).not.toBeNull();
  await onB.stop();
  // B let go of the camera with its publisher.
  await eventually(async () => (await heldBy()) === null, "gateway B to release the camera");
}, 90_000);
