// Smaller dashboard defects (issue 16, point 9) in real Chromium: the phone's
// side menu closes after signing in and after navigating, the administration
// pages carry a page heading of their own, and a configuration row is marked
// "Editing" only while the editor holds unsaved changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "@clubcast/testkit/browser";
import { expectAccessible } from "./support/axe.ts";
import { newVisitor, VIEWPORTS } from "./support/browser.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { createConfiguration } from "@clubcast/testkit/factories";
import { club, createUser, TEST_PASSWORD } from "./support/seed.ts";

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  const groenWit = await club(platform.prisma, "FC Groen Wit");
  await createUser(platform.prisma, { scope: "club", clubId: groenWit.id, email: "admin@details.test" });
  await createUser(platform.prisma, { scope: "system", email: "system@details.test" });
  await createConfiguration(platform.prisma, { clubId: groenWit.id, barcode: "GW-777" });
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const menuToggle = (page: Page) => page.getByRole("button", { name: "Toggle navigation" });

/** Whether the side menu is open, after it had the time to hide itself. */
async function menuOpenAfterSettling(page: Page): Promise<string | null> {
  await page.waitForTimeout(2500);
  return menuToggle(page).getAttribute("aria-expanded");
}

describe("on a phone", () => {
  it("the side menu is closed after signing in and after following one of its links", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${platform.url}/auth/login`);
    await page.getByLabel("E-mail address").fill("admin@details.test");
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${platform.url}/dashboard/`);
    expect(await menuOpenAfterSettling(page)).toBe("false");

    await menuToggle(page).click();
    expect(await menuToggle(page).getAttribute("aria-expanded")).toBe("true");
    await page
      .getByRole("navigation", { name: "Dashboard navigation" })
      .getByRole("link", { name: "Your teams" })
      .click();
    await page.waitForURL(`${platform.url}/dashboard/teams`);
    expect(await menuOpenAfterSettling(page)).toBe("false");
    await context.close();
  });
});

describe("the administration pages", () => {
  it("have a page heading of their own in the content", async () => {
    const page = await signInToDashboard(browser, platform.url, "system@details.test");
    for (const [path, heading] of [
      ["monitoring", "Monitoring"],
      ["streams", "Streams"],
      ["access", "Access"],
    ]) {
      await page.goto(`${platform.url}/dashboard/${path}`);
      await page.getByRole("main").getByRole("heading", { level: 1, name: heading }).waitFor();
      await expectAccessible(page, `the ${path} page`);
    }
  });
});

describe("the configuration page", () => {
  it("marks the row being edited while it has unsaved changes, and no longer once they are saved", async () => {
    const page = await signInToDashboard(browser, platform.url, "system@details.test");
    await page.goto(`${platform.url}/dashboard/configuration`);
    await page.getByRole("button", { name: "Edit GW-777" }).click();
    const editor = page.getByRole("region", { name: "Edit GW-777" });
    const row = page.getByRole("row").filter({ hasText: "GW-777" });
    await editor.getByLabel("Overlays").fill("club");
    await row.getByText("Editing", { exact: true }).waitFor();
    await editor.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Configuration saved" }).waitFor();
    await row.getByText("Editing", { exact: true }).waitFor({ state: "detached" });
    expect((await platform.prisma.configuration.findUniqueOrThrow({ where: { barcode: "GW-777" } })).overlays).toBe(
      "club",
    );
  });
});
