// Refused publishers as a club's own staff see them (issue 24): each refusal gets a code (named by the
// gateway, or read from an older gateway's words), a refusal of club A's camera reaches club A's streams
// staff (the Streams page, the match page while its match is scheduled or live, and live on the club's
// streams channel) and nobody else's; a key no configuration has stays with system admins. And the
// figures of a connected publisher's link, on the Streams previews and in monitoring.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Configuration, Field } from "@clubcast/db";
import { CHANNELS, EVENTS, GATEWAY_CAMERA_TYPE, type EventPayloads } from "@clubcast/shared";
import { createApiClient, createConfiguration, createField, createMatch } from "@clubcast/testkit/factories";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import {
  collectEvents,
  connectSocket,
  disconnectAllSockets,
  listen,
  nextEvent,
  subscribe,
} from "@clubcast/testkit/realtime";
import { MATCH_REFUSALS_WITHIN_MS } from "@clubcast/domain/media-gateway/service.ts";

const { t, http, cast } = useTestAppWithCast();
let fieldA: Field;
let otherFieldA: Field;
let cameraA: Configuration;
let srtCameraA: Configuration;
let cameraB: Configuration;
let gatewayToken: string;
let url: string;

type Refused = EventPayloads["stream.refused"];
interface ClubRefusal {
  id: string;
  at: string;
  protocol: string;
  code: string;
  codec: string | null;
  reason: string;
  address: string;
  configuration: { id: number; barcode: string | null };
  field: { id: number; name: string } | null;
}

async function gatewayConfiguration(
  clubId: number,
  fieldId: number | null,
  streamKey: string,
  livestream: "rtmp" | "srt",
) {
  const created = await createConfiguration(t.deps.prisma, { clubId, fieldId });
  return t.deps.prisma.configuration.update({
    where: { id: created.id },
    data: { cameraType: GATEWAY_CAMERA_TYPE, streamKey, livestream, passthrough: true, saCameraId: `cam-${streamKey}` },
  });
}

const refuse = (body: Record<string, unknown>) =>
  http.post("/v1/media-gateway/refusals", { protocol: "rtmp", address: "203.0.113.9", ...body }, gatewayToken);

const clubRefusals = async (clubId: number, token: string) => {
  const answer = await http.get(`/v1/media-gateway/refusals?club=${clubId}`, token);
  return { status: answer.statusCode, body: answer.json() as { data: ClubRefusal[]; message?: string } };
};

beforeAll(async () => {
  fieldA = await createField(t.deps.prisma, cast.clubA.id, { name: "Hoofdveld" });
  otherFieldA = await createField(t.deps.prisma, cast.clubA.id, { name: "Veld 2" });
  const fieldB = await createField(t.deps.prisma, cast.clubB.id, { name: "Platz 1" });
  cameraA = await gatewayConfiguration(cast.clubA.id, fieldA.id, "club-a-rtmp-key-1111", "rtmp");
  srtCameraA = await gatewayConfiguration(cast.clubA.id, otherFieldA.id, "club-a-srt-key-2222", "srt");
  cameraB = await gatewayConfiguration(cast.clubB.id, fieldB.id, "club-b-rtmp-key-3333", "rtmp");
  const gateway = await createApiClient(t.deps.prisma, null, { name: "Media gateway", clientId: "gateway-refusals" });
  const token = await http.post("/v1/camera/token", {
    client_id: gateway.client.clientId,
    client_secret: gateway.secret,
  });
  gatewayToken = token.json().access_token as string;
  url = await listen(t);
});

afterEach(() => disconnectAllSockets());

