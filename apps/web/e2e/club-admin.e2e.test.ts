// A club administrator's day in real Chromium against the real back end: the
// API server, the worker process and the camera-server simulator (HLS video
// from ffmpeg, reporting streams and recordings as the camera controller).
// The admin plans a match, schedules it, records it, makes it private and
// annotates it; markers survive a reload. A system administrator browses the
// club pages. Every page is photographed at desktop and phone size.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { utcToZoned } from "@clubcast/shared";
import { createSimulatorControl } from "@clubcast/testkit/camera-sim";
import { startCameras, type CameraStack } from "./support/cameras.ts";
import { launchBrowser } from "@clubcast/testkit/browser";
import { screenshots } from "./support/browser.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { club, createUser, type SeededClub } from "./support/seed.ts";

const TIMEZONE = "Europe/Amsterdam";
const HOUR = 3600_000;

let platform: Platform;
let browser: Browser;
let cameras: CameraStack;
let groenWit: SeededClub;
let adminEmail: string;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  const { prisma } = platform;
  groenWit = await club(prisma, "FC Groen Wit");
  await club(prisma, "VV De Zwaluwen");
  cameras = await startCameras(platform, groenWit.id, groenWit.field.id);
  adminEmail = (await createUser(prisma, { scope: "club", clubId: groenWit.id, email: "admin@groenwit.test" })).email;
  // A recording the camera made without a planned match.
  const recordedAt = Date.now() - 26 * HOUR;
  await prisma.offlineRecording.create({
    data: {
      clubId: groenWit.id,
      fieldId: groenWit.field.id,
      configurationId: cameras.configurationId,
      startTime: new Date(recordedAt),
      endTime: new Date(recordedAt + 1.5 * HOUR),
    },
  });
});

afterAll(async () => {
  await browser?.close();
  await cameras?.stop();
  await platform?.stop();
});

const signIn = (email: string) => signInToDashboard(browser, platform.url, email);

/** Date (YYYY-MM-DD) and time (HH:mm) of an instant on the club's clock. */
const onClubClock = (instant: number) => utcToZoned(new Date(instant), TIMEZONE);

/** Polls the database (the worker and the simulator move the match) until `probe` holds. */
async function eventually<T>(probe: () => Promise<T | null | false | undefined>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${cameras.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const statusOf = async (id: number) =>
  (await platform.prisma.match.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;

const MATCH = "FC Groen Wit against VV De Zwaluwen";

/** Opens the match's actions menu (in the list named `list`, if the page has several) and picks `action`. */
async function chooseAction(page: Page, action: string, list?: string) {
  const scope = list ? page.getByRole("table", { name: list }) : page;
  await scope.getByRole("button", { name: `Actions for ${MATCH}` }).click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}

/** Before a screenshot: at the top of the page, the menu hidden again and no toasts over the content. */
async function settled(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator(".dash--nav-open").waitFor({ state: "detached" });
  await page.locator(".toast").first().waitFor({ state: "detached" });
  // A viewport change slides the navigation into its phone form: let transitions finish.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      // Endless ones (a live dot's pulse, a skeleton's shimmer) never finish.
      const end = animation.effect?.getComputedTiming().endTime;
      return animation.playState !== "running" || end === Infinity;
    }),
  );
}

const shoot = (page: Page, name: string) => screenshots(page, name, settled);

const timecode = (page: Page) => page.getByRole("status", { name: "Timecode" });

