import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Club, Configuration, Field } from "@clubcast/db";
import { CHANNELS, EVENTS, GATEWAY_CAMERA_TYPE } from "@clubcast/shared";
import { hashToken } from "@clubcast/domain/auth/tokens.ts";
import type { TestApp } from "@clubcast/testkit/app";
import {
  createApiClient,
  createCamera,
  createClubWithCamera,
  createConfiguration,
  createMatch,
  createUser,
} from "@clubcast/testkit/factories";
import { api, startApiTestApp, type Api } from "@clubcast/testkit/api";
import { listenToChannels, type ChannelListener } from "./support/channel-listener.ts";

let t: TestApp;
let http: Api;
let club: Club;
let field: Field;
let configuration: Configuration;
let otherConfiguration: Configuration;
/** A camera controller's token, bound to `configuration`. */
let clientToken: string;
let userToken: string;

async function exchange(clientId: string, clientSecret: string) {
  return http.post("/v1/camera/token", { client_id: clientId, client_secret: clientSecret });
}

beforeAll(async () => {
  t = await startApiTestApp();
  http = api(t);
  const site = await createClubWithCamera(t.deps.prisma);
  ({ club, field, configuration } = site);
  otherConfiguration = await createConfiguration(t.deps.prisma, { clubId: club.id, fieldId: field.id, isMain: false });
  clientToken = await http.cameraToken(site.controller);
  userToken = await http.login((await createUser(t.deps.prisma, { scope: "system" })).email);
});
afterAll(() => t.close());

describe("POST /v1/camera/token", () => {
  it("exchanges client credentials for a bearer token bound to the client's configuration", async () => {
    const { client, secret } = await createApiClient(t.deps.prisma, configuration.id);
    const res = await exchange(client.clientId, secret);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: t.config.accessTokenTtlSeconds,
    });
    const stored = await t.deps.prisma.accessToken.findUniqueOrThrow({
      where: { tokenHash: hashToken(body.access_token) },
    });
    expect(stored).toMatchObject({ apiClientId: client.id, userId: null });
    expect((await t.deps.prisma.apiClient.findUniqueOrThrow({ where: { id: client.id } })).lastUsedAt).toBeInstanceOf(
      Date,
    );

    // The token acts for that configuration.
    await http.post("/v1/camera/heartbeat", { status: "degraded" }, body.access_token);
    expect((await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: configuration.id } })).status).toBe(
      "degraded",
    );
  });

  it("answers 401 'Bad credentials' for a wrong secret or an unknown client, issuing nothing", async () => {
    const { client } = await createApiClient(t.deps.prisma, configuration.id);
    const before = await t.deps.prisma.accessToken.count();
    const wrongSecret = await exchange(client.clientId, "not-the-secret");
    const unknownClient = await exchange("no-such-client", "whatever");
    for (const res of [wrongSecret, unknownClient]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Bad credentials" });
    }
    expect(await t.deps.prisma.accessToken.count()).toBe(before);
  });

  it("refuses a revoked client", async () => {
    const { client, secret } = await createApiClient(t.deps.prisma, configuration.id, { revoked: true });
    const res = await exchange(client.clientId, secret);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("This API client has been revoked.");
    expect(await t.deps.prisma.accessToken.count({ where: { apiClientId: client.id } })).toBe(0);
  });

  it("answers 422 naming the fields", async () => {
    const res = await http.post("/v1/camera/token", { client_id: "x" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ client_secret: ["The client secret field is required."] });
  });
});

