// The demo a first-time visitor sees after `npm start`: the real seed over the
// camera-server simulator it names. The home page's featured live match and an
// on-demand match of the seed play their video (the simulator makes it on the
// first request: demo-media.ts), not "The video could not be played".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "@clubcast/testkit/browser";
import { startCameraSimulator, type RunningSimulator } from "@clubcast/testkit/camera-sim";
import { seed } from "../../../prisma/seed.ts";
import { newVisitor } from "./support/browser.ts";
import { startPlatform, type Platform } from "./support/platform.ts";

let platform: Platform;
let browser: Browser;
let simulator: RunningSimulator;
const simulatorLog: string[] = [];

beforeAll(async () => {
  [platform, browser, simulator] = await Promise.all([
    startPlatform(),
    launchBrowser(),
    startCameraSimulator({ video: true, log: (line) => simulatorLog.push(line) }),
  ]);
  await seed(platform.prisma, {
    ...process.env,
    PUBLIC_URL: platform.url,
    MEDIA_DIR: platform.mediaDir,
    CAMERA_SIM_URL: simulator.url,
    CAMERA_SIM_PUBLIC_URL: simulator.url,
  });
});
afterAll(async () => {
  await browser?.close();
  await simulator?.close();
  await platform?.stop();
});

const videoTime = (page: Page) => page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime);

/** The page's video runs: its clock moves on, twice. */
async function expectPlaying(page: Page): Promise<void> {
  const failed = page.getByText("The video could not be played");
  const started = () => Promise.all([failed.count(), videoTime(page)]);
  await expect
    .poll(
      async () => {
        const [failures, time] = await started();
        return failures > 0 || time > 1;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  expect(await failed.count(), `the player failed; the simulator said:\n${simulatorLog.join("\n")}`).toBe(0);
  const earlier = await videoTime(page);
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(earlier);
}

describe("the seeded demo", () => {
  it("plays the live match featured on the home page", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    page.on("console", (message) => simulatorLog.push(`[page] ${message.text()}`));
    page.on("requestfailed", (request) =>
      simulatorLog.push(`[page] failed ${request.url()}: ${request.failure()?.errorText}`),
    );
    await page.goto(platform.url);
    const watchLive = page.locator('.hero-slide[aria-hidden="false"]').getByRole("link", { name: /Watch live/ });
    await watchLive.click();
    await page.waitForURL(/\/matches\/\d+$/);
    await expectPlaying(page);
    await context.close();
  });

  it("plays an on-demand match", async () => {
    const onDemand = await platform.prisma.match.findFirstOrThrow({
      where: { status: "vod", isPrivate: false, vodHlsUrl: { not: null } },
      orderBy: { startingAt: "desc" },
    });
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/matches/${onDemand.id}`);
    const video = page.locator("video");
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration || 0), { timeout: 45_000 })
      .toBeGreaterThan(20);
    await video.evaluate((element: HTMLVideoElement) => element.play());
    await expectPlaying(page);
    await context.close();
  });
});
