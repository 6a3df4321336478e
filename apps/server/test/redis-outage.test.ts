// Redis going away and coming back, with a Redis of this file's own that it
// stops and starts: calls that need Redis answer 503 with Retry-After within
// 2 s (they used to hang for the whole outage, then act after the caller had
// given up), and nothing they asked for happens once Redis is back. A match
// change needs only Postgres: it commits, answers as usual, and its jobs (in the
// outbox) reach the queue once Redis is back. Health and monitoring tell the
// outage, and the same app works again without a restart.
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Club, Configuration, Match, User } from "@clubcast/db";
import { GATEWAY_CAMERA_TYPE } from "@clubcast/shared";
import { QUEUES, bullPrefix } from "@clubcast/shared/jobs";
import { eventually, startThrowawayRedis, type ThrowawayRedis } from "@clubcast/testkit";
import type { TestApp } from "@clubcast/testkit/app";
import { startTestApp } from "@clubcast/testkit/app";
import { api, generousLoginLimits, type Api } from "@clubcast/testkit/api";
import {
  TEST_PASSWORD,
  createClubWithCamera,
  createMatch,
  createUser,
  type ControllerCredentials,
} from "@clubcast/testkit/factories";

let redisServer: ThrowawayRedis;
let t: TestApp;
let http: Api;
let club: Club;
let fieldId: number;
let configuration: Configuration;
let admin: User;
let adminToken: string;
let systemToken: string;
let camera: ControllerCredentials;
let match: Match;
/** The job ids answered by the match changes committed during the outage. */
let committedJobIds: string[] = [];
/** What the app wrote to console.error and console.warn (ioredis' and the adapter's complaints go there). */
const logged: string[] = [];

/** The answer to `call` and how long it took; null when none came within 3 s (the old code hung). */
async function timed(call: () => Promise<{ statusCode: number }>) {
  const started = performance.now();
  const answer = await Promise.race([call(), sleep(3000).then(() => null)]);
  return { answer, ms: performance.now() - started };
}

async function expectUnavailable(call: () => Promise<{ statusCode: number }>, what: string) {
  const { answer, ms } = await timed(call);
  expect(answer, `${what} answered`).not.toBeNull();
  const res = answer as Awaited<ReturnType<Api["get"]>>;
  expect(res.statusCode, what).toBe(503);
  expect(ms, what).toBeLessThan(2000);
  expect(res.headers["retry-after"], what).toBe("5");
  // Nothing internal: no host, port, command or stack.
  expect(res.body, what).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|redis|stream|at \//i);
  return res;
}

const upcoming = () => ({
  club: club.id,
  home: club.id,
  field: fieldId,
  date: "2031-06-01",
  start: "18:00",
  stop: "19:30",
  is_scheduled: 1,
});

