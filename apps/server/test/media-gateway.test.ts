// The media gateway's side of the API: who may publish (decided from the
// stream key and the livestream mode), the refusals monitoring lists, the
// cameras connected now (Streams previews) and the media disk.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Configuration, Field } from "@clubcast/db";
import { GATEWAY_CAMERA_TYPE, MEDIA_FILES } from "@clubcast/shared";
import { createApiClient, createConfiguration, createField, createMatch } from "@clubcast/testkit/factories";
import { useTestAppWithCast } from "@clubcast/testkit/api";

const { t, http, cast } = useTestAppWithCast();
let field: Field;
let rtmpCamera: Configuration;
let srtCamera: Configuration;
let disabledCamera: Configuration;
let simulatorCamera: Configuration;
let gatewayToken: string;
let cameraControllerToken: string;

async function gatewayConfiguration(streamKey: string, livestream: "rtmp" | "srt" | "disabled", passthrough = false) {
  const created = await createConfiguration(t.deps.prisma, { clubId: cast.clubA.id, fieldId: field.id });
  return t.deps.prisma.configuration.update({
    where: { id: created.id },
    data: { cameraType: GATEWAY_CAMERA_TYPE, streamKey, livestream, passthrough, saCameraId: `cam-${streamKey}` },
  });
}

async function tokenOf(clientId: string, secret: string): Promise<string> {
  const answer = await http.post("/v1/camera/token", { client_id: clientId, client_secret: secret });
  expect(answer.statusCode).toBe(200);
  return answer.json().access_token as string;
}

const publish = (stream_key: string, protocol: "rtmp" | "srt", token = gatewayToken) =>
  http.post("/v1/media-gateway/publish", { stream_key, protocol, address: "198.51.100.7" }, token);

beforeAll(async () => {
  field = await createField(t.deps.prisma, cast.clubA.id, { name: "Veld 3" });
  rtmpCamera = await gatewayConfiguration("rtmp-key-0001", "rtmp", true);
  srtCamera = await gatewayConfiguration("srt-key-0002", "srt");
  disabledCamera = await gatewayConfiguration("disabled-key-0003", "disabled");
  simulatorCamera = await t.deps.prisma.configuration.update({
    where: { id: (await createConfiguration(t.deps.prisma, { clubId: cast.clubA.id })).id },
    data: { streamKey: "simulator-key-0004", livestream: "rtmp", saCameraId: "sim-cam" },
  });
  const gateway = await createApiClient(t.deps.prisma, null, { name: "Media gateway", clientId: "gateway-test" });
  gatewayToken = await tokenOf(gateway.client.clientId, gateway.secret);
  const controller = await createApiClient(t.deps.prisma, simulatorCamera.id);
  cameraControllerToken = await tokenOf(controller.client.clientId, controller.secret);
});

