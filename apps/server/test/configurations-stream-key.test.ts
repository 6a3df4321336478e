// Stream keys for the media gateway: a configuration of the gateway's camera type
// answers where its camera publishes (ingest), and POST /v1/configurations/{id}/stream-key
// (tRPC configurations.rotateStreamKey) replaces its key and tells the gateway,
// over Redis, to drop whoever still publishes with the old one.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Configuration } from "@clubcast/db";
import {
  GATEWAY_CAMERA_TYPE,
  INGEST_PORTS,
  MEDIA_GATEWAY_CHANNEL,
  mediaGatewayChannel,
  type MediaGatewayMessage,
} from "@clubcast/shared";
import { loadConfig } from "@clubcast/settings";
import { createMember, useTestAppWithCast } from "@clubcast/testkit/api";
import { createConfiguration } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();

let subscriber: Redis;
const received: MediaGatewayMessage[] = [];
let gateway: Configuration;

/** The messages published since `from`, once `count` of them arrived. */
async function messagesAfter(from: number, count: number): Promise<MediaGatewayMessage[]> {
  const deadline = Date.now() + 2000;
  while (received.length < from + count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return received.slice(from);
}

beforeAll(async () => {
  subscriber = new Redis(t.config.redisUrl);
  await subscriber.subscribe(mediaGatewayChannel(t.config.redisPrefix));
  subscriber.on("message", (_channel, message: string) => received.push(JSON.parse(message)));
  gateway = await createConfiguration(t.deps.prisma, { clubId: cast.clubA.id });
  gateway = await t.deps.prisma.configuration.update({
    where: { id: gateway.id },
    data: { cameraType: GATEWAY_CAMERA_TYPE, streamKey: "fc-zuiderpark-hoofdveld-live" },
  });
});
afterAll(() => subscriber?.disconnect());

const rotate = (id: number, token?: string, headers: Record<string, string> = {}) =>
  http.call("POST", `/v1/configurations/${id}/stream-key`, { token, headers });

describe("ingest in configuration answers", () => {
  it("names the gateway's RTMP and SRT URLs with the stream key, for the gateway's camera type only", async () => {
    const { data } = (await http.get(`/v1/clubs/${cast.clubA.id}/configurations`, cast.system.token)).json();
    const answer = data.find((c: { id: number }) => c.id === gateway.id);
    const host = t.config.mediaPublicHost;
    expect(answer.ingest).toEqual({
      rtmp_server: `rtmp://${host}:${INGEST_PORTS.rtmp}/live`,
      rtmp_url: `rtmp://${host}:${INGEST_PORTS.rtmp}/live/fc-zuiderpark-hoofdveld-live`,
      srt_url: `srt://${host}:${INGEST_PORTS.srt}?streamid=publish:fc-zuiderpark-hoofdveld-live`,
    });

    const other = await createConfiguration(t.deps.prisma, { clubId: cast.clubA.id });
    await t.deps.prisma.configuration.update({ where: { id: other.id }, data: { streamKey: "camera-key" } });
    const { data: after } = (await http.get(`/v1/clubs/${cast.clubA.id}/configurations`, cast.system.token)).json();
    expect(after.find((c: { id: number }) => c.id === other.id).ingest).toBeNull();
  });

  it("follows MEDIA_PUBLIC_HOST, RTMP_PORT and SRT_PORT", () => {
    const config = loadConfig({
      PUBLIC_URL: "https://watch.example.org",
      MEDIA_PUBLIC_HOST: "ingest.example.org",
      RTMP_PORT: "1936",
      SRT_PORT: "9000",
    });
    expect(config).toMatchObject({ mediaPublicHost: "ingest.example.org", rtmpPort: 1936, srtPort: 9000 });
    expect(loadConfig({ PUBLIC_URL: "https://watch.example.org/" })).toMatchObject({
      mediaPublicHost: "watch.example.org",
      rtmpPort: INGEST_PORTS.rtmp,
      srtPort: INGEST_PORTS.srt,
      mediaUrlTtlSeconds: 6 * 3600,
      mediaUrlSecret: null,
    });
  });
});

describe("POST /v1/configurations/:id/stream-key", () => {
  it("replaces the key with a new random one and tells the gateway the old one", async () => {
    const before = await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: gateway.id } });
    const from = received.length;
    const res = await rotate(gateway.id, cast.system.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(
      "New stream key created. Publishers using the old key are disconnected: enter the new key in the camera.",
    );
    const key: string = body.data.stream_key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(key).not.toBe(before.streamKey);
    expect(body.data.ingest.rtmp_url.endsWith(`/live/${key}`)).toBe(true);
    expect(body.data.ingest.srt_url.endsWith(`?streamid=publish:${key}`)).toBe(true);
    expect((await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: gateway.id } })).streamKey).toBe(key);

    expect(await messagesAfter(from, 1)).toEqual([
      { type: "stream_key_rotated", configuration_id: gateway.id, old_stream_key: before.streamKey },
    ]);
    expect(mediaGatewayChannel(t.config.redisPrefix)).toBe(`${t.config.redisPrefix}${MEDIA_GATEWAY_CHANNEL}`);

    // Again: a different key, and the message names the key it replaced.
    const again = (await rotate(gateway.id, cast.system.token, { "accept-language": "nl" })).json();
    expect(again.message).toMatch(/^Nieuwe streamsleutel aangemaakt/);
    expect(again.data.stream_key).not.toBe(key);
    expect((await messagesAfter(from, 2))[1]).toEqual({
      type: "stream_key_rotated",
      configuration_id: gateway.id,
      old_stream_key: key,
    });
  });

  it("gives a configuration without a key its first, with nothing for the gateway to drop", async () => {
    const keyless = await createConfiguration(t.deps.prisma, { clubId: cast.clubA.id });
    const from = received.length;
    const res = await rotate(keyless.id, cast.system.token, { "accept-language": "de" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^Neuer Streamschlüssel erstellt/);
    expect(res.json().data.stream_key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // A rotation with a key is published after it, so anything for the keyless one would have come first.
    await rotate(gateway.id, cast.system.token);
    const [first] = await messagesAfter(from, 1);
    expect(first?.configuration_id).toBe(gateway.id);
  });

  it("is refused like reading the key: other clubs find nothing, only the club's administrators may, nothing changes", async () => {
    const before = await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: gateway.id } });
    const from = received.length;
    const trainer = await createMember(t, { scope: "trainer", clubId: cast.clubA.id });
    const cases: [string | undefined, number][] = [
      [undefined, 401],
      [cast.playerA.token, 403],
      [cast.trainerA.token, 403],
      [trainer.token, 403],
      [cast.adminB.token, 404],
    ];
    for (const [token, status] of cases) {
      const res = await rotate(gateway.id, token);
      expect(res.statusCode).toBe(status);
      expect(Object.keys(res.json())).toEqual(["message"]);
    }
    expect((await rotate(2_147_483_000, cast.system.token)).statusCode).toBe(404);
    expect((await rotate(0, cast.system.token)).statusCode).toBe(422);
    expect((await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: gateway.id } })).streamKey).toBe(
      before.streamKey,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(received.slice(from)).toEqual([]);
  });

  it("is configurations.rotateStreamKey over tRPC", async () => {
    const res = await http.mutation("configurations.rotateStreamKey", { id: gateway.id }, cast.system.token);
    expect(res.statusCode).toBe(200);
    const { data, message } = res.json().result.data;
    expect(data.id).toBe(gateway.id);
    expect(data.stream_key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(message).toMatch(/^New stream key created/);
    const refused = await http.mutation("configurations.rotateStreamKey", { id: gateway.id }, cast.adminB.token);
    expect(refused.statusCode).toBe(404);
  });
});

