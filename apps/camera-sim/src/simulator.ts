// A camera server and asset server in one real HTTP server, speaking the
// protocol of @clubcast/camera-protocol. It records every call, honours
// idempotency keys, can be told to fail or be slow, reports streams and
// recordings back to the API as a camera controller would, and (with ffmpeg)
// serves real live and on-demand HLS video of a test pattern, also for the
// seed's demo matches it never recorded (demo-media.ts).
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import { ASSET_UPDATE_TARGETS, type AssetUpdateTarget, type CameraCommand } from "@clubcast/shared/jobs";
import {
  IDEMPOTENCY_HEADER,
  STATE_AFTER,
  cameraCommandOfPath,
  createControllerReporter,
  type AssetUpdateAnswer,
  type CameraCommandAnswer,
  type ControllerCredentials,
} from "@clubcast/camera-protocol";
import { NO_FAULTS, type SimCall, type SimFaults } from "./control.ts";
import { createDemoMedia } from "./demo-media.ts";
import { PLAYLIST, encodeTestPatternVod, hasFfmpeg, startLiveVideo, type LiveVideo } from "./video.ts";

export interface SimulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Where players reach the simulator's HLS files (default its own URL). */
  publicUrl?: string;
  /** The camera controller's API credentials; null: no reports to the API. */
  controller?: ControllerCredentials | null;
  /** Produce HLS video (needs ffmpeg; default: when ffmpeg is on PATH). */
  video?: boolean;
  videoSize?: string;
  mediaDir?: string;
  /**
   * How long making a recording's video-on-demand takes before it is reported
   * finished (default 1 s): like a real camera server, never at the instant it
   * answers the stop command.
   */
  processingMs?: number;
  /** How often the controller reports a heartbeat to the API (default 30 s). */
  heartbeatMs?: number;
  log?: (line: string) => void;
}

export interface RunningSimulator {
  url: string;
  port: number;
  /** Whether it produces video (ffmpeg found and not turned off). */
  video: boolean;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
}

interface Recording {
  matchId: number;
  recordingId: string;
  dir: string;
  startedAt: Date;
  video: LiveVideo | null;
}

interface CameraState {
  scheduled: Set<number>;
  recording: Recording | null;
  /** Finished recordings by match, for restores. */
  finished: Map<number, Recording>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
};

