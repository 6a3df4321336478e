// The public site in real Chromium against the real server: the home page in
// each language, a private match hidden from visitors, and the 404 page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "@clubcast/testkit/browser";
import { newVisitor, screenshots } from "./support/browser.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { league, match } from "./support/seed.ts";

let platform: Platform;
let browser: Browser;
let seeded: Awaited<ReturnType<typeof league>>;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  seeded = await league(platform.prisma);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const HOME_TEXTS = {
  en: { path: "/", lang: "en", live: "Live now", upcoming: "Coming up", vod: "On demand", matches: "Matches" },
  nl: { path: "/nl", lang: "nl", live: "Nu live", upcoming: "Binnenkort", vod: "On demand", matches: "Wedstrijden" },
  de: { path: "/de", lang: "de", live: "Jetzt live", upcoming: "Demnächst", vod: "Auf Abruf", matches: "Spiele" },
} as const;

describe("the home page", () => {
  it.each(Object.entries(HOME_TEXTS))("shows the featured slider and the lists in %s", async (locale, texts) => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(platform.url + texts.path);

    for (const title of [texts.live, texts.upcoming, texts.vod]) {
      await expect.poll(() => page.getByRole("heading", { level: 2, name: title, exact: true }).count()).toBe(1);
    }
    expect(await page.getAttribute("html", "lang")).toBe(texts.lang);
    expect(await page.getByRole("navigation").first().getByRole("link", { name: texts.matches }).count()).toBe(1);
    // The slider features the first matches; the lists hold the seeded ones.
    await page.locator(".hero-slide").first().waitFor();
    expect(await page.locator(".hero-slide").count()).toBe(5);
    const liveList = page.locator("section", { has: page.getByRole("heading", { name: texts.live, exact: true }) });
    // Polled, and without the loading list's placeholder cards (.match-card too).
    await expect.poll(() => liveList.locator(".match-card:not(.match-card--skeleton)").count()).toBe(2);
    expect(await liveList.getByText(/^FC Groen Wit \S+ VV De Zwaluwen$/).count()).toBe(1);
    // Entering a locale remembers it.
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "i18n_locale")?.value).toBe(locale);

    await screenshots(page, `home-${locale}`);
    await context.close();
  });

  it("sends a visitor whose browser speaks Dutch to the Dutch home page", async () => {
    const context = await newVisitor(browser, { locale: "nl-NL" });
    const page = await context.newPage();
    await page.goto(platform.url + "/");
    await page.getByRole("heading", { name: HOME_TEXTS.nl.live, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/nl");
    await context.close();
  });

  it("switches language with the flags and keeps the page", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/matches?status=upcoming`);
    // A loaded card, not a skeleton placeholder (which shares the class).
    await page.locator(".match-card__title").first().waitFor();
    await page.getByRole("link", { name: "Deutsch" }).first().click();
    await page.waitForURL("**/de/matches?status=upcoming");
    await page.getByRole("heading", { level: 1, name: "Spiele" }).waitFor();
    // Dates follow the locale too.
    await page
      .locator(".match-card time", { hasText: /^(Mo|Di|Mi|Do|Fr|Sa|So)\./ })
      .first()
      .waitFor();
    expect(await page.getByRole("link", { name: "Demnächst" }).getAttribute("aria-current")).toBe("page");
    await screenshots(page, "matches-upcoming-de");
    await context.close();
  });
});

describe("a private match", () => {
  it("is never shown to a visitor: not in the lists and 'No match found' on its page", async () => {
    const { groenWit, rijnland } = seeded.clubs;
    const hidden = await match(platform.prisma, {
      home: rijnland,
      away: groenWit,
      status: "live",
      startsIn: -0.25,
      isPrivate: true,
    });
    const context = await newVisitor(browser);
    const page = await context.newPage();

    await page.goto(`${platform.url}/matches?status=live`);
    // A loaded card, not a skeleton placeholder (which shares the class).
    await page.locator(".match-card__title").first().waitFor();
    const cards = await page.locator(".match-card__title").allTextContents();
    expect(cards).toEqual(expect.arrayContaining(["FC Groen Wit vs VV De Zwaluwen", "SV Rijnland vs RKVV Eendracht"]));
    expect(cards).not.toContain("SV Rijnland vs FC Groen Wit");

    await page.goto(`${platform.url}/matches/${hidden.id}`);
    await page.getByText("No match found").waitFor();
    expect(await page.locator("video").count()).toBe(0);
    expect(await page.getByText("FC Groen Wit").count()).toBe(0);
    await screenshots(page, "match-private-visitor");

    // The same page for a public match shows it.
    await page.goto(`${platform.url}/matches/${seeded.matches.upcoming.id}`);
    await page.getByRole("heading", { level: 1, name: "VV De Zwaluwen against SV Rijnland" }).waitFor();
    await page.getByRole("timer").waitFor();
    await screenshots(page, "match-upcoming");
    await context.close();
  });
});

describe("an unknown route", () => {
  it.each([
    ["/no/such/page", "This page could not be found", "not-found-en"],
    ["/nl/bestaat-niet", "Deze pagina kon niet worden gevonden", "not-found-nl"],
  ])("renders the 404 page at %s", async (path, text, name) => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    const response = await page.goto(platform.url + path);
    // An unknown page answers HTTP 404 and still renders the client's not-found page (issue 27).
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: text }).waitFor();
    expect(await page.getByText("404").count()).toBe(1);
    await screenshots(page, name);
    await context.close();
  });
});

describe("the other public pages", () => {
  it("list the sports, a sport's matches and the desktop app's downloads", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/sports`);
    await page.getByRole("link", { name: /Hockey/ }).click();
    await page.getByRole("heading", { level: 1, name: "Hockey" }).waitFor();
    await page.getByRole("link", { name: "Upcoming" }).click();
    await page.getByText("HC Oranje-Zwart vs FC Groen Wit").waitFor();
    await page.goto(`${platform.url}/sports`);
    await page.locator(".sport-tile:not(.sport-tile--skeleton)").first().waitFor();
    await screenshots(page, "sports");

    await page.goto(`${platform.url}/analyze/download`);
    const windows = page.getByRole("link", { name: /Download for Windows/ });
    await windows.waitFor();
    expect(await windows.getAttribute("href")).toMatch(/^https:\/\/.+1\.6\.14.+\.exe$/);
    expect(await page.getByText("Version 1.6.14").count()).toBe(1);
    expect(await page.locator(".footer__version").textContent()).toBe("Version 2.7.2");
    await screenshots(page, "download");
    await context.close();
  });
});