describe("GET /v1/clubs/:id/stream-keys (the go-live page)", () => {
  const keysOf = (club: number, token?: string) => http.get(`/v1/clubs/${club}/stream-keys`, token);

  it("answers the club's administrator the club's gateway cameras with their keys and ingest URLs, nothing else", async () => {
    const other = await createConfiguration(t.deps.prisma, { clubId: cast.clubA.id });
    const res = await keysOf(cast.clubA.id, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    const ids = data.map((c: { id: number }) => c.id);
    expect(ids).toContain(gateway.id);
    expect(ids).not.toContain(other.id);
    const answer = data.find((c: { id: number }) => c.id === gateway.id);
    const { streamKey } = await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: gateway.id } });
    expect(answer.stream_key).toBe(streamKey);
    expect(answer.ingest.rtmp_url).toMatch(new RegExp(`/live/${streamKey}$`));
    const trpc = await http.query("configurations.gatewayOfClub", { id: cast.clubA.id }, cast.adminA.token);
    expect(trpc.json().result.data.data).toEqual(data);
  });

  it("refuses everyone else: another club's administrator finds nothing, players and trainers may not", async () => {
    const cases: [string | undefined, number][] = [
      [undefined, 401],
      [cast.playerA.token, 403],
      [cast.trainerA.token, 403],
      [cast.adminB.token, 404],
    ];
    for (const [token, status] of cases) {
      const res = await keysOf(cast.clubA.id, token);
      expect(res.statusCode).toBe(status);
      expect(JSON.stringify(res.json())).not.toContain("stream_key");
    }
  });

  it("lets the club's administrator rotate the key of the club's camera, and the gateway hears it", async () => {
    const from = received.length;
    const before = await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: gateway.id } });
    const res = await rotate(gateway.id, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    const after = await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: gateway.id } });
    expect(after.streamKey).not.toBe(before.streamKey);
    expect(res.json().data.stream_key).toBe(after.streamKey);
    const [message] = await messagesAfter(from, 1);
    expect(message).toEqual({
      type: "stream_key_rotated",
      configuration_id: gateway.id,
      old_stream_key: before.streamKey,
    });
  });
});
