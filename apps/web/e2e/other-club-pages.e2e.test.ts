// Another club's dashboard pages are restricted routes (issue 16, spec section
// 6): a club administrator who opens them, by a link or by typing the address,
// lands on the dashboard without seeing or playing the match. A refused save
// says why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "@clubcast/testkit/browser";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { club, createUser, match, type SeededClub } from "./support/seed.ts";

let platform: Platform;
let browser: Browser;
let zuiderpark: SeededClub;
let lindenau: SeededClub;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  zuiderpark = await club(platform.prisma, "FC Zuiderpark");
  lindenau = await club(platform.prisma, "HC Rot-Weiss Lindenau", "hockey");
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const recorded = (clubId: number, matchId: number) => `/dashboard/clubs/${clubId}/recorded/${matchId}`;

describe("another club's dashboard pages", () => {
  it("send a club administrator to the dashboard: the recorded match, its annotation and the offline recordings", async () => {
    const { email } = await createUser(platform.prisma, { scope: "club", clubId: lindenau.id });
    const publicVod = await match(platform.prisma, { home: zuiderpark, away: lindenau, status: "vod", startsIn: -30 });
    const privateVod = await match(platform.prisma, {
      home: zuiderpark,
      away: lindenau,
      status: "vod",
      startsIn: -50,
      isPrivate: true,
    });
    const page = await signInToDashboard(browser, platform.url, email);
    for (const path of [
      `${recorded(zuiderpark.id, publicVod.id)}/annotate`,
      recorded(zuiderpark.id, publicVod.id),
      `${recorded(zuiderpark.id, privateVod.id)}/annotate`,
      `/dashboard/clubs/${zuiderpark.id}/offline`,
    ]) {
      await page.goto(`${platform.url}${path}`);
      await page.waitForURL(`${platform.url}/dashboard/`);
      expect(await page.locator("video").count()).toBe(0);
    }
    // Their own club's pages still open.
    const own = await match(platform.prisma, { home: lindenau, away: zuiderpark, status: "vod", startsIn: -20 });
    await page.goto(`${platform.url}${recorded(lindenau.id, own.id)}/annotate`);
    await page.getByRole("button", { name: "Save score" }).waitFor();
    expect(page.url()).toBe(`${platform.url}${recorded(lindenau.id, own.id)}/annotate`);
    await page.context().close();
  });

  it("shows the server's message when a score save is refused", async () => {
    const { email } = await createUser(platform.prisma, { scope: "club", clubId: zuiderpark.id });
    const gone = await match(platform.prisma, { home: zuiderpark, away: lindenau, status: "vod", startsIn: -10 });
    const page = await signInToDashboard(browser, platform.url, email);
    await page.goto(`${platform.url}${recorded(zuiderpark.id, gone.id)}/annotate`);
    await page.getByRole("button", { name: "One more for Home" }).click();
    // Deleted meanwhile (by a colleague, say): the server refuses the save with 404.
    await platform.prisma.match.delete({ where: { id: gone.id } });
    await page.getByRole("button", { name: "Save score" }).click();
    await page.locator(".toasts").getByText("No match found", { exact: true }).waitFor({ timeout: 5_000 });
    await page.context().close();
  });
});
