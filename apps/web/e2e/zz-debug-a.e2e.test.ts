import { afterAll, beforeAll, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO_PASSWORD, seed } from "../../../prisma/seed.ts";
import { launchBrowser, newVisitor } from "./support/browser.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
let platform: Platform;
let browser: Browser;
beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  await seed(platform.prisma);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});
it("debug", async () => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  await page.goto(`${platform.url}/auth/login`);
  await page.getByLabel("E-mail address").fill("system@clubcast.test");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${platform.url}/dashboard/`);
  await page.waitForTimeout(2500);
  const measure = () => page.evaluate(() => {
    const nav = document.querySelector(".dash-nav")!;
    return `${nav.getBoundingClientRect().width} ${getComputedStyle(nav).width} open=${document.querySelector(".dash")!.className} vw=${innerWidth}x${innerHeight}`;
  });
  console.log("before", await measure());
  await page.screenshot({ path: "/tmp/shots/full.png", fullPage: true });
  console.log("after", await measure());
  await page.screenshot({ path: "/tmp/shots/full2.png", fullPage: true, animations: "disabled" });
  console.log("after2", await measure());
});
