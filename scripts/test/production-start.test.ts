// `npm run build`, then NODE_ENV=production npm start: every part of the platform
// runs its compiled bundle with plain node (no tsx, no TypeScript), and works.
import { spawnSync } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl } from "@clubcast/db";
import { REPOSITORY_ROOT } from "@clubcast/settings";
import { eventually, startThrowawayRedis, type ThrowawayRedis } from "@clubcast/testkit";
import { DEMO_CAMERA_CLIENT } from "../../prisma/seed.ts";
import { PLATFORM_ENTRIES } from "../entries.ts";
import { startInstance, type Instance } from "./support/instance.ts";
import { descendants } from "./support/processes.ts";

let redis: ThrowawayRedis;
let instance: Instance;

beforeAll(async () => {
  const build = spawnSync("npm", ["run", "build"], { cwd: REPOSITORY_ROOT, encoding: "utf8" });
  expect(build.status, build.stderr).toBe(0);
  redis = await startThrowawayRedis();
  instance = await startInstance({
    name: "production",
    databaseServerUrl: databaseUrl(),
    redisUrl: redis.url,
    env: { NODE_ENV: "production" },
  });
}, 600_000);

afterAll(async () => {
  await instance?.stop();
  await redis?.stop();
}, 60_000);

describe("the compiled production start", () => {
  it("runs every part from dist/ with plain node, none through tsx", () => {
    const commands = descendants(instance.pid).map((process) => process.command);
    for (const entry of Object.values(PLATFORM_ENTRIES)) {
      expect(commands.some((command) => command.endsWith(entry.bundle))).toBe(true);
    }
    expect(commands.filter((command) => /\btsx\b|\.ts\b/.test(command))).toEqual([]);
  });

  it("serves the API and the web client, and its simulator reports to it", async () => {
    expect((await fetch(`${instance.apiUrl}/v1/app-info`)).status).toBe(200);
    const page = await fetch(`${instance.apiUrl}/`);
    expect(page.headers.get("content-type")).toContain("text/html");
    const client = new pg.Client({ connectionString: instance.databaseUrl });
    await client.connect();
    try {
      await eventually(
        async () =>
          (
            await client.query<{ status: string }>("SELECT status FROM configurations WHERE barcode = $1", [
              DEMO_CAMERA_CLIENT.configurationBarcode,
            ])
          ).rows[0]?.status === "online",
        "the simulator to report online",
        60_000,
      );
    } finally {
      await client.end();
    }
  }, 120_000);
});
