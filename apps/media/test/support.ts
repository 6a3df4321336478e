// The whole chain the gateway tests run against, all of it real: an API server
// listening on a free port (its own database, Redis prefix and MEDIA_DIR), the
// worker's BullMQ queues processing camera commands, the media gateway over the
// same MEDIA_DIR (in the test's process on ephemeral ports, or in its own
// process for the crash test), the gateway's machine client, and a club whose
// admin signs in. Cameras are ffmpeg publishers; viewers are Chromium with hls.js.
import { spawn, type ChildProcess } from "node:child_process";
import { createSocket } from "node:dgram";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { Club, Configuration } from "@clubcast/db";
import { GATEWAY_CAMERA_TYPE, RTMP_APP, srtStreamId, type LivestreamMode } from "@clubcast/shared";
import type { MediaScope } from "@clubcast/media-store";
import { eventually, exited, freePort } from "@clubcast/testkit";
import { api, generousLoginLimits, type Api, type Member } from "@clubcast/testkit/api";
import { startTestApp, type TestApp, type TestServices } from "@clubcast/testkit/app";
import { createApiClient, createClub, createField } from "@clubcast/testkit/factories";
import { disconnectAllSockets, signIn } from "@clubcast/testkit/realtime";
import { startWorkers, type RunningWorkers } from "@clubcast/testkit/worker";
import { stopAllPublishers } from "@clubcast/testkit/publisher";
import { startMediaGateway, type RunningGateway } from "../src/server.ts";
import { loadGatewaySettings, type GatewaySettings } from "@clubcast/settings";

const GATEWAY_CLIENT_ID = "media-gateway-test";
const GATEWAY_CLIENT_SECRET = "media-gateway-test-secret";
const HLS_JS = fileURLToPath(new URL("../../../node_modules/hls.js/dist/hls.min.js", import.meta.url));

export interface GatewayStack {
  t: TestApp;
  /** The API's URL (also its PUBLIC_URL, so media URLs in answers reach it). */
  url: string;
  http: Api;
  gateway: RunningGateway;
  /** The gateway's process, when the stack runs it in one. */
  gatewayProcess: GatewayProcess | null;
  club: Club;
  admin: Member;
  system: Member;
  /** What the gateway logged, for failure messages. */
  log(): string;
  /** A gateway configuration on a field of its own (the field's main camera). */
  configuration(data: GatewayConfigurationData): Promise<Configuration>;
  /** POST /v1/upcoming as the club admin, on the configuration's field. */
  createMatch(configuration: Configuration, data?: { isPrivate?: boolean }): Promise<{ id: number }>;
  /** POST …/startrecording or …/stoprecording as the club admin (202). */
  command(matchId: number, command: "startrecording" | "stoprecording"): Promise<void>;
  /** GET /v1/matches/{id} as the club admin. */
  match(matchId: number): Promise<MatchAnswer>;
  /** GET /v1/monitoring/publish-refusals as the system admin. */
  refusals(): Promise<Refusal[]>;
  /** Starts another gateway over the same API with other settings (stopped by close()). */
  startGateway(env: Record<string, string>): Promise<RunningGateway>;
  close(): Promise<void>;
}

export interface GatewayConfigurationData {
  streamKey: string;
  livestream: LivestreamMode;
  passthrough?: boolean;
  /** The camera server; the stack's gateway unless told (null: none named, the worker finds the gateway). */
  serverUrl?: string | null;
}

export interface MatchAnswer {
  id: number;
  status: string;
  is_private: boolean;
  live_hls_url: string | null;
  vod_hls_url: string | null;
  poster_url: string | null;
  download_url: string | null;
  download_status: "preparing" | "ready" | "failed" | null;
  recording_problem: string | null;
  awaiting_video: boolean;
}

export interface Refusal {
  at: string;
  protocol: "rtmp" | "srt";
  reason: string;
  stream_key_hint: string;
  address: string;
}

let cameras = 0;
/** Publishers still running, killed with the stack (a failed test's). */

