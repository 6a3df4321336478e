// `npm run bench:latency` (`-- --seconds=N --rounds=N --publishes=N`): how far behind the camera a viewer of a
// gateway stream sits, in Chromium, against the wall clock. The API, the gateway and ffmpeg are real (the
// media tests' stack); the camera publishes a clip whose frames carry their number as pixels, with a 2 s
// keyframe interval (OBS's default), in passthrough. A frame's latency is the wall-clock time it is on screen
// (read from the video through a canvas) minus the time it left the publisher.
//  - low-latency HLS: hls.js in lowLatencyMode, as the web client plays a live match (parts, blocking reloads);
//  - baseline, the same stream in the same run: hls.js with lowLatencyMode off (its ordinary HLS: three
//    target durations behind the newest segment), what players that don't know LL-HLS get.
// Also: publish → first playable part (the match can turn live) and → first whole segment; requests per
// second per viewer of each player (counted in Chromium); and how many low-latency viewers the API holds
// with p95 latency ≤ 4 s, with simulated viewers that poll as hls.js does (./viewer-sim.ts, a process of
// their own: blocking reloads with delta updates, every part fetched) against the same live match. A
// simulated viewer's latency is the Chromium low-latency viewer's p95 measured alone in this run plus how
// much later than alone it gets each part (from the part appearing in the gateway's playlist on disk to the
// viewer holding it), at that many viewers.
// `--viewers=1,50,100,...` sets the loads tried, `--load-seconds=N` how long each is held.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { databaseUrl, redisUrl } from "@clubcast/db";
import { launchBrowser } from "@clubcast/testkit/browser";
import { dropDatabase, freshMigratedDatabase, percentile, printTable, sleep } from "@clubcast/testkit/bench";
import { BAND_HEIGHT, BITS, CLIP, encodeClip, publish, stop } from "../../apps/media/bench/support.ts";
import { rtmpUrl, startGatewayStack, type GatewayStack } from "../../apps/media/test/support.ts";

const argument = (name: string, fallback: number) => {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.slice(name.length + 3)) : fallback;
};
/** Seconds each player is sampled, per round; rounds alternate the two players. */
const SAMPLE_SECONDS = argument("seconds", 20);
const ROUNDS = argument("rounds", 2);
const PUBLISHES = argument("publishes", 3);
const KEYFRAME_SECONDS = 2;
const VIEWER_LOADS = (process.argv.find((arg) => arg.startsWith("--viewers="))?.slice(10) ?? "1,50,100,200,400")
  .split(",")
  .map(Number);
const LOAD_SECONDS = argument("load-seconds", 15);
/** Issue 28: viewer latency median ≤ 3 s, p95 ≤ 4 s with a 2 s keyframe interval. */
const TARGET = { median: 3, p95: 4 };
const SAMPLE_EVERY_MS = 200;
/** A player settles at its distance from the edge before it is sampled. */
const SETTLE_MS = 4000;
const HLS_JS = readFileSync(createRequire(import.meta.url).resolve("hls.js/dist/hls.min.js"), "utf8");

/**
 * The player on a blank page: hls.js on a muted video; `sample()` reads the number of the frame on screen
 * from its band (scaled to one pixel per block, as the media benchmark reads segments) and the wall clock.
 * Plain JavaScript: it runs in the page.
 */
const PLAYER = (lowLatencyMode: boolean) => `
  const video = document.querySelector("video");
  const hls = new Hls({ lowLatencyMode: ${lowLatencyMode} });
  let stalls = 0;
  video.addEventListener("waiting", () => { if (video.currentTime > 0) stalls += 1; });
  const canvas = document.createElement("canvas");
  canvas.width = ${BITS};
  canvas.height = 1;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.imageSmoothingQuality = "high";
  window.play = (url) => { hls.loadSource(url); hls.attachMedia(video); video.play(); };
  window.sample = () => {
    if (video.readyState < 2 || video.currentTime === 0) return null;
    // The band's upper part, clear of the picture below it.
    context.drawImage(video, 0, 0, video.videoWidth, video.videoHeight * ${BAND_HEIGHT / CLIP.height / 1.6}, 0, 0, ${BITS}, 1);
    const pixels = context.getImageData(0, 0, ${BITS}, 1).data;
    let frame = 0;
    for (let bit = 0; bit < ${BITS}; bit++) {
      const luma = pixels[bit * 4];
      if (luma > 64 && luma < 192) return null;
      if (luma >= 128) frame += 2 ** bit;
    }
    return { frame, at: Date.now(), stalls, hlsLatency: hls.latency };
  };
`;

