// Camera commands as a club administrator asks for them in the scheduler, with
// the real worker and the camera-server simulator (issue 16): a command the
// camera refuses reaches the admin within seconds, as a toast and on the
// match's row; starting to record long before kick-off asks first; and the
// menu of a row names the match's date and field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createSimulatorControl } from "@clubcast/testkit/camera-sim";
import { launchBrowser } from "@clubcast/testkit/browser";
import { expectAccessible } from "./support/axe.ts";
import { screenshots } from "./support/browser.ts";
import { startCameras, type CameraStack } from "./support/cameras.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { club, createUser, match, type SeededClub } from "./support/seed.ts";

let platform: Platform;
let browser: Browser;
let cameras: CameraStack;
let groenWit: SeededClub;
let zwaluwen: SeededClub;
let adminEmail: string;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  groenWit = await club(platform.prisma, "FC Groen Wit");
  zwaluwen = await club(platform.prisma, "VV De Zwaluwen");
  cameras = await startCameras(platform, groenWit.id, groenWit.field.id);
  adminEmail = (await createUser(platform.prisma, { scope: "club", clubId: groenWit.id, email: "admin@groenwit.test" }))
    .email;
});

afterAll(async () => {
  await browser?.close();
  await cameras?.stop();
  await platform?.stop();
});

const statusOf = async (id: number) =>
  (await platform.prisma.match.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;

/** The Upcoming table's row of the match played on `field`. */
const upcomingRow = (page: Page, field: string) =>
  page.getByRole("table", { name: "Upcoming" }).getByRole("row").filter({ hasText: field });

async function chooseAction(page: Page, field: string, action: string) {
  await upcomingRow(page, field)
    .getByRole("button", { name: /^Actions for / })
    .click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}

describe("camera commands in the scheduler", () => {
  it("shows a refused start of recording within seconds, as a toast and on the match's row", async () => {
    const soon = await match(platform.prisma, { home: groenWit, away: zwaluwen, status: "scheduled", startsIn: 0.1 });
    // The camera is busy with another match and says so (a 4xx: the job fails at once, without retries).
    const control = createSimulatorControl(cameras.simulator.url);
    await control.setFaults({
      fail_next: 1,
      fail_status: 409,
      fail_message: "camera cam-1 is busy recording match 28",
      path_prefix: null,
      delay_ms: 0,
    });
    const page = await signInToDashboard(browser, platform.url, adminEmail);
    await page.goto(`${platform.url}/dashboard/scheduler`);
    await chooseAction(page, "Hoofdveld", "Start recording");
    // Pending on the row until the camera's answer arrives.
    const askedAt = Date.now();
    // A camera server's own words never reach the club (issue 25.10): only how it answered, in ours.
    await page.locator(".toasts").getByText("The operation failed: the server answered with a 4xx error").waitFor({
      timeout: 10_000,
    });
    const row = upcomingRow(page, "Hoofdveld");
    await row.getByText("Start recording failed: the server answered with a 4xx error").waitFor();
    expect(Date.now() - askedAt).toBeLessThan(10_000);
    expect(await statusOf(soon.id)).toBe("scheduled");
    // The failure stays on the row after the toast is gone.
    await page.locator(".toast").first().waitFor({ state: "detached" });
    expect(await row.getByText("Start recording failed").isVisible()).toBe(true);
    await expectAccessible(page, "the scheduler with a failed command");
    await screenshots(page, "scheduler-command-failed");
    await page.context().close();
  });

  it("asks before recording a match whose kick-off is more than 30 minutes away, naming its date and field", async () => {
    const veld2 = await platform.prisma.field.create({
      data: { name: "Veld 2", clubId: groenWit.id, sportId: groenWit.field.sportId },
    });
    const nextWeek = await match(platform.prisma, {
      home: groenWit,
      away: zwaluwen,
      status: "scheduled",
      startsIn: 168,
    });
    await platform.prisma.match.update({
      where: { id: nextWeek.id },
      data: { fieldId: veld2.id, configurationId: cameras.configurationId },
    });
    const control = createSimulatorControl(cameras.simulator.url);
    await control.reset();
    const page = await signInToDashboard(browser, platform.url, adminEmail);
    await page.goto(`${platform.url}/dashboard/scheduler`);

    // Two rows of the same clubs: each row's menu names the match's date and field.
    await upcomingRow(page, "Veld 2")
      .getByRole("button", { name: /^Actions for / })
      .click();
    const heading = page.getByRole("menu").locator(".action-menu__heading");
    expect(await heading.textContent()).toMatch(/FC Groen Wit against VV De Zwaluwen.*· Veld 2$/);
    await page.keyboard.press("Escape");

    await chooseAction(page, "Veld 2", "Start recording");
    const dialog = page.getByRole("dialog", { name: "Start recording now?" });
    expect(await dialog.textContent()).toMatch(/more than 30 minutes from now \(.+· Veld 2\)/);
    await expectAccessible(page, "the early recording confirmation");
    await screenshots(page, "scheduler-early-recording");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await control.calls()).toEqual([]);
    expect(await statusOf(nextWeek.id)).toBe("scheduled");

    await chooseAction(page, "Veld 2", "Start recording");
    await dialog.getByRole("button", { name: "Start recording now" }).click();
    await page.getByRole("table", { name: "Live now" }).getByRole("row").filter({ hasText: "Veld 2" }).waitFor({
      timeout: 30_000,
    });
    expect(await statusOf(nextWeek.id)).toBe("live");
    await page.context().close();
  });
});