describe("a refusal of a club's camera, to the club's streams staff", () => {
  it("lists the club's refusals latest first, coded, with its camera and field, over REST and tRPC", async () => {
    expect(
      (
        await refuse({
          stream_key: "club-a-rtmp-key-1111",
          reason: "unsupported video codec hevc: passthrough needs H.264",
          code: "unsupported_video_codec",
          codec: "HEVC",
        })
      ).json(),
    ).toEqual({ data: { ok: true } });
    expect(
      (
        await refuse({
          stream_key: "club-a-srt-key-2222",
          protocol: "srt",
          reason: "no decodable video arrived",
          code: "no_video",
        })
      ).statusCode,
    ).toBe(200);

    const { status, body } = await clubRefusals(cast.clubA.id, cast.adminA.token);
    expect(status).toBe(200);
    expect(body.data.slice(0, 2)).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        protocol: "srt",
        code: "no_video",
        codec: null,
        reason: "no decodable video arrived",
        address: "203.0.113.9",
        count: 1,
        configuration: { id: srtCameraA.id, barcode: srtCameraA.barcode },
        field: { id: otherFieldA.id, name: "Veld 2" },
      },
      {
        id: expect.any(String),
        at: expect.any(String),
        protocol: "rtmp",
        code: "unsupported_video_codec",
        codec: "hevc",
        reason: "unsupported video codec hevc: passthrough needs H.264",
        address: "203.0.113.9",
        count: 1,
        configuration: { id: cameraA.id, barcode: cameraA.barcode },
        field: { id: fieldA.id, name: "Hoofdveld" },
      },
    ]);
    // Staff know their keys; the list names none.
    expect(JSON.stringify(body)).not.toContain("club-a-");

    const trpc = await http.query("mediaGateway.clubRefusals", { club: cast.clubA.id }, cast.adminA.token);
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual(body);
    const system = await clubRefusals(cast.clubA.id, cast.system.token);
    expect(system.body.data.map((refusal) => refusal.id)).toEqual(body.data.map((refusal) => refusal.id));
  });

  it("counts up an encoder that retries with the same fault instead of filling the list", async () => {
    const retry = (address: string) =>
      refuse({ stream_key: "club-a-srt-key-2222", protocol: "srt", address, reason: "the stream has no video" });
    await retry("203.0.113.20:40001");
    const first = (await clubRefusals(cast.clubA.id, cast.adminA.token)).body.data[0]!;
    await retry("203.0.113.20:40002");
    await retry("203.0.113.20:40003");
    const { body } = await clubRefusals(cast.clubA.id, cast.adminA.token);
    expect(body.data[0]).toMatchObject({ id: first.id, count: 3, address: "203.0.113.20:40003", code: "no_video" });
    expect(body.data[1]?.id).not.toBe(first.id);
    expect(Date.parse(body.data[0]!.at)).toBeGreaterThanOrEqual(Date.parse(first.at));
    const monitoring = await http.get("/v1/monitoring/publish-refusals", cast.system.token);
    expect(monitoring.json().data[0]).toMatchObject({ count: 3, configuration_id: srtCameraA.id });
    // Another fault is a row of its own again.
    await refuse({
      stream_key: "club-a-srt-key-2222",
      protocol: "srt",
      address: "203.0.113.20:40004",
      reason: "x",
      code: "other",
    });
    expect((await clubRefusals(cast.clubA.id, cast.adminA.token)).body.data[0]).toMatchObject({
      code: "other",
      count: 1,
    });
  });

  it("codes an older gateway's refusal (no code) by its words", async () => {
    const reasons = [
      ["the stream has no video", "no_video", null],
      ["unsupported video codec av1: passthrough needs H.264", "unsupported_video_codec", "av1"],
      ["unsupported audio codec opus: passthrough needs AAC", "unsupported_audio_codec", "opus"],
      ["a camera already publishes with this key; the first one stays", "already_publishing", null],
      ["the encoder hiccupped", "other", null],
    ] as const;
    for (const [reason] of reasons) {
      expect((await refuse({ stream_key: "club-a-rtmp-key-1111", reason })).statusCode).toBe(200);
    }
    const { body } = await clubRefusals(cast.clubA.id, cast.adminA.token);
    expect(body.data.slice(0, reasons.length).map(({ reason, code, codec }) => [reason, code, codec])).toEqual(
      [...reasons].reverse(),
    );
  });

  it("the API's own refusals of a club's key reach its staff too (wrong protocol, disabled)", async () => {
    const answer = await http.post(
      "/v1/media-gateway/publish",
      { stream_key: "club-a-rtmp-key-1111", protocol: "srt", address: "203.0.113.10" },
      gatewayToken,
    );
    expect(answer.json().data).toMatchObject({ allowed: false, code: "wrong_protocol" });
    const { body } = await clubRefusals(cast.clubA.id, cast.adminA.token);
    expect(body.data[0]).toMatchObject({ code: "wrong_protocol", protocol: "srt", configuration: { id: cameraA.id } });
  });

  it("never shows club A's refusals to club B's admin, to players or trainers", async () => {
    await refuse({ stream_key: "club-a-rtmp-key-1111", reason: "the stream has no video", code: "no_video" });
    const foreign = await clubRefusals(cast.clubA.id, cast.adminB.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: "No club found" });
    const own = await clubRefusals(cast.clubB.id, cast.adminB.token);
    expect(own.status).toBe(200);
    expect(own.body.data.every((refusal) => refusal.configuration.id === cameraB.id)).toBe(true);
    for (const member of [cast.playerA, cast.trainerA]) {
      expect((await clubRefusals(cast.clubA.id, member.token)).status).toBe(403);
      const trpc = await http.query("mediaGateway.clubRefusals", { club: cast.clubA.id }, member.token);
      expect(trpc.statusCode).toBe(403);
    }
    expect((await http.query("mediaGateway.clubRefusals", { club: cast.clubA.id }, cast.adminB.token)).statusCode).toBe(
      404,
    );
    expect((await http.get(`/v1/media-gateway/refusals?club=${cast.clubA.id}`)).statusCode).toBe(401);
  });

  it("keeps a refusal of a key no configuration has (a rotated key) with system admins only", async () => {
    const before = (await clubRefusals(cast.clubA.id, cast.adminA.token)).body.data.length;
    await refuse({ stream_key: "rotated-key-9999", reason: "unknown stream key" });
    // A gateway's unknown_key names no club even when the key reads like one of its configurations'.
    await refuse({ stream_key: "club-a-rtmp-key-1111", reason: "stream key no longer valid", code: "unknown_key" });
    await http.post(
      "/v1/media-gateway/publish",
      { stream_key: "never-a-key-0000", protocol: "rtmp", address: "203.0.113.11" },
      gatewayToken,
    );
    expect((await clubRefusals(cast.clubA.id, cast.adminA.token)).body.data.length).toBe(before);
    const monitoring = await http.get("/v1/monitoring/publish-refusals", cast.system.token);
    expect(monitoring.json().data.slice(0, 3)).toMatchObject([
      { code: "unknown_key", stream_key_hint: "…0000", club_id: null, configuration_id: null },
      { code: "unknown_key", stream_key_hint: "…1111", club_id: null, configuration_id: null },
      { code: "unknown_key", stream_key_hint: "…9999", club_id: null, configuration_id: null },
    ]);
    expect((await http.get("/v1/monitoring/publish-refusals", cast.adminA.token)).statusCode).toBe(403);
  });

  it("refuses a code no refusal has and a codec that isn't a codec's name (422)", async () => {
    const badCode = await refuse({ stream_key: "club-a-rtmp-key-1111", reason: "x", code: "on_fire" });
    expect(badCode.statusCode).toBe(422);
    const badCodec = await refuse({ stream_key: "club-a-rtmp-key-1111", reason: "x", codec: "<script>" });
    expect(badCodec.statusCode).toBe(422);
  });
});

