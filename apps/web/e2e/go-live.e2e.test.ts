// Match day at phone size (issue 27), all of it real: the API server, the worker
// and the media gateway. A club administrator finds his camera's stream key in
// three taps and points his phone at it (an ffmpeg publisher to the RTMP URL the
// page shows); a supporter who opened the match's page before kick-off sees it
// turn live when the administrator starts recording from the scheduler, score
// (entered on the administrator's phone at the same page), ride out a server
// restart, go back to kick-off and return to the live edge during the match, go on demand with the
// recording when he stops, and close when he
// makes it private from the recorded matches, all without a reload. axe-core checks every page on the way, at the
// phone's size and the desktop's.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { eventually } from "@clubcast/testkit";
import { publish, type Publisher } from "@clubcast/testkit/publisher";
import { expectAccessibleAtEverySize } from "./support/axe.ts";
import { newVisitor, VIEWPORTS } from "./support/browser.ts";
import { useMatchDay } from "./support/match-day.ts";
import { createUser, TEST_PASSWORD } from "./support/seed.ts";

let camera: Publisher | null = null;
const STREAM_KEY = "groen-wit-hoofdveld-phone";
const TITLE = "FC Groen Wit against VV De Zwaluwen";

const day = useMatchDay(() => void camera?.child.kill("SIGKILL"));

/** The video's clock (seconds played). */
const clockOf = (page: Page) => page.locator("video").evaluate((element: HTMLVideoElement) => element.currentTime);

/** Waits until the page's video has played `seconds` more than it had when asked. */
async function playsOn(page: Page, seconds: number, what: string): Promise<void> {
  const from = await clockOf(page);
  await eventually(async () => (await clockOf(page)) > from + seconds, `${what}: the video to play on`, 45_000);
}

/** The scheduler's list (its section), once it shows the match. */
async function schedulerList(page: Page, list: "Live now" | "Upcoming") {
  await page.goto(`${day.platform.url}/dashboard/scheduler`);
  const section = page.getByRole("region", { name: new RegExp(`^${list}`) });
  await section.getByRole("link", { name: TITLE }).waitFor({ timeout: 30_000 });
  return section;
}

/** Runs one of the scheduler's camera commands on the match's row, from its Actions menu. */
async function schedulerCommand(page: Page, list: "Live now" | "Upcoming", command: string): Promise<void> {
  const section = await schedulerList(page, list);
  await section.getByRole("button", { name: `Actions for ${TITLE}` }).click();
  await page.getByRole("menuitem", { name: command }).click();
}

