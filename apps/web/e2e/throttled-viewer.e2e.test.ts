// Adaptive quality that tells the truth (issue 28), all of it real: the API server, the worker and the media
// gateway. A 720p camera publishes to a ladder configuration; the gateway transcodes it into 720p and 360p and
// advertises what each really takes, measured from the segments made, in the master playlist. A supporter
// watches the live match in Chromium: on a fast connection his player climbs to 720p; once his connection
// drops to 1.5 Mbit/s (Chromium's network emulation) it settles on 360p, the rendition that fits, and plays on
// at the pace of the match without stalling.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { eventually } from "@clubcast/testkit";
import { publish, type Publisher } from "@clubcast/testkit/publisher";
import { newVisitor } from "./support/browser.ts";
import { useMatchDay } from "./support/match-day.ts";
import { createUser } from "./support/seed.ts";
import { signInToApi } from "./support/sign-in.ts";

let camera: Publisher | null = null;
const STREAM_KEY = "groen-wit-hoofdveld-ladder";
const TITLE = "FC Groen Wit against VV De Zwaluwen";

/** The supporter's connection once it drops: 1.5 Mbit/s. */
const THROTTLE_BITS_PER_SECOND = 1_500_000;
/** Media requests in a row for one rendition (parts of half a second, or segments) that count as settled on it. */
const SETTLED_PARTS = 6;
/** How long the settled player is watched for stalls, and the least share of it its clock must advance. */
const WATCH_MS = 10_000;
const LEAST_PACE = 0.7;

/**
 * The camera: 720p, so the ladder makes both rungs, with fresh noise in every frame so that the ladder's
 * 720p encode really takes its 2.8 Mbit/s (testsrc2 alone compresses to a fraction of it, under the throttle
 * too). 12 frames a second keeps the camera's encode, the ladder's two and Chromium's decode within two cores
 * beside another browser file. The camera's own encode is quick and generous: what reaches the ladder is noise.
 */
const CAMERA = {
  size: "1280x720",
  rate: 12,
  // prettier-ignore
  video: [
    "-vf", "noise=alls=30:allf=t", "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "6M", "-g", "12",
    "-pix_fmt", "yuv420p",
  ],
};

const day = useMatchDay(async () => {
  if (!camera) return;
  camera.child.kill("SIGKILL");
  await cameraGone().catch(() => undefined);
});

/**
 * Waits until the gateway is done with the camera that left: it places the last of its stream (the ladder
 * finishes what it holds) and then reports it offline. Only then may the platform and its media folder go.
 */
const cameraGone = () =>
  eventually(
    async () =>
      (
        await day.platform.prisma.configuration.findFirst({
          where: { streamKey: STREAM_KEY },
          select: { status: true },
        })
      )?.status === "offline",
    "the gateway to be done with the camera",
  );

interface Variant {
  bandwidth: number;
  averageBandwidth: number | null;
}

/** A master playlist's renditions, by the folder of their media playlist ("720p/live.m3u8": 720p). */
function variantsOf(master: string): Map<string, Variant> {
  const variants = new Map<string, Variant>();
  const lines = master.split("\n");
  lines.forEach((line, index) => {
    if (!line.startsWith("#EXT-X-STREAM-INF:")) return;
    const average = /[:,]AVERAGE-BANDWIDTH=(\d+)/.exec(line)?.[1];
    variants.set(lines[index + 1]!.split("/")[0]!, {
      bandwidth: Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1]),
      averageBandwidth: average ? Number(average) : null,
    });
  });
  return variants;
}

/** The video's clock (seconds played) and the height of the frame it shows. */
const videoState = (page: Page) =>
  page.locator("video").evaluate((element: HTMLVideoElement) => ({
    clock: element.currentTime,
    height: element.videoHeight,
  }));

/** The renditions asked for, in order, as runs ("720p×12 360p×8"), for failure messages. */
function runsOf(renditions: string[]): string {
  const runs: [string, number][] = [];
  for (const rendition of renditions) {
    const last = runs.at(-1);
    if (last?.[0] === rendition) last[1] += 1;
    else runs.push([rendition, 1]);
  }
  return runs.map(([rendition, count]) => `${rendition}×${count}`).join(" ") || "none";
}