describe("on the match page", () => {
  it("shows staff the last hour's refusals of the match's field while it is scheduled or live, and none after", async () => {
    const scheduled = await createMatch(t.deps.prisma, {
      clubId: cast.clubA.id,
      fieldId: fieldA.id,
      status: "scheduled",
    });
    const live = await createMatch(t.deps.prisma, { clubId: cast.clubA.id, fieldId: fieldA.id, status: "live" });
    const onDemand = await createMatch(t.deps.prisma, { clubId: cast.clubA.id, fieldId: fieldA.id, status: "vod" });
    const elsewhere = await createMatch(t.deps.prisma, {
      clubId: cast.clubA.id,
      fieldId: otherFieldA.id,
      status: "live",
    });
    await refuse({
      stream_key: "club-a-rtmp-key-1111",
      reason: "unsupported video codec hevc",
      code: "unsupported_video_codec",
    });
    const refusalsOf = async (matchId: number, token = cast.adminA.token) => {
      const answer = await http.get(`/v1/matches/${matchId}/publish-refusals`, token);
      return { status: answer.statusCode, data: (answer.json() as { data?: ClubRefusal[] }).data };
    };
    for (const match of [scheduled, live]) {
      const { status, data } = await refusalsOf(match.id);
      expect(status).toBe(200);
      expect(data![0]).toMatchObject({ code: "unsupported_video_codec", configuration: { id: cameraA.id } });
      expect(data!.every((refusal) => refusal.field?.id === fieldA.id)).toBe(true);
    }
    expect((await refusalsOf(onDemand.id)).data).toEqual([]);
    expect((await refusalsOf(elsewhere.id)).data!.every((refusal) => refusal.field?.id === otherFieldA.id)).toBe(true);
    const trpc = await http.query("mediaGateway.matchRefusals", { id: live.id }, cast.adminA.token);
    expect(trpc.json().result.data.data[0]).toMatchObject({ code: "unsupported_video_codec" });

    expect((await refusalsOf(live.id, cast.playerA.token)).status).toBe(403);
    expect((await refusalsOf(live.id, cast.adminB.token)).status).toBe(404);

    // An hour on, the refusal no longer explains this match.
    const key = `media:refusals:club:${cast.clubA.id}`;
    const entries = await t.deps.redis.lrange(key, 0, -1);
    const old = new Date(Date.now() - MATCH_REFUSALS_WITHIN_MS - 1000).toISOString();
    await t.deps.redis.del(key);
    await t.deps.redis.rpush(key, ...entries.map((entry) => JSON.stringify({ ...JSON.parse(entry), at: old })));
    expect((await refusalsOf(live.id)).data).toEqual([]);
    // The Streams page still lists it.
    expect((await clubRefusals(cast.clubA.id, cast.adminA.token)).body.data.length).toBe(entries.length);
  });
});