/** How a stack runs its gateway: in the test's process, or as `npm start -w @clubcast/media` does, in its own. */
export type GatewayMode = "in-process" | "process";

/**
 * The gateway in a process of its own (apps/media/src/main.ts), on ports fixed
 * for the stack, so a restarted one is where configurations and cameras expect it.
 */
export interface GatewayProcess {
  /** Starts it; resolves once it listens. */
  start(): Promise<void>;
  /** SIGKILL, as a crash: none of its own shutdown runs. Answers its process group. */
  kill(): Promise<number>;
}

/**
 * Starts the whole stack; `services` are the database template and Redis when
 * not run by Vitest (the media benchmark runs the same stack).
 */
export async function startGatewayStack(
  mode: GatewayMode = "in-process",
  services?: TestServices,
): Promise<GatewayStack> {
  // PUBLIC_URL is where the API really listens: the gateway builds the media URLs from it, players fetch them.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ ...generousLoginLimits, publicUrl: url }, services);
  await t.app.listen({ port, host: "127.0.0.1" });
  const { prisma } = t.deps;
  await createApiClient(prisma, null, {
    name: "Media gateway",
    clientId: GATEWAY_CLIENT_ID,
    secret: GATEWAY_CLIENT_SECRET,
  });

  const lines: string[] = [];
  const log = (line: string) => lines.push(`${new Date().toISOString()} ${line}`);
  const gatewayEnv: Record<string, string> = {
    MEDIA_HOST: "127.0.0.1",
    MEDIA_PORT: "0",
    MEDIA_INGEST_HOST: "127.0.0.1",
    SRT_PORT: "0",
    MEDIA_DIR: t.config.mediaDir,
    PUBLIC_URL: url,
    MEDIA_GATEWAY_CLIENT_ID: GATEWAY_CLIENT_ID,
    MEDIA_GATEWAY_CLIENT_SECRET: GATEWAY_CLIENT_SECRET,
    DATABASE_URL: t.config.databaseUrl,
    REDIS_URL: t.config.redisUrl,
    REDIS_PREFIX: t.config.redisPrefix,
  };
  const gateways: RunningGateway[] = [];
  async function startGateway(env: Record<string, string>): Promise<RunningGateway> {
    const settings: GatewaySettings = loadGatewaySettings({
      ...gatewayEnv,
      RTMP_PORT: String(await freePort()),
      ...env,
    });
    const started = await startMediaGateway(settings, { log });
    gateways.push(started);
    return started;
  }
  let gatewayProcess: GatewayProcess | null = null;
  let gateway: RunningGateway;
  if (mode === "in-process") {
    gateway = await startGateway({});
  } else {
    const ports = { media: await freePort(), rtmp: await freePort(), srt: await freeUdpPort() };
    const processes = spawnedGateway(
      { ...gatewayEnv, MEDIA_PORT: String(ports.media), RTMP_PORT: String(ports.rtmp), SRT_PORT: String(ports.srt) },
      log,
    );
    gatewayProcess = processes;
    await processes.start();
    gateway = {
      url: `http://127.0.0.1:${ports.media}`,
      rtmpPort: ports.rtmp,
      srtPort: ports.srt,
      close: processes.close,
    };
    gateways.push(gateway);
  }

  const running: RunningWorkers = startWorkers(t.deps, t.services, {
    assetServerUrl: gateway.url,
    mediaGatewayUrl: gateway.url,
    // The gateway runs on this machine, as under npm start.
    outboundAllowedHosts: ["127.0.0.1"],
    concurrency: 5,
    mediaConcurrency: 2,
    requestTimeoutMs: 5000,
    lockDurationMs: 30_000,
    stalledIntervalMs: 30_000,
  });

  const club = await createClub(prisma);
  const admin = await signIn(t, { scope: "club", clubId: club.id });
  const system = await signIn(t, { scope: "system" });
  const http = api(t);

  return {
    t,
    url,
    http,
    gateway,
    gatewayProcess,
    club,
    admin,
    system,
    log: () => lines.join("\n"),
    async configuration({ streamKey, livestream, passthrough = false, serverUrl = gateway.url }) {
      const field = await createField(prisma, club.id);
      const saStreamUrl = {
        rtmp: `rtmp://127.0.0.1:${gateway.rtmpPort}/${RTMP_APP}/${streamKey}`,
        srt: `{address}:${gateway.srtPort}?streamid=${srtStreamId(streamKey)}`,
        disabled: null,
      }[livestream];
      return prisma.configuration.create({
        data: {
          clubId: club.id,
          fieldId: field.id,
          isMain: true,
          cameraType: GATEWAY_CAMERA_TYPE,
          serverUrl,
          saCameraId: `gateway-cam-${++cameras}`,
          streamKey,
          livestream,
          saStreamUrl,
          passthrough,
        },
      });
    },
    async createMatch(configuration, data = {}) {
      const created = await http.post(
        "/v1/upcoming",
        {
          club: club.id,
          field: configuration.fieldId!,
          date: "2030-07-15",
          start: "20:00",
          stop: "21:45",
          is_private: data.isPrivate ? 1 : 0,
        },
        admin.token,
      );
      expect(created.statusCode, created.body).toBe(201);
      return { id: created.json().data.id as number };
    },
    async command(matchId, command) {
      const answer = await http.post(`/v1/clubs/${club.id}/matches/${matchId}/${command}`, {}, admin.token);
      expect(answer.statusCode, answer.body).toBe(202);
    },
    async match(matchId) {
      const answer = await http.get(`/v1/matches/${matchId}`, admin.token);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data as MatchAnswer;
    },
    async refusals() {
      const answer = await http.get("/v1/monitoring/publish-refusals", system.token);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data as Refusal[];
    },
    startGateway,
    async close() {
      disconnectAllSockets();
      await running.close();
      await Promise.all(gateways.map((started) => started.close()));
      await t.close();
    },
  };
}