describe("who may call the camera routes", () => {
  const calls = [
    ["/v1/camera/heartbeat", { status: "online" }],
    ["/v1/camera/stream-ready", { match_id: 1, live_hls_url: "http://x.test/live.m3u8" }],
    [
      "/v1/camera/recording-finished",
      { started_at: "2030-01-01T10:00:00Z", ended_at: "2030-01-01T11:00:00Z", vod_hls_url: "http://x.test/vod.m3u8" },
    ],
  ] as const;

  it.each(calls)("%s answers 401 to anonymous callers, 403 to a user's valid token", async (url, payload) => {
    expect((await http.post(url, payload)).statusCode).toBe(401);
    expect((await http.post(url, payload, userToken)).statusCode).toBe(403);
    expect((await http.post(url, payload, "not-a-token")).statusCode).toBe(401);
  });

  it("a client token opens no user route", async () => {
    expect((await http.get("/v1/configurations", clientToken)).statusCode).toBe(401);
    expect((await http.get("/v1/me", clientToken)).statusCode).toBe(401);
  });
});

describe("POST /v1/camera/heartbeat", () => {
  it("records the configuration's and its cameras' status and time", async () => {
    const main = await createCamera(t.deps.prisma, configuration.id, { technicalName: "hb-main" });
    const wide = await createCamera(t.deps.prisma, configuration.id, { technicalName: "hb-wide" });
    const res = await http.post(
      "/v1/camera/heartbeat",
      { status: "online", cameras: [{ technical_name: "hb-main", status: "degraded" }] },
      clientToken,
    );
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({
      configuration: configuration.id,
      status: "online",
      last_heartbeat_at: expect.any(String),
      cameras: [{ technical_name: "hb-main", status: "degraded" }],
    });
    const stored = await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: configuration.id } });
    expect(stored.status).toBe("online");
    expect(stored.lastHeartbeatAt?.toISOString()).toBe(data.last_heartbeat_at);
    expect(await t.deps.prisma.camera.findUniqueOrThrow({ where: { id: main.id } })).toMatchObject({
      status: "degraded",
      lastHeartbeatAt: stored.lastHeartbeatAt,
    });
    expect(await t.deps.prisma.camera.findUniqueOrThrow({ where: { id: wide.id } })).toEqual(wide);
  });

  it("answers 422 for an unknown camera or status and records nothing", async () => {
    await createCamera(t.deps.prisma, configuration.id, { technicalName: "hb-known" });
    // Another configuration's camera is unknown to this one.
    await createCamera(t.deps.prisma, otherConfiguration.id, { technicalName: "hb-elsewhere" });
    const before = await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: configuration.id } });

    const unknown = await http.post(
      "/v1/camera/heartbeat",
      {
        status: "offline",
        cameras: [
          { technical_name: "hb-known", status: "offline" },
          { technical_name: "hb-elsewhere", status: "offline" },
        ],
      },
      clientToken,
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      "cameras.1.technical_name": ["This configuration has no camera named hb-elsewhere."],
    });

    const badStatus = await http.post("/v1/camera/heartbeat", { status: "unknown" }, clientToken);
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().errors).toHaveProperty("status");

    expect(await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: configuration.id } })).toEqual(before);
    expect((await t.deps.prisma.camera.findFirstOrThrow({ where: { technicalName: "hb-known" } })).status).toBe(
      "unknown",
    );
  });
});

