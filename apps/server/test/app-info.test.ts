import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_VERSION, DESKTOP_APP_VERSION } from "@clubcast/shared";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { appInfoFromEnv } from "@clubcast/domain/app-info/service.ts";
import { isClientRoute } from "../src/web-client/serve.ts";

const INDEX_HTML = "<!doctype html><title>Clubcast test client</title>";
const ENTRY_JS = "console.log('clubcast');";

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), "clubcast-web-"));
  await mkdir(join(distDir, "assets"));
  await writeFile(join(distDir, "index.html"), INDEX_HTML);
  await writeFile(join(distDir, "assets", "index-abc123.js"), ENTRY_JS);
  t = await startTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

describe("GET /v1/app-info", () => {
  it("answers the application version and the desktop app's version and links, without sign-in", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v1/app-info" });
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.version).toBe(APP_VERSION);
    expect(body.desktop_app.version).toBe(DESKTOP_APP_VERSION);
    for (const platform of ["mac_arm", "mac_intel", "windows"]) {
      expect(new URL(body.desktop_app[platform]).protocol).toBe("https:");
      expect(body.desktop_app[platform]).toContain(DESKTOP_APP_VERSION);
    }
    expect(new Set([body.desktop_app.mac_arm, body.desktop_app.mac_intel, body.desktop_app.windows]).size).toBe(3);
  });

  it("gives tRPC appInfo.get the same answer", async () => {
    const rest = await t.app.inject({ method: "GET", url: "/v1/app-info" });
    const trpc = await t.app.inject({ method: "GET", url: "/trpc/appInfo.get" });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual(rest.json());
  });

  it("takes the desktop app's version and links from the configuration", () => {
    const info = appInfoFromEnv({
      DESKTOP_APP_VERSION: "2.0.1",
      DESKTOP_APP_MAC_ARM_URL: "https://example.test/arm.dmg",
      DESKTOP_APP_MAC_INTEL_URL: "https://example.test/intel.dmg",
      DESKTOP_APP_WINDOWS_URL: "https://example.test/setup.exe",
    });
    expect(info).toEqual({
      version: APP_VERSION,
      desktop_app: {
        version: "2.0.1",
        mac_arm: "https://example.test/arm.dmg",
        mac_intel: "https://example.test/intel.dmg",
        windows: "https://example.test/setup.exe",
      },
    });
    // Unset links follow the configured version.
    expect(appInfoFromEnv({ DESKTOP_APP_VERSION: "2.0.1" }).desktop_app.windows).toContain("2.0.1");
  });
});

describe("the web client on the API's URL", () => {
  it("serves index.html for the client's pages in every locale", async () => {
    for (const url of ["/", "/matches/12", "/nl/sports/football", "/de/auth/login?redirect=/de/dashboard"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it("answers 404 with the client's not-found page for paths that are no page of the client", async () => {
    for (const url of [
      "/definitely-not-a-page",
      "/nl/definitely-not-a-page",
      "/matches/12/nothing",
      "/dashboard/nothing",
      "/fr/matches",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toBe(INDEX_HTML);
    }
    for (const url of ["/nl", "/de/", "/dashboard/clubs/4/recorded/9/annotate", "/recorded", "/matches/12/"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(200);
    }
  });

  it("serves built files as they are, hashed ones cached for good", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("javascript");
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.body).toBe(ENTRY_JS);
  });

  it("keeps the JSON 404 for API paths, missing files and other methods", async () => {
    for (const [method, url] of [
      ["GET", "/v1/nothing-here"],
      ["GET", "/trpc"],
      ["GET", "/socket.io/"],
      ["GET", "/assets/missing-123.js"],
      ["POST", "/matches"],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.json().message).toContain(url);
    }
  });

  it("tells client routes from API paths and file names", () => {
    expect(isClientRoute("/")).toBe(true);
    expect(isClientRoute("/nl/matches/3")).toBe(true);
    expect(isClientRoute("/v1")).toBe(false);
    expect(isClientRoute("/v1/me")).toBe(false);
    expect(isClientRoute("/trpc/matches.list")).toBe(false);
    expect(isClientRoute("/favicon.ico")).toBe(false);
    expect(isClientRoute("/v1versions")).toBe(true);
  });
});