describe("adaptive quality", () => {
  it("the throttled viewer settles on the lower rendition and does not stall", async () => {
    // The ladder: 720p at 2.8 Mbit/s and 360p at 0.8 Mbit/s of video, each with 128 kbit/s of audio.
    const seeded = await day.gatewayMatch({
      streamKey: STREAM_KEY,
      cameraId: "gw-ladder",
      passthrough: false,
    });
    const matchMedia = `${day.platform.url}/media/matches/${seeded.id}/`;

    // The camera streams; kick-off: the club's administrator starts recording over the API.
    camera = publish(`rtmp://127.0.0.1:${day.platform.gateway!.rtmpPort}/live/${STREAM_KEY}`, CAMERA);
    const admin = await createUser(day.platform.prisma, { scope: "club", clubId: day.home.id });
    const token = await signInToApi(day.platform.url, admin.email);
    const start = await fetch(`${day.platform.url}/v1/clubs/${day.home.id}/matches/${seeded.id}/startrecording`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(start.status, await start.text()).toBe(202);

    // A supporter opens the live match a moment after kick-off, once the gateway has measured the ladder's
    // first segments. What his player chooses from is the master playlist it loads then, once.
    await eventually(
      async () => {
        const response = await fetch(`${matchMedia}live.m3u8`);
        const variants = response.ok ? [...variantsOf(await response.text()).values()] : [];
        return variants.length === 2 && variants.every((variant) => variant.averageBandwidth !== null);
      },
      "the ladder's measured master playlist",
      45_000,
    );
    const context = await newVisitor(day.browser);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(matchMedia)) return;
      const rendition = /^(720p|360p)\/[^/?]+\.ts(\?|$)/.exec(url.slice(matchMedia.length))?.[1];
      if (rendition) asked.push(rendition);
    });
    const offered = new Promise<string>((resolve) =>
      page.on("response", (response) => {
        if (response.url() === `${matchMedia}live.m3u8` && response.ok()) resolve(response.text());
      }),
    );
    await page.goto(`${day.platform.url}/matches/${seeded.id}`);
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    await page.locator("video").waitFor({ timeout: 45_000 });
    const failed = page.getByRole("alert").filter({ hasText: "The video could not be played" });

    /** Whether the player has settled on a rendition since the `since`th part asked: asks for it only, shows it. */
    const settledOn = async (rendition: "720p" | "360p", since: number) =>
      asked.length >= since + SETTLED_PARTS &&
      asked.slice(-SETTLED_PARTS).every((one) => one === rendition) &&
      (await videoState(page)).height === Number.parseInt(rendition);

    // On his fast connection the player climbs to 720p and stays there (it may start lower).
    await eventually(() => settledOn("720p", 0), "the player to settle on 720p", 30_000).catch((error: Error) => {
      throw new Error(`${error.message}: asked for ${runsOf(asked)}`);
    });

    // His connection drops to 1.5 Mbit/s, with a little latency.
    const network = await context.newCDPSession(page);
    await network.send("Network.enable");
    await network.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: THROTTLE_BITS_PER_SECOND / 8,
      uploadThroughput: THROTTLE_BITS_PER_SECOND / 8,
    });
    const throttledAt = asked.length;

    // The player settles on 360p: it asks for 360p parts only, and shows them.
    await eventually(() => settledOn("360p", throttledAt), "the player to settle on 360p", 30_000).catch(
      (error: Error) => {
        throw new Error(
          `${error.message}: asked for ${runsOf(asked.slice(0, throttledAt))} | throttled | ${runsOf(asked.slice(throttledAt))}`,
        );
      },
    );
    const settledAt = asked.length;

    // And plays on at the pace of the match: its clock keeps up with the wall clock, second after second.
    const samples = [{ ...(await videoState(page)), at: Date.now() }];
    while (Date.now() - samples[0]!.at < WATCH_MS) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      samples.push({ ...(await videoState(page)), at: Date.now() });
    }
    const first = samples[0]!;
    const last = samples.at(-1)!;
    const seen = samples.map(
      ({ clock, height, at }) => `${((at - first.at) / 1000).toFixed(1)} s: ${clock.toFixed(2)} (${height}p)`,
    );
    expect(last.clock - first.clock, `the video's clock while watched: ${seen.join(", ")}`).toBeGreaterThanOrEqual(
      (LEAST_PACE * (last.at - first.at)) / 1000,
    );
    expect(
      samples.every(({ height }) => height === 360),
      seen.join(", "),
    ).toBe(true);
    expect(runsOf(asked.slice(settledAt)), "the parts asked for once settled").toMatch(/^360p×\d+$/);
    expect(await failed.count()).toBe(0);

    // What makes the choice possible: the honest, measured bandwidth (a first guess has no AVERAGE-BANDWIDTH).
    // 720p takes more than the throttle and 360p less, peak (BANDWIDTH) and mean, in the master playlist the
    // player chose from and in the one the gateway writes now.
    const masters = { "on load": await offered, now: await (await fetch(`${matchMedia}live.m3u8`)).text() };
    for (const [when, master] of Object.entries(masters)) {
      const variants = variantsOf(master);
      const said = `the master playlist ${when}:\n${master}`;
      expect([...variants.keys()], said).toEqual(["720p", "360p"]);
      const [high, low] = [variants.get("720p")!, variants.get("360p")!];
      expect(high.bandwidth, said).toBeGreaterThan(THROTTLE_BITS_PER_SECOND);
      expect(high.averageBandwidth, said).toBeGreaterThan(THROTTLE_BITS_PER_SECOND);
      expect(low.averageBandwidth, said).not.toBeNull();
      expect(low.averageBandwidth, said).toBeLessThan(THROTTLE_BITS_PER_SECOND);
      expect(low.bandwidth, said).toBeLessThan(THROTTLE_BITS_PER_SECOND);
    }

    await context.close();
    await camera.stop();
    camera = null;
    await cameraGone();
  });
});
