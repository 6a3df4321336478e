// A camera publishing to the media gateway, end to end: the API, the worker,
// the gateway and ffmpeg publishers, all real, and Chromium playing what
// viewers get. A camera before kick-off is a preview; over RTMP and SRT the
// match goes live when it records, and stop recording gives the
// video-on-demand with a poster and, made by the worker's job, a download. A second publisher is refused
// while the first stays; a reconnect joins one recording; a private match
// plays only through its signed URLs; the simulator's cameras still work.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { Configuration } from "@clubcast/db";
import { createSimulatorControl, startCameraSimulator } from "@clubcast/testkit/camera-sim";
import { launchBrowser } from "@clubcast/testkit/browser";
import { eventually } from "@clubcast/testkit";
import {
  bestRendition,
  expectRecordedSpan,
  expiredSignedUrl,
  liveGrows,
  previewOf,
  previews,
  playsInChromium,
  publish,
  rtmpUrl,
  srtUrl,
  useGatewayStack,
  statusOf,
  type MatchAnswer,
  type Publisher,
} from "./support.ts";

const stack = useGatewayStack();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the match until `ready` says so (the worker and the gateway report asynchronously). */
function matchWhen(matchId: number, ready: (match: MatchAnswer) => boolean, what: string) {
  return eventually(
    async () => {
      const match = await stack.match(matchId);
      return ready(match) && match;
    },
    `match ${matchId}: ${what}`,
    20_000,
  );
}

const isLive = (match: MatchAnswer) => match.status === "live" && match.live_hls_url !== null;
const isOnDemand = (match: MatchAnswer) => match.status === "vod" && match.vod_hls_url !== null;

/** Starts recording the match of a camera that is publishing; answers the live match once it plays. */
async function startLive(matchId: number) {
  await stack.command(matchId, "startrecording");
  const started = Date.now();
  const live = await matchWhen(matchId, isLive, "live with a live playlist");
  await liveGrows(live.live_hls_url!);
  return { live, started };
}

/** Stops recording; answers the match once it is on demand, and the seconds it recorded. */
async function stopIntoVod(matchId: number, started: number) {
  await stack.command(matchId, "stoprecording");
  const recorded = (Date.now() - started) / 1000;
  return { onDemand: await matchWhen(matchId, isOnDemand, "on demand"), recorded };
}