/**
 * Registers a test file's hooks around a stack, as useTestAppWithCast does for
 * API tests: started before the tests (its fields are filled in then), the
 * gateway's log printed for a failed test (it says why), everything stopped after.
 */
export function useGatewayStack(mode: GatewayMode = "in-process"): GatewayStack {
  const stack = {} as GatewayStack;
  beforeAll(async () => {
    Object.assign(stack, await startGatewayStack(mode));
  });
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.log(`gateway log:\n${stack.log()}`)));
  afterAll(async () => {
    stopAllPublishers();
    await stack.close?.();
  });
  return stack;
}

export interface Preview {
  configuration: { id: number; barcode: string | null };
  protocol: "rtmp" | "srt";
  since: string;
  hls_url: string | null;
}

/** GET /v1/media-gateway/previews?club= as the club admin: its cameras publishing now. */
export async function previews(stack: GatewayStack): Promise<Preview[]> {
  const answer = await stack.http.get(`/v1/media-gateway/previews?club=${stack.club.id}`, stack.admin.token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as Preview[];
}

/** The configuration's preview, once the gateway has its first video. */
export function previewOf(stack: GatewayStack, configuration: Configuration): Promise<Preview & { hls_url: string }> {
  return eventually(
    async () =>
      (await previews(stack)).find(
        (preview): preview is Preview & { hls_url: string } =>
          preview.configuration.id === configuration.id && preview.hls_url !== null,
      ),
    `a preview of configuration ${configuration.id}`,
    20_000,
  );
}

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Runs apps/media/src/main.ts, each run the leader of a process group of its
 * own: whatever a killed gateway leaves behind can still be found, and is
 * ended with the stack.
 */
function spawnedGateway(env: Record<string, string>, log: (line: string) => void) {
  const groups: number[] = [];
  let current: ChildProcess | null = null;
  return {
    start() {
      const child = spawn(process.execPath, ["--import", "tsx", "apps/media/src/main.ts"], {
        cwd: root,
        env: { ...process.env, ...env },
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      current = child;
      groups.push(child.pid!);
      return new Promise<void>((resolve, reject) => {
        let output = "";
        const take = (chunk: Buffer) => {
          for (const line of chunk.toString().split("\n").filter(Boolean)) log(line);
          output += chunk.toString();
          if (output.includes("camera server on")) resolve();
        };
        child.stdout!.on("data", take);
        child.stderr!.on("data", take);
        child.once("exit", (code, signal) => reject(new Error(`the gateway exited (${code ?? signal}):\n${output}`)));
      });
    },
    async kill() {
      const child = current!;
      child.kill("SIGKILL");
      await exited(child);
      return child.pid!;
    },
    async close() {
      if (current && current.exitCode === null && current.signalCode === null) {
        current.kill("SIGTERM");
        await exited(current);
      }
      for (const group of groups) {
        try {
          process.kill(-group, "SIGKILL");
        } catch {
          // nothing of that group is left
        }
      }
    },
  };
}

/** The pid of the nginx the stack's gateway runs, from the pid file in its work folder. */
/** Waits until a match is on demand with its video-on-demand URL, and answers it. */
export function onDemandOf(stack: GatewayStack, matchId: number): Promise<MatchAnswer & { vod_hls_url: string }> {
  return eventually(async () => {
    const answer = await stack.match(matchId);
    return answer.status === "vod" && answer.vod_hls_url !== null && { ...answer, vod_hls_url: answer.vod_hls_url };
  }, `match ${matchId} to be on demand`);
}

export function nginxPid(stack: GatewayStack): number {
  const workDir = join(stack.t.config.mediaDir, "gateway", `nginx-${stack.gateway.rtmpPort}`);
  return Number(readFileSync(join(workDir, "nginx.pid"), "utf8"));
}

/** Whether any process of the group still runs. */
export function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

function freeUdpPort(): Promise<number> {
  const socket = createSocket("udp4");
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(0, "127.0.0.1", () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

// ── publishers ──

export { lingering, publish, type Publisher } from "@clubcast/testkit/publisher";

export const rtmpUrl = (gateway: RunningGateway, streamKey: string) =>
  `rtmp://127.0.0.1:${gateway.rtmpPort}/${RTMP_APP}/${streamKey}`;

export const srtUrl = (gateway: RunningGateway, streamKey: string) =>
  `srt://127.0.0.1:${gateway.srtPort}?streamid=${srtStreamId(streamKey)}`;

// ── HLS ──

export interface MediaPlaylist {
  text: string;
  mediaSequence: number;
  segments: { duration: number; uri: string }[];
  discontinuities: number;
  /** Seconds of video between discontinuities (one part per publisher session). */
  parts: number[];
  ended: boolean;
  /** Seconds of video listed. */
  duration: number;
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
  return response.text();
}

function parseMediaPlaylist(text: string): MediaPlaylist {
  const lines = text.split("\n").map((line) => line.trim());
  const segments: { duration: number; uri: string }[] = [];
  const parts = [0];
  let duration: number | null = null;
  for (const line of lines) {
    if (line === "#EXT-X-DISCONTINUITY") parts.push(0);
    else if (line.startsWith("#EXTINF:")) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith("#") && duration !== null) {
      segments.push({ duration, uri: line });
      parts.push(parts.pop()! + duration);
      duration = null;
    }
  }
  const sequence = lines.find((line) => line.startsWith("#EXT-X-MEDIA-SEQUENCE:"));
  return {
    text,
    mediaSequence: sequence ? Number(sequence.split(":")[1]) : 0,
    segments,
    discontinuities: parts.length - 1,
    parts,
    ended: lines.includes("#EXT-X-ENDLIST"),
    duration: segments.reduce((sum, segment) => sum + segment.duration, 0),
  };
}

/**
 * Checks that `seconds` of video lasts as long as the `recorded` seconds its
 * camera sent while recording: nothing lost (the kick-off, the final whistle;
 * within `slack` seconds of the commands' own delays), and no more than the
 * segment under way at each end, which belongs to the match.
 */
export function expectRecordedSpan(playlist: MediaPlaylist, seconds: number, recorded: number, slack = 2) {
  const longest = Math.max(...playlist.segments.map((segment) => segment.duration));
  const what = `${seconds} s of video for ${recorded} s recorded`;
  expect(seconds, what).toBeGreaterThan(recorded - slack);
  expect(seconds, what).toBeLessThan(recorded + 2 * longest + slack);
}

/** The best rendition's media playlist of a master playlist, its URL, and the master's renditions (best first). */
export async function bestRendition(masterUrl: string): Promise<MediaPlaylist & { url: string; variants: string[] }> {
  const variants = (await fetchText(masterUrl))
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  expect(variants.length, masterUrl).toBeGreaterThan(0);
  const url = new URL(variants[0]!, masterUrl).toString();
  return { ...parseMediaPlaylist(await fetchText(url)), url, variants };
}

/** Segments a live playlist has listed so far (its media sequence plus its window). */
const segmentsSoFar = (playlist: MediaPlaylist) => playlist.mediaSequence + playlist.segments.length;

/** Waits until the live stream at `masterUrl` lists `more` segments beyond what it listed when asked. */
export async function liveGrows(masterUrl: string, more = 2): Promise<void> {
  const before = segmentsSoFar(await bestRendition(masterUrl));
  await eventually(
    async () => segmentsSoFar(await bestRendition(masterUrl)) >= before + more,
    `${masterUrl} to list ${more} more segments`,
    15_000,
  );
}

/** A segment's status when fetched at `url` (relative to the playlist). */
export async function statusOf(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

/**
 * The player on the blank page: hls.js on a muted video, `playback()` telling
 * how it goes. Plain JavaScript, since it runs in the page, not here.
 */
const PLAYER = `
  const video = document.querySelector("video");
  let failure = null;
  const hls = new Hls();
  hls.on(Hls.Events.ERROR, (_event, data) => { if (data.fatal) failure = data.details; });
  window.play = (url) => { hls.loadSource(url); hls.attachMedia(video); video.play(); };
  window.playback = () => ({
    readyState: video.readyState, currentTime: video.currentTime, failure,
    latency: hls.latency, lowLatency: Boolean(hls.levels[hls.currentLevel]?.details?.partList?.length),
  });
`;

interface Playback {
  readyState: number;
  currentTime: number;
  failure: string | null;
  /** hls.js's distance from the live edge (seconds), for a live stream. */
  latency: number;
  /** hls.js plays the stream's low-latency parts. */
  lowLatency: boolean;
}

/**
 * Plays `url` in Chromium with hls.js (from the web client's dependencies) on a
 * blank page: resolves once the video has data to play (readyState ≥ 2) and
 * its clock has moved on by `seconds`.
 */
export async function playsInChromium(browser: Browser, url: string, seconds = 1.5): Promise<Playback> {
  const page = await browser.newPage();
  try {
    await page.setContent("<!doctype html><video muted playsinline></video>");
    await page.addScriptTag({ content: readFileSync(HLS_JS, "utf8") });
    await page.addScriptTag({ content: PLAYER });
    await page.evaluate(`play(${JSON.stringify(url)})`);
    const playback = async () => (await page.evaluate("playback()")) as Playback;
    const playing = await eventually(
      async () => {
        const now = await playback();
        if (now.failure) throw new Error(`hls.js could not play ${url}: ${now.failure}`);
        return now.readyState >= 2 && now.currentTime > 0 && now;
      },
      `${url} to play in Chromium`,
      20_000,
    );
    return await eventually(
      async () => {
        const now = await playback();
        return now.currentTime >= playing.currentTime + seconds && now;
      },
      `${url}'s clock to move on by ${seconds} s`,
      20_000,
    );
  } finally {
    await page.close();
  }
}

/** A signed media URL as the API makes them, signed long enough ago that it has expired. */
export function expiredSignedUrl(stack: GatewayStack, scope: MediaScope, path: string): Promise<string> {
  const signedAt = Date.now() - (stack.t.config.mediaUrlTtlSeconds + 60) * 1000;
  return stack.t.services.media.scopeFileUrl(scope, path, signedAt);
}