interface Sampled {
  latencies: number[];
  hlsLatencies: number[];
  stalls: number;
  /** Requests the player made per second while sampled. */
  requestsPerSecond: number;
}

async function watch(
  browser: Browser,
  url: string,
  lowLatency: boolean,
  sentAt: (frame: number, at: number) => number,
) {
  const page = await browser.newPage();
  try {
    await page.setContent('<video muted autoplay playsinline style="width:640px"></video>');
    await page.addScriptTag({ content: HLS_JS });
    await page.addScriptTag({ content: PLAYER(lowLatency) });
    await page.evaluate(`play(${JSON.stringify(url)})`);
    await page.waitForFunction("sample() !== null", null, { timeout: 30_000, polling: 100 });
    await sleep(SETTLE_MS);
    let requests = 0;
    page.on("request", () => (requests += 1));
    const sampledFrom = Date.now();
    const sampled: Sampled = { latencies: [], hlsLatencies: [], stalls: 0, requestsPerSecond: 0 };
    const first = (await page.evaluate("sample()")) as { stalls: number } | null;
    for (const until = Date.now() + SAMPLE_SECONDS * 1000; Date.now() < until; await sleep(SAMPLE_EVERY_MS)) {
      const sample = (await page.evaluate("sample()")) as {
        frame: number;
        at: number;
        stalls: number;
        hlsLatency: number;
      } | null;
      if (!sample) continue;
      sampled.latencies.push((sample.at - sentAt(sample.frame, sample.at)) / 1000);
      if (Number.isFinite(sample.hlsLatency)) sampled.hlsLatencies.push(sample.hlsLatency);
      sampled.stalls = sample.stalls - (first?.stalls ?? 0);
    }
    sampled.requestsPerSecond = requests / ((Date.now() - sampledFrom) / 1000);
    return sampled;
  } finally {
    await page.close();
  }
}

/** Milliseconds from a publisher's first frame to the preview's playlist listing a part, and a whole segment. */
async function firstPartAndSegment(stack: GatewayStack, clip: string, index: number) {
  const streamKey = `latency-first-${index}-${Date.now().toString(36)}`;
  const configuration = await stack.configuration({ streamKey, livestream: "rtmp", passthrough: true });
  const playlist = join(stack.t.config.mediaDir, "previews", String(configuration.id), "source", "live.m3u8");
  const publisher = publish(clip, rtmpUrl(stack.gateway, streamKey));
  const started = Date.now();
  let part: number | null = null;
  let segment: number | null = null;
  try {
    while ((part === null || segment === null) && Date.now() - started < 30_000) {
      let text = "";
      try {
        text = readFileSync(playlist, "utf8");
      } catch {
        // not there yet
      }
      const now = Date.now();
      if (part === null && text.includes("#EXT-X-PART:")) part = now;
      if (segment === null && text.includes("#EXTINF:")) segment = now;
      await sleep(10);
    }
  } finally {
    await stop(publisher.child);
  }
  const origin = Number.isFinite(publisher.origin()) ? publisher.origin() : started;
  if (part === null || segment === null) throw new Error(`${streamKey}: no part or segment within 30 s`);
  return { part: (part - origin) / 1000, segment: (segment - origin) / 1000 };
}

const fixed = (seconds: number) => seconds.toFixed(2);

interface Load {
  viewers: number;
  requestsPerSecond: number;
  /** From a part appearing in the gateway's playlist to a viewer holding it (s). */
  delayMedian: number;
  delayP95: number;
  failed: number;
}

/**
 * Each load of simulated viewers in turn against the live media playlist `url`, while this process notes when
 * each part first appears in the playlist `file` the gateway writes.
 */