/** What every recording must end with: a video-on-demand that plays, a poster and, soon after, a download. */
async function checkVideoOnDemand(matchId: number, onDemand: MatchAnswer) {
  expect(onDemand.vod_hls_url).toBe(`${stack.url}/media/matches/${matchId}/vod.m3u8`);
  const vod = await bestRendition(onDemand.vod_hls_url!);
  expect(vod.ended).toBe(true);
  expect(vod.text).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
  expect((await playsInChromium(browser, onDemand.vod_hls_url!)).readyState).toBeGreaterThanOrEqual(2);

  expect(onDemand.poster_url).toBe(`${stack.url}/media/matches/${matchId}/poster.jpg`);
  const poster = await fetch(onDemand.poster_url!);
  expect(poster.status).toBe(200);
  expect(poster.headers.get("content-type")).toBe("image/jpeg");
  expect((await poster.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  // The worker's recording.download job makes the MP4 after the report: preparing until it is there.
  expect(onDemand.download_status).toMatch(/^(preparing|ready)$/);
  if (onDemand.download_status === "preparing") expect(onDemand.download_url).toBeNull();
  const { download_url: downloadUrl } = await matchWhen(
    matchId,
    (match) => match.download_status === "ready" && match.download_url !== null,
    "a download",
  );
  expect(downloadUrl).toBe(`${stack.url}/media/matches/${matchId}/download.mp4`);
  const download = await fetch(downloadUrl!, { method: "HEAD" });
  expect(download.status).toBe(200);
  expect(download.headers.get("content-type")).toBe("video/mp4");
  // The whole recording: as long as its video-on-demand, every session of it.
  // Not execFileSync: the API answering ffprobe runs in this process.
  const probed = await promisify(execFile)(
    "ffprobe",
    ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", downloadUrl!],
    { timeout: 30_000 },
  );
  const seconds = Number(probed.stdout);
  expect(Math.abs(seconds - vod.duration)).toBeLessThan(1);
  return vod;
}

/**
 * A camera streaming before kick-off (a preview), then its match recorded for
 * `seconds`: live in Chromium while it records, and on demand after, as long
 * as what was published while recording (within 2 s).
 */
async function previewThenRecord(configuration: Configuration, camera: Publisher, seconds: number) {
  const preview = await previewOf(stack, configuration);
  expect(await bestRendition(preview.hls_url)).toMatchObject({ ended: false });
  const match = await stack.createMatch(configuration);

  const { live, started } = await startLive(match.id);
  expect(live.live_hls_url).toBe(`${stack.url}/media/matches/${match.id}/live.m3u8`);
  expect((await playsInChromium(browser, live.live_hls_url!)).readyState).toBeGreaterThanOrEqual(2);
  await sleep(started + seconds * 1000 - Date.now());

  const { onDemand, recorded } = await stopIntoVod(match.id, started);
  const vod = await checkVideoOnDemand(match.id, onDemand);
  expectRecordedSpan(vod, vod.duration, recorded);
  expect(camera.child.exitCode, "the camera is still publishing").toBeNull();
  return vod;
}

describe("a camera publishing over RTMP", () => {
  it("shows as a preview, streams its match live while it records, and gives the video-on-demand", async () => {
    const configuration = await stack.configuration({ streamKey: "rtmp-ladder-a1f3", livestream: "rtmp" });
    const camera = publish(rtmpUrl(stack.gateway, "rtmp-ladder-a1f3"), { size: "1280x720" });
    const vod = await previewThenRecord(configuration, camera, 8);
    // Transcoded: the ladder, best first.
    expect(vod.variants).toEqual(["720p/vod.m3u8", "360p/vod.m3u8"]);
    await camera.stop();
  });

  it("refuses a second publisher on the same key while the first one stays", async () => {
    const configuration = await stack.configuration({
      streamKey: "rtmp-twice-b2e4",
      livestream: "rtmp",
      passthrough: true,
    });
    const first = publish(rtmpUrl(stack.gateway, "rtmp-twice-b2e4"));
    const preview = await previewOf(stack, configuration);

    const second = publish(rtmpUrl(stack.gateway, "rtmp-twice-b2e4"));
    const { code, ms } = await second.exited;
    expect(code).not.toBe(0);
    expect(ms).toBeLessThan(5000);
    expect(await stack.refusals()).toContainEqual(
      expect.objectContaining({
        protocol: "rtmp",
        stream_key_hint: "…b2e4",
        reason: "a camera already publishes with this key; the first one stays",
      }),
    );
    await liveGrows(preview.hls_url, 3);
    expect(first.child.exitCode).toBeNull();
    await first.stop();
  });

  it("joins a camera's reconnect to the same recording, a discontinuity between the parts", async () => {
    const configuration = await stack.configuration({
      streamKey: "rtmp-reconnect-c3d5",
      livestream: "rtmp",
      passthrough: true,
    });
    const url = rtmpUrl(stack.gateway, "rtmp-reconnect-c3d5");
    const before = publish(url);
    await previewOf(stack, configuration);
    const match = await stack.createMatch(configuration);
    const { started } = await startLive(match.id);
    await sleep(started + 4000 - Date.now());
    before.child.kill("SIGKILL"); // the camera's connection drops
    await before.exited;
    const firstPart = (Date.now() - started) / 1000;
    await sleep(2000);

    const after = publish(url);
    const reconnected = Date.now();
    const live = await stack.match(match.id);
    expect(live.status).toBe("live");
    await liveGrows(live.live_hls_url!, 3);
    await sleep(reconnected + 6000 - Date.now());
    const { onDemand } = await stopIntoVod(match.id, started);
    const secondPart = (Date.now() - reconnected) / 1000;

    const vod = await checkVideoOnDemand(match.id, onDemand);
    expect(vod.discontinuities).toBe(1);
    // Each part is what the camera sent while recording, but a new connection
    // is only taken once the gateway has looked at its stream (about 2.5 s).
    expectRecordedSpan(vod, vod.parts[0]!, firstPart);
    expectRecordedSpan(vod, vod.parts[1]!, secondPart - 2.5);
    await after.stop();
  });
});

describe("a camera publishing over SRT", () => {
  it("shows as a preview, streams its match live while it records, and gives the video-on-demand", async () => {
    const configuration = await stack.configuration({
      streamKey: "srt-source-d4c6",
      livestream: "srt",
      passthrough: true,
    });
    const camera = publish(srtUrl(stack.gateway, "srt-source-d4c6"));
    const vod = await previewThenRecord(configuration, camera, 8);
    // Passthrough: the source as it came.
    expect(vod.variants).toEqual(["source/vod.m3u8"]);
    expect(await previews(stack)).toContainEqual(
      expect.objectContaining({ configuration: expect.objectContaining({ id: configuration.id }), protocol: "srt" }),
    );
    await camera.stop();
  });
});

describe("a private match", () => {
  it("plays only through the signed URLs of its answer", async () => {
    // Transcoded from 360p: only the 360p rendition, nothing upscaled.
    const configuration = await stack.configuration({ streamKey: "rtmp-private-e5b7", livestream: "rtmp" });
    const camera = publish(rtmpUrl(stack.gateway, "rtmp-private-e5b7"));
    await previewOf(stack, configuration);
    const match = await stack.createMatch(configuration, { isPrivate: true });
    await stack.command(match.id, "startrecording");
    const live = await matchWhen(match.id, isLive, "live with a live playlist");
    expect(live.is_private).toBe(true);
    const signedPrefix = new RegExp(`^${stack.url}/media/signed/\\d+/[\\w-]{43}\\.live/matches/${match.id}/`);
    expect(live.live_hls_url).toMatch(new RegExp(`${signedPrefix.source}live\\.m3u8$`));

    const rendition = await bestRendition(live.live_hls_url!);
    expect(rendition.variants).toEqual(["360p/live.m3u8"]);
    const segment = rendition.segments.at(-1)!.uri;
    const signedSegment = new URL(segment, rendition.url).toString();
    expect(signedSegment).toMatch(signedPrefix);
    expect(await statusOf(signedSegment)).toBe(200);

    const unsigned = `${stack.url}/media/matches/${match.id}/360p/${segment}`;
    const [, expires, signature] = /\/media\/signed\/(\d+)\/([\w-]+)\.live\//.exec(signedSegment)!;
    const wrongSignature = signedSegment.replace(
      signature!,
      `${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "BB" : "AA"}`,
    );
    const otherExpiry = signedSegment.replace(`/${expires}/`, `/${Number(expires) + 3600}/`);
    const expired = await expiredSignedUrl(stack, { kind: "matches", id: match.id }, `360p/${segment}`);
    for (const refused of [unsigned, wrongSignature, otherExpiry, expired]) {
      expect(await statusOf(refused), refused).toBe(404);
    }
    expect(await statusOf(`${stack.url}/media/matches/${match.id}/live.m3u8`)).toBe(404);

    expect((await playsInChromium(browser, live.live_hls_url!)).readyState).toBeGreaterThanOrEqual(2);
    await camera.stop();
  });
});

describe("a configuration of the camera simulator", () => {
  it("still goes live through its own camera server while the gateway runs", async () => {
    const simulator = await startCameraSimulator({ video: false, controller: null, log: () => {} });
    try {
      const configuration = await stack.configuration({
        streamKey: "simulated-f6a8",
        livestream: "srt",
        serverUrl: simulator.url,
      });
      await stack.t.deps.prisma.configuration.update({
        where: { id: configuration.id },
        data: { cameraType: "SA_PRO" },
      });
      const match = await stack.createMatch(configuration);
      await stack.command(match.id, "startrecording");
      await matchWhen(match.id, (answer) => answer.status === "live", "live");
      const calls = await createSimulatorControl(simulator.url).calls();
      expect(calls).toContainEqual(
        expect.objectContaining({ command: "startRecording", camera_id: configuration.saCameraId, outcome: "effect" }),
      );
    } finally {
      await simulator.close();
    }
  });
});
