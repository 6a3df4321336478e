// Publishers the media gateway refuses, and faults it must survive: every
// refused ffmpeg fails at once and the refusal shows in monitoring; garbage,
// a codec passthrough can't take, a stalled publisher and a full disk never
// take the gateway down, and a good camera still streams afterwards.
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Configuration } from "@clubcast/db";
import { CHANNELS, EVENTS } from "@clubcast/shared";
import { QUEUES } from "@clubcast/shared/jobs";
import { connectSocket, nextEvent, subscribe } from "@clubcast/testkit/realtime";
import { eventually } from "@clubcast/testkit";
import {
  liveGrows,
  nginxPid,
  previewOf,
  previews,
  publish,
  rtmpUrl,
  srtUrl,
  useGatewayStack,
  type Publisher,
} from "./support.ts";

const stack = useGatewayStack();
/** A configuration whose camera must still stream after each fault. */
let healthy: Configuration;

beforeAll(async () => {
  healthy = await stack.configuration({ streamKey: "healthy-camera-0a0a", livestream: "rtmp", passthrough: true });
});

/** A refused publisher: its ffmpeg fails within a few seconds. */
async function expectRefused(publisher: Publisher, withinMs = 5000) {
  const { code, ms } = await publisher.exited;
  expect(code, "ffmpeg's exit code").not.toBe(0);
  expect(ms).toBeLessThan(withinMs);
}

/** The refusal monitoring shows for a key (by the end of it, never the key itself). */
async function expectRefusal(streamKey: string, protocol: "rtmp" | "srt", reason: string | RegExp) {
  const hint = `…${streamKey.slice(-4)}`;
  const refusal = await eventually(
    async () => (await stack.refusals()).find((entry) => entry.stream_key_hint === hint),
    `a refusal of ${hint}`,
  );
  expect(refusal).toMatchObject({ protocol, address: expect.stringContaining("127.0.0.1") });
  expect(refusal.reason).toMatch(reason);
  expect(JSON.stringify(await stack.refusals())).not.toContain(streamKey);
}

/** The gateway is still up: the healthy camera streams (a preview that grows), then leaves. */
async function goodCameraStillStreams() {
  const camera = publish(rtmpUrl(stack.gateway, "healthy-camera-0a0a"));
  const preview = await previewOf(stack, healthy);
  await liveGrows(preview.hls_url, 2);
  await camera.stop();
  await eventually(
    async () => !(await previews(stack)).some((entry) => entry.configuration.id === healthy.id),
    "the healthy camera's preview to go",
  );
}

describe("refused publishers", () => {
  it("refuses a stream key nobody has", async () => {
    const publisher = publish(rtmpUrl(stack.gateway, "no-such-key-1b1b"));
    await expectRefused(publisher);
    await expectRefusal("no-such-key-1b1b", "rtmp", "unknown stream key");
  });

  it("refuses a configuration whose livestream is disabled", async () => {
    const configuration = await stack.configuration({ streamKey: "disabled-2c2c", livestream: "disabled" });
    await expectRefused(publish(rtmpUrl(stack.gateway, "disabled-2c2c")));
    await expectRefusal("disabled-2c2c", "rtmp", `livestream is disabled for configuration ${configuration.id}`);
  });

  it("refuses SRT for a configuration that takes RTMP", async () => {
    const configuration = await stack.configuration({ streamKey: "rtmp-only-3d3d", livestream: "rtmp" });
    await expectRefused(publish(srtUrl(stack.gateway, "rtmp-only-3d3d")));
    await expectRefusal("rtmp-only-3d3d", "srt", `configuration ${configuration.id} takes rtmp, not srt`);
  });

  it("drops the publisher of a rotated key, refuses the old key after it, and takes the new one", async () => {
    const configuration = await stack.configuration({
      streamKey: "before-rotation-4e4e",
      livestream: "rtmp",
      passthrough: true,
    });
    const publisher = publish(rtmpUrl(stack.gateway, "before-rotation-4e4e"));
    await previewOf(stack, configuration);

    const rotated = Date.now();
    const answer = await stack.http.post(`/v1/configurations/${configuration.id}/stream-key`, {}, stack.system.token);
    expect(answer.statusCode, answer.body).toBe(200);
    const newKey = answer.json().data.stream_key as string;
    expect(newKey).not.toBe("before-rotation-4e4e");
    const { code } = await publisher.exited;
    expect(code).not.toBe(0);
    expect(Date.now() - rotated).toBeLessThan(5000);

    await expectRefused(publish(rtmpUrl(stack.gateway, "before-rotation-4e4e")));
    await expectRefusal("before-rotation-4e4e", "rtmp", "unknown stream key");

    const renewed = publish(rtmpUrl(stack.gateway, newKey));
    await liveGrows((await previewOf(stack, configuration)).hls_url);
    await renewed.stop();
  });
});