describe("POST /v1/media-gateway/publish", () => {
  it("allows a gateway configuration's key over its own protocol, with what the gateway needs", async () => {
    const rtmp = await publish("rtmp-key-0001", "rtmp");
    expect(rtmp.statusCode).toBe(200);
    expect(rtmp.json()).toEqual({
      data: {
        allowed: true,
        configuration_id: rtmpCamera.id,
        club_id: cast.clubA.id,
        camera_id: "cam-rtmp-key-0001",
        passthrough: true,
      },
    });
    expect((await publish("srt-key-0002", "srt")).json().data).toMatchObject({ allowed: true, passthrough: false });
  });

  it("refuses unknown, disabled, wrong-protocol and non-gateway keys, and monitoring lists each without the key", async () => {
    const refusals = [
      [await publish("no-such-key-9999", "rtmp"), "unknown stream key", "unknown_key"],
      [
        await publish("disabled-key-0003", "rtmp"),
        `livestream is disabled for configuration ${disabledCamera.id}`,
        "disabled",
      ],
      [await publish("rtmp-key-0001", "srt"), `configuration ${rtmpCamera.id} takes rtmp, not srt`, "wrong_protocol"],
      [await publish("srt-key-0002", "rtmp"), `configuration ${srtCamera.id} takes srt, not rtmp`, "wrong_protocol"],
      [
        await publish("simulator-key-0004", "rtmp"),
        `configuration ${simulatorCamera.id} is not served by the media gateway`,
        "not_gateway_camera",
      ],
    ] as const;
    for (const [answer, reason, code] of refusals) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ data: { allowed: false, reason, code } });
    }

    const listed = await http.get("/v1/monitoring/publish-refusals", cast.system.token);
    expect(listed.statusCode).toBe(200);
    const { data } = listed.json() as { data: { reason: string; stream_key_hint: string; protocol: string }[] };
    expect(data.slice(0, refusals.length).map((refusal) => refusal.reason)).toEqual(
      refusals.map(([, reason]) => reason).reverse(),
    );
    expect(data[0]).toMatchObject({
      stream_key_hint: "…0004",
      protocol: "rtmp",
      address: "198.51.100.7",
      code: "not_gateway_camera",
      club_id: cast.clubA.id,
      configuration_id: simulatorCamera.id,
    });
    expect(data[refusals.length - 1]).toMatchObject({ code: "unknown_key", club_id: null, configuration_id: null });
    expect(listed.body).not.toContain("simulator-key-0004");
    expect((await http.get("/v1/monitoring/publish-refusals", cast.adminA.token)).statusCode).toBe(403);
  });

  it("answers only the gateway: a configuration's camera controller and users get 403, no token 401", async () => {
    expect((await publish("rtmp-key-0001", "rtmp", cameraControllerToken)).statusCode).toBe(403);
    // A valid user token is refused for good (403): a client signing in again on 401 looped.
    for (const user of [cast.system, cast.adminA, cast.playerA]) {
      expect((await publish("rtmp-key-0001", "rtmp", user.token)).statusCode).toBe(403);
      expect((await http.post("/v1/media-gateway/publishers", { publishers: [] }, user.token)).statusCode).toBe(403);
    }
    expect((await publish("rtmp-key-0001", "rtmp", "")).statusCode).toBe(401);
  });

  it("never fails on generated keys: a key that is not exactly a configuration's is refused, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 250 }), fc.constantFrom("rtmp", "srt"), async (key, protocol) => {
        const answer = await publish(key, protocol as "rtmp" | "srt");
        expect(answer.statusCode).toBeLessThan(500);
        if (answer.statusCode === 200 && key.trim() !== "rtmp-key-0001" && key.trim() !== "srt-key-0002") {
          expect(answer.json().data.allowed).toBe(false);
        }
      }),
      { numRuns: 60, seed: 1125 },
    );
  });
});

describe("the gateway reports for gateway configurations only", () => {
  it("reports a gateway match's stream ready, but not another configuration's match", async () => {
    const gatewayMatch = await createMatch(t.deps.prisma, {
      clubId: cast.clubA.id,
      configurationId: rtmpCamera.id,
      status: "live",
    });
    const simulatorMatch = await createMatch(t.deps.prisma, {
      clubId: cast.clubA.id,
      configurationId: simulatorCamera.id,
      status: "live",
    });
    const ready = (matchId: number) =>
      http.post(
        "/v1/camera/stream-ready",
        { match_id: matchId, live_hls_url: `http://127.0.0.1:3000/media/matches/${matchId}/live.m3u8` },
        gatewayToken,
      );
    expect((await ready(gatewayMatch.id)).statusCode).toBe(200);
    expect((await ready(simulatorMatch.id)).statusCode).toBe(404);
  });

  it("refuses the gateway what only a configuration's controller reports: heartbeats and offline recordings", async () => {
    expect((await http.post("/v1/camera/heartbeat", { status: "online" }, gatewayToken)).statusCode).toBe(403);
    const offline = await http.post(
      "/v1/camera/recording-finished",
      { started_at: "2026-11-01T10:00:00Z", ended_at: "2026-11-01T11:00:00Z", vod_hls_url: null },
      gatewayToken,
    );
    expect(offline.statusCode).toBe(403);
  });
});