async function viewerCapacity(url: string, file: string): Promise<Load[]> {
  const appeared = new Map<string, number>();
  const watching = setInterval(() => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return;
    }
    const now = Date.now();
    for (const [, uri] of text.matchAll(/^#EXT-X-PART:.*URI="([^"]+)"/gm))
      if (!appeared.has(uri!)) appeared.set(uri!, now);
  }, 20);
  const loads: Load[] = [];
  try {
    await sleep(1000);
    for (const viewers of VIEWER_LOADS) {
      console.log(`${viewers} simulated viewers for ${LOAD_SECONDS} s…`);
      const output = await new Promise<string>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", join(import.meta.dirname, "viewer-sim.ts"), url, String(viewers), String(LOAD_SECONDS)],
          { stdio: ["ignore", "pipe", "inherit"] },
        );
        let text = "";
        child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
        child.once("error", reject);
        child.once("close", () => resolve(text));
      });
      const result = JSON.parse(output.trim().split("\n").at(-1)!) as {
        requests: number;
        failed: number;
        seconds: number;
        done: Record<string, number[]>;
      };
      const delays = Object.entries(result.done).flatMap(([uri, times]) => {
        const at = appeared.get(uri);
        return at === undefined ? [] : times.map((time) => Math.max(0, time - at) / 1000);
      });
      loads.push({
        viewers,
        requestsPerSecond: result.requests / result.seconds / viewers,
        delayMedian: percentile(delays, 0.5),
        delayP95: percentile(delays, 0.95),
        failed: result.failed,
      });
    }
  } finally {
    clearInterval(watching);
  }
  return loads;
}

