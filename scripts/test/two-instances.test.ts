// Two platforms on one machine, each started by `npm start` with its own PORT,
// database, Redis database and other ports (nothing else set): each simulator
// reports to its own API, and each API's jobs reach its own simulator through
// its own worker.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl } from "@clubcast/db";
import { eventually, startThrowawayRedis, type ThrowawayRedis } from "@clubcast/testkit";
import { createSimulatorControl } from "@clubcast/testkit/camera-sim";
import { DEMO_ACCOUNTS, DEMO_CAMERA_CLIENT, DEMO_PASSWORD } from "../../prisma/seed.ts";
import { ensureWebBuild } from "../web-build.ts";
import { startInstance, type Instance } from "./support/instance.ts";

const CLUB_ADMIN = DEMO_ACCOUNTS.find((account) => account.email === "club@clubcast.test")!;

async function query<Row extends object>(instance: Instance, sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: instance.databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The demo match live on the simulator's camera, put back to scheduled (the fresh simulator
 * records nothing yet), so starting its recording is a command the simulator carries out.
 */
async function scheduledSimulatorMatch(instance: Instance) {
  const [row] = await query<{ id: number; club_id: number }>(
    instance,
    `UPDATE matches m SET status = 'scheduled', live_hls_url = NULL FROM configurations c
     WHERE c.id = m.configuration_id AND c.barcode = $1 AND m.status = 'live' RETURNING m.id, m.club_id`,
    [DEMO_CAMERA_CLIENT.configurationBarcode],
  );
  return row!;
}

async function signIn(instance: Instance): Promise<string> {
  const response = await fetch(`${instance.apiUrl}/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: CLUB_ADMIN.email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const startRecordingCalls = async (instance: Instance) =>
  (await createSimulatorControl(instance.simulatorUrl).calls()).filter((call) => call.command === "startRecording");

let redis: ThrowawayRedis;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  // Both instances serve the same web build: make it once rather than twice at the same time.
  await ensureWebBuild();
  redis = await startThrowawayRedis();
  const start = (name: string, redisDatabase: number) =>
    startInstance({ name, databaseServerUrl: databaseUrl(), redisUrl: `${redis.url}/${redisDatabase}` });
  [a, b] = await Promise.all([start("a", 1), start("b", 2)]);
}, 600_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
}, 60_000);

describe("two instances on one machine", () => {
  it("each simulator's heartbeats arrive at its own API", async () => {
    for (const instance of [a, b]) {
      await eventually(
        async () =>
          (
            await query<{ status: string }>(instance, "SELECT status FROM configurations WHERE barcode = $1", [
              DEMO_CAMERA_CLIENT.configurationBarcode,
            ])
          )[0]?.status === "online",
        `instance ${instance.name}'s simulator to report online`,
        60_000,
      );
    }
  }, 120_000);

  it("a job queued in one runs on its own worker, against its own simulator, which reports back to its own API", async () => {
    // One instance after the other: the simulator that got the command tells whose worker sent it.
    for (const [instance, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const match = await scheduledSimulatorMatch(instance);
      const callsOfOther = (await startRecordingCalls(other)).length;
      const response = await fetch(`${instance.apiUrl}/v1/clubs/${match.club_id}/matches/${match.id}/startrecording`, {
        method: "POST",
        headers: { authorization: `Bearer ${await signIn(instance)}` },
      });
      expect(response.status, await response.clone().text()).toBe(202);
      await eventually(
        async () =>
          (await startRecordingCalls(instance)).some(
            (call) => call.body && (call.body as { match_id?: number }).match_id === match.id,
          ),
        `instance ${instance.name}'s simulator to get the command`,
        60_000,
      );
      // The live stream's address names the simulator that reported it: this instance's own.
      const [row] = await eventually(
        async () => {
          const rows = await query<{ live_hls_url: string | null }>(
            instance,
            "SELECT live_hls_url FROM matches WHERE id = $1 AND live_hls_url LIKE '%/media/%'",
            [match.id],
          );
          return rows.length ? rows : null;
        },
        `instance ${instance.name}'s match to get its live stream`,
        60_000,
      );
      expect(row!.live_hls_url).toMatch(new RegExp(`^${instance.simulatorUrl}/media/`));
      expect((await startRecordingCalls(other)).length).toBe(callsOfOther);
    }
  }, 240_000);
});