describe("bad input and faults", () => {
  it("survives garbage on the RTMP port", async () => {
    for (const garbage of [randomBytes(64 * 1024), Buffer.concat([Buffer.from([3]), randomBytes(1536)])]) {
      await new Promise<void>((resolve) => {
        const socket = connect(stack.gateway.rtmpPort, "127.0.0.1", () => socket.end(garbage));
        socket.on("error", () => resolve()); // nginx may reset it
        socket.on("close", () => resolve());
        socket.resume();
      });
    }
    await goodCameraStillStreams();
    expect(stack.log()).not.toContain("nginx exited");
  });

  it("starts nginx again when it dies under a publisher, and the camera's reconnect is taken", async () => {
    const camera = publish(rtmpUrl(stack.gateway, "healthy-camera-0a0a"));
    await previewOf(stack, healthy);
    const killed = nginxPid(stack);
    process.kill(killed, "SIGKILL");
    expect((await camera.exited).code).not.toBe(0);
    await eventually(async () => nginxPid(stack) !== killed, "nginx to be started again");
    expect(stack.log()).toContain("nginx exited (SIGKILL); restarting");
    await goodCameraStillStreams();
  });

  it("refuses a codec a passthrough configuration can't copy, and logs why", async () => {
    await stack.configuration({ streamKey: "passthrough-flv1-5f5f", livestream: "rtmp", passthrough: true });
    const publisher = publish(rtmpUrl(stack.gateway, "passthrough-flv1-5f5f"), { video: ["-c:v", "flv"] });
    // Refused once the gateway has looked at the stream.
    await expectRefused(publisher, 10_000);
    await expectRefusal("passthrough-flv1-5f5f", "rtmp", "unsupported video codec flv1: passthrough needs H.264");
    await goodCameraStillStreams();
  });

  // nginx drops a publisher that sends nothing for 10 s: worth the wait once, since a
  // stalled camera that kept its key would lock its configuration out until someone restarts the gateway.
  it("drops a stalled publisher, so its camera can publish again", async () => {
    const stalled = publish(rtmpUrl(stack.gateway, "healthy-camera-0a0a"));
    await previewOf(stack, healthy);
    stalled.child.kill("SIGSTOP");
    const stalledAt = Date.now();
    await eventually(
      async () => !(await previews(stack)).some((entry) => entry.configuration.id === healthy.id),
      "the stalled camera's preview to go",
      20_000,
    );
    expect(Date.now() - stalledAt).toBeGreaterThan(9000);
    stalled.child.kill("SIGCONT");
    await expectRefused(stalled, 30_000);
    await goodCameraStillStreams();
  });

  it("refuses to start recording when the disk is too full, and says so", async () => {
    // A gateway of its own whose margin no disk has, with a folder of its own (gateways keep their
    // state there) inside the stack's, so it goes with the stack once that gateway is closed.
    const mediaDir = join(stack.t.config.mediaDir, "full-disk-gateway");
    const full = await stack.startGateway({ MEDIA_DIR: mediaDir, MEDIA_MIN_FREE_MB: String(1024 ** 3) });
    const configuration = await stack.configuration({
      streamKey: "full-disk-6a6a",
      livestream: "rtmp",
      serverUrl: full.url,
    });
    const match = await stack.createMatch(configuration);
    const dashboard = await connectSocket(stack.url, stack.admin.token);
    await subscribe(dashboard, CHANNELS.user(stack.admin.user.id));
    const told = nextEvent<{ key: string; level: string; detail: string; match: number }>(
      dashboard,
      EVENTS.userMessage,
      (message) => message.match === match.id,
      15_000,
    );

    await stack.command(match.id, "startrecording");
    const message = await told;
    expect(message).toMatchObject({ key: "match.operation_failed", level: "error" });
    expect(message.detail).toMatch(
      /^startRecording failed: the camera server answered 409, response: not enough free disk space for a new recording: \d+ MB free, at least \d+ MB needed/,
    );
    expect((await stack.match(match.id)).status).toBe("unscheduled");

    const failed = await stack.http.get("/v1/monitoring/failed-jobs?page=1&limit=20", stack.system.token);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().data).toContainEqual(
      expect.objectContaining({
        queue: QUEUES.cameraCommands,
        data: expect.objectContaining({ matchId: match.id, command: "startRecording" }),
        failed_reason: expect.stringContaining("not enough free disk space"),
      }),
    );
    await goodCameraStillStreams();
  });
});