describe("POST /v1/camera/stream-ready", () => {
  let listener: ChannelListener;
  beforeAll(async () => {
    listener = await listenToChannels(t, [CHANNELS.matches]);
  });
  afterAll(() => listener.close());

  it("stores the live HLS URL and publishes stream.ready {club, match} on the matches channel", async () => {
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: configuration.id,
      status: "live",
    });
    const url = "http://camera-server.test/live/match.m3u8";
    const res = await http.post("/v1/camera/stream-ready", { match_id: match.id, live_hls_url: url }, clientToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { match: match.id, status: "live", live_hls_url: url } });
    expect((await t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).liveHlsUrl).toBe(url);
    await listener.settle();
    expect(listener.events(EVENTS.streamReady).filter((e) => e.match === match.id)).toEqual([
      { club: club.id, match: match.id },
    ]);
  });

  it("starts a scheduled match recording when its camera reports the stream ready, once however often it is reported", async () => {
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: configuration.id,
      status: "scheduled",
    });
    const page = await listenToChannels(t, [CHANNELS.match(match.id), CHANNELS.club(club.id)]);
    const url = "http://camera-server.test/live/scheduled.m3u8";
    // The camera's first report and its retries, some racing each other.
    const reports = await Promise.all(
      [1, 2, 3].map(() => http.post("/v1/camera/stream-ready", { match_id: match.id, live_hls_url: url }, clientToken)),
    );
    const retry = await http.post("/v1/camera/stream-ready", { match_id: match.id, live_hls_url: url }, clientToken);
    for (const res of [...reports, retry]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { match: match.id, status: "live", live_hls_url: url } });
    }
    expect(await t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
      status: "live",
      liveHlsUrl: url,
      configurationId: configuration.id,
    });
    // Live in the public list and on the match's page, both read through the read cache.
    const live = await http.get("/v1/matches?status=live&page=1&limit=100");
    expect(live.json().data.map((m: { id: number }) => m.id)).toContain(match.id);
    expect((await http.get(`/v1/matches/${match.id}`)).json().data).toMatchObject({
      status: "live",
      list_status: "live",
    });

    await Promise.all([listener.settle(), page.settle()]);
    expect(listener.events(EVENTS.streamReady).filter((e) => e.match === match.id)).toEqual([
      { club: club.id, match: match.id },
    ]);
    expect(page.events(EVENTS.matchLive)).toEqual([{ match: match.id }]);
    expect(page.events(EVENTS.matchCommandFailed)).toEqual([]);
    await page.close();
  });

  it("lets the worker's late confirmation of a hand start succeed on a match its stream already started", async () => {
    const requester = await createUser(t.deps.prisma, { scope: "system" });
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: configuration.id,
      status: "scheduled",
    });
    const channels = await listenToChannels(t, [CHANNELS.user(requester.id), CHANNELS.club(club.id)]);
    const url = "http://camera-server.test/live/hand.m3u8";
    expect(
      (await http.post("/v1/camera/stream-ready", { match_id: match.id, live_hls_url: url }, clientToken)).statusCode,
    ).toBe(200);
    const outcome = await t.services.matches.commandSucceeded({
      command: "startRecording",
      matchId: match.id,
      configurationId: configuration.id,
      requestedBy: requester.id,
      idempotencyKey: `hand-start-${match.id}`,
    });
    expect(outcome).toEqual({ applied: false, status: "live" });
    await channels.settle();
    expect(channels.events(EVENTS.userMessage)).toEqual([
      { key: "match.recording_started", level: "success", match: match.id },
    ]);
    expect(channels.events(EVENTS.matchCommandFailed)).toEqual([]);
    await channels.close();
  });

  it("keeps a live match's URL once: the same URL again publishes nothing, a new one is stored and told", async () => {
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: configuration.id,
      status: "live",
    });
    const first = "http://camera-server.test/live/a.m3u8";
    const second = "http://camera-server.test/live/b.m3u8";
    for (const url of [first, first, second, second]) {
      const res = await http.post("/v1/camera/stream-ready", { match_id: match.id, live_hls_url: url }, clientToken);
      expect(res.json()).toEqual({ data: { match: match.id, status: "live", live_hls_url: url } });
    }
    await listener.settle();
    expect(listener.events(EVENTS.streamReady).filter((e) => e.match === match.id)).toHaveLength(2);
  });

  it("tells the page of a match started by hand once its stream is ready (match.live)", async () => {
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: configuration.id,
      status: "live",
    });
    const page = await listenToChannels(t, [CHANNELS.match(match.id)]);
    const url = "http://camera-server.test/live/by-hand.m3u8";
    for (let i = 0; i < 2; i++) {
      await http.post("/v1/camera/stream-ready", { match_id: match.id, live_hls_url: url }, clientToken);
    }
    await page.settle();
    expect(page.events(EVENTS.matchLive)).toEqual([{ match: match.id }]);
    await page.close();
  });

  it("changes nothing for a match already recorded (a late retry): 200 with its status and its own URL", async () => {
    for (const status of ["processing", "vod"] as const) {
      const stored = "http://camera-server.test/live/kept.m3u8";
      const match = await createMatch(t.deps.prisma, {
        clubId: club.id,
        configurationId: configuration.id,
        status,
        liveHlsUrl: stored,
      });
      const res = await http.post(
        "/v1/camera/stream-ready",
        { match_id: match.id, live_hls_url: "http://camera-server.test/live/late.m3u8" },
        clientToken,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { match: match.id, status, live_hls_url: stored } });
      expect(await t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toEqual(match);
      await listener.settle();
      expect(listener.events(EVENTS.streamReady).filter((e) => e.match === match.id)).toEqual([]);
    }
  });

  it("answers 404 for a match of another configuration or none, changing and publishing nothing", async () => {
    const foreign = await createMatch(t.deps.prisma, { clubId: club.id, configurationId: otherConfiguration.id });
    const res = await http.post(
      "/v1/camera/stream-ready",
      { match_id: foreign.id, live_hls_url: "http://evil.test/live.m3u8" },
      clientToken,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("No match found");
    const missing = await http.post(
      "/v1/camera/stream-ready",
      { match_id: 999_999, live_hls_url: "http://x.test/live.m3u8" },
      clientToken,
    );
    expect(missing.statusCode).toBe(404);
    expect(await t.deps.prisma.match.findUniqueOrThrow({ where: { id: foreign.id } })).toEqual(foreign);
    await listener.settle();
    expect(listener.events(EVENTS.streamReady).filter((e) => e.match === foreign.id || e.match === 999_999)).toEqual(
      [],
    );
  });

  it("answers 422 naming the fields", async () => {
    const res = await http.post(
      "/v1/camera/stream-ready",
      { match_id: "x", live_hls_url: "javascript:alert(1)" },
      clientToken,
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(["live_hls_url", "match_id"]);
  });
});

