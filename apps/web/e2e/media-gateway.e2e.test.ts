// The media gateway's pages in real Chromium against the real server: a
// system administrator finds where a camera or OBS streams to (the key masked
// until revealed, copied whole), rotates the key after confirming, and then
// sees, as the gateway reports them, the publisher the old key no longer
// lets in (monitoring, with the media disk) and the camera the new key does
// (the stream previews), as the club's administrator does on their Streams page,
// with the camera's link figures and, as it happens, why a camera was refused.
// A recording's poster shows on its card and page, and its MP4 is offered to
// the club's staff only.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { GATEWAY_CAMERA_TYPE } from "@clubcast/shared";
import { launchBrowser } from "@clubcast/testkit/browser";
import { createApiClient } from "@clubcast/testkit/factories";
import { newVisitor } from "./support/browser.ts";
import { shoot } from "./support/dashboard.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { club, createUser, match, type SeededClub } from "./support/seed.ts";

const OLD_KEY = "gw-obs-old-key-7f3a91d2a1b2";
const GATEWAY_SECRET = "media-gateway-test-secret";
/** What the page shows in place of the key until it is revealed. */
const MASK = "••••••••••••";

let platform: Platform;
let browser: Browser;
let groenWit: SeededClub;
let configurationId: number;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  const { prisma } = platform;
  groenWit = await club(prisma, "FC Groen Wit");
  const configuration = await prisma.configuration.create({
    data: {
      clubId: groenWit.id,
      fieldId: groenWit.field.id,
      barcode: "GW-OBS",
      cameraType: GATEWAY_CAMERA_TYPE,
      streamKey: OLD_KEY,
      saCameraId: "gw-obs",
      saStreamUrl: "rtmp://gateway",
      livestream: "rtmp",
    },
  });
  configurationId = configuration.id;
  // The media gateway's own machine credential: an API client bound to no configuration.
  await createApiClient(prisma, null, { name: "Media gateway", clientId: "media-gateway", secret: GATEWAY_SECRET });
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** What the gateway does: a token for its credential, then its calls to the API. */
async function gateway() {
  const answer = await fetch(`${platform.url}/v1/camera/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ client_id: "media-gateway", client_secret: GATEWAY_SECRET }),
  });
  expect(answer.status).toBe(200);
  const { access_token: token } = (await answer.json()) as { access_token: string };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${platform.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
  return {
    publish: (streamKey: string, address: string) =>
      post("/v1/media-gateway/publish", { stream_key: streamKey, protocol: "rtmp", address }),
    connected: (stats?: Record<string, number | null>) =>
      post("/v1/media-gateway/publishers", {
        configuration_id: configurationId,
        connected: true,
        protocol: "rtmp",
        hls_path: null,
        ...(stats ? { stats } : {}),
      }),
    refuse: (streamKey: string, reason: string, code: string, codec?: string) =>
      post("/v1/media-gateway/refusals", {
        stream_key: streamKey,
        protocol: "srt",
        address: "198.51.100.30:40001",
        reason,
        code,
        ...(codec ? { codec } : {}),
      }),
  };
}

describe("a system administrator", () => {
  it("streams a camera to the gateway: copies the address, rotates the key, and watches who connects", async () => {
    const admin = await createUser(platform.prisma, { scope: "system" });
    const page = await signInToDashboard(browser, platform.url, admin.email);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

    await page.goto(`${platform.url}/dashboard/configuration`);
    await page.getByRole("button", { name: "Edit GW-OBS" }).click();
    const panel = page.getByRole("region", { name: "Streaming" });
    await panel.waitFor();

    // The key, and every address that carries it, is masked until revealed.
    const key = panel.getByLabel("Stream key", { exact: true });
    const server = panel.getByLabel("Server", { exact: true });
    const srtUrl = panel.getByLabel("SRT URL", { exact: true });
    expect(await key.inputValue()).toBe(MASK);
    const rtmpServer = await server.inputValue();
    expect(rtmpServer).toMatch(/^rtmp:\/\/[^/]+:\d+\/live$/);
    expect(await srtUrl.inputValue()).toMatch(new RegExp(`^srt://[^?]+:\\d+\\?streamid=publish:${MASK}$`));
    expect(await page.content()).not.toContain(OLD_KEY);
    expect(await panel.getByRole("group", { name: "RTMP" }).getByText("Accepted", { exact: true }).count()).toBe(1);
    expect(await panel.getByRole("group", { name: "SRT" }).getByText("Not accepted", { exact: true }).count()).toBe(1);
    await shoot(page, "gateway-streaming");

    // Copying takes the real key, masked or not; the button says "Copied" for a moment.
    await panel.getByRole("button", { name: "Copy Stream key" }).click();
    await panel.getByRole("button", { name: "Copied Stream key" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(OLD_KEY);
    await panel.getByRole("button", { name: "Reveal key" }).click();
    expect(await key.inputValue()).toBe(OLD_KEY);
    expect(await panel.getByLabel("Full RTMP URL", { exact: true }).inputValue()).toBe(`${rtmpServer}/${OLD_KEY}`);

    // Rotating asks first (a camera on the old key is dropped), from the keyboard too.
    await panel.getByRole("button", { name: "Rotate key" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Rotate the stream key?" });
    await confirm.getByText(/disconnected at once/).waitFor();
    await shoot(page, "gateway-rotate", null);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect((await platform.prisma.configuration.findUniqueOrThrow({ where: { id: configurationId } })).streamKey).toBe(
      OLD_KEY,
    );
    await panel.getByRole("button", { name: "Rotate key" }).click();
    await confirm.getByRole("button", { name: "Rotate key" }).click();
    await confirm.waitFor({ state: "detached" });
    await panel.getByText(/This is the new key/).waitFor();
    const { streamKey: newKey } = await platform.prisma.configuration.findUniqueOrThrow({
      where: { id: configurationId },
    });
    expect(newKey).not.toBe(OLD_KEY);
    expect(await key.inputValue()).toBe(newKey);
    expect(await srtUrl.inputValue()).toContain(`streamid=publish:${newKey}`);
    await shoot(page, "gateway-rotated");

    // The gateway refuses the old key and lets the new one in.
    const media = await gateway();
    expect(await media.publish(OLD_KEY, "203.0.113.7:51234")).toMatchObject({ allowed: false });
    expect(await media.publish(newKey!, "198.51.100.20:40000")).toMatchObject({ allowed: true });
    await media.connected({
      rtt_ms: null,
      loss_percent: null,
      retransmitted_packets: null,
      dropped_packets: null,
      bitrate_kbps: 2950,
    });

    await page.goto(`${platform.url}/dashboard/monitoring`);
    const storage = page.getByRole("region", { name: "Media storage" });
    await storage.getByText(/ of .* in use$/).waitFor();
    expect(await storage.getByText("Total", { exact: true }).count()).toBe(1);
    const refused = page.getByRole("table", { name: "Publishers the media gateway refused, latest first" });
    const row = refused.locator("tbody tr").first();
    await row.getByText("203.0.113.7:51234").waitFor();
    expect(await row.textContent()).toContain(`…${OLD_KEY.slice(-4)}`);
    expect(await page.content()).not.toContain(OLD_KEY);
    await shoot(page, "gateway-monitoring");

    await page.goto(`${platform.url}/dashboard/streams`);
    const previews = page.getByRole("region", { name: "Camera previews" });
    await previews.getByText("Choose a club to see the cameras streaming for it.").waitFor();
    const picker = previews.getByRole("combobox", { name: "Club" });
    await picker.locator("option", { hasText: "FC Groen Wit" }).waitFor({ state: "attached" });
    await picker.selectOption({ label: "FC Groen Wit" });
    const camera = previews.getByRole("list", { name: "Connected cameras" }).getByRole("listitem");
    await camera.getByRole("heading", { name: "Hoofdveld" }).waitFor();
    expect(await camera.textContent()).toContain("RTMP");
    expect(await camera.textContent()).toContain("Configuration GW-OBS");
    await camera.getByText("Waiting for the first video…").waitFor();
    await shoot(page, "gateway-previews");
    await page.context().close();

    // The club's administrator sees the same camera on their Streams page, for their own club only.
    const clubAdmin = await createUser(platform.prisma, { scope: "club", clubId: groenWit.id });
    const own = await signInToDashboard(browser, platform.url, clubAdmin.email);
    await own.getByRole("navigation", { name: "Dashboard navigation" }).getByRole("link", { name: "Streams" }).click();
    const ownPreviews = own.getByRole("region", { name: "Camera previews" });
    await ownPreviews.getByRole("listitem").getByRole("heading", { name: "Hoofdveld" }).waitFor();
    expect(await ownPreviews.getByRole("combobox", { name: "Club" }).count()).toBe(0);
    await own.getByText("Your club's live and upcoming streams", { exact: false }).waitFor();
    expect(await ownPreviews.getByLabel("Connection").textContent()).toContain("2,950 kbit/s");
    // The old key's refusal named no configuration any more: it is not the club's to see.
    const ownRefused = own.getByRole("table", { name: "Cameras the media gateway refused, latest first" });
    await own.getByText("No refused publishers found").waitFor();
    // A second camera on the new key sends HEVC: the refusal appears as it happens, in the club admin's words.
    await media.refuse(
      newKey!,
      "unsupported video codec hevc: passthrough needs H.264",
      "unsupported_video_codec",
      "hevc",
    );
    await ownRefused
      .getByText("Your camera sends HEVC (H.265) video; Clubcast takes H.264. Set the encoder to H.264.")
      .waitFor();
    const refusedRow = ownRefused.locator("tbody tr").first();
    expect(await refusedRow.textContent()).toContain("Hoofdveld · configuration GW-OBS");
    expect(await refusedRow.textContent()).toContain("Gateway: unsupported video codec hevc");
    expect(await own.content()).not.toContain(newKey!);
    await shoot(own, "gateway-previews-club");
    await own.context().close();
  });
});

describe("a recorded match", () => {
  it("shows its poster on the card and the page, and offers the MP4 to the club's staff only", async () => {
    const { prisma } = platform;
    const visitors = await club(prisma, "VV De Zwaluwen");
    const recorded = await match(prisma, {
      home: groenWit,
      away: visitors,
      status: "vod",
      startsIn: -26,
      score: [3, 1],
    });
    // What a stopped recording leaves in the match's folder: the gateway's poster and the worker's MP4.
    const folder = join(platform.mediaDir, "matches", String(recorded.id));
    mkdirSync(folder, { recursive: true });
    const poster = spawnSync("ffmpeg", [
      ...["-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360"],
      ...["-frames:v", "1", "-y", join(folder, "poster.jpg")],
    ]);
    expect(poster.status).toBe(0);
    writeFileSync(join(folder, "download.mp4"), Buffer.alloc(2048));

    // A visitor: the still on the card and on the page, no download.
    const context = await newVisitor(browser);
    const visitor = await context.newPage();
    await visitor.goto(`${platform.url}/matches?status=vod`);
    const still = visitor.getByRole("img", { name: "Still from FC Groen Wit against VV De Zwaluwen" });
    await still.waitFor();
    await visitor.waitForFunction(
      () => (document.querySelector("img.match-card__image") as HTMLImageElement | null)?.naturalWidth === 640,
    );
    expect(await still.getAttribute("loading")).toBe("lazy");
    await shoot(visitor, "gateway-match-cards", null);
    await visitor.goto(`${platform.url}/matches/${recorded.id}`);
    await visitor.getByRole("heading", { level: 1, name: "FC Groen Wit against VV De Zwaluwen" }).waitFor();
    await visitor.locator(".stage__image").waitFor();
    expect(await visitor.getByRole("link", { name: "Download MP4" }).count()).toBe(0);
    await context.close();

    // The club's administrator: the MP4 of the recording.
    const admin = await createUser(prisma, { scope: "club", clubId: groenWit.id });
    const page = await signInToDashboard(browser, platform.url, admin.email);
    await page.goto(`${platform.url}/matches/${recorded.id}`);
    const download = page.getByRole("link", { name: "Download MP4" });
    await download.waitFor();
    const href = await download.getAttribute("href");
    const file = await fetch(new URL(href!, platform.url));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("video/mp4");
    await shoot(page, "gateway-match-download", null);
    await page.context().close();
  });
});
