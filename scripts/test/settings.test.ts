// @clubcast/settings: one table of settings for every part; the addresses the parts
// use to reach each other follow HOST and the ports; a wrong value stops a start
// with one line naming it; .env.example is the table.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  REPOSITORY_ROOT,
  SETTINGS,
  SettingsError,
  cameraSimSettings,
  envExample,
  loadConfig,
  loadGatewaySettings,
  loadWorkerSettings,
  mediaStorageOf,
  parseSettings,
  type SettingName,
} from "@clubcast/settings";
import { seedUrls } from "../../prisma/seed.ts";

const PORT_SETTINGS = ["PORT", "MEDIA_PORT", "RTMP_PORT", "SRT_PORT", "CAMERA_SIM_PORT"] as const;
const URL_SETTINGS = Object.entries(SETTINGS)
  .filter(([name]) => name.endsWith("_URL"))
  .map(([name]) => name as SettingName);

describe("the settings", () => {
  it(".env.example is generated from the table (npm run settings:env-example) and names every setting", () => {
    const file = readFileSync(join(REPOSITORY_ROOT, ".env.example"), "utf8");
    expect(file).toBe(envExample());
    for (const name of Object.keys(SETTINGS)) expect(file).toMatch(new RegExp(`^(# )?${name}=`, "m"));
  });

  it("moves every address the parts use to reach the API with PORT alone", () => {
    const env = { PORT: "4718", CAMERA_SIM_CLIENT_ID: "sim", CAMERA_SIM_CLIENT_SECRET: "secret" };
    expect(loadConfig(env).publicUrl).toBe("http://127.0.0.1:4718");
    expect(cameraSimSettings(env).controller?.apiUrl).toBe("http://127.0.0.1:4718");
    expect(loadGatewaySettings(env).apiUrl).toBe("http://127.0.0.1:4718");
  });

  it("derives the gateway's and the simulator's addresses from their ports, for the worker and the seed", () => {
    const env = { MEDIA_PORT: "4711", CAMERA_SIM_PORT: "4712", HOST: "0.0.0.0", PORT: "4713" };
    expect(loadWorkerSettings(env)).toMatchObject({
      mediaGatewayUrl: "http://127.0.0.1:4711",
      assetServerUrl: "http://127.0.0.1:4711",
    });
    expect(seedUrls(env)).toMatchObject({
      cameraServer: "http://127.0.0.1:4712",
      cameraMedia: "http://127.0.0.1:4712",
      // A server listening on every interface is reached on loopback from this machine.
      publicUrl: "http://127.0.0.1:4713",
    });
  });

  it("keeps an address set explicitly over the derived one", () => {
    const env = { PORT: "4718", PUBLIC_URL: "https://watch.example.org/", MEDIA_API_URL: "http://server:3000" };
    expect(loadConfig(env)).toMatchObject({
      publicUrl: "https://watch.example.org",
      mediaPublicHost: "watch.example.org",
    });
    expect(loadGatewaySettings(env).apiUrl).toBe("http://server:3000");
  });

  it("refuses a port that is not a number from 0 to 65535, naming the setting", () => {
    const notAPort = fc.oneof(
      fc.string({ minLength: 1 }).filter((text) => !/^\d+$/.test(text)),
      fc.integer({ min: 65536, max: 10_000_000 }).map(String),
    );
    fc.assert(
      fc.property(fc.constantFrom(...PORT_SETTINGS), notAPort, (name, value) => {
        expect(() => parseSettings({ [name]: value })).toThrow(SettingsError);
        try {
          parseSettings({ [name]: value });
        } catch (error) {
          expect((error as SettingsError).setting).toBe(name);
          expect((error as Error).message).not.toContain("\n");
        }
      }),
      { seed: 17, numRuns: 200 },
    );
  });

  it("refuses a URL that does not parse, naming the setting", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...URL_SETTINGS),
        fc.string({ minLength: 1 }).filter((text) => !URL.canParse(text)),
        (name, value) => {
          expect(() => parseSettings({ [name]: value })).toThrow(expect.objectContaining({ setting: name }));
        },
      ),
      { seed: 17, numRuns: 200 },
    );
  });

  it("accepts every default", () => {
    expect(() => parseSettings({})).not.toThrow();
  });

  it("keeps media on the local disk by default, and with MEDIA_STORAGE=s3 names each missing S3 setting", () => {
    expect(mediaStorageOf(parseSettings({}))).toEqual({ driver: "local" });
    const s3 = {
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: "http://garage.local:3900/",
      S3_BUCKET: "media",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(mediaStorageOf(parseSettings(s3))).toEqual({
      driver: "s3",
      endpoint: "http://garage.local:3900",
      bucket: "media",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      publicUrl: null,
    });
    for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      expect(() => parseSettings({ ...s3, [name]: "" })).toThrow(expect.objectContaining({ setting: name }));
    }
    expect(() => parseSettings({ MEDIA_STORAGE: "minio" })).toThrow(
      expect.objectContaining({ setting: "MEDIA_STORAGE" }),
    );
  });
});

describe("a start with a wrong setting", () => {
  const run = (entry: string, env: Record<string, string>) =>
    spawnSync(process.execPath, ["--import", "tsx", entry], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, ...env },
      encoding: "utf8",
      timeout: 60_000,
    });

  it.each([
    ["scripts/start.ts", { PORT: "thirty" }, "PORT"],
    ["apps/server/src/main.ts", { PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    ["apps/worker/src/main.ts", { WORKER_CONCURRENCY: "many" }, "WORKER_CONCURRENCY"],
    ["apps/media/src/main.ts", { MEDIA_PORT: "70000" }, "MEDIA_PORT"],
    ["apps/camera-sim/src/main.ts", { CAMERA_SIM_PORT: "-1" }, "CAMERA_SIM_PORT"],
  ])(
    "%s stops with one line naming the setting",
    (entry, env, name) => {
      const result = run(entry, env);
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Setting ${name}=`);
    },
    60_000,
  );
});