describe("a club administrator", () => {
  it("sees only the club scope's menu and is sent back from a restricted page", async () => {
    const page = await signIn(adminEmail);
    const menu = page.getByRole("navigation", { name: "Dashboard navigation" }).getByRole("list").first();
    await menu.getByRole("link", { name: "Dashboard" }).waitFor();
    expect(await menu.getByRole("link").allTextContents()).toEqual([
      "Dashboard",
      "Scheduler",
      "Streams",
      "Offline recordings",
      "Recorded",
      "Your teams",
      "Your users",
      "System",
    ]);
    for (const restricted of ["configuration", "clubs", "clubs/all"]) {
      await page.goto(`${platform.url}/dashboard/${restricted}`);
      await page.waitForURL(`${platform.url}/dashboard/`);
    }
    await page.context().close();
  });

  it("plans, schedules, records, hides and annotates a match", async () => {
    const page = await signIn(adminEmail);
    await page.goto(`${platform.url}/dashboard/scheduler`);
    await page.getByText("No unscheduled matches found").waitFor();
    await shoot(page, "scheduler-empty");

    // Create: the editing state's defaults, today's date on the club's clock.
    await page.getByRole("button", { name: "New match" }).click();
    const form = page.getByRole("dialog", { name: "New match" });
    const start = onClubClock(Date.now() + 3 * HOUR);
    const stop = onClubClock(Date.now() + 4.5 * HOUR);
    expect(await form.getByLabel("Date", { exact: true }).inputValue()).toBe(onClubClock(Date.now()).date);
    expect(await form.getByLabel("View").inputValue()).toBe("media");
    expect(await form.getByLabel("Player tracking").inputValue()).toBe("auto");
    expect(await form.getByLabel("Focus").inputValue()).toBe("centre");
    expect(await form.getByRole("switch", { name: "Create a summary" }).isChecked()).toBe(true);
    // A new match is scheduled on the camera by default; this journey plans it first and schedules it from the list.
    const scheduledOnCamera = form.getByRole("switch", { name: "Scheduled on the camera" });
    expect(await scheduledOnCamera.isChecked()).toBe(true);
    await scheduledOnCamera.click();
    expect(await scheduledOnCamera.isChecked()).toBe(false);
    await form.getByLabel("Home club").selectOption({ label: "FC Groen Wit" });
    await form.getByLabel("Away club").selectOption({ label: "VV De Zwaluwen" });
    await form.getByLabel("Field").selectOption({ label: "Hoofdveld" });
    await form.getByLabel("Date", { exact: true }).fill(start.date);
    await form.getByLabel("Start").fill(start.time);
    await form.getByLabel("End date").fill(stop.date);
    await form.getByLabel("Stop").fill(stop.time);
    await shoot(page, "scheduler-new-match");
    await form.getByRole("button", { name: "Create match" }).click();
    const unscheduled = page.getByRole("table", { name: "Not scheduled yet" });
    await unscheduled.getByText(MATCH).waitFor();
    const match = await platform.prisma.match.findFirstOrThrow({ where: { clubId: groenWit.id } });
    expect(match.status).toBe("unscheduled");
    expect(match.cameraView).toBe("media");

    // Schedule: the worker has the camera confirm it; the lists follow.
    await chooseAction(page, "Schedule", "Not scheduled yet");
    await page.getByRole("table", { name: "Upcoming" }).getByText(MATCH).waitFor({ timeout: 30_000 });
    await page.getByText("No unscheduled matches found").waitFor();
    expect(await statusOf(match.id)).toBe("scheduled");
    await shoot(page, "scheduler");

    // Record: live through the simulator, then stopped.
    await chooseAction(page, "Start recording", "Upcoming");
    // Kick-off is three hours away: the scheduler asks first.
    await page
      .getByRole("dialog", { name: "Start recording now?" })
      .getByRole("button", { name: "Start recording now" })
      .click();
    await page.getByRole("table", { name: "Live now" }).getByText(MATCH).waitFor({ timeout: 30_000 });
    await page.getByText("No upcoming matches found").waitFor();
    expect(await statusOf(match.id)).toBe("live");
    // Record a few seconds of video: the annotation steps through it later.
    await eventually(async () => {
      const { liveHlsUrl } = await platform.prisma.match.findUniqueOrThrow({ where: { id: match.id } });
      if (!liveHlsUrl) return false;
      const playlist = await (await fetch(liveHlsUrl)).text();
      return playlist.split("\n").filter((line) => line.endsWith(".ts")).length >= 3;
    }, "three live segments");
    await chooseAction(page, "Stop recording", "Live now");
    await page.getByText("No live matches found").waitFor({ timeout: 30_000 });
    // The simulator reports the finished recording: on demand with its video.
    const recorded = await eventually(async () => {
      const row = await platform.prisma.match.findUniqueOrThrow({ where: { id: match.id } });
      return row.status === "vod" && row.vodHlsUrl ? row : null;
    }, "the match to be on demand");
    expect(recorded.vodHlsUrl).toMatch(/\/vod\/index\.m3u8$/);

    // The recorded table, with a row selected for its bulk actions.
    await page.goto(`${platform.url}/dashboard/recorded`);
    await page.getByRole("link", { name: MATCH, exact: true }).waitFor();
    await page.getByRole("checkbox", { name: `Select ${MATCH}` }).check();
    await page.getByRole("region", { name: "Actions for the selected rows" }).getByText("1 selected").waitFor();
    await shoot(page, "recorded");

    // Make it private from the recorded match's page.
    await page.getByRole("link", { name: MATCH, exact: true }).click();
    await page.waitForURL(`**/dashboard/clubs/${groenWit.id}/recorded/${match.id}`);
    await page.locator("video").waitFor();
    await chooseAction(page, "Make private");
    await page.locator(".toasts").getByText("OK", { exact: true }).waitFor();
    await page.locator(".recorded-match").getByText("Private", { exact: true }).waitFor();
    expect((await platform.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).isPrivate).toBe(true);
    // Spec section 4: a privacy change makes two asset-update posts carrying the match id.
    const control = createSimulatorControl(cameras.simulator.url);
    await eventually(async () => {
      const posts = (await control.calls()).filter(
        (call) => call.asset_target !== null && JSON.stringify(call.body).includes(String(match.id)),
      );
      return posts.length >= 2;
    }, "the two asset updates");
    await shoot(page, "recorded-match");

    // Annotate: frame steps at PAL 25, markers by key and button, a renamed marker.
    await page.getByRole("link", { name: "Annotate", exact: true }).click();
    await page.waitForURL(`**/recorded/${match.id}/annotate`);
    await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 2, undefined, {
      timeout: 30_000,
    });
    for (let step = 0; step < 3; step++) await page.getByRole("button", { name: "One frame forward" }).click();
    await expect.poll(() => timecode(page).textContent()).toBe("00:00:00:120");
    await page.getByText("Frame 3", { exact: true }).waitFor();
    await page.keyboard.press("m");
    await page.getByRole("button", { name: "Jump to Marker 1 at 00:00:00:120" }).waitFor();
    await page.keyboard.press("Shift+ArrowRight");
    await expect.poll(() => timecode(page).textContent()).toBe("00:00:01:120");
    await page.getByRole("button", { name: "Add marker" }).click();
    await page.getByRole("button", { name: "Jump to Marker 2 at 00:00:01:120" }).waitFor();
    await page.getByRole("button", { name: "Edit Marker 2" }).click();
    await page.getByRole("textbox", { name: "Label" }).fill("Corner kick");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Jump to Corner kick at 00:00:01:120" }).waitFor();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => timecode(page).textContent()).toBe("00:00:01:080");
    await page.getByLabel("Frame rate").selectOption("NTSC");
    await page.getByText("Frame 32", { exact: true }).waitFor();
    await page.getByRole("button", { name: "One more for Home" }).click();
    await page.getByRole("button", { name: "Save score" }).click();
    await page.locator(".toasts").getByText("Score saved").waitFor();
    await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
    await page.getByText("Add a marker here").waitFor();
    await page.keyboard.press("Escape");
    await shoot(page, "annotate");

    // Saved through the API: still there after a reload.
    await page.reload();
    await page.getByRole("button", { name: "Jump to Marker 1 at 00:00:00:120" }).waitFor();
    await page.getByRole("button", { name: "Jump to Corner kick at 00:00:01:120" }).waitFor();
    const markers = await platform.prisma.marker.findMany({
      where: { sequence: { matchId: match.id } },
      orderBy: { timeMs: "asc" },
    });
    expect(markers.map((marker) => [marker.timeMs, marker.label, marker.clipLength])).toEqual([
      [120, "Marker 1", 20],
      [1120, "Corner kick", 20],
    ]);
    expect((await platform.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).homeScore).toBe(1);
    await page.context().close();
  });

  it("turns an offline recording into a match", async () => {
    const page = await signIn(adminEmail);
    await page.goto(`${platform.url}/dashboard/offline`);
    const convert = page.getByRole("button", { name: /^Turn the recording of .* into a match$/ });
    await convert.waitFor();
    await shoot(page, "offline");
    await page.goto(`${platform.url}/dashboard/clubs/${groenWit.id}/offline`);
    await convert.waitFor();
    await shoot(page, "club-offline");
    await convert.click();
    await page
      .getByRole("dialog", { name: "Turn into a match" })
      .getByRole("button", { name: "Make the match" })
      .click();
    await page.waitForURL(/\/dashboard\/clubs\/\d+\/recorded\/\d+$/);
    const recording = await platform.prisma.offlineRecording.findFirstOrThrow({ where: { clubId: groenWit.id } });
    expect(recording.matchId).not.toBeNull();
    expect(await statusOf(recording.matchId!)).toBe("processing");
    await page.getByText("The video is being processed and will be here soon.").waitFor();
    await page.context().close();
  });
});