describe("POST /v1/camera/recording-finished", () => {
  const times = { started_at: "2030-05-01T14:00:00Z", ended_at: "2030-05-01T17:45:00+02:00" };
  const vod = "http://camera-server.test/vod/match.m3u8";
  const finish = (payload: object) => http.post("/v1/camera/recording-finished", payload, clientToken);

  it("moves a live match through processing to vod and stores the VOD URL", async () => {
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: configuration.id,
      status: "live",
    });
    const res = await finish({ match_id: match.id, ...times, vod_hls_url: vod });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { match: { id: match.id, status: "vod", vod_hls_url: vod, recording_problem: null } },
    });
    expect(await t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
      status: "vod",
      vodHlsUrl: vod,
    });
  });

  it("finishes a match already stopped (processing)", async () => {
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: configuration.id,
      status: "processing",
    });
    const res = await finish({ match_id: match.id, ...times, vod_hls_url: vod });
    expect(res.json().data.match.status).toBe("vod");
  });

  it("answers a replayed report 200 with the first one's result, changing nothing", async () => {
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: configuration.id,
      status: "live",
    });
    const first = await finish({ match_id: match.id, ...times, vod_hls_url: vod });
    expect(first.statusCode).toBe(200);
    const afterFirst = await t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } });

    for (const vodHlsUrl of [vod, "http://other.test/vod.m3u8", null]) {
      const replay = await finish({ match_id: match.id, ...times, vod_hls_url: vodHlsUrl });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(first.json());
    }
    expect(await t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toEqual(afterFirst);
  });

  it("applies concurrent duplicate reports once", async () => {
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: configuration.id,
      status: "live",
    });
    const results = await Promise.all(
      [1, 2, 3].map((n) => finish({ match_id: match.id, ...times, vod_hls_url: `http://x.test/${n}.m3u8` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const answers = new Set(results.map((r) => JSON.stringify(r.json())));
    expect(answers.size).toBe(1);
    const winner = results[0]!.json().data.match.vod_hls_url;
    expect((await t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).vodHlsUrl).toBe(winner);
  });

  it("runs a scheduled match start to end on the camera's reports alone, leaving the camera free", async () => {
    // A camera of its own: other tests leave matches live on the shared one.
    const own = await createConfiguration(t.deps.prisma, { clubId: club.id, fieldId: field.id, isMain: false });
    const { client, secret } = await createApiClient(t.deps.prisma, own.id);
    const ownToken = (await exchange(client.clientId, secret)).json().access_token;
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: own.id,
      fieldId: field.id,
      status: "scheduled",
    });
    const live = "http://camera-server.test/live/own.m3u8";
    await http.post("/v1/camera/stream-ready", { match_id: match.id, live_hls_url: live }, ownToken);
    const res = await http.post(
      "/v1/camera/recording-finished",
      { match_id: match.id, ...times, vod_hls_url: vod },
      ownToken,
    );
    expect(res.json()).toEqual({
      data: { match: { id: match.id, status: "vod", vod_hls_url: vod, recording_problem: null } },
    });
    // No job of the worker left behind, and the camera takes the next match by hand.
    expect(await t.deps.jobs.cameraCommands.getJobCounts()).toMatchObject({ waiting: 0, active: 0, delayed: 0 });
    const next = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: own.id,
      fieldId: field.id,
      status: "scheduled",
    });
    const start = await http.post(`/v1/clubs/${club.id}/matches/${next.id}/startrecording`, {}, userToken);
    expect(start.statusCode).toBe(202);
  });

  it("lets the worker's late confirmation of a hand stop succeed on a match the camera already finished", async () => {
    const requester = await createUser(t.deps.prisma, { scope: "system" });
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: configuration.id,
      status: "live",
    });
    const channels = await listenToChannels(t, [CHANNELS.user(requester.id), CHANNELS.club(club.id)]);
    expect((await finish({ match_id: match.id, ...times, vod_hls_url: vod })).statusCode).toBe(200);
    const outcome = await t.services.matches.commandSucceeded({
      command: "stopRecording",
      matchId: match.id,
      configurationId: configuration.id,
      requestedBy: requester.id,
      idempotencyKey: `hand-stop-${match.id}`,
    });
    expect(outcome).toEqual({ applied: false, status: "vod" });
    await channels.settle();
    expect(channels.events(EVENTS.userMessage)).toEqual([
      { key: "match.recording_stopped", level: "success", match: match.id },
    ]);
    expect(channels.events(EVENTS.matchCommandFailed)).toEqual([]);
    await channels.close();
  });

  it("takes a scheduled match its camera recorded without a stream report on demand, and 404 for another configuration's", async () => {
    const scheduled = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: configuration.id,
      status: "scheduled",
    });
    const res = await finish({ match_id: scheduled.id, ...times, vod_hls_url: vod });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.match).toMatchObject({ status: "vod", vod_hls_url: vod });

    const foreign = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: otherConfiguration.id,
      status: "live",
    });
    expect((await finish({ match_id: foreign.id, ...times, vod_hls_url: vod })).statusCode).toBe(404);
    expect(await t.deps.prisma.match.findUniqueOrThrow({ where: { id: foreign.id } })).toEqual(foreign);
  });

  describe("without a video", () => {
    it("leaves the match out of on demand, marked no_video, and tells the club once", async () => {
      const fromLive = await createMatch(t.deps.prisma, {
        clubId: club.id,
        configurationId: configuration.id,
        status: "live",
        liveHlsUrl: "http://camera-server.test/live/empty.m3u8",
      });
      // Nothing published at all: the match never had a stream to report.
      const fromScheduled = await createMatch(t.deps.prisma, {
        clubId: club.id,
        configurationId: configuration.id,
        status: "scheduled",
      });
      const staff = await listenToChannels(t, [CHANNELS.club(club.id)]);
      for (const match of [fromLive, fromScheduled]) {
        const expected = {
          data: { match: { id: match.id, status: "processing", vod_hls_url: null, recording_problem: "no_video" } },
        };
        const first = await finish({ match_id: match.id, ...times, vod_hls_url: null });
        expect(first.statusCode).toBe(200);
        expect(first.json()).toEqual(expected);
        const replay = await finish({ match_id: match.id, ...times, vod_hls_url: null });
        expect(replay.statusCode).toBe(200);
        expect(replay.json()).toEqual(expected);

        // The club's staff see why; nobody is offered a video.
        const detail = (await http.get(`/v1/matches/${match.id}`, userToken)).json().data;
        expect(detail).toMatchObject({
          status: "processing",
          list_status: null,
          recording_problem: "no_video",
          live_hls_url: null,
          vod_hls_url: null,
          poster_url: null,
          download_url: null,
        });
        const onDemand = await http.get(`/v1/matches?status=vod&page=1&limit=100`);
        expect(onDemand.json().data.map((m: { id: number }) => m.id)).not.toContain(match.id);
        // A late stream report brings no live stream back.
        const late = await http.post(
          "/v1/camera/stream-ready",
          { match_id: match.id, live_hls_url: "http://camera-server.test/live/late.m3u8" },
          clientToken,
        );
        expect(late.json().data.status).toBe("processing");
      }
      await staff.settle();
      expect(staff.events(EVENTS.matchRecordingProblem)).toEqual([
        { club: club.id, match: fromLive.id, problem: "no_video" },
        { club: club.id, match: fromScheduled.id, problem: "no_video" },
      ]);
      await staff.close();
    });

    it("answers the same over tRPC, and a later report with a video takes the match on demand", async () => {
      const match = await createMatch(t.deps.prisma, {
        clubId: club.id,
        configurationId: configuration.id,
        status: "live",
      });
      const empty = await http.mutation(
        "cameraController.recordingFinished",
        { match_id: match.id, ...times, vod_hls_url: null },
        clientToken,
      );
      expect(empty.json().result.data.data.match).toEqual({
        id: match.id,
        status: "processing",
        vod_hls_url: null,
        recording_problem: "no_video",
      });
      const detail = await http.query("matches.byId", { id: match.id }, userToken);
      expect(detail.json().result.data.data.recording_problem).toBe("no_video");

      // Restored from the camera: processing again, without the problem, until the camera reports.
      const restored = await t.services.matches.commandSucceeded({
        command: "restore",
        matchId: match.id,
        configurationId: configuration.id,
        requestedBy: null,
        idempotencyKey: `restore-${match.id}`,
      });
      expect(restored).toEqual({ applied: true, status: "processing" });
      expect(await t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
        status: "processing",
        recordingProblem: null,
      });
      // The recording is reported again, now with a video.
      const found = await finish({ match_id: match.id, ...times, vod_hls_url: vod });
      expect(found.json().data.match).toEqual({
        id: match.id,
        status: "vod",
        vod_hls_url: vod,
        recording_problem: null,
      });
    });
  });

  it("keeps a recording without a match as an offline recording of the configuration's club and field, once", async () => {
    const offline = { started_at: "2030-06-01T09:00:00Z", ended_at: "2030-06-01T10:30:00Z", vod_hls_url: vod };
    // Reports racing each other (a retry while the first is still running) yield one recording.
    const reports = await Promise.all([finish(offline), finish({ ...offline, match_id: null }), finish(offline)]);
    expect(reports.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const { offline_recording: recording } = reports[0]!.json().data;
    for (const report of reports) expect(report.json().data.offline_recording).toEqual(recording);
    expect(recording).toEqual({
      id: expect.any(Number),
      club: club.id,
      field: { id: field.id, name: field.name },
      start_time: "2030-06-01T09:00:00.000Z",
      end_time: "2030-06-01T10:30:00.000Z",
      vod_hls_url: vod,
    });
    expect(await t.deps.prisma.offlineRecording.findMany({ where: { configurationId: configuration.id } })).toEqual([
      expect.objectContaining({ id: recording.id, clubId: club.id, fieldId: field.id, matchId: null }),
    ]);

    // A later retry too.
    expect((await finish(offline)).json().data.offline_recording.id).toBe(recording.id);
  });

  it("answers 422 naming the fields, including an end before the start", async () => {
    const before = await t.deps.prisma.offlineRecording.count();
    const backwards = await finish({
      started_at: "2030-01-01T10:00:00Z",
      ended_at: "2030-01-01T09:00:00Z",
      vod_hls_url: vod,
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ ended_at: ["The recording must end after it started."] });
    const malformed = await finish({ started_at: "yesterday", vod_hls_url: 5 });
    expect(Object.keys(malformed.json().errors).sort()).toEqual(["ended_at", "started_at", "vod_hls_url"]);
    expect(await t.deps.prisma.offlineRecording.count()).toBe(before);
  });
});

