// Match day at phone size (issue 27): a club administrator finds his camera's
// stream key in three taps, and a supporter who opened the match's page before
// kick-off sees it turn live, score (the club administrator enters it on his phone
// at the same page), ride out a server restart, go on demand and
// close when made private, all without a reload.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { GATEWAY_CAMERA_TYPE } from "@clubcast/shared";
import { launchBrowser } from "@clubcast/testkit/browser";
import { createApiClient } from "@clubcast/testkit/factories";
import { expectAccessible } from "./support/axe.ts";
import { newVisitor, VIEWPORTS } from "./support/browser.ts";
import { serveTestStream, type HlsServer } from "./support/hls.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { club, createUser, match, TEST_PASSWORD, type SeededClub } from "./support/seed.ts";

let platform: Platform;
let browser: Browser;
let stream: HlsServer;
let home: SeededClub;
let away: SeededClub;
const STREAM_KEY = "groen-wit-hoofdveld-phone";

beforeAll(async () => {
  [platform, browser, stream] = await Promise.all([startPlatform(), launchBrowser(), serveTestStream()]);
  home = await club(platform.prisma, "FC Groen Wit");
  away = await club(platform.prisma, "VV De Zwaluwen");
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await stream?.close();
});

async function api(path: string, method: string, token: string, body?: object): Promise<Response> {
  return fetch(`${platform.url}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

describe("match day from a phone", () => {
  it("a club administrator reaches his camera's stream key in three taps and reveals it", async () => {
    await platform.prisma.configuration.create({
      data: {
        clubId: home.id,
        fieldId: home.field.id,
        barcode: "GW-PHONE",
        cameraType: GATEWAY_CAMERA_TYPE,
        streamKey: STREAM_KEY,
      },
    });
    const admin = await createUser(platform.prisma, { scope: "club", clubId: home.id });
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${platform.url}/auth/login`);
    await page.getByLabel("E-mail address").fill(admin.email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${platform.url}/dashboard/`);

    // The drawer hides itself once the dashboard has loaded.
    await page.getByRole("heading", { name: /^Good (morning|afternoon|evening), / }).waitFor();
    await page.locator(".dash--nav-open").waitFor({ state: "detached" });
    // Tap 1: the menu; tap 2: Streams; tap 3: Go live.
    const toggle = page.getByRole("button", { name: "Toggle navigation" });
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("navigation", { name: "Dashboard navigation" }).getByRole("link", { name: "Streams" }).click();
    await page.getByRole("link", { name: "Go live" }).first().click();
    await page.getByRole("heading", { level: 1, name: "Go live" }).waitFor();

    const key = page.getByRole("textbox", { name: "Stream key", exact: true });
    expect(await key.inputValue()).not.toContain(STREAM_KEY);
    expect(await page.getByRole("img", { name: /^QR code/ }).count()).toBe(0);
    await page.getByText("Not publishing right now").waitFor();
    await page.getByText("Recommended encoder settings").waitFor();
    await expectAccessible(page, "go-live page, key hidden");

    await page.getByRole("button", { name: "Reveal key" }).click();
    expect(await key.inputValue()).toBe(STREAM_KEY);
    expect(await page.getByRole("textbox", { name: "Full RTMP URL", exact: true }).inputValue()).toMatch(
      new RegExp(`/live/${STREAM_KEY}$`),
    );
    await page.getByRole("img", { name: /^QR code of the RTMP URL/ }).waitFor();
    await expectAccessible(page, "go-live page, key revealed");
    await context.close();
  });

  it("a supporter's page opened before kick-off turns live, scores, rides out a server restart, goes on demand and closes when made private", async () => {
    const configuration = await platform.prisma.configuration.create({
      data: { clubId: home.id, fieldId: home.field.id, barcode: "GW-CAM" },
    });
    const { client, secret } = await createApiClient(platform.prisma, configuration.id);
    const tokenAnswer = await fetch(`${platform.url}/v1/camera/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_id: client.clientId, client_secret: secret }),
    });
    const camera = (await tokenAnswer.json()).access_token as string;
    const admin = await createUser(platform.prisma, { scope: "club", clubId: home.id });
    const login = await fetch(`${platform.url}/v1/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: admin.email, password: TEST_PASSWORD }),
    });
    const adminToken = (await login.json()).access_token as string;
    const seeded = await match(platform.prisma, { home, away, status: "scheduled", startsIn: 0.1 });
    await platform.prisma.match.update({ where: { id: seeded.id }, data: { configurationId: configuration.id } });

    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${platform.url}/matches/${seeded.id}`);
    await page.getByRole("heading", { level: 1, name: "FC Groen Wit against VV De Zwaluwen" }).waitFor();
    await page.locator('[data-updates="joined"]').waitFor();
    expect(await page.locator("video").count()).toBe(0);

    // The camera's stream is ready: the player appears and plays, muted.
    const ready = await api("/v1/camera/stream-ready", "POST", camera, {
      match_id: seeded.id,
      live_hls_url: stream.url,
    });
    expect(ready.status).toBe(200);
    const video = page.locator("video");
    await video.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0.5);
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);

    // The club administrator, on his phone at the same match page, enters the score.
    const staff = await signInToDashboard(browser, platform.url, admin.email);
    await staff.setViewportSize(VIEWPORTS.phone);
    await staff.goto(`${platform.url}/matches/${seeded.id}`);
    const scoreControl = staff.getByRole("form", { name: /^Enter the score of / });
    await scoreControl.getByRole("button", { name: "One more for Home" }).click();
    await scoreControl.getByRole("button", { name: "One more for Home" }).click();
    await expectAccessible(staff, "match page with the score control, phone");
    await scoreControl.getByRole("button", { name: "Save score" }).click();
    await staff.getByText("Score saved").waitFor();
    await expect.poll(() => page.getByTestId("score").textContent(), { timeout: 15_000 }).toBe("2–0");
    await staff.context().close();

    // The server restarts (an update at half-time): the page says it is reconnecting, keeps playing what
    // it has, and once the server is back its realtime channel follows the match again.
    const status = page.locator(".reconnecting[role=status]");
    const restarted = platform.restartServer(3_000);
    await status.getByText("Connection lost. Reconnecting…").waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(`${platform.url}/matches/${seeded.id}`);
    await restarted;
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe("");
    const timeAfterRestart = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(timeAfterRestart);
    const scoredAfterRestart = await api(`/v1/clubs/${home.id}/matches/${seeded.id}/score`, "POST", adminToken, {
      home: 2,
      away: 1,
    });
    expect(scoredAfterRestart.status).toBe(200);
    await expect.poll(() => page.getByTestId("score").textContent(), { timeout: 15_000 }).toBe("2–1");

    // The recording finished with a video: on demand.
    const finished = await api("/v1/camera/recording-finished", "POST", camera, {
      match_id: seeded.id,
      started_at: new Date(Date.now() - 60_000).toISOString(),
      ended_at: new Date().toISOString(),
      vod_hls_url: stream.url,
    });
    expect(finished.status).toBe(200);
    await page.getByText("Full time").waitFor({ timeout: 15_000 });
    await expectAccessible(page, "match page turned on demand");

    // Made private: the player goes, a message says why.
    const hidden = await api(`/v1/clubs/${home.id}/matches/${seeded.id}`, "PUT", adminToken, {
      update_match_only: true,
      is_private: true,
    });
    expect(hidden.status).toBe(200);
    await page.getByText("This match is no longer available").waitFor({ timeout: 15_000 });
    expect(await page.locator("video").count()).toBe(0);
    await expectAccessible(page, "match page closed");
    await context.close();
  });
});
