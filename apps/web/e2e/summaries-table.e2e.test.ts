// The summaries tab in real Chromium against the real server (issue 14): a club
// administrator finds the club's summaries with their match, length, state and
// creation, filters them by match, makes one private by keyboard alone (a toast
// shown for the spec's 2 s; a visitor's open match page and another admin's
// table follow without a reload) and downloads both as one zip of real MP4s;
// the page passes axe at desktop and phone size.
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { Match } from "@clubcast/db";
import { SUMMARY_TITLE_CARD_MS, TOAST_DURATION_MS } from "@clubcast/shared";
import { launchBrowser } from "@clubcast/testkit/browser";
import { expectAccessible } from "./support/axe.ts";
import { newVisitor } from "./support/browser.ts";
import { shoot, toast } from "./support/dashboard.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { downloadZip, sampleVideo } from "./support/videos.ts";
import { club, createUser, match, type SeededClub } from "./support/seed.ts";

let platform: Platform;
let browser: Browser;
let zuiderpark: SeededClub;
let againstNoord: Match;

/** A built summary of the match, with one ready clip of `clipMs` (the summary's length is the title card and it). */
async function summaryOf(recorded: Match, clipMs: number, video: string) {
  const { prisma } = platform;
  const admin = await createUser(prisma, { scope: "club", clubId: zuiderpark.id });
  const sequence = await prisma.sequence.create({ data: { matchId: recorded.id, userId: admin.id } });
  const marker = await prisma.marker.create({ data: { sequenceId: sequence.id, timeMs: 60_000, label: "Goal" } });
  await prisma.clip.create({
    data: {
      markerId: marker.id,
      matchId: recorded.id,
      startMs: 50_000,
      endMs: 50_000 + clipMs,
      state: "ready",
      videoPath: "clips/goal.mp4",
    },
  });
  const summary = await prisma.summary.create({ data: { matchId: recorded.id } });
  const videoPath = `summaries/${summary.id}-1.mp4`;
  const file = join(platform.mediaDir, "matches", String(recorded.id), videoPath);
  mkdirSync(dirname(file), { recursive: true });
  copyFileSync(video, file);
  return prisma.summary.update({ where: { id: summary.id }, data: { state: "ready", videoPath } });
}

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  const { prisma } = platform;
  zuiderpark = await club(prisma, "FC Zuiderpark");
  const noord = await club(prisma, "VV Noord");
  const rijnland = await club(prisma, "SV Rijnland");
  againstNoord = await match(prisma, { home: zuiderpark, away: noord, status: "vod", startsIn: -48 });
  const againstRijnland = await match(prisma, { home: zuiderpark, away: rijnland, status: "vod", startsIn: -24 });
  const video = sampleVideo();
  await summaryOf(againstNoord, 20_000, video);
  await summaryOf(againstRijnland, 10_000, video);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** "0:22": a length as the table shows it. */
const shown = (ms: number) => `0:${String(Math.round(ms / 1000)).padStart(2, "0")}`;

/**
 * Starts timing, in the page, how long the toast reading `text` stays: from its insertion to its
 * removal. The returned function waits for that and gives it in milliseconds.
 */