describe("live, on the club's streams channel", () => {
  it("tells club A's streams staff of club A's refusal, and nobody else", async () => {
    const staff = await connectSocket(url, cast.adminA.token);
    const system = await connectSocket(url, cast.system.token);
    const otherClub = await connectSocket(url, cast.adminB.token);
    expect(await subscribe(staff, CHANNELS.streams(cast.clubA.id))).toEqual({
      channel: CHANNELS.streams(cast.clubA.id),
    });
    expect(await subscribe(system, CHANNELS.streams(cast.clubA.id))).toEqual({
      channel: CHANNELS.streams(cast.clubA.id),
    });
    expect(await subscribe(otherClub, CHANNELS.streams(cast.clubB.id))).toEqual({
      channel: CHANNELS.streams(cast.clubB.id),
    });
    const otherClubHeard = collectEvents<Refused>(otherClub, EVENTS.streamRefused);

    const heard = [nextEvent<Refused>(staff, EVENTS.streamRefused), nextEvent<Refused>(system, EVENTS.streamRefused)];
    await refuse({ stream_key: "club-a-rtmp-key-1111", reason: "no decodable video arrived", code: "no_video" });
    const expected = { club: cast.clubA.id, configuration: cameraA.id, field: fieldA.id, code: "no_video" };
    expect(await Promise.all(heard)).toEqual([expected, expected]);

    // An unknown key's refusal is no club's news.
    const staffHeard = collectEvents<Refused>(staff, EVENTS.streamRefused);
    await refuse({ stream_key: "rotated-key-8888", reason: "unknown stream key" });
    // Club B's own refusal reaches club B, which shows the channel works while A's never came.
    const bHeard = nextEvent<Refused>(otherClub, EVENTS.streamRefused);
    await refuse({ stream_key: "club-b-rtmp-key-3333", reason: "the stream has no video" });
    expect(await bHeard).toEqual({
      club: cast.clubB.id,
      configuration: cameraB.id,
      field: expect.any(Number),
      code: "no_video",
    });
    expect(otherClubHeard).toHaveLength(1);
    expect(staffHeard).toEqual([]);
  });

  it("lets no one but the club's streams staff listen", async () => {
    const channel = CHANNELS.streams(cast.clubA.id);
    for (const [who, status] of [
      [cast.playerA.token, 403],
      [cast.trainerA.token, 403],
      [cast.adminB.token, 404],
      [undefined, 401],
    ] as const) {
      expect(await subscribe(await connectSocket(url, who), channel)).toMatchObject({ channel, status });
    }
    const auth = await http.post("/v1/broadcasting/auth", { channel_name: channel }, cast.adminA.token);
    expect(auth.statusCode).toBe(200);
    expect((await http.post("/v1/broadcasting/auth", { channel_name: channel }, cast.playerA.token)).statusCode).toBe(
      403,
    );
  });
});