describe("connected cameras: configuration status and Streams previews", () => {
  it("lists a connected camera to its club's admins with a signed preview URL that plays, until it leaves", async () => {
    const preview = join(t.deps.config.mediaDir, "previews", String(rtmpCamera.id));
    mkdirSync(preview, { recursive: true });
    writeFileSync(join(preview, MEDIA_FILES.livePlaylist), "#EXTM3U\n");
    const report = (connected: boolean) =>
      http.post(
        "/v1/media-gateway/publishers",
        {
          configuration_id: rtmpCamera.id,
          connected,
          protocol: "rtmp",
          hls_path: connected ? `previews/${rtmpCamera.id}/${MEDIA_FILES.livePlaylist}` : null,
        },
        gatewayToken,
      );
    expect((await report(true)).statusCode).toBe(200);
    expect((await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: rtmpCamera.id } })).status).toBe(
      "online",
    );

    const listed = await http.get(`/v1/media-gateway/previews?club=${cast.clubA.id}`, cast.adminA.token);
    expect(listed.statusCode).toBe(200);
    const [camera] = listed.json().data;
    expect(camera).toMatchObject({
      configuration: { id: rtmpCamera.id },
      field: { id: field.id, name: "Veld 3" },
      protocol: "rtmp",
    });
    const url = new URL(camera.hls_url);
    expect(url.pathname).toMatch(
      new RegExp(`^/media/signed/\\d+/[\\w-]{43}\\.live/previews/${rtmpCamera.id}/live\\.m3u8$`),
    );
    expect((await http.get(url.pathname)).statusCode).toBe(200);
    // Unsigned, the preview is not there.
    expect((await http.get(`/media/previews/${rtmpCamera.id}/live.m3u8`)).statusCode).toBe(404);
    const foreign = await http.get(`/v1/media-gateway/previews?club=${cast.clubA.id}`, cast.adminB.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: "No club found" });

    expect((await report(false)).statusCode).toBe(200);
    const none = await http.get(`/v1/media-gateway/previews?club=${cast.clubA.id}`, cast.adminA.token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: [], message: "No cameras are publishing" });
    expect((await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: rtmpCamera.id } })).status).toBe(
      "offline",
    );
  });

  it("stops listing a camera the gateway hasn't reported for 90 s (a gateway killed outright never says it left)", async () => {
    const report = await http.post(
      "/v1/media-gateway/publishers",
      { configuration_id: srtCamera.id, connected: true, protocol: "srt", hls_path: null },
      gatewayToken,
    );
    expect(report.statusCode).toBe(200);
    const listedIds = async () =>
      (await http.get(`/v1/media-gateway/previews?club=${cast.clubA.id}`, cast.adminA.token))
        .json()
        .data.map((preview: { configuration: { id: number } }) => preview.configuration.id);
    expect(await listedIds()).toEqual([srtCamera.id]);

    const stored = JSON.parse((await t.deps.redis.hget("media:publishers", String(srtCamera.id)))!);
    const lastHeard = new Date(Date.now() - 91_000).toISOString();
    await t.deps.redis.hset(
      "media:publishers",
      String(srtCamera.id),
      JSON.stringify({ ...stored, reported_at: lastHeard }),
    );
    expect(await listedIds()).toEqual([]);
  });

  it("refuses reports about a configuration the gateway doesn't serve (404)", async () => {
    const answer = await http.post(
      "/v1/media-gateway/publishers",
      { configuration_id: simulatorCamera.id, connected: true, protocol: "rtmp", hls_path: null },
      gatewayToken,
    );
    expect(answer.statusCode).toBe(404);
  });
});

describe("GET /v1/monitoring/media-storage", () => {
  it("shows system admins the media disk and whether new recordings are accepted", async () => {
    const answer = await http.get("/v1/monitoring/media-storage", cast.system.token);
    expect(answer.statusCode).toBe(200);
    const { data } = answer.json();
    expect(data.total_bytes).toBeGreaterThan(data.free_bytes);
    expect(data.margin_bytes).toBe(t.deps.config.mediaMinFreeBytes);
    expect(data.recording_allowed).toBe(data.free_bytes >= data.margin_bytes);
  });
});