beforeAll(async () => {
  redisServer = await startThrowawayRedis();
  for (const level of ["error", "warn"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
  }
  t = await startTestApp({ ...generousLoginLimits, redisUrl: redisServer.url });
  http = api(t);
  const prisma = t.deps.prisma;
  const site = await createClubWithCamera(prisma);
  ({ club, configuration, controller: camera } = site);
  fieldId = site.field.id;
  admin = await createUser(prisma, { scope: "club", clubId: club.id });
  const system = await createUser(prisma, { scope: "system" });
  match = await createMatch(prisma, { clubId: club.id, fieldId, configurationId: configuration.id });
  adminToken = await http.login(admin.email);
  systemToken = await http.login(system.email);
});

afterAll(async () => {
  // Closing the app cleans up in Redis: a test that failed during the outage leaves it stopped.
  if (!redisServer.running) await redisServer.start();
  await t?.close();
  await redisServer.stop();
  vi.restoreAllMocks();
});

describe("a Redis outage", () => {
  it("is reported healthy while Redis is up", async () => {
    const health = await http.get("/v1/health");
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ data: { status: "ok", services: { database: "up", redis: "up" } } });
  });

  it("answers login, camera token and failed jobs with 503 and Retry-After within 2 s", async () => {
    await redisServer.stop();

    await expectUnavailable(() => http.post("/v1/login", { email: admin.email, password: TEST_PASSWORD }), "login");
    await expectUnavailable(
      () => http.post("/v1/camera/token", { client_id: camera.client.clientId, client_secret: camera.secret }),
      "camera token",
    );
    await expectUnavailable(() => http.get("/v1/monitoring/failed-jobs", systemToken), "failed jobs");
    const trpc = await expectUnavailable(
      () => http.mutation("auth.login", { email: admin.email, password: TEST_PASSWORD }),
      "tRPC login",
    );
    expect(trpc.json().error.data.httpStatus).toBe(503);
  });

  it("commits schedule and create-and-schedule within 2 s, their jobs waiting in the outbox", async () => {
    const scheduled = await timed(() => http.post(`/v1/clubs/${club.id}/matches/${match.id}/schedule`, {}, adminToken));
    expect(scheduled.answer?.statusCode, "schedule").toBe(202);
    expect(scheduled.ms, "schedule").toBeLessThan(2000);
    const created = await timed(() => http.post("/v1/upcoming", upcoming(), adminToken));
    expect(created.answer?.statusCode, "create and schedule").toBe(201);
    expect(created.ms, "create and schedule").toBeLessThan(2000);
    const answered = [scheduled, created].map(({ answer }) => (answer as Awaited<ReturnType<Api["get"]>>).json());
    committedJobIds = answered.flatMap((body) => body.job_ids as string[]);
    expect(committedJobIds).toHaveLength(2);
    // The match answered as created was created; both commands wait to be delivered.
    expect(await t.deps.prisma.match.count({ where: { id: answered[1].data.id } })).toBe(1);
    expect(await t.deps.prisma.outboxMessage.count()).toBe(2);
  });

  it("rotates a stream key within 2 s, the gateway's message waiting in the outbox", async () => {
    const gateway = await t.deps.prisma.configuration.create({
      data: {
        clubId: club.id,
        fieldId,
        barcode: "GW-OUTAGE",
        cameraType: GATEWAY_CAMERA_TYPE,
        streamKey: "outage-old-key-0123456789",
        saCameraId: "gw-outage",
      },
    });
    const rotated = await timed(() => http.post(`/v1/configurations/${gateway.id}/stream-key`, {}, systemToken));
    expect(rotated.answer?.statusCode, "rotate").toBe(200);
    expect(rotated.ms, "rotate").toBeLessThan(2000);
    // The new key holds; telling the gateways waits for Redis, with the two commands before it.
    const { streamKey } = await t.deps.prisma.configuration.findUniqueOrThrow({ where: { id: gateway.id } });
    expect(streamKey).not.toBe("outage-old-key-0123456789");
    const rows = await t.deps.prisma.outboxMessage.findMany({ orderBy: { id: "asc" } });
    expect(rows).toHaveLength(3);
    expect(rows[2]!.deliveries).toEqual([
      {
        kind: "gatewayMessage",
        message: {
          type: "stream_key_rotated",
          configuration_id: gateway.id,
          old_stream_key: "outage-old-key-0123456789",
        },
      },
    ]);
  });

  it("shows in health and monitoring", async () => {
    const health = await http.get("/v1/health");
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ data: { status: "degraded", services: { database: "up", redis: "down" } } });
    const monitoring = await http.get("/v1/monitoring", systemToken);
    expect(monitoring.statusCode).toBe(200);
    expect(monitoring.json().data.services).toEqual({ database: "up", redis: "down" });
  });

  it("delivers the committed changes' jobs once Redis is back, and nothing that answered 503; the same app works again without a restart", async () => {
    await redisServer.start();
    const deadline = Date.now() + 15_000;
    while ((await http.get("/v1/health")).json().data.status !== "ok") {
      expect(Date.now()).toBeLessThan(deadline);
      await sleep(100);
    }
    await eventually(async () => (await t.deps.prisma.outboxMessage.count()) === 0, "the outbox to be relayed");

    for (const id of committedJobIds) expect(await t.deps.jobs.cameraCommands.getJob(id), id).toBeDefined();
    // Nothing of the calls that answered 503 happened afterwards: no rate-limit count, only the two jobs' queue.
    const inspector = new Redis(redisServer.url);
    try {
      const queueKeys = `${bullPrefix(t.config.redisPrefix)}:${QUEUES.cameraCommands}:`;
      expect((await inspector.keys("*")).filter((key) => !key.startsWith(queueKeys))).toEqual([]);
    } finally {
      inspector.disconnect();
    }

    expect((await http.post("/v1/login", { email: admin.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const token = await http.post("/v1/camera/token", {
      client_id: camera.client.clientId,
      client_secret: camera.secret,
    });
    expect(token.statusCode).toBe(200);
    const scheduled = await http.post(`/v1/clubs/${club.id}/matches/${match.id}/schedule`, {}, adminToken);
    expect(scheduled.statusCode).toBe(202);
    expect(await t.deps.jobs.cameraCommands.getJob(scheduled.json().job_ids[0])).toBeDefined();
    const created = await http.post("/v1/upcoming", upcoming(), adminToken);
    expect(created.statusCode).toBe(201);
    expect(created.json().job_ids).toHaveLength(1);
    expect((await http.get("/v1/monitoring/failed-jobs", systemToken)).statusCode).toBe(200);
  });

  it("was logged once when it began and once when it ended, not per reconnect attempt", () => {
    expect(logged.filter((line) => line.includes("lost Redis"))).toHaveLength(1);
    expect(logged.filter((line) => line.includes("Redis is back"))).toHaveLength(1);
    expect(logged.filter((line) => /missing 'error' handler|Unhandled error event/.test(line))).toEqual([]);
  });
});