describe("a connected publisher's link figures", () => {
  const report = (configuration: Configuration, protocol: "rtmp" | "srt", stats?: unknown) =>
    http.post(
      "/v1/media-gateway/publishers",
      {
        configuration_id: configuration.id,
        connected: true,
        protocol,
        hls_path: null,
        ...(stats === undefined ? {} : { stats }),
      },
      gatewayToken,
    );
  const srtStats = {
    rtt_ms: 42.5,
    loss_percent: 2.1,
    retransmitted_packets: 310,
    dropped_packets: 4,
    bitrate_kbps: 2800,
  };
  const rtmpStats = {
    rtt_ms: null,
    loss_percent: null,
    retransmitted_packets: null,
    dropped_packets: null,
    bitrate_kbps: 4500,
  };

  it("shows the latest figures per camera on the Streams previews and in monitoring; a report without them keeps them", async () => {
    expect((await report(srtCameraA, "srt", srtStats)).statusCode).toBe(200);
    expect((await report(cameraA, "rtmp", rtmpStats)).statusCode).toBe(200);
    const previews = async () => {
      const answer = await http.get(`/v1/media-gateway/previews?club=${cast.clubA.id}`, cast.adminA.token);
      expect(answer.statusCode).toBe(200);
      return answer.json().data as { configuration: { id: number }; stats: unknown; stats_at: string | null }[];
    };
    const byId = async () => new Map((await previews()).map((preview) => [preview.configuration.id, preview]));
    expect((await byId()).get(srtCameraA.id)).toMatchObject({ stats: srtStats, stats_at: expect.any(String) });
    expect((await byId()).get(cameraA.id)).toMatchObject({ stats: rtmpStats });

    // The gateway's 30-second repeat without figures keeps the last ones; newer figures replace them.
    await report(srtCameraA, "srt");
    expect((await byId()).get(srtCameraA.id)?.stats).toEqual(srtStats);
    const newer = { ...srtStats, rtt_ms: 80, loss_percent: 5 };
    await report(srtCameraA, "srt", newer);
    expect((await byId()).get(srtCameraA.id)?.stats).toEqual(newer);

    const monitoring = await http.get("/v1/monitoring", cast.system.token);
    expect(monitoring.statusCode).toBe(200);
    const configurations = monitoring.json().data.configurations as { id: number; publisher: unknown }[];
    expect(configurations.find((row) => row.id === srtCameraA.id)?.publisher).toEqual({
      protocol: "srt",
      since: expect.any(String),
      stats: newer,
      stats_at: expect.any(String),
    });
    expect(configurations.find((row) => row.id === cameraB.id)?.publisher).toBeNull();
    const trpc = await http.query("monitoring.overview", undefined, cast.system.token);
    expect(trpc.statusCode).toBe(200);
    const rows = trpc.json().result.data.data.configurations as { id: number; publisher: unknown }[];
    expect(rows.find((row) => row.id === cameraA.id)?.publisher).toMatchObject({ stats: rtmpStats });

    // Gone, the camera takes its figures along.
    await http.post(
      "/v1/media-gateway/publishers",
      { configuration_id: srtCameraA.id, connected: false, protocol: "srt", hls_path: null },
      gatewayToken,
    );
    expect((await byId()).has(srtCameraA.id)).toBe(false);
    await report(srtCameraA, "srt");
    expect((await byId()).get(srtCameraA.id)?.stats).toBeNull();
  });

  it("refuses figures out of range or misnamed (422)", async () => {
    for (const stats of [
      { ...srtStats, loss_percent: 150 },
      { ...srtStats, rtt_ms: -1 },
      { ...srtStats, jitter_ms: 3 },
      { rtt_ms: 1 },
    ]) {
      expect((await report(cameraA, "rtmp", stats)).statusCode).toBe(422);
    }
  });
});