const isPositiveInt = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isInstant = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long the simulator waits before telling the API again of a stream it did not hear of. */
const STREAM_READY_RETRY_MS = 1000;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (data += chunk));
    request.on("end", () => resolve(data));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.writableEnded || response.destroyed) return;
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startCameraSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const log = options.log ?? ((line: string) => console.log(`[camera-sim] ${line}`));
  const video = (options.video ?? true) && hasFfmpeg();
  if ((options.video ?? true) && !video) log("ffmpeg is not on PATH: running without video (HLS URLs are null)");
  const videoSize = options.videoSize ?? "640x360";
  const ownsMediaDir = !options.mediaDir;
  const mediaDir = options.mediaDir ?? mkdtempSync(join(tmpdir(), "clubcast-camera-sim-"));
  const reporter = options.controller ? createControllerReporter(options.controller) : null;
  const demoMedia = video ? createDemoMedia(mediaDir, videoSize, log) : null;
  if (!reporter) log("no camera-controller credentials: streams and recordings are not reported to the API");

  let calls: SimCall[] = [];
  let faults: SimFaults = { ...NO_FAULTS };
  let answersByKey = new Map<string, Promise<Answer>>();
  let cameras = new Map<string, CameraState>();
  const background = new Set<Promise<unknown>>();
  /** Set by close(): reports are not tried again. */
  let closing = false;
  let publicUrl = options.publicUrl ?? "";

  const cameraState = (cameraId: string): CameraState => {
    let state = cameras.get(cameraId);
    if (!state) cameras.set(cameraId, (state = { scheduled: new Set(), recording: null, finished: new Map() }));
    return state;
  };

  /** Work that outlives the HTTP answer (video, reports); failures are logged, never thrown at the caller. */
  function inBackground(what: string, work: () => Promise<unknown>): void {
    const task = work().catch((error: unknown) => log(`${what} failed: ${(error as Error).message}`));
    background.add(task);
    void task.finally(() => background.delete(task));
  }

  const mediaUrl = (dir: string, kind: "live" | "vod") =>
    `${publicUrl}/media/${dir
      .slice(mediaDir.length + 1)
      .split(sep)
      .map(encodeURIComponent)
      .join("/")}/${kind}/${PLAYLIST}`;

  function startRecording(cameraId: string, state: CameraState, matchId: number): Recording {
    const recordingId = `rec-${cameraId}-${matchId}-${Date.now()}`;
    const dir = join(mediaDir, cameraId, recordingId);
    const caption = `Match ${matchId}`;
    const live = video ? startLiveVideo(join(dir, "live"), join(dir, "archive"), { size: videoSize, caption }) : null;
    const recording: Recording = { matchId, recordingId, dir, startedAt: new Date(), video: live };
    state.recording = recording;
    inBackground(`the live stream of match ${matchId}`, async () => {
      if (live) await live.ready;
      await reportStreamReady(cameraId, recording, live ? mediaUrl(dir, "live") : null);
    });
    return recording;
  }

  /**
   * Tells the API the recording's stream is ready: what makes its match live. Tried again every
   * STREAM_READY_RETRY_MS while the recording goes on until the API has heard it: the report may
   * come before the API knows this camera records the match (the start's confirmation is written by
   * the worker meanwhile), or find the API away for a moment. A recording stopped (or forgotten by a
   * reset) before its stream was ready reports none: its match never shows live without a video.
   */
  async function reportStreamReady(cameraId: string, recording: Recording, liveHlsUrl: string | null) {
    if (!reporter) return;
    const goesOn = () => !closing && cameras.get(cameraId)?.recording === recording;
    for (let attempt = 1; goesOn(); attempt++) {
      try {
        return await reporter.streamReady({ matchId: recording.matchId, liveHlsUrl });
      } catch (error) {
        if (!goesOn()) throw error;
        if (attempt === 1)
          log(`match ${recording.matchId}'s stream ready not heard yet (${(error as Error).message}): trying again`);
        await sleep(STREAM_READY_RETRY_MS);
      }
    }
  }

  /** Ends the live stream, makes the video-on-demand, then reports the recording finished. */
  async function finishRecording(recording: Recording, endedAt: Date): Promise<void> {
    const processing = sleep(options.processingMs ?? 1000);
    const recorded = recording.video ? await recording.video.stopIntoVod(join(recording.dir, "vod")) : false;
    await processing;
    await reporter?.recordingFinished({
      matchId: recording.matchId,
      startedAt: recording.startedAt,
      endedAt,
      vodHlsUrl: recorded ? mediaUrl(recording.dir, "vod") : null,
    });
  }

  function stopRecording(state: CameraState, recording: Recording): void {
    state.recording = null;
    state.finished.set(recording.matchId, recording);
    const endedAt = new Date();
    inBackground(`the recording of match ${recording.matchId}`, () => finishRecording(recording, endedAt));
  }

  function restore(
    cameraId: string,
    state: CameraState,
    body: { match_id: number; starting_at: string; stopping_at: string },
  ) {
    const dir =
      state.finished.get(body.match_id)?.dir ?? join(mediaDir, cameraId, `restored-${body.match_id}-${Date.now()}`);
    inBackground(`the restore of match ${body.match_id}`, async () => {
      const processing = sleep(options.processingMs ?? 1000);
      const vodDir = join(dir, "vod");
      if (video && !existsSync(join(vodDir, PLAYLIST))) {
        await encodeTestPatternVod(vodDir, { size: videoSize, caption: `Match ${body.match_id}`, seconds: 6 });
      }
      await processing;
      await reporter?.recordingFinished({
        matchId: body.match_id,
        startedAt: new Date(body.starting_at),
        endedAt: new Date(body.stopping_at),
        vodHlsUrl: video ? mediaUrl(dir, "vod") : null,
      });
    });
  }

  /** The effect of one camera command, by the camera's rules. */
  function applyCameraCommand(
    command: CameraCommand,
    cameraId: string,
    body: Record<string, unknown>,
  ): CameraCommandAnswer {
    const matchId = body.match_id;
    if (!isPositiveInt(matchId)) throw new Refusal(422, "match_id must be a positive integer");
    if (command === "schedule" || command === "restore") {
      if (!isInstant(body.starting_at) || !isInstant(body.stopping_at)) {
        throw new Refusal(422, "starting_at and stopping_at must be ISO 8601 instants");
      }
      if (Date.parse(body.stopping_at as string) <= Date.parse(body.starting_at as string)) {
        throw new Refusal(422, "stopping_at must be after starting_at");
      }
    }
    const state = cameraState(cameraId);
    let recording = state.recording?.matchId === matchId ? state.recording : null;
    switch (command) {
      case "schedule":
        if (recording) throw new Refusal(409, `camera ${cameraId} is already recording match ${matchId}`);
        state.scheduled.add(matchId);
        break;
      case "unschedule":
        state.scheduled.delete(matchId);
        break;
      case "startRecording":
        if (state.recording && !recording) {
          throw new Refusal(409, `camera ${cameraId} is busy recording match ${state.recording.matchId}`);
        }
        state.scheduled.delete(matchId);
        recording ??= startRecording(cameraId, state, matchId);
        break;
      case "stopRecording":
        // A stop of a recording it already stopped (another request's, or its own schedule's) answers
        // the same, without a second effect; a match it never recorded is refused.
        if (!recording) recording = state.finished.get(matchId) ?? null;
        else stopRecording(state, recording);
        if (!recording) throw new Refusal(409, `camera ${cameraId} is not recording match ${matchId}`);
        break;
      case "restore":
        recording = state.finished.get(matchId) ?? null;
        restore(cameraId, state, body as { match_id: number; starting_at: string; stopping_at: string });
        break;
    }
    return {
      camera_id: cameraId,
      match_id: matchId,
      state: STATE_AFTER[command],
      recording_id: recording?.recordingId ?? null,
    };
  }

  function applyAssetUpdate(target: AssetUpdateTarget, body: Record<string, unknown>): AssetUpdateAnswer {
    if (!isPositiveInt(body.matchId)) throw new Refusal(422, "matchId must be a positive integer");
    if (typeof body.isPrivate !== "boolean") throw new Refusal(422, "isPrivate must be a boolean");
    return { target, matchId: body.matchId, isPrivate: body.isPrivate };
  }

  /** Runs a protocol call with the faults, idempotency and recording every call gets. */
  async function protocolCall(
    request: IncomingMessage,
    response: ServerResponse,
    call: Omit<
      SimCall,
      "seq" | "method" | "path" | "body" | "idempotency_key" | "outcome" | "status" | "received_at" | "answered_at"
    >,
    effect: (body: Record<string, unknown>) => unknown,
  ): Promise<void> {
    const path = request.url ?? "/";
    const key = (request.headers[IDEMPOTENCY_HEADER.toLowerCase()] as string | undefined) ?? null;
    const raw = await readBody(request);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      body = raw;
    }
    const record: SimCall = {
      ...call,
      seq: calls.length + 1,
      method: request.method ?? "POST",
      path,
      body,
      idempotency_key: key,
      outcome: "pending",
      status: null,
      received_at: new Date().toISOString(),
      answered_at: null,
    };
    calls.push(record);
    const answerWith = (answer: Answer, outcome: SimCall["outcome"]) => {
      record.outcome = outcome;
      record.status = answer.status;
      record.answered_at = new Date().toISOString();
      send(response, answer.status, answer.body);
    };

    const earlier = key ? answersByKey.get(key) : undefined;
    if (earlier) return answerWith(await earlier, "replay");

    const faulted = faults.path_prefix === null || path.startsWith(faults.path_prefix);
    if (faulted && faults.fail_next > 0) {
      faults.fail_next -= 1;
      return answerWith({ status: faults.fail_status, body: { message: faults.fail_message } }, "fault");
    }

    const delay = faulted ? faults.delay_ms : 0;
    const answer = (async (): Promise<Answer> => {
      if (delay > 0) await sleep(delay);
      if (typeof body !== "object" || body === null)
        return { status: 400, body: { message: "the body must be a JSON object" } };
      try {
        return { status: 200, body: effect(body as Record<string, unknown>) };
      } catch (error) {
        if (error instanceof Refusal) return { status: error.status, body: { message: error.message } };
        throw error;
      }
    })();
    // Stored before it settles, so a duplicate arriving meanwhile waits for the same answer.
    if (key) answersByKey.set(key, answer);
    const settled = await answer;
    answerWith(settled, settled.status < 300 ? "effect" : "refused");
  }

  function serveMedia(path: string, response: ServerResponse): void {
    const relative = normalize(decodeURIComponent(path.slice("/media/".length)));
    const file = join(mediaDir, relative);
    if (relative.startsWith("..") || !file.startsWith(mediaDir + sep)) {
      return send(response, 404, { message: "no such media file" });
    }
    sendFile(file, response);
  }

  /** The demo matches' video (demo-media.ts), made on the first request for it. */
  async function serveDemoMedia(path: string, response: ServerResponse): Promise<void> {
    const demo = demoMedia ? await demoMedia.file(path) : null;
    if (!demo) return send(response, 404, { message: "no such media file" });
    sendFile(demo.path, response);
  }

  function sendFile(file: string, response: ServerResponse): void {
    if (!existsSync(file) || !statSync(file).isFile()) return send(response, 404, { message: "no such media file" });
    response.writeHead(200, {
      "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      // Live playlists change every segment.
      "cache-control": extname(file) === ".m3u8" ? "no-cache" : "max-age=3600",
    });
    createReadStream(file).pipe(response);
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://sim");
    const path = url.pathname;
    const method = request.method ?? "GET";
    response.setHeader("access-control-allow-origin", "*");
    if (method === "OPTIONS") {
      response.writeHead(204, {
        "access-control-allow-methods": "GET, POST, OPTIONS",
        "access-control-allow-headers": `content-type, ${IDEMPOTENCY_HEADER}`,
      });
      return void response.end();
    }
    if (method === "GET" && path.startsWith("/media/")) return serveMedia(path, response);
    if (method === "GET" && /^\/(live|recordings)\//.test(path)) return serveDemoMedia(path, response);
    if (method === "GET" && path === "/health") return send(response, 200, { ok: true, video });
    if (method === "GET" && path === "/_sim/calls") return send(response, 200, { calls });
    if (method === "POST" && path === "/_sim/faults") {
      const changes = JSON.parse((await readBody(request)) || "{}") as Partial<SimFaults>;
      faults = { ...faults, ...changes };
      return send(response, 200, faults);
    }
    if (method === "POST" && path === "/_sim/reset") {
      await readBody(request);
      calls = [];
      faults = { ...NO_FAULTS };
      answersByKey = new Map();
      cameras = new Map();
      return send(response, 200, { ok: true });
    }
    const camera = /^\/cameras\/([^/]+)\/(.+)$/.exec(path);
    const command = camera ? cameraCommandOfPath(camera[2]!) : null;
    if (method === "POST" && camera && command) {
      const cameraId = decodeURIComponent(camera[1]!);
      return protocolCall(request, response, { command, camera_id: cameraId, asset_target: null }, (body) =>
        applyCameraCommand(command, cameraId, body),
      );
    }
    const asset = /^\/assets\/([^/]+)$/.exec(path);
    const target = ASSET_UPDATE_TARGETS.find((t) => t === asset?.[1]);
    if (method === "POST" && target) {
      return protocolCall(request, response, { command: null, camera_id: null, asset_target: target }, (body) =>
        applyAssetUpdate(target, body),
      );
    }
    send(response, 404, { message: `no route ${method} ${path}` });
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      log(`${request.method} ${request.url} failed: ${(error as Error).stack}`);
      send(response, 500, { message: (error as Error).message });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  const heartbeat = () => inBackground("the heartbeat", () => reporter!.heartbeat());
  const heartbeats = reporter ? setInterval(heartbeat, options.heartbeatMs ?? 30_000) : null;
  if (reporter) heartbeat();
  const url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  publicUrl = (options.publicUrl ?? url).replace(/\/+$/, "");

  return {
    url,
    port,
    video,
    async close() {
      closing = true;
      if (heartbeats) clearInterval(heartbeats);
      await Promise.all([...cameras.values()].map((state) => state.recording?.video?.abort()));
      await demoMedia?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...background]);
      if (ownsMediaDir) rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
