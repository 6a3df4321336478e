// The dashboard frame and the platform pages in real Chromium against the real
// server over the demo data: one signed-in journey per scope (player, trainer,
// system) checks the section-6 menu, a restricted route, the notification bell
// and the top-bar search; the system administrator creates an API client, whose
// one-time secret a camera controller then uses (its stream.ready refreshes the
// open Streams page), and revokes it. Screenshots of every page of this area.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DEMO_PASSWORD, seed } from "../../../prisma/seed.ts";
import { launchBrowser } from "@clubcast/testkit/browser";
import { newVisitor, OUTPUT_DIR, screenshots } from "./support/browser.ts";
import { startPlatform, type Platform } from "./support/platform.ts";

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  await seed(platform.prisma, { ...process.env, PUBLIC_URL: platform.url, MEDIA_DIR: platform.mediaDir });
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** The page of the running test, shown as it was when the test failed (test-output/web/failed-*.png). */
let current: Page | null = null;
afterEach(async ({ task }) => {
  if (task.result?.state === "fail" && current && !current.isClosed()) {
    await current.screenshot({ path: `${OUTPUT_DIR}failed-${task.name.slice(0, 40).replace(/\W+/g, "-")}.png` });
  }
  current = null;
});

async function signIn(email: string): Promise<Page> {
  const context = await newVisitor(browser);
  // Granted so the API client's secret can really be copied.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: platform.url });
  const page = await context.newPage();
  current = page;
  await page.goto(`${platform.url}/auth/login`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${platform.url}/dashboard/`);
  await page.getByRole("heading", { name: /^Good (morning|afternoon|evening), / }).waitFor();
  return page;
}

const menuItems = (page: Page) =>
  page
    .getByRole("navigation", { name: "Dashboard navigation" })
    .getByRole("list")
    .first()
    .getByRole("link")
    .allTextContents();

/** Screenshots once the left menu has hidden after the page load. */
async function shoot(page: Page, name: string) {
  await screenshots(page, name, async (shot) => {
    await shot.locator(".dash:not(.dash--nav-open)").waitFor();
  });
}

/** Toasts last 2 s: wait for one right after the action. */
const toast = (page: Page, text: string | RegExp) => page.locator(".toasts").getByText(text).first().waitFor();

/** Opens a page by its locale-free path and waits for the top bar to name it. */
async function visit(page: Page, path: string, title: string) {
  await page.goto(`${platform.url}${path}`);
  await page.getByRole("banner").getByRole("heading", { level: 1, name: title }).waitFor();
}

async function expectRedirectHome(page: Page, path: string) {
  await page.goto(`${platform.url}${path}`);
  await page.waitForURL(`${platform.url}/dashboard/`);
  await page.getByRole("banner").getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
}

/** The bell shows the unread count; opening the notifications sets it to 0, also after a reload. */
async function readNotifications(page: Page, unread: number, screenshotName?: string) {
  await page.getByRole("button", { name: `Notifications, ${unread} unread` }).waitFor();
  expect(await page.getByTestId("bell-count").textContent()).toBe(String(unread));
  await page.getByRole("button", { name: `Notifications, ${unread} unread` }).click();
  const dialog = page.getByRole("dialog", { name: "What's new" });
  await dialog.getByRole("button", { name: /Offline recordings/, expanded: true }).waitFor();
  expect(await dialog.getByRole("button", { expanded: false }).count()).toBe(unread - 1);
  // The markup is rendered: a heading, bold and italic, never the raw markers.
  await dialog.locator("h4", { hasText: "Offline recordings" }).waitFor();
  expect(await dialog.locator("strong", { hasText: "Offline" }).count()).toBe(1);
  expect(await dialog.textContent()).not.toContain("##");
  if (screenshotName) await shoot(page, screenshotName);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();
  expect(await page.getByTestId("bell-count").count()).toBe(0);
  await page.reload();
  await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();
  expect(await page.getByTestId("bell-count").count()).toBe(0);
}

/** Searches in the top bar (Enter commits) and returns the results panel. */
async function search(page: Page, query: string) {
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("searchbox", { name: "Search the platform" }).fill(query);
  await page.keyboard.press("Enter");
  const results = page.getByRole("region", { name: `Results for “${query}”` });
  await results.waitFor();
  return results;
}

describe("a player", () => {
  it("sees the member menu, is kept out of restricted pages, reads the updates and finds a club", async () => {
    const page = await signIn("player@clubcast.test");
    expect(await menuItems(page)).toEqual(["Dashboard", "Recorded"]);
    // The overview of the player's club: live, upcoming and recent recordings.
    await page.getByRole("heading", { name: "Live now" }).waitFor();
    await page.getByRole("heading", { name: "Coming up" }).waitFor();
    await page.getByRole("heading", { name: "Recent recordings" }).waitFor();
    // A loaded card, not a skeleton placeholder (which shares the class).
    await page.locator(".match-card__title").first().waitFor();
    await shoot(page, "dashboard-overview-player");

    for (const path of ["/dashboard/configuration", "/dashboard/streams", "/dashboard/users", "/dashboard/access"]) {
      await expectRedirectHome(page, path);
    }
    await readNotifications(page, 3, "dashboard-notifications");

    const results = await search(page, "duinzicht");
    await results.getByRole("heading", { name: "Clubs" }).waitFor();
    await results.getByText("VV Duinzicht", { exact: true }).waitFor();
    await results.getByRole("heading", { name: "Matches" }).waitFor();
    await shoot(page, "dashboard-search");
    // A route change clears and hides the search.
    await page
      .getByRole("navigation", { name: "Dashboard navigation" })
      .getByRole("link", { name: "Recorded" })
      .click();
    await page.waitForURL(`${platform.url}/dashboard/recorded`);
    await page.locator(".dash-topbar").getByRole("searchbox").waitFor({ state: "detached" });
    expect(await page.getByRole("region", { name: /Results for/ }).count()).toBe(0);
    await page.context().close();
  });
});

describe("a trainer holding scheduler.all", () => {
  it("gets the scheduler and offline pages in the menu and nothing more", async () => {
    const page = await signIn("trainer@clubcast.test");
    expect(await menuItems(page)).toEqual(["Dashboard", "Recorded", "Scheduler", "Offline recordings"]);
    await readNotifications(page, 3);
    const results = await search(page, "zuiderpark");
    await results
      .getByRole("link", { name: /FC Zuiderpark/ })
      .first()
      .waitFor();

    await expectRedirectHome(page, "/dashboard/teams");
    await expectRedirectHome(page, "/dashboard/monitoring");
    // The short route leads to the dashboard page, which the permission opens.
    await page.goto(`${platform.url}/scheduler`);
    await page.waitForURL(`${platform.url}/dashboard/scheduler`);
    await page.getByRole("banner").getByRole("heading", { level: 1, name: "Scheduler" }).waitFor();
    // A short route to a section the trainer may not open still ends on the dashboard, in its locale.
    await page.goto(`${platform.url}/nl/users`);
    await page.waitForURL(`${platform.url}/nl/dashboard/`);
    await page.getByRole("banner").getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await page.context().close();
  });
});

describe("a club administrator", () => {
  it("edits the club's details on the system page", async () => {
    const page = await signIn("club@clubcast.test");
    await page.goto(`${platform.url}/system`);
    await page.waitForURL(`${platform.url}/dashboard/system`);
    const form = page.locator("form", { has: page.getByRole("heading", { name: "Club details" }) });
    await form.getByLabel("Club name").waitFor();
    expect(await form.getByLabel("Club name").inputValue()).toBe("FC Zuiderpark");
    // Activation is the system administrators' call.
    expect(await form.getByLabel("Club is active").count()).toBe(0);
    await page.getByText("2.7.2").waitFor();
    await shoot(page, "dashboard-system");

    // The form checks with the server's own schema before sending: the field says what is wrong.
    await form.getByLabel("Notification e-mail").fill("not an address");
    await form.getByRole("button", { name: "Save club" }).click();
    await expect
      .poll(() => form.getByLabel("Notification e-mail").getAttribute("aria-invalid"), { timeout: 10_000 })
      .toBe("true");

    await form.getByLabel("Notification e-mail").fill("secretariaat@fczuiderpark.test");
    await form.getByLabel("Time zone").selectOption("Europe/Brussels");
    await form.getByRole("button", { name: "Save club" }).click();
    await toast(page, "Club saved");
    const club = await platform.prisma.club.findFirstOrThrow({ where: { name: "FC Zuiderpark" } });
    expect(club.notificationEmail).toBe("secretariaat@fczuiderpark.test");
    expect(club.timezone).toBe("Europe/Brussels");
    await page.context().close();
  });
});

describe("a system administrator", () => {
  it("has the platform menu and reaches every section", async () => {
    const page = await signIn("system@clubcast.test");
    // The demo's platform operator holds every permission: scheduler.all adds the scheduler and offline pages.
    expect(await menuItems(page)).toEqual([
      "Dashboard",
      "Streams",
      "Configuration",
      "Clubs",
      "Users",
      "Monitoring",
      "Scheduler",
      "Offline recordings",
    ]);
    await page.getByRole("heading", { name: "Live on the platform" }).waitFor();
    // A loaded card, not a skeleton placeholder (which shares the class).
    await page.locator(".match-card__title").first().waitFor();
    await shoot(page, "dashboard-overview-system");
    await readNotifications(page, 3);
    const results = await search(page, "kingsbridge");
    await results
      .getByRole("link", { name: /Kingsbridge RFC/ })
      .first()
      .click();
    await page.waitForURL(/\/dashboard\/clubs\/\d+$/);

    await visit(page, "/dashboard/monitoring", "Monitoring");
    await page.getByRole("table", { name: "Camera configurations" }).getByText("CC-NL-0101").waitFor();
    await page.getByRole("table", { name: "Routers" }).getByText("Zuiderpark LTE router").waitFor();
    await page.getByRole("heading", { name: "Failed jobs" }).waitFor();
    await shoot(page, "dashboard-monitoring");

    await visit(page, "/dashboard/access", "Access");
    await page.getByRole("tab", { name: /^Member/ }).click();
    await page.getByRole("tab", { name: /^Member/, selected: true }).waitFor();
    const permission = page.getByRole("checkbox", { name: "sequences.create" });
    expect(await permission.isChecked()).toBe(false);
    await permission.check();
    await toast(page, "sequences.create added to Member");
    const memberRole = await platform.prisma.role.findFirstOrThrow({
      where: { name: "Member" },
      include: { permissions: { include: { permission: true } } },
    });
    expect(memberRole.permissions.map((held) => held.permission.name)).toContain("sequences.create");
    await shoot(page, "dashboard-access");
    await permission.uncheck();
    await toast(page, "sequences.create removed from Member");
    await page.reload();
    await page.getByRole("tab", { name: /^Member/, selected: true }).waitFor();
    expect(await page.getByRole("checkbox", { name: "sequences.create" }).isChecked()).toBe(false);
    await page.context().close();
  });

  it("creates an API client whose secret is shown once, sees its stream get ready, and revokes it", async () => {
    const { prisma } = platform;
    const configuration = await prisma.configuration.findUniqueOrThrow({ where: { barcode: "CC-NL-0101" } });
    const visitors = await prisma.club.create({
      data: { name: "SC Realtime", sportId: (await prisma.sport.findFirstOrThrow({ where: { slug: "football" } })).id },
    });
    const match = await prisma.match.create({
      data: {
        clubId: configuration.clubId,
        homeClubId: configuration.clubId,
        awayClubId: visitors.id,
        fieldId: configuration.fieldId,
        configurationId: configuration.id,
        status: "scheduled",
        isScheduled: true,
        startingAt: new Date(Date.now() + 10 * 60_000),
        stoppingAt: new Date(Date.now() + 100 * 60_000),
      },
    });

    const page = await signIn("system@clubcast.test");
    await visit(page, "/dashboard/access/clients", "API clients");
    // The demo has the camera simulator's client.
    await page.getByRole("table", { name: "API clients" }).getByText("demo-camera-simulator").waitFor();
    await page.getByRole("button", { name: "New API client" }).click();
    const form = page.getByRole("dialog", { name: "New API client" });
    await form.getByRole("button", { name: "Create client" }).click();
    await form.getByText("Please fill in this field.").first().waitFor();
    await form.getByLabel("Name").fill("Hoofdveld controller");
    await form.getByLabel("Configuration").selectOption({ label: "CC-NL-0101 · FC Zuiderpark · Hoofdveld" });
    await shoot(page, "dashboard-api-client-new");
    await form.getByRole("button", { name: "Create client" }).click();

    const secretDialog = page.getByRole("dialog", { name: "Copy the client secret now" });
    await secretDialog.waitFor();
    const clientId = await secretDialog.getByLabel("Client ID", { exact: true }).inputValue();
    const secret = await secretDialog.getByLabel("Client secret", { exact: true }).inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await secretDialog.getByRole("button", { name: "Copy Client secret" }).click();
    await secretDialog.getByRole("button", { name: "Copied Client secret" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shoot(page, "dashboard-api-client-secret");
    await secretDialog.getByRole("button", { name: "I've stored it" }).click();
    // Only the hash is kept; the secret is nowhere on the page any more.
    const stored = await prisma.apiClient.findUniqueOrThrow({ where: { clientId } });
    expect(stored.secretHash).not.toContain(secret);
    const table = page.getByRole("table", { name: "API clients" });
    await table.getByText("Hoofdveld controller").waitFor();
    expect(await page.content()).not.toContain(secret);
    await shoot(page, "dashboard-api-clients");

    // The controller exchanges the credentials for a token; the live streams page hears its stream get ready.
    const tokenAnswer = await fetch(`${platform.url}/v1/camera/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_id: clientId, client_secret: secret }),
    });
    expect(tokenAnswer.status).toBe(200);
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };

    await visit(page, "/dashboard/streams", "Streams");
    await page.getByText("Updates live").waitFor();
    const live = page.getByRole("table", { name: "Live streams" });
    await live.locator("tbody tr").first().waitFor();
    expect(await live.getByText(/SC Realtime/).count()).toBe(0);
    await shoot(page, "dashboard-streams");
    await prisma.match.update({ where: { id: match.id }, data: { status: "live" } });
    const ready = await fetch(`${platform.url}/v1/camera/stream-ready`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ match_id: match.id, live_hls_url: "https://cdn.example.test/live/realtime.m3u8" }),
    });
    expect(ready.status).toBe(200);
    await live.getByText(/SC Realtime/).waitFor({ timeout: 15_000 });
    await page.getByRole("link", { name: "Upcoming" }).click();
    await page.getByRole("table", { name: "Upcoming streams" }).locator("tbody tr").first().waitFor();

    // Revoking asks first, then the credentials stop working.
    await visit(page, "/dashboard/access/clients", "API clients");
    await page.getByRole("button", { name: "Revoke Hoofdveld controller" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke this API client?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect((await prisma.apiClient.findUniqueOrThrow({ where: { clientId } })).revokedAt).toBeNull();
    await page.getByRole("button", { name: "Revoke Hoofdveld controller" }).click();
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await toast(page, "API client revoked");
    await page.getByRole("table", { name: "API clients" }).getByText("Revoked").waitFor();
    expect(await page.getByRole("button", { name: "Revoke Hoofdveld controller" }).count()).toBe(0);
    const again = await fetch(`${platform.url}/v1/camera/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_id: clientId, client_secret: secret }),
    });
    expect(again.status).toBe(401);
    await page.context().close();
  });
});