describe("tRPC", () => {
  it("offers the token exchange and the camera calls to clients only", async () => {
    const { client, secret } = await createApiClient(t.deps.prisma, configuration.id);
    const exchanged = await http.mutation("cameraController.token", {
      client_id: client.clientId,
      client_secret: secret,
    });
    expect(exchanged.statusCode).toBe(200);
    const token = exchanged.json().result.data.access_token;

    const beat = await http.mutation("cameraController.heartbeat", { status: "online" }, token);
    expect(beat.statusCode).toBe(200);
    expect(beat.json().result.data.data.configuration).toBe(configuration.id);
    expect((await http.mutation("cameraController.heartbeat", { status: "online" }, userToken)).statusCode).toBe(403);

    const bad = await http.mutation("cameraController.token", {
      client_id: client.clientId,
      client_secret: "nope",
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe("Bad credentials");
  });
});

// One rule for every camera: a camera server (a controller bound to its configuration) and the media
// gateway (a machine client of no configuration) alike.
describe.each([
  { camera: "a camera server", cameraType: null },
  { camera: "a media gateway camera", cameraType: GATEWAY_CAMERA_TYPE },
])("a hand start on $camera", ({ camera, cameraType }) => {
  const times = { started_at: "2030-05-02T14:00:00Z", ended_at: "2030-05-02T15:45:00Z" };
  /** A camera of its own: other tests leave matches live on the shared one. */
  let ownConfiguration: Configuration;
  /** The camera's reporting token. */
  let cameraToken: string;
  beforeAll(async () => {
    ownConfiguration = await t.deps.prisma.configuration.update({
      where: {
        id: (await createConfiguration(t.deps.prisma, { clubId: club.id, fieldId: field.id, isMain: false })).id,
      },
      data: { ...(cameraType ? { cameraType } : {}), saCameraId: `cam-hand-${camera}` },
    });
    const { client, secret } = await createApiClient(t.deps.prisma, cameraType ? null : ownConfiguration.id);
    cameraToken = (await exchange(client.clientId, secret)).json().access_token;
  });

  const confirmed = (command: "startRecording" | "stopRecording", matchId: number, requestedBy: number | null) =>
    ({
      command,
      matchId,
      configurationId: ownConfiguration.id,
      requestedBy,
      idempotencyKey: `${command}-${matchId}`,
    }) as const;
  const detail = async (id: number) => (await http.get(`/v1/matches/${id}`, userToken)).json().data;

  it("keeps the match upcoming, awaiting its video, until its camera reports its first segment: then it is live", async () => {
    const requester = await createUser(t.deps.prisma, { scope: "system" });
    // No configuration of its own yet: the confirmed start gives it its camera's, whose report is then taken.
    const match = await createMatch(t.deps.prisma, { clubId: club.id, fieldId: field.id, status: "scheduled" });
    const channels = await listenToChannels(t, [CHANNELS.user(requester.id), CHANNELS.match(match.id)]);

    const start = confirmed("startRecording", match.id, requester.id);
    expect(await t.services.matches.commandSucceeded(start)).toEqual({ applied: true, status: "scheduled" });
    expect(await t.services.matches.commandSucceeded(start)).toEqual({ applied: false });
    expect(await detail(match.id)).toMatchObject({
      status: "scheduled",
      list_status: "upcoming",
      awaiting_video: true,
      configuration_id: ownConfiguration.id,
      live_hls_url: null,
    });
    const live = await http.get("/v1/matches?status=live&page=1&limit=100");
    expect(live.json().data.map((m: { id: number }) => m.id)).not.toContain(match.id);
    // Its camera records it: another match can't start on it, and it can't be deleted.
    const other = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: ownConfiguration.id,
      status: "scheduled",
    });
    expect((await http.post(`/v1/clubs/${club.id}/matches/${other.id}/startrecording`, {}, userToken)).statusCode).toBe(
      409,
    );
    expect((await http.del(`/v1/matches/${match.id}`, userToken)).statusCode).toBe(409);
    await channels.settle();
    expect(channels.events(EVENTS.matchLive)).toEqual([]);

    const url = "http://camera.test/media/matches/live.m3u8";
    const ready = await http.post("/v1/camera/stream-ready", { match_id: match.id, live_hls_url: url }, cameraToken);
    expect(ready.json()).toEqual({ data: { match: match.id, status: "live", live_hls_url: url } });
    expect(await detail(match.id)).toMatchObject({ status: "live", awaiting_video: false, live_hls_url: url });
    await channels.settle();
    expect(channels.events(EVENTS.matchLive)).toEqual([{ match: match.id }]);
    expect(channels.events(EVENTS.userMessage)).toEqual([
      { key: "match.recording_awaits_video", level: "success", match: match.id },
    ]);
    await channels.close();
  });

  it("stops a match still awaiting its video: nothing recorded ends it marked no_video, never on demand", async () => {
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: ownConfiguration.id,
      status: "scheduled",
    });
    const stopUrl = `/v1/clubs/${club.id}/matches/${match.id}/stoprecording`;
    // Only a match its camera records may be stopped.
    expect((await http.post(stopUrl, {}, userToken)).statusCode).toBe(409);
    await t.services.matches.commandSucceeded(confirmed("startRecording", match.id, null));
    expect((await http.post(stopUrl, {}, userToken)).statusCode).toBe(202);

    const staff = await listenToChannels(t, [CHANNELS.club(club.id)]);
    expect(await t.services.matches.commandSucceeded(confirmed("stopRecording", match.id, null))).toEqual({
      applied: true,
      status: "processing",
    });
    const finished = await http.post(
      "/v1/camera/recording-finished",
      { match_id: match.id, ...times, vod_hls_url: null },
      cameraToken,
    );
    expect(finished.json().data.match).toEqual({
      id: match.id,
      status: "processing",
      vod_hls_url: null,
      recording_problem: "no_video",
    });
    expect(await detail(match.id)).toMatchObject({ list_status: null, awaiting_video: false, live_hls_url: null });
    await staff.settle();
    expect(staff.events(EVENTS.matchRecordingProblem)).toEqual([
      { club: club.id, match: match.id, problem: "no_video" },
    ]);
    await staff.close();
  });

  it("ends a match awaiting its video whose camera could not stop it, marked camera_lost", async () => {
    const match = await createMatch(t.deps.prisma, {
      clubId: club.id,
      configurationId: ownConfiguration.id,
      status: "unscheduled",
    });
    await t.services.matches.commandSucceeded(confirmed("startRecording", match.id, null));
    const outcome = await t.services.matches.commandFailed(confirmed("stopRecording", match.id, null), {
      detail: "stopRecording failed: the camera server answered 409",
    });
    expect(outcome).toEqual({ applied: true, status: "processing" });
    expect(await t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
      status: "processing",
      recordingProblem: "camera_lost",
    });
  });
});