async function main() {
  const template = `clubcast_bench_latency_${process.pid}`;
  await freshMigratedDatabase(template);
  const tmp = mkdtempSync(join(tmpdir(), "clubcast-latency-"));
  const stack = await startGatewayStack("in-process", {
    databaseServerUrl: databaseUrl(),
    templateDatabase: template,
    redisUrl: redisUrl(),
  });
  const browser = await launchBrowser();
  try {
    const clip = join(tmp, "clip.mp4");
    console.log(
      `Encoding a ${CLIP.seconds} s ${CLIP.width}x${CLIP.height} clip, a keyframe every ${KEYFRAME_SECONDS} s…`,
    );
    const { loopSeconds } = await encodeClip(clip, KEYFRAME_SECONDS);

    const firsts: { part: number; segment: number }[] = [];
    for (let index = 0; index < PUBLISHES; index++) firsts.push(await firstPartAndSegment(stack, clip, index));

    const streamKey = `latency-viewer-${Date.now().toString(36)}`;
    const configuration = await stack.configuration({ streamKey, livestream: "rtmp", passthrough: true });
    const publisher = publish(clip, rtmpUrl(stack.gateway, streamKey));
    const match = await stack.createMatch(configuration);
    await sleep(3000);
    await stack.command(match.id, "startrecording");
    let liveUrl: string | null = null;
    for (const until = Date.now() + 30_000; !liveUrl && Date.now() < until; await sleep(200)) {
      const answer = await stack.match(match.id);
      if (answer.status === "live") liveUrl = answer.live_hls_url;
    }
    if (!liveUrl) throw new Error(`match ${match.id} did not go live`);
    // The frame `frame` was last sent before `at` (the clip loops).
    const loopMs = loopSeconds * 1000;
    const sentAt = (frame: number, at: number) => {
      const inLoop = (frame / CLIP.fps) * 1000;
      const origin = publisher.origin();
      return origin + Math.floor((at - origin - inLoop) / loopMs) * loopMs + inLoop;
    };
    const rows = { lowLatency: [] as Sampled[], baseline: [] as Sampled[] };
    console.log(`Match ${match.id} live: ${ROUNDS} rounds of ${SAMPLE_SECONDS} s per player…`);
    for (let round = 0; round < ROUNDS; round++) {
      // Alternated, so a noisy moment of the shared machine falls on both alike.
      rows.baseline.push(await watch(browser, liveUrl, false, sentAt));
      rows.lowLatency.push(await watch(browser, liveUrl, true, sentAt));
    }
    const capacity = await viewerCapacity(
      new URL("source/live.m3u8", liveUrl).href,
      join(stack.t.config.mediaDir, "matches", String(match.id), "source", "live.m3u8"),
    );
    await stop(publisher.child);

    const merged = (samples: Sampled[]) => ({
      latencies: samples.flatMap((sample) => sample.latencies),
      hlsLatencies: samples.flatMap((sample) => sample.hlsLatencies),
      stalls: samples.reduce((sum, sample) => sum + sample.stalls, 0),
      requestsPerSecond: samples.reduce((sum, sample) => sum + sample.requestsPerSecond, 0) / samples.length,
    });
    const lowLatency = merged(rows.lowLatency);
    const baseline = merged(rows.baseline);
    const baselineMedian = percentile(baseline.latencies, 0.5);
    const row = (name: string, sampled: ReturnType<typeof merged>) => [
      name,
      String(sampled.latencies.length),
      fixed(percentile(sampled.latencies, 0.5)),
      fixed(percentile(sampled.latencies, 0.95)),
      fixed(Math.max(...sampled.latencies)),
      fixed(percentile(sampled.hlsLatencies, 0.5)),
      String(sampled.stalls),
      `${(percentile(sampled.latencies, 0.5) / baselineMedian).toFixed(2)}×`,
      sampled.requestsPerSecond.toFixed(2),
      `${(sampled.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}×`,
    ];
    printTable(
      `Viewer latency (s, frame on screen − frame sent, wall clock), Chromium + hls.js ${KEYFRAME_SECONDS} s keyframes, passthrough`,
      [
        "",
        "samples",
        "median",
        "p95",
        "max",
        "hls.js latency",
        "stalls",
        "median ÷ baseline",
        "requests/s",
        "requests ÷ baseline",
      ],
      [
        row("baseline: ordinary HLS (lowLatencyMode off)", baseline),
        row("low-latency HLS (lowLatencyMode)", lowLatency),
      ],
    );
    printTable(
      `Publish → first playable part / whole segment (s), ${PUBLISHES} publishes, ${KEYFRAME_SECONDS} s keyframes`,
      ["", "median", "max"],
      [
        [
          "first part (the match can turn live)",
          ...[0.5, 1].map((q) =>
            fixed(
              percentile(
                firsts.map((f) => f.part),
                q,
              ),
            ),
          ),
        ],
        [
          "first whole segment",
          ...[0.5, 1].map((q) =>
            fixed(
              percentile(
                firsts.map((f) => f.segment),
                q,
              ),
            ),
          ),
        ],
      ],
    );
    const alone = percentile(lowLatency.latencies, 0.95);
    const aloneDelay = capacity[0]?.delayP95 ?? 0;
    const estimate = (load: Load) => alone + Math.max(0, load.delayP95 - aloneDelay);
    const held = capacity.filter((load) => load.failed === 0 && estimate(load) <= TARGET.p95);
    printTable(
      `Simulated low-latency viewers (hls.js's polling: blocking reloads, delta updates, every part), ${LOAD_SECONDS} s per load, one live match, 2 cores shared with the gateway, ffmpeg and other work`,
      [
        "viewers",
        "requests/s per viewer",
        "part delay median (s)",
        "part delay p95 (s)",
        "failed",
        "latency p95 (s, est.)",
        "≤ 4 s",
      ],
      capacity.map((load) => [
        String(load.viewers),
        load.requestsPerSecond.toFixed(2),
        fixed(load.delayMedian),
        fixed(load.delayP95),
        String(load.failed),
        fixed(estimate(load)),
        estimate(load) <= TARGET.p95 && load.failed === 0 ? "yes" : "no",
      ]),
    );
    const most = Math.max(0, ...held.map((load) => load.viewers));
    console.log(
      `Concurrent low-latency viewers held with p95 ≤ ${TARGET.p95} s: ${most} of the loads tried (${VIEWER_LOADS.join(", ")}); ` +
        `${most >= Math.max(...VIEWER_LOADS) ? "the largest load tried was held" : "the next load was not"}`,
    );
    const median = percentile(lowLatency.latencies, 0.5);
    const p95 = percentile(lowLatency.latencies, 0.95);
    const met = median <= TARGET.median && p95 <= TARGET.p95;
    console.log(
      `Target: low-latency viewer median ≤ ${TARGET.median} s and p95 ≤ ${TARGET.p95} s: ${met ? "met" : "NOT met"} ` +
        `(median ${fixed(median)} s, p95 ${fixed(p95)} s)`,
    );
  } finally {
    await browser.close();
    await stack.close().catch((error: Error) => console.error(`closing the stack: ${error.message}`));
    await dropDatabase(template).catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
