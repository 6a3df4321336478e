// A live match in real Chromium against the real server: the HLS video plays
// and a score posted to the API arrives over the realtime channel; an on-demand
// match shows the score of the frame its player shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "@clubcast/testkit/browser";
import { newVisitor, screenshots } from "./support/browser.ts";
import { serveTestStream, type HlsServer } from "./support/hls.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { createUser, league } from "./support/seed.ts";
import { signInToApi, signInToDashboard } from "./support/sign-in.ts";

let platform: Platform;
let browser: Browser;
let stream: HlsServer;
let seeded: Awaited<ReturnType<typeof league>>;

beforeAll(async () => {
  [platform, browser, stream] = await Promise.all([startPlatform(), launchBrowser(), serveTestStream()]);
  seeded = await league(platform.prisma, stream.url);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await stream?.close();
});

const videoTime = (page: Page) => page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime);

describe("a live match", () => {
  it("plays its live stream and shows a score posted to the API without a reload", async () => {
    const { live } = seeded.matches;
    const admin = await createUser(platform.prisma, { scope: "club", clubId: live.clubId });
    const token = await signInToApi(platform.url, admin.email);
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/matches/${live.id}`);

    await page.getByRole("heading", { level: 1, name: "FC Groen Wit against VV De Zwaluwen" }).waitFor();
    expect(await page.getByTestId("score").textContent()).toBe("1–0");
    // The video plays: its clock moves on.
    await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    const earlier = await videoTime(page);
    await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(earlier);
    expect(await page.locator("video").evaluate((video: HTMLVideoElement) => video.paused)).toBe(false);

    // The page has joined the match's channel; a goal is posted through the API.
    await page.locator('[data-updates="joined"]').waitFor();
    const scored = await fetch(`${platform.url}/v1/clubs/${live.clubId}/matches/${live.id}/score`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ home: 2, away: 0 }),
    });
    expect(scored.status).toBe(200);
    await expect.poll(() => page.getByTestId("score").textContent(), { timeout: 15_000 }).toBe("2–0");
    await page.getByText("FC Groen Wit 2, VV De Zwaluwen 0").waitFor({ state: "attached" });
    await screenshots(page, "match-live");
    await context.close();
  });

  it("plays through hls.js and keeps trying when the live playlist is not there yet or lists a single segment", async () => {
    const { live } = seeded.matches;
    const context = await newVisitor(browser);
    const page = await context.newPage();
    // The stream is just starting: no playlist twice, then one that lists a single segment, then the full one.
    const segments = (await (await fetch(stream.url)).text()).split("\n");
    const firstSegment = segments.slice(0, segments.findIndex((line) => line.endsWith(".ts")) + 1);
    const early = firstSegment.join("\n").replace("#EXT-X-PLAYLIST-TYPE:VOD\n", "") + "\n";
    let requests = 0;
    await page.route(stream.url, async (route) => {
      requests += 1;
      if (requests <= 2) await route.fulfill({ status: 404, headers: { "Access-Control-Allow-Origin": "*" } });
      else if (requests === 3)
        await route.fulfill({
          status: 200,
          headers: { "Access-Control-Allow-Origin": "*", "Content-Type": "application/vnd.apple.mpegurl" },
          body: early,
        });
      else await route.continue();
    });
    await page.goto(`${platform.url}/matches/${live.id}`);

    await expect.poll(() => videoTime(page), { timeout: 60_000 }).toBeGreaterThan(1);
    expect(requests).toBeGreaterThanOrEqual(3);
    // Media Source Extensions feed the video (hls.js), not the browser's own HLS.
    expect(await page.locator("video").evaluate((video: HTMLVideoElement) => video.src)).toMatch(/^blob:/);
    expect(await page.getByRole("alert").count()).toBe(0);
    await context.close();
  });

  it("jumps to the viewer's marker at kick-off while live and plays on from the first frame", async () => {
    const { live } = seeded.matches;
    const viewer = await createUser(platform.prisma, { scope: "club", clubId: live.clubId });
    const sequence = await platform.prisma.sequence.create({ data: { matchId: live.id, userId: viewer.id } });
    await platform.prisma.marker.create({ data: { sequenceId: sequence.id, timeMs: 0, label: "Kick-off" } });
    const page = await signInToDashboard(browser, platform.url, viewer.email);
    // The stream as a live match's: an event playlist, whole from kick-off, still growing (no end).
    const playlist = (await (await fetch(stream.url)).text())
      .replace("#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-PLAYLIST-TYPE:EVENT")
      .replace("#EXT-X-ENDLIST", "");
    await page.route(stream.url, (route) =>
      route.fulfill({
        status: 200,
        headers: { "Access-Control-Allow-Origin": "*", "Content-Type": "application/vnd.apple.mpegurl" },
        body: playlist,
      }),
    );
    await page.goto(`${platform.url}/matches/${live.id}`);
    // Live: it starts near the newest segments, far from kick-off.
    await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(15);

    // A marker at 0:00 lies before the first frame over MSE (a little after 0): the player goes to the first frame.
    await page.getByRole("button", { name: /^Kick-off/ }).click();
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeLessThan(5);
    const fromKickOff = await videoTime(page);
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(fromKickOff + 0.5);
    expect(await videoTime(page)).toBeLessThan(10);
    await page.context().close();
  });

  it("says it is reconnecting while the network is lost, keeps the page, and recovers", async () => {
    const { live } = seeded.matches;
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/matches/${live.id}`);
    await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    const status = page.locator(".reconnecting[role=status]");
    expect(await status.textContent()).toBe("");

    await context.setOffline(true);
    await status.getByText("Connection lost. Reconnecting…").waitFor();
    // A page whose code is not loaded yet: the tab stays on the app (no reload onto the browser's error page).
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Sports" }).click();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(page.url()).toBe(`${platform.url}/sports`);
    await status.getByText("Connection lost. Reconnecting…").waitFor();

    await context.setOffline(false);
    await page.getByRole("heading", { level: 1, name: "Sports" }).waitFor({ timeout: 30_000 });
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe("");
    await context.close();
  });

  it("plays an on-demand match from its recording, with the score of the frame shown (no spoiler)", async () => {
    const { vod } = seeded.matches;
    // The match ended 0–3; its first goal came 2 s into the recording (match moments, issue 30).
    const goals = [2_000, 3_600_000, 4_800_000].map((timeMs, index) => ({
      matchId: vod.id,
      homeScore: 0,
      awayScore: index + 1,
      side: "away",
      enteredAt: new Date(vod.startingAt.getTime() + timeMs + 10_000),
      happenedAt: new Date(vod.startingAt.getTime() + timeMs),
      timeMs,
    }));
    await platform.prisma.scoreEvent.createMany({ data: goals });
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/nl/matches/${vod.id}`);
    await page.getByText("Einde wedstrijd").waitFor();
    const video = page.locator("video");
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), { timeout: 30_000 })
      .toBeGreaterThan(20);
    const score = page.getByTestId("score");
    expect(await score.textContent()).toBe("0–0");
    await video.evaluate((element: HTMLVideoElement) => element.play());
    await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
    await expect.poll(() => score.textContent(), { timeout: 30_000 }).toBe("0–1");
    expect(await videoTime(page)).toBeGreaterThanOrEqual(2);
    await screenshots(page, "match-vod-nl");
    await context.close();
  });
});