describe("a system administrator", () => {
  it("browses the clubs, a club's view and all active clubs", async () => {
    const { email } = await createUser(platform.prisma, { scope: "system", email: "root@clubcast.test" });
    const page = await signIn(email);
    await page.goto(`${platform.url}/dashboard/clubs`);
    await page.getByRole("link", { name: "VV De Zwaluwen", exact: true }).waitFor();
    await shoot(page, "clubs");
    await page.goto(`${platform.url}/dashboard/clubs/all`);
    await page.getByText("2 active clubs").waitFor();
    await shoot(page, "clubs-all");
    await page.getByRole("link", { name: "FC Groen Wit", exact: true }).click();
    await page.locator("#content").getByRole("heading", { level: 1, name: "FC Groen Wit" }).waitFor();
    const nav = page.getByRole("navigation", { name: "Club navigation" });
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "Overview",
      "Recorded",
      "Offline recordings",
      "Teams",
      "Users",
    ]);
    await page.getByRole("table", { name: "Recorded matches" }).getByRole("link").first().waitFor();
    await shoot(page, "club");
    // Leaving the club pages for the scheduler: the system administrator picks the club there.
    await nav.getByRole("link", { name: "Recorded" }).click();
    await page.waitForURL(`**/dashboard/recorded?club=${groenWit.id}`);
    await page.getByRole("link", { name: MATCH, exact: true }).waitFor();
    await page.goto(`${platform.url}/dashboard/scheduler`);
    await page.getByText("Pick the club whose matches you want to plan.").waitFor();
    await page.getByLabel("Club", { exact: true }).selectOption({ label: "FC Groen Wit" });
    await page.getByText("No upcoming matches found").waitFor();
    await page.context().close();
  });
});
