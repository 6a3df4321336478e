// The clips table in real Chromium against the real server (issue 14): a club
// administrator selects two clips, makes one private and downloads both as one
// zip of real MP4s; the page passes axe at desktop and phone size.
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "@clubcast/testkit/browser";
import { expectAccessible } from "./support/axe.ts";
import { shoot, toast } from "./support/dashboard.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { downloadZip, sampleVideo } from "./support/videos.ts";
import { club, createUser, match, type SeededClub } from "./support/seed.ts";

let platform: Platform;
let browser: Browser;
let zuiderpark: SeededClub;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  const { prisma } = platform;
  zuiderpark = await club(prisma, "FC Zuiderpark");
  const noord = await club(prisma, "VV Noord");
  const recorded = await match(prisma, { home: zuiderpark, away: noord, status: "vod", startsIn: -48 });
  const admin = await createUser(prisma, { scope: "club", clubId: zuiderpark.id });
  const sequence = await prisma.sequence.create({ data: { matchId: recorded.id, userId: admin.id } });
  const video = sampleVideo();
  for (const [timeMs, label] of [
    [60_000, "Goal"],
    [120_000, "Save"],
  ] as const) {
    const marker = await prisma.marker.create({ data: { sequenceId: sequence.id, timeMs, label } });
    const clip = await prisma.clip.create({
      data: { markerId: marker.id, matchId: recorded.id, startMs: timeMs - 15_000, endMs: timeMs + 5_000 },
    });
    const videoPath = `clips/${clip.id}-1.mp4`;
    const file = join(platform.mediaDir, "matches", String(recorded.id), videoPath);
    mkdirSync(dirname(file), { recursive: true });
    copyFileSync(video, file);
    await prisma.clip.update({ where: { id: clip.id }, data: { state: "ready", videoPath } });
  }
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe("a club administrator's clips table", () => {
  it("selects two clips, makes one private and downloads both as one zip", async () => {
    const admin = await createUser(platform.prisma, { scope: "club", clubId: zuiderpark.id });
    const page = await signInToDashboard(browser, platform.url, admin.email);
    await page.goto(`${platform.url}/dashboard/recorded/clips`);
    const table = page.getByRole("table", { name: "Clips" });
    await table.getByRole("cell", { name: "Goal", exact: true }).waitFor();
    await page.getByRole("link", { name: "Clips" }).and(page.locator('[aria-current="page"]')).waitFor();
    await shoot(page, "clips-table");

    const goal = page.getByRole("checkbox", { name: "Select FC Zuiderpark against VV Noord – Goal" });
    const save = page.getByRole("checkbox", { name: "Select FC Zuiderpark against VV Noord – Save" });
    // Keyboard only: a checkbox takes the focus and Space ticks it.
    await goal.focus();
    await page.keyboard.press("Space");
    expect(await goal.isChecked()).toBe(true);
    await page.getByRole("button", { name: "Make private" }).click();
    await toast(page, "1 made private.");
    await table.getByText("Private", { exact: true }).waitFor();
    const stored = await platform.prisma.clip.findMany({ orderBy: { startMs: "asc" } });
    expect(stored.map((clip) => clip.isPrivate)).toEqual([true, null]);

    if (!(await goal.isChecked())) await goal.check();
    await save.check();
    await page.getByText("2 selected").waitFor();
    await expectAccessible(page, "the clips table with two rows selected");
    const listing = await downloadZip(page, "2 files in the zip.");
    expect(listing).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} FC Zuiderpark – VV Noord – 1m00s Goal\.mp4$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} FC Zuiderpark – VV Noord – 2m00s Save\.mp4$/),
    ]);
    await shoot(page, "clips-table-selected");
  });
});