describe("match day from a phone", () => {
  it("a club administrator finds his key and goes live from his phone; a supporter's page opened before kick-off follows the match to the end without a reload", async () => {
    const seeded = await day.gatewayMatch({
      streamKey: STREAM_KEY,
      cameraId: "gw-phone",
      passthrough: true,
    });
    const matchMedia = `${day.platform.url}/media/matches/${seeded.id}/`;

    // A supporter opens the match's link before kick-off.
    const visitorContext = await newVisitor(day.browser);
    const visitor = await visitorContext.newPage();
    await visitor.setViewportSize(VIEWPORTS.phone);
    const videoFetched: string[] = [];
    visitor.on("response", (response) => {
      if (response.url().startsWith(matchMedia) && response.ok()) videoFetched.push(response.url());
    });
    await visitor.goto(`${day.platform.url}/matches/${seeded.id}`);
    await visitor.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    await visitor.locator('[data-updates="joined"]').waitFor();
    expect(await visitor.locator("video").count()).toBe(0);
    await expectAccessibleAtEverySize(visitor, "match page before kick-off");

    // The club administrator signs in on his phone. Tap 1: the menu; tap 2: Streams; tap 3: Go live.
    const admin = await createUser(day.platform.prisma, { scope: "club", clubId: day.home.id });
    const staffContext = await newVisitor(day.browser);
    const staff = await staffContext.newPage();
    await staff.setViewportSize(VIEWPORTS.phone);
    await staff.goto(`${day.platform.url}/auth/login`);
    await expectAccessibleAtEverySize(staff, "sign-in page");
    await staff.getByLabel("E-mail address").fill(admin.email);
    await staff.getByLabel("Password").fill(TEST_PASSWORD);
    await staff.getByRole("button", { name: "Sign in" }).click();
    await staff.waitForURL(`${day.platform.url}/dashboard/`);
    // The drawer hides itself once the dashboard has loaded.
    await staff.getByRole("heading", { name: /^Good (morning|afternoon|evening), / }).waitFor();
    await staff.locator(".dash--nav-open").waitFor({ state: "detached" });
    await expectAccessibleAtEverySize(staff, "dashboard home");
    const toggle = staff.getByRole("button", { name: "Toggle navigation" });
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await staff
      .getByRole("navigation", { name: "Dashboard navigation" })
      .getByRole("link", { name: "Streams" })
      .click();
    // Before kick-off the club has nothing live: the list loads into its empty state, not a table (a table
    // shows only while it loads, which this test once caught and once missed).
    await staff.getByText("No live matches found").waitFor();
    await expectAccessibleAtEverySize(staff, "Streams page");
    await staff.getByRole("link", { name: "Go live" }).first().click();
    await staff.getByRole("heading", { level: 1, name: "Go live" }).waitFor();

    const key = staff.getByRole("textbox", { name: "Stream key", exact: true });
    expect(await key.inputValue()).not.toContain(STREAM_KEY);
    expect(await staff.getByRole("img", { name: /^QR code/ }).count()).toBe(0);
    await staff.getByText("Not publishing right now").waitFor();
    await staff.getByText("Recommended encoder settings").waitFor();
    await expectAccessibleAtEverySize(staff, "go-live page, key hidden");

    await staff.getByRole("button", { name: "Reveal key" }).click();
    expect(await key.inputValue()).toBe(STREAM_KEY);
    const rtmpUrl = await staff.getByRole("textbox", { name: "Full RTMP URL", exact: true }).inputValue();
    expect(rtmpUrl).toMatch(
      new RegExp(`^rtmp://127\\.0\\.0\\.1:${day.platform.gateway!.rtmpPort}/live/${STREAM_KEY}$`),
    );
    await staff.getByRole("img", { name: /^QR code of the RTMP URL/ }).waitFor();

    // His phone streams to that URL (ffmpeg's test pattern, a keyframe a second): the page sees it publishing.
    camera = publish(rtmpUrl, { size: "320x180" });
    await staff.getByText("Publishing now").waitFor({ timeout: 30_000 });
    await expectAccessibleAtEverySize(staff, "go-live page, key revealed and publishing");

    // Kick-off: he starts recording from the scheduler. The supporter's page turns live and plays the
    // gateway's video, muted.
    await schedulerCommand(staff, "Upcoming", "Start recording");
    await expectAccessibleAtEverySize(staff, "scheduler");
    const video = visitor.locator("video");
    await video.waitFor({ timeout: 45_000 });
    await playsOn(visitor, 1, "live");
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    expect(videoFetched.some((url) => url.endsWith(".ts"))).toBe(true);
    await expectAccessibleAtEverySize(visitor, "match page, live");

    // He enters the score on his phone at the match's page, a tap away from its live row; the supporter sees it.
    await (await schedulerList(staff, "Live now")).getByRole("link", { name: TITLE }).click();
    await staff.waitForURL(`${day.platform.url}/matches/${seeded.id}`);
    const scoreControl = staff.getByRole("form", { name: /^Enter the score of / });
    await scoreControl.getByRole("button", { name: "One more for Home" }).click();
    await scoreControl.getByRole("button", { name: "One more for Home" }).click();
    await expectAccessibleAtEverySize(staff, "match page with the score control");
    await scoreControl.getByRole("button", { name: "Save score" }).click();
    await staff.getByText("Score saved").waitFor();
    await expect.poll(() => visitor.getByTestId("score").textContent(), { timeout: 15_000 }).toBe("2–0");

    // The server restarts (an update at half-time): the page says it is reconnecting, keeps playing what
    // it has, and once the server is back its realtime channel follows the match again.
    const status = visitor.locator(".reconnecting[role=status]");
    const restarted = day.platform.restartServer(3_000);
    await status.getByText("Connection lost. Reconnecting…").waitFor({ timeout: 15_000 });
    expect(visitor.url()).toBe(`${day.platform.url}/matches/${seeded.id}`);
    await restarted;
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe("");
    await playsOn(visitor, 1, "live after the restart");

    // He came at half-time: "Watch from kick-off" (from the keyboard) takes him to the recording's first
    // frame, the first position of the live playlist; "Live", shown while he is behind, back to the edge.
    const position = () =>
      video.evaluate((element: HTMLVideoElement) => ({
        time: element.currentTime,
        start: element.seekable.length ? element.seekable.start(0) : Number.NaN,
        ready: element.readyState,
      }));
    const atEdge = (await position()).time;
    expect(atEdge).toBeGreaterThan(6);
    await visitor.getByRole("button", { name: "Watch from kick-off" }).focus();
    await visitor.keyboard.press("Enter");
    let seen = await position();
    await eventually(
      async () => {
        seen = await position();
        const { time, start, ready } = seen;
        return start < 0.2 && time >= start && time < start + 1.5 && ready >= 2;
      },
      "the video to show the recording's first frame",
      15_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: at ${JSON.stringify(seen)}`);
    });
    await playsOn(visitor, 0.5, "from kick-off");
    const toLive = visitor.getByRole("button", { name: "Live", exact: true });
    await toLive.waitFor({ timeout: 10_000 });
    await expectAccessibleAtEverySize(visitor, "match page, live, watched from kick-off");
    await toLive.click();
    await eventually(async () => (await position()).time > atEdge, "the video to return to the live edge", 15_000);
    await toLive.waitFor({ state: "detached", timeout: 10_000 });
    // The visitors score: he enters it on the page he kept open through the restart.
    await scoreControl.getByRole("button", { name: "One more for Away" }).click();
    await scoreControl.getByRole("button", { name: "Save score" }).click();
    await expect.poll(() => visitor.getByTestId("score").textContent(), { timeout: 15_000 }).toBe("2–1");

    // The final whistle: he stops recording from the scheduler's live row; the supporter's page goes on
    // demand and plays the recording.
    await schedulerCommand(staff, "Live now", "Stop recording");
    await visitor.getByText("Full time").waitFor({ timeout: 45_000 });
    await eventually(
      async () => videoFetched.some((url) => url === `${matchMedia}vod.m3u8`),
      "the page to load the recording",
      30_000,
    );
    await video.evaluate((element: HTMLVideoElement) => element.play());
    await playsOn(visitor, 1, "on demand");
    await expectAccessibleAtEverySize(visitor, "match page turned on demand");
    await camera.stop();
    camera = null;

    // He makes the recording private from the club's recorded matches: the supporter's player goes, a
    // message says why.
    await staff.goto(`${day.platform.url}/dashboard/recorded`);
    await staff.getByRole("link", { name: TITLE, exact: true }).waitFor();
    await expectAccessibleAtEverySize(staff, "recorded matches");
    await staff.getByRole("button", { name: `Actions for ${TITLE}` }).click();
    await staff.getByRole("menuitem", { name: "Make private", exact: true }).click();
    await visitor.getByText("This match is no longer available").waitFor({ timeout: 15_000 });
    expect(await visitor.locator("video").count()).toBe(0);
    await expectAccessibleAtEverySize(visitor, "match page closed");
    await staffContext.close();
    await visitorContext.close();
    // A whole match day, a server restart included, with axe at every size on twelve pages: about 100 s on a
    // quiet CI machine and past 120 s on a busy one. Each step bounds its own wait.
  }, 240_000);
});
