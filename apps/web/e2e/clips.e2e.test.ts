// A marker's clip in real Chromium against the real back end: the API server
// and the worker process cutting with ffmpeg from a recorded match's
// on-demand video (made by ffmpeg here, with sound, where the media gateway
// keeps a recording). A club administrator adds a marker on the annotate page,
// sees its clip go from waiting to ready without a reload (the states arrive
// over Socket.IO), plays it inline and downloads its MP4; then takes one of the moments the
// match's sound suggests as a marker and dismisses the other, one click each.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { MEDIA_FILES } from "@clubcast/shared";
import { launchBrowser } from "@clubcast/testkit/browser";
import { expectAccessible } from "./support/axe.ts";
import { screenshots } from "./support/browser.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { club, createUser, match, type SeededClub } from "./support/seed.ts";

const FPS = 25;

let platform: Platform;
let browser: Browser;
let groenWit: SeededClub;
let adminEmail: string;
let matchId: number;

/** 30 s of test pattern and tone as HLS, a keyframe every 2 s, in the match's media folder. */
function recordVod(id: number) {
  const folder = join(platform.mediaDir, "matches", String(id));
  mkdirSync(folder, { recursive: true });
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `testsrc2=size=640x360:rate=${FPS}`],
    ...["-f", "lavfi", "-i", "sine", "-t", "30", "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency"],
    ...["-pix_fmt", "yuv420p", "-g", String(2 * FPS), "-sc_threshold", "0", "-c:a", "aac"],
    ...["-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod"],
    ...["-hls_segment_filename", join(folder, "seg%03d.ts"), join(folder, MEDIA_FILES.vodPlaylist)],
  ]);
  return `${platform.url}/media/matches/${id}/${MEDIA_FILES.vodPlaylist}`;
}

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform({ worker: true }), launchBrowser()]);
  const { prisma } = platform;
  groenWit = await club(prisma, "FC Groen Wit");
  const zwaluwen = await club(prisma, "VV De Zwaluwen");
  adminEmail = (await createUser(prisma, { scope: "club", clubId: groenWit.id, email: "admin@groenwit.test" })).email;
  const recorded = await match(prisma, { home: groenWit, away: zwaluwen, status: "vod", startsIn: -26, score: [2, 1] });
  matchId = recorded.id;
  await prisma.match.update({ where: { id: matchId }, data: { vodHlsUrl: recordVod(matchId) } });
  // What the worker's recording.moments job stores for the recording (its tone holds no whistle).
  await prisma.momentSuggestion.createMany({
    data: [
      { matchId, recordingVersion: recorded.recordingVersion, timeMs: 8_000, kind: "whistle", confidence: 0.9 },
      { matchId, recordingVersion: recorded.recordingVersion, timeMs: 25_000, kind: "crowd", confidence: 0.7 },
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** Before a screenshot: at the top, no toasts over the content, transitions ended; then no WCAG AA violation. */
async function settled(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator(".toast").first().waitFor({ state: "detached" });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"),
  );
  await expectAccessible(page, `the annotate page at ${page.viewportSize()?.width ?? 0} px`);
}

it("cuts a marker's clip, told live, which plays inline and downloads as an MP4", async () => {
  const page = await signInToDashboard(browser, platform.url, adminEmail);
  await page.goto(`${platform.url}/dashboard/clubs/${groenWit.id}/recorded/${matchId}/annotate`);
  await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 2, undefined, {
    timeout: 30_000,
  });
  // To 20.2 s: 20 seconds and 5 frames on. The clip (15 s before, 5 s after) starts between keyframes.
  for (let step = 0; step < 20; step++) await page.keyboard.press("Shift+ArrowRight");
  for (let step = 0; step < 5; step++) await page.keyboard.press("ArrowRight");
  await expect.poll(() => page.getByRole("status", { name: "Timecode" }).textContent()).toBe("00:00:20:200");

  // Every state the clip shows, in order, in this very document (a reload would lose the record).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { clipStates: string[] }).clipStates = seen;
    new MutationObserver(() => {
      const text = document.querySelector(".marker-clip__state")?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.keyboard.press("m");
  await page.getByRole("button", { name: "Jump to Marker 1 at 00:00:20:200" }).waitFor();
  await page.getByText("Clip ready").waitFor({ timeout: 60_000 });
  const states = await page.evaluate(() => (window as unknown as { clipStates: string[] }).clipStates);
  expect(states[0]).toMatch(/^(Clip waiting to be cut|Cutting the clip… \d+%)$/);
  expect(states.at(-1)).toBe("Clip ready");
  await screenshots(page, "annotate-clip-ready", settled);

  // Played inline: its time moves on.
  await page.getByRole("button", { name: "Play the clip of Marker 1" }).click();
  const clip = page.getByLabel("Clip of Marker 1");
  await clip.waitFor();
  await clip.evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    return video.play();
  });
  await page.waitForFunction(
    () => ((document.querySelector("video[aria-label='Clip of Marker 1']") as HTMLVideoElement).currentTime ?? 0) > 1,
    undefined,
    { timeout: 15_000 },
  );
  await expectAccessible(page, "the annotate page playing a clip");

  // Downloaded: an MP4 (its ftyp box first) of 20 s, to the frame.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the clip of Marker 1" }).click(),
  ]);
  const file = await download.path();
  expect(readFileSync(file).subarray(4, 8).toString("latin1")).toBe("ftyp");
  const seconds = Number(
    execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file], {
      encoding: "utf8",
    }),
  );
  expect(Math.abs(seconds - 20)).toBeLessThanOrEqual(1 / FPS);

  // The suggested moments: accepted, a marker with its clip; dismissed, gone.
  const suggestions = page.getByRole("region", { name: /Suggested moments/ });
  await suggestions.getByRole("button", { name: "Dismiss the Crowd roar at 00:00:25:000" }).click();
  await page.getByText("Suggestion dismissed").waitFor();
  await suggestions.getByRole("button", { name: "Accept the Whistle at 00:00:08:000 as a marker" }).click();
  await page.getByRole("button", { name: "Jump to Whistle (suggested) at 00:00:08:000 20 s clip" }).waitFor();
  await suggestions.getByText("No suggested moments").waitFor();
  await expectAccessible(page, "the annotate page with its suggestions decided");
  await page.context().close();
});