async function timeToast(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((text) => {
    (window as unknown as { toastLifetime: Promise<number> }).toastLifetime = new Promise((resolve) => {
      let shownAt: { node: Element; at: number } | null = null;
      const observer = new MutationObserver(() => {
        const node = [...document.querySelectorAll(".toast")].find((toast) => toast.textContent === text);
        if (!shownAt && node) shownAt = { node, at: performance.now() };
        else if (shownAt && !shownAt.node.isConnected) {
          observer.disconnect();
          resolve(performance.now() - shownAt.at);
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  }, text);
  return () => page.evaluate(() => (window as unknown as { toastLifetime: Promise<number> }).toastLifetime);
}

describe("a club administrator's summaries tab", () => {
  it("lists, filters, makes one private by keyboard and downloads both as one zip", async () => {
    const admin = await createUser(platform.prisma, { scope: "club", clubId: zuiderpark.id });
    const page = await signInToDashboard(browser, platform.url, admin.email);
    // Another administrator's table and a visitor's match page stay open meanwhile.
    const colleague = await createUser(platform.prisma, { scope: "club", clubId: zuiderpark.id });
    const other = await signInToDashboard(browser, platform.url, colleague.email);
    await other.goto(`${platform.url}/dashboard/recorded/summaries`);
    const visitor = await (await newVisitor(browser)).newPage();
    await visitor.goto(`${platform.url}/matches/${againstNoord.id}`);
    await visitor.getByRole("heading", { name: "Highlights" }).waitFor();

    // By keyboard from the clips tab to the summaries tab.
    await page.goto(`${platform.url}/dashboard/recorded/clips`);
    await page.getByRole("link", { name: "Summaries" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${platform.url}/dashboard/recorded/summaries`);
    const table = page.getByRole("table", { name: "Summaries" });
    const noordName = "FC Zuiderpark against VV Noord – Summary";
    const rijnlandName = "FC Zuiderpark against SV Rijnland – Summary";
    const noordRow = table
      .getByRole("row")
      .filter({ has: page.getByRole("checkbox", { name: `Select ${noordName}` }) });
    await noordRow.waitFor();
    const headers = await table.getByRole("columnheader").allTextContents();
    expect(headers.filter((header) => ["Match", "Marker", "Length", "State", "Created"].includes(header))).toEqual([
      "Match",
      "Length",
      "State",
      "Created",
    ]);
    expect(await table.getByRole("row").count()).toBe(3);
    await noordRow.getByRole("cell", { name: shown(SUMMARY_TITLE_CARD_MS + 20_000), exact: true }).waitFor();
    await noordRow.getByRole("cell", { name: "Ready", exact: true }).waitFor();
    await page.getByRole("link", { name: "Summaries" }).and(page.locator('[aria-current="page"]')).waitFor();
    await shoot(page, "summaries-table");

    // Filtered by match: only that match's summary; all again afterwards.
    const filter = page.getByLabel("Match", { exact: true });
    await filter.selectOption({ label: "FC Zuiderpark against SV Rijnland" });
    await noordRow.waitFor({ state: "detached" });
    const rijnlandRow = table
      .getByRole("row")
      .filter({ has: page.getByRole("checkbox", { name: `Select ${rijnlandName}` }) });
    await rijnlandRow.getByRole("cell", { name: shown(SUMMARY_TITLE_CARD_MS + 10_000), exact: true }).waitFor();
    expect(await table.getByRole("row").count()).toBe(2);
    await filter.selectOption({ label: "All" });
    await noordRow.waitFor();

    // Keyboard only: Space ticks the row, Enter makes it private; the toast stays the spec's 2 s.
    const noord = page.getByRole("checkbox", { name: `Select ${noordName}` });
    await noord.focus();
    await page.keyboard.press("Space");
    expect(await noord.isChecked()).toBe(true);
    const lifetime = await timeToast(page, "1 made private.");
    await page.getByRole("button", { name: "Make private" }).focus();
    await page.keyboard.press("Enter");
    await toast(page, "1 made private.");
    await noordRow.getByText("Private", { exact: true }).waitFor();
    expect(await lifetime()).toBeGreaterThanOrEqual(TOAST_DURATION_MS - 250);
    expect(await lifetime()).toBeLessThan(TOAST_DURATION_MS + 1000);
    const stored = await platform.prisma.summary.findFirstOrThrow({ where: { matchId: againstNoord.id } });
    expect(stored.isPrivate).toBe(true);

    // Without a reload: the visitor's match page drops the highlights, the colleague's table marks it private.
    await visitor.getByRole("heading", { name: "Highlights" }).waitFor({ state: "detached" });
    await other
      .getByRole("row")
      .filter({ has: other.getByRole("checkbox", { name: `Select ${noordName}` }) })
      .getByText("Private", { exact: true })
      .waitFor();

    // Both as one zip, named by their matches.
    const rijnland = page.getByRole("checkbox", { name: `Select ${rijnlandName}` });
    if (!(await noord.isChecked())) await noord.check();
    await rijnland.check();
    await page.getByText("2 selected").waitFor();
    await expectAccessible(page, "the summaries table with two rows selected");
    // Sorted, the older match (VV Noord, two days ago) comes first.
    const listing = await downloadZip(page, "2 files in the zip.");
    expect(listing).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} FC Zuiderpark – VV Noord – Summary\.mp4$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} FC Zuiderpark – SV Rijnland – Summary\.mp4$/),
    ]);
    await shoot(page, "summaries-table-selected");
  });
});
