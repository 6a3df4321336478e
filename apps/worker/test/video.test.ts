// A match from scheduled to live (a real HLS stream) to on demand (an HLS
// video-on-demand): API, worker, simulator with ffmpeg, and the simulator's
// reports back to the API as the configuration's camera controller, tried
// again until the API has heard them.
import { afterAll, beforeAll, expect, it } from "vitest";
import { CHANNELS, EVENTS, type EventPayloads } from "@clubcast/shared";
import { connectSocket, nextEvent, subscribe } from "@clubcast/testkit/realtime";
import { hasFfmpeg } from "@clubcast/testkit/camera-sim";
import { eventually } from "@clubcast/testkit";
import { createCameraServerClient } from "@clubcast/camera-protocol";
import { CAMERA_ID, startJobStack, type JobStack } from "./support.ts";

let stack: JobStack;

beforeAll(async () => {
  // npm test installs ffmpeg first (scripts/ensure-system-packages.sh); without it this test has nothing to show.
  expect(hasFfmpeg(), "ffmpeg on PATH").toBe(true);
  stack = await startJobStack({ video: true, controller: true });
  stack.startWorkers();
});
afterAll(() => stack?.close());

async function fetchPlaylist(url: string) {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  return response.text();
}

/** The first media segment a playlist lists, fetched next to it. */
async function fetchFirstSegment(playlistUrl: string, playlist: string) {
  const segment = playlist.split("\n").find((line) => line.endsWith(".ts"));
  expect(segment, playlist).toBeDefined();
  const response = await fetch(new URL(segment!, playlistUrl));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("video/mp2t");
  expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
}

it("streams a recording match live over HLS and then serves it on demand", async () => {
  const match = await stack.createMatch({ status: "scheduled" });
  const dashboard = await connectSocket(stack.url, stack.admin.token);
  await subscribe(dashboard, CHANNELS.matches);
  const ready = nextEvent<EventPayloads["stream.ready"]>(
    dashboard,
    EVENTS.streamReady,
    (e) => e.match === match.id,
    20_000,
  );
  const matchUrl = `/v1/matches/${match.id}`;

  const start = await stack.http.post(
    `/v1/clubs/${stack.club.id}/matches/${match.id}/startrecording`,
    {},
    stack.admin.token,
  );
  expect(start.statusCode).toBe(202);
  expect(
    await ready.catch((error) => Promise.reject(new Error(`${error.message}; simulator: ${stack.simLog}`))),
  ).toEqual({
    club: stack.club.id,
    match: match.id,
  });

  const live = (await stack.http.get(matchUrl)).json().data;
  expect(live.status).toBe("live");
  expect(live.live_hls_url).toMatch(new RegExp(`^${stack.sim.url}/media/.+/live/index\\.m3u8$`));
  const livePlaylist = await fetchPlaylist(live.live_hls_url);
  expect(livePlaylist).toContain("#EXTM3U");
  expect(livePlaylist).not.toContain("#EXT-X-ENDLIST");
  await fetchFirstSegment(live.live_hls_url, livePlaylist);

  const stop = await stack.http.post(
    `/v1/clubs/${stack.club.id}/matches/${match.id}/stoprecording`,
    {},
    stack.admin.token,
  );
  expect(stop.statusCode).toBe(202);
  const onDemand = await eventually(
    async () => {
      const answer = (await stack.http.get(matchUrl)).json().data;
      return answer.status === "vod" && answer;
    },
    "the match to be on demand",
    20_000,
  ).catch((error: Error) => Promise.reject(new Error(`${error.message}; simulator: ${stack.simLog}`)));
  expect(onDemand.vod_hls_url).toMatch(new RegExp(`^${stack.sim.url}/media/.+/vod/index\\.m3u8$`));
  const vodPlaylist = await fetchPlaylist(onDemand.vod_hls_url);
  expect(vodPlaylist).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
  expect(vodPlaylist).toContain("#EXT-X-ENDLIST");
  await fetchFirstSegment(onDemand.vod_hls_url, vodPlaylist);

  // As a camera controller, the simulator also keeps the configuration's heartbeat going (monitoring).
  const configuration = await stack.t.deps.prisma.configuration.findUniqueOrThrow({
    where: { id: stack.configuration.id },
  });
  expect(configuration.status).toBe("online");
  expect(configuration.lastHeartbeatAt).not.toBeNull();
});

it("reports the stream ready again until the API has heard it: a report before the start's confirmation still makes the match live", async () => {
  const { prisma } = stack.t.deps;
  // Bound to no camera yet: its field's main camera records it once the worker confirms the start.
  const match = await prisma.match.update({
    where: { id: (await stack.createMatch({ status: "scheduled" })).id },
    data: { configurationId: null },
  });
  const camera = createCameraServerClient(stack.sim.url);
  await camera.send("startRecording", CAMERA_ID, { match_id: match.id }, { idempotencyKey: `early-${match.id}` });
  // The camera's report comes first: the API knows no camera of it that records the match (404).
  await eventually(
    async () => stack.simLog.some((line) => line.includes(`match ${match.id}'s stream ready not heard yet`)),
    "the simulator's first report to be refused",
    20_000,
  );
  expect(await prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({ status: "scheduled" });

  await stack.t.services.matches.commandSucceeded({
    command: "startRecording",
    matchId: match.id,
    configurationId: stack.configuration.id,
    requestedBy: null,
    idempotencyKey: `early-${match.id}`,
  });
  const live = await eventually(async () => {
    const now = await prisma.match.findUniqueOrThrow({ where: { id: match.id } });
    return now.status === "live" && now;
  }, "the simulator's report, tried again, to make the match live");
  expect(live.liveHlsUrl).toMatch(new RegExp(`^${stack.sim.url}/media/.+/live/index\\.m3u8$`));
  await camera.send("stopRecording", CAMERA_ID, { match_id: match.id }, { idempotencyKey: `early-stop-${match.id}` });
});

it("reports no stream for a recording stopped before its stream was ready: its match ends without ever being live", async () => {
  const { prisma } = stack.t.deps;
  const match = await stack.createMatch({ status: "scheduled" });
  const camera = createCameraServerClient(stack.sim.url);
  await camera.send("startRecording", CAMERA_ID, { match_id: match.id }, { idempotencyKey: `short-${match.id}` });
  await camera.send("stopRecording", CAMERA_ID, { match_id: match.id }, { idempotencyKey: `short-stop-${match.id}` });
  const ended = await eventually(async () => {
    const now = await prisma.match.findUniqueOrThrow({ where: { id: match.id } });
    return now.status !== "scheduled" && now;
  }, "the simulator's recording report");
  // Whatever the moment of recording made it (a first segment, or nothing: no video made up), never a live stream.
  expect(ended.liveHlsUrl).toBeNull();
  expect([
    { status: "vod", recordingProblem: null },
    { status: "processing", recordingProblem: "no_video" },
  ]).toContainEqual({ status: ended.status, recordingProblem: ended.recordingProblem });
});
