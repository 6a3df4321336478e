// Club identity and adding clubs (issue 16, points 6 and 10) in real Chromium:
// a system administrator adds a club with a logo from the clubs page; clubs
// without a logo show crests that differ from one another; a club administrator
// uploads a logo on the System page, and a file that is no PNG, JPEG or WebP
// image is refused with the form's own words.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "@clubcast/testkit/browser";
import { demoLogoPng } from "../../../prisma/demo-logos.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshots } from "./support/browser.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { club, createUser, type SeededClub } from "./support/seed.ts";

let platform: Platform;
let browser: Browser;
let groenWit: SeededClub;
const files = mkdtempSync(join(tmpdir(), "clubcast-logos-"));
const LOGO_PNG = join(files, "noordpolder.png");
const SCRIPTED_SVG = join(files, "crest.svg");

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  groenWit = await club(platform.prisma, "FC Groen Wit");
  await club(platform.prisma, "VV De Zwaluwen");
  await club(platform.prisma, "Kingsbridge Rovers", "rugby");
  await createUser(platform.prisma, { scope: "system", email: "system@identity.test" });
  await createUser(platform.prisma, { scope: "club", clubId: groenWit.id, email: "admin@identity.test" });
  writeFileSync(LOGO_PNG, demoLogoPng({ primary: [0, 71, 171], secondary: [255, 204, 0], pattern: "hoops" }));
  writeFileSync(SCRIPTED_SVG, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** Before a screenshot: no toast over the content. */
const settled = (page: Page) => page.locator(".toast").first().waitFor({ state: "detached" });

/** The crests (generated badges) of the club cards, as drawn, without their per-instance ids. */
const crestDrawings = (page: Page) =>
  page
    .locator(".club-card .club-badge--crest")
    .evaluateAll((crests) => crests.map((crest) => crest.innerHTML.replace(/id="[^"]*"|url\(#[^)]*\)/g, "")));

describe("a system administrator", () => {
  it("adds a club with a logo from the clubs page, with the spec's defaults", async () => {
    const page = await signInToDashboard(browser, platform.url, "system@identity.test");
    await page.goto(`${platform.url}/dashboard/clubs`);
    // Three clubs without logos, three different crests (polled: the loading grid's
    // placeholder cards are .club-card too, without crests).
    await expect.poll(async () => new Set(await crestDrawings(page)).size).toBe(3);

    await page.getByRole("button", { name: "Add club" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a club" });
    await expect.poll(() => dialog.getByLabel("Time zone").inputValue()).toBe("Europe/Amsterdam");
    expect(await dialog.getByLabel("Country", { exact: true }).inputValue()).toBe("Netherlands");
    expect(await dialog.getByLabel("Country code").inputValue()).toBe("NL");
    expect(await dialog.getByRole("switch", { name: "Club is active" }).isChecked()).toBe(true);

    // The form's own check, in the form's words, before anything is sent.
    await dialog.getByRole("button", { name: "Add club" }).click();
    await expect
      .poll(() => dialog.locator(".field__error").allTextContents())
      .toEqual(["Please fill in this field.", "Please fill in this field."]);
    expect(await platform.prisma.club.count()).toBe(3);

    await dialog.getByLabel("Club name").fill("SV Noordpolder");
    const football = await platform.prisma.sport.findUniqueOrThrow({ where: { slug: "football" } });
    await dialog.getByLabel("Sport").selectOption(String(football.id));
    await dialog.getByLabel("Logo", { exact: true }).setInputFiles(SCRIPTED_SVG);
    await dialog.getByText("Choose a PNG, JPEG or WebP image.").waitFor();
    await dialog.getByLabel("Logo", { exact: true }).setInputFiles(LOGO_PNG);
    await dialog.locator("img.club-badge--logo").waitFor();
    await expectAccessible(page, "the add-club dialog");
    await screenshots(page, "club-add-dialog");
    await dialog.getByRole("button", { name: "Add club" }).click();
    await page.getByRole("status").filter({ hasText: "SV Noordpolder added" }).waitFor();
    await dialog.waitFor({ state: "detached" });

    const added = await platform.prisma.club.findFirstOrThrow({ where: { name: "SV Noordpolder" } });
    expect(added).toMatchObject({
      sportId: football.id,
      timezone: "Europe/Amsterdam",
      country: "Netherlands",
      countryShort: "NL",
      activated: true,
    });
    expect(added.logo).toMatch(new RegExp(`/media/clubs/${added.id}/logo-[0-9a-f]{16}\\.png$`));
    // Its card shows the uploaded logo, loaded from the media store.
    const logo = page.locator(".club-card", { hasText: "SV Noordpolder" }).locator("img.club-badge--logo");
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(128);
    await expectAccessible(page, "the clubs page");
    await screenshots(page, "clubs-with-logos", settled);
  });
});

describe("a club administrator", () => {
  it("uploads the club's logo on the System page; other files are refused in the form's words", async () => {
    const page = await signInToDashboard(browser, platform.url, "admin@identity.test");
    await page.goto(`${platform.url}/dashboard/system`);
    const picker = page.getByLabel("Logo", { exact: true });
    await page.locator(".logo-picker .club-badge--crest").waitFor();

    await picker.setInputFiles(SCRIPTED_SVG);
    await page.locator(".logo-picker").getByText("Choose a PNG, JPEG or WebP image.").waitFor();
    expect((await platform.prisma.club.findUniqueOrThrow({ where: { id: groenWit.id } })).logo).toBeNull();

    await picker.setInputFiles(LOGO_PNG);
    await page.getByRole("status").filter({ hasText: "Logo saved" }).waitFor();
    await page.locator(".logo-picker img.club-badge--logo").waitFor();
    const stored = (await platform.prisma.club.findUniqueOrThrow({ where: { id: groenWit.id } })).logo;
    expect(stored).toMatch(/\/media\/clubs\/\d+\/logo-[0-9a-f]{16}\.png$/);
    await expectAccessible(page, "the System page with a logo");
    await screenshots(page, "system-club-logo", settled);

    await page.getByRole("button", { name: "Remove logo" }).click();
    await page.getByRole("status").filter({ hasText: "Logo removed" }).waitFor();
    await page.locator(".logo-picker .club-badge--crest").waitFor();
    expect((await platform.prisma.club.findUniqueOrThrow({ where: { id: groenWit.id } })).logo).toBeNull();
  });
});
