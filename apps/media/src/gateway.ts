// The gateway's rules: which publisher feeds which match, what the camera
// commands do, and what is reported to the API. Transports (nginx callbacks,
// the SRT relay, the camera-server HTTP protocol) call in here.
//
// A camera (a configuration's sa_camera_id) that publishes while none of its
// matches records feeds a preview (previews/{configurationId}); once the worker
// sends start recording, its stream feeds the match (matches/{matchId}), one
// session per connection, joined by discontinuities; stop recording turns the
// sessions into the video-on-demand.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { MEDIA_FILES, RTMP_APP, streamKeyHint, type IngestProtocol } from "@clubcast/shared";
import { STATE_AFTER, type CameraCommandAnswer } from "@clubcast/camera-protocol";
import type { CameraCommand } from "@clubcast/shared/jobs";
import type { MediaScope, MediaStore } from "@clubcast/media-store";
import type { GatewayApi } from "./api.ts";
import { SRT_APP } from "./nginx.ts";
import {
  probe,
  renditionsFor,
  startPipeline,
  unsupportedReason,
  type InputStreams,
  type Pipeline,
} from "./pipeline.ts";
import { createSegmentCache, writePlaylists, type Rendition } from "./playlists.ts";
import { makeDownload, makePoster, writeVodPlaylists } from "./recordings.ts";
import type { RecordingState, StateFile } from "./state.ts";

/** A command the camera's rules refuse (answered 4xx, like any camera server). */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Session {
  scope: MediaScope;
  number: number;
  renditions: Rendition[];
  pipeline: Pipeline;
  watcher: NodeJS.Timeout;
  /** Set when the gateway ends the session itself (switching target, stopping); not a failure. */
  ending: boolean;
}

interface Publisher {
  app: string;
  /** The stream name at nginx: the key for RTMP, the relay's token for SRT. */
  name: string;
  streamKey: string;
  protocol: IngestProtocol;
  address: string;
  configurationId: number;
  cameraId: string;
  passthrough: boolean;
  streams: InputStreams | null;
  session: Session | null;
  connected: boolean;
  /** ffmpeg runs that failed in a row under this publisher. */
  failures: number;
}

export interface GatewayOptions {
  store: MediaStore;
  state: StateFile;
  api: GatewayApi;
  /** How the gateway reads a publisher's stream back from nginx. */
  rtmpReadUrl(app: string, name: string): string;
  dropAtNginx(app: string, name: string): Promise<void>;
  /** Ends an SRT caller at the relay (its token). */
  dropSrt(token: string): void;
  publicUrl: string;
  minFreeBytes: number;
  segmentSeconds: number;
  liveWindow: number;
  log(line: string): void;
}

/** How often connected cameras are reported again (monitoring's heartbeat). */
const PUBLISHER_REPORT_MS = 30_000;

export function createGateway(options: GatewayOptions) {
  const { store, state, api, log } = options;
  /** Connected publishers by nginx identity (app/name). */
  const publishers = new Map<string, Publisher>();
  /** SRT callers the API allowed, by relay token, until nginx sees their push. */
  const srtAllowed = new Map<
    string,
    Omit<Publisher, "app" | "name" | "streams" | "session" | "connected" | "failures">
  >();
  const background = new Set<Promise<unknown>>();

  function inBackground(what: string, work: () => Promise<unknown>) {
    const task = work().catch((error: unknown) => log(`${what} failed: ${(error as Error).message}`));
    background.add(task);
    void task.finally(() => background.delete(task));
  }

  const mediaUrl = (matchId: number, file: string) => `${options.publicUrl}/media/matches/${matchId}/${file}`;
  const scopePath = (scope: MediaScope) => `${scope.kind}/${scope.id}/${MEDIA_FILES.livePlaylist}`;
  const publisherOfConfiguration = (configurationId: number) =>
    [...publishers.values()].find((publisher) => publisher.configurationId === configurationId);
  const publisherOfCamera = (cameraId: string) =>
    [...publishers.values()].find((publisher) => publisher.cameraId === cameraId && publisher.connected);

  async function refuse(refusal: { streamKey: string; protocol: IngestProtocol; address: string; reason: string }) {
    log(
      `refused ${refusal.protocol} publisher ${refusal.address} (key ${streamKeyHint(refusal.streamKey)}): ${refusal.reason}`,
    );
    await api.reportRefusal(refusal).catch((error: Error) => log(`reporting a refusal failed: ${error.message}`));
  }

  /** The next session number of a match: after every session on disk, even ones a crash kept out of the state. */
  function nextSession(recording: RecordingState, dir: string): number {
    const onDisk = (recording.renditions ?? []).flatMap((rendition) => {
      const renditionDir = join(dir, rendition.name);
      if (!existsSync(renditionDir)) return [];
      return readdirSync(renditionDir).map((file) => Number(/^s(\d+)\.m3u8$/.exec(file)?.[1] ?? 0));
    });
    return Math.max(0, ...recording.sessions, ...onDisk) + 1;
  }

  /** Feeds the publisher's stream to its camera's recording match, or to its preview. */
  function route(publisher: Publisher): void {
    if (!publisher.connected || !publisher.streams || publisher.session) return;
    const recording = state.camera(publisher.cameraId).recording;
    const scope: MediaScope = recording
      ? { kind: "matches", id: recording.matchId }
      : { kind: "previews", id: publisher.configurationId };
    const dir = store.dir(scope);
    let renditions: Rendition[];
    let number: number;
    if (recording) {
      recording.renditions ??= renditionsFor(publisher.streams, publisher.passthrough);
      renditions = recording.renditions;
      number = nextSession(recording, dir);
      recording.sessions.push(number);
      state.save();
      store.writeManifest(scope, { renditions: renditions.map((rendition) => rendition.name) });
    } else {
      store.remove(scope);
      renditions = renditionsFor(publisher.streams, publisher.passthrough);
      number = 1;
    }
    const passthrough = renditions[0]!.name === "source";
    const pipeline = startPipeline({
      input: options.rtmpReadUrl(publisher.app, publisher.name),
      dir,
      session: number,
      renditions,
      passthrough,
      hasAudio: publisher.streams.audio !== null,
      segmentSeconds: options.segmentSeconds,
      keepSegments: recording !== null,
      log: (line) => log(`${scope.kind}/${scope.id} session ${number}: ${line}`),
    });
    const startedAt = Date.now();
    const segmentCache = createSegmentCache();
    const sessions = () => (recording ? recording.sessions : [number]);
    let announced = false;
    const refresh = () => {
      const segments = writePlaylists(dir, renditions, sessions(), {
        ended: false,
        liveWindow: options.liveWindow,
        cache: segmentCache,
      });
      if (segments === 0 || announced) return;
      announced = true;
      inBackground("reporting the publisher", () =>
        api.reportPublisher({
          configurationId: publisher.configurationId,
          connected: true,
          protocol: publisher.protocol,
          hlsPath: scopePath(scope),
        }),
      );
      if (recording && !recording.streamReadyReported) {
        inBackground(`reporting match ${recording.matchId}'s stream ready`, async () => {
          await api.streamReady(recording.matchId, mediaUrl(recording.matchId, MEDIA_FILES.livePlaylist));
          recording.streamReadyReported = true;
          state.save();
        });
      }
    };
    const session: Session = {
      scope,
      number,
      renditions,
      pipeline,
      watcher: setInterval(refresh, 250),
      ending: false,
    };
    publisher.session = session;
    log(
      `${publisher.protocol} ${streamKeyHint(publisher.streamKey)} feeds ${scope.kind}/${scope.id} (session ${number}, ${renditions.map((r) => r.name).join("+")})`,
    );
    void pipeline.ended.then(() => {
      clearInterval(session.watcher);
      if (recording) refresh();
      if (publisher.session === session) publisher.session = null;
      // ffmpeg failed under a publisher that is still there (a full disk, a hiccup): start again, waiting
      // longer after each failure in a row so a lasting fault doesn't spin.
      if (session.ending || !publisher.connected) return;
      publisher.failures = Date.now() - startedAt > 30_000 ? 1 : publisher.failures + 1;
      setTimeout(() => route(publisher), Math.min(30_000, 1000 * 2 ** (publisher.failures - 1))).unref();
    });
  }

  /**
   * Connected cameras are reported again every so often: monitoring counts a
   * configuration silent for two minutes as offline, and the API may have restarted.
   */
  const stillConnected = setInterval(() => {
    for (const publisher of publishers.values()) {
      const scope = publisher.session?.scope;
      if (!scope) continue;
      inBackground("reporting a connected camera", () =>
        api.reportPublisher({
          configurationId: publisher.configurationId,
          connected: true,
          protocol: publisher.protocol,
          hlsPath: scopePath(scope),
        }),
      );
    }
  }, PUBLISHER_REPORT_MS);
  stillConnected.unref();

  /** Ends a session cleanly; a preview's video goes with it. */
  async function finish(session: Session): Promise<void> {
    session.ending = true;
    await session.pipeline.stop();
    if (session.scope.kind === "previews") store.remove(session.scope);
  }

  async function endSession(publisher: Publisher): Promise<void> {
    if (publisher.session) await finish(publisher.session);
  }

  /**
   * Routes a publisher's stream anew (a preview to its match) with the new session started before the old one
   * ends: ending a session waits for ffmpeg to finish its segment, and the recording must not miss that time.
   */
  async function handOver(publisher: Publisher): Promise<void> {
    const previous = publisher.session;
    if (previous) previous.ending = true;
    publisher.session = null;
    route(publisher);
    if (previous) await finish(previous);
  }

  /** Takes a publisher nginx has let in: probe what it sends, refuse what can't be taken, then route it. */
  async function attach(publisher: Publisher): Promise<void> {
    const input = options.rtmpReadUrl(publisher.app, publisher.name);
    // A second look before refusing: nginx may not have started the stream when the first one came.
    const streams = (await probe(input)) ?? (publisher.connected ? await probe(input) : null);
    if (!publisher.connected) return;
    const reason = streams ? unsupportedReason(streams, publisher.passthrough) : "no decodable video arrived";
    if (reason) {
      await refuse({ ...publisher, reason });
      await drop(publisher);
      return;
    }
    publisher.streams = streams;
    route(publisher);
  }

  async function drop(publisher: Publisher): Promise<void> {
    if (publisher.protocol === "srt") options.dropSrt(publisher.name);
    await options.dropAtNginx(publisher.app, publisher.name);
  }

  /** A second publisher of a configuration is refused; the first one stays. */
  function alreadyPublishing(configurationId: number): boolean {
    return (
      publisherOfConfiguration(configurationId) !== undefined ||
      [...srtAllowed.values()].some((allowed) => allowed.configurationId === configurationId)
    );
  }

  /** nginx's on_publish: answers whether the publisher may go on. */
  async function onPublish(app: string, name: string, address: string): Promise<boolean> {
    let allowed: Omit<Publisher, "app" | "name" | "streams" | "session" | "connected" | "failures">;
    if (app === SRT_APP) {
      const srt = srtAllowed.get(name);
      if (!srt) return false;
      srtAllowed.delete(name);
      allowed = srt;
    } else if (app === RTMP_APP) {
      const decision = await api.authorizePublish(name, "rtmp", address);
      if (!decision.allowed) {
        log(`refused rtmp publisher ${address} (key ${streamKeyHint(name)}): ${decision.reason}`);
        return false;
      }
      if (alreadyPublishing(decision.configuration_id)) {
        await refuse({
          streamKey: name,
          protocol: "rtmp",
          address,
          reason: "a camera already publishes with this key; the first one stays",
        });
        return false;
      }
      allowed = {
        streamKey: name,
        protocol: "rtmp",
        address,
        configurationId: decision.configuration_id,
        cameraId: decision.camera_id,
        passthrough: decision.passthrough,
      };
    } else {
      return false;
    }
    const publisher: Publisher = { ...allowed, app, name, streams: null, session: null, connected: true, failures: 0 };
    publishers.set(`${app}/${name}`, publisher);
    log(`${publisher.protocol} publisher ${address} connected for configuration ${publisher.configurationId}`);
    // nginx starts the stream once we have answered; read it back a moment later.
    setTimeout(() => inBackground("taking a publisher", () => attach(publisher)), 300).unref();
    return true;
  }

  /** The SRT relay's question, with the stream id's key: allowed callers are expected at nginx under their token. */
  async function authorizeSrt(
    streamKey: string | null,
    token: string,
    peer: string,
  ): Promise<{ ok: true } | { ok: false; reason: string }> {
    if (!streamKey) {
      log(`refused srt publisher ${peer}: no stream key in the stream id`);
      return { ok: false, reason: "no stream key in the stream id" };
    }
    const decision = await api.authorizePublish(streamKey, "srt", peer);
    if (!decision.allowed) return { ok: false, reason: decision.reason };
    if (alreadyPublishing(decision.configuration_id)) {
      const reason = "a camera already publishes with this key; the first one stays";
      await refuse({ streamKey, protocol: "srt", address: peer, reason });
      return { ok: false, reason };
    }
    srtAllowed.set(token, {
      streamKey,
      protocol: "srt",
      address: peer,
      configurationId: decision.configuration_id,
      cameraId: decision.camera_id,
      passthrough: decision.passthrough,
    });
    // A caller that never pushes frees its configuration again.
    setTimeout(() => srtAllowed.delete(token), 15_000).unref();
    return { ok: true };
  }

  /** nginx's on_publish_done: the publisher left (or was dropped). */
  async function onPublishDone(app: string, name: string): Promise<void> {
    const publisher = publishers.get(`${app}/${name}`);
    if (!publisher) return;
    publishers.delete(`${app}/${name}`);
    publisher.connected = false;
    log(`${publisher.protocol} publisher of configuration ${publisher.configurationId} left`);
    await endSession(publisher);
    await api
      .reportPublisher({
        configurationId: publisher.configurationId,
        connected: false,
        protocol: publisher.protocol,
        hlsPath: null,
      })
      .catch((error: Error) => log(`reporting a publisher's leave failed: ${error.message}`));
  }

  /**
   * nginx died, and its publishers with it, without a publish-done for any of
   * them: forget them as if they had left, or each camera's reconnect would be
   * refused as a second publisher, and their pipelines retried forever.
   */
  async function onNginxExit(): Promise<void> {
    for (const publisher of [...publishers.values()]) await onPublishDone(publisher.app, publisher.name);
  }

  /** A rotated key: whoever still publishes with the old one is dropped. */
  async function onStreamKeyRotated(configurationId: number, oldStreamKey: string): Promise<void> {
    for (const publisher of publishers.values()) {
      if (publisher.configurationId === configurationId && publisher.streamKey === oldStreamKey) {
        log(`stream key of configuration ${configurationId} rotated: dropping its ${publisher.protocol} publisher`);
        await drop(publisher);
      }
    }
  }

  // ── camera commands ──

  function startRecording(cameraId: string, matchId: number): RecordingState {
    const camera = state.camera(cameraId);
    if (camera.recording) {
      if (camera.recording.matchId === matchId) return camera.recording;
      throw new Refusal(409, `camera ${cameraId} is busy recording match ${camera.recording.matchId}`);
    }
    const free = store.freeBytes();
    if (free < options.minFreeBytes) {
      const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024);
      log(`refused to record match ${matchId}: ${mb(free)} MB free, ${mb(options.minFreeBytes)} MB needed`);
      throw new Refusal(
        409,
        `not enough free disk space for a new recording: ${mb(free)} MB free, at least ${mb(options.minFreeBytes)} MB needed`,
      );
    }
    const recording: RecordingState = {
      matchId,
      recordingId: `rec-${cameraId}-${matchId}-${Date.now()}`,
      startedAt: new Date().toISOString(),
      renditions: null,
      sessions: [],
      streamReadyReported: false,
    };
    camera.recording = recording;
    delete camera.scheduled[matchId];
    state.save();
    const publisher = publisherOfCamera(cameraId);
    // The preview becomes the match's live stream.
    if (publisher) inBackground("switching a preview to its match", () => handOver(publisher));
    return recording;
  }

  function stopRecording(cameraId: string, matchId: number): RecordingState {
    const camera = state.camera(cameraId);
    const recording = camera.recording;
    if (recording?.matchId !== matchId) throw new Refusal(409, `camera ${cameraId} is not recording match ${matchId}`);
    const endedAt = new Date();
    camera.recording = null;
    camera.finished[matchId] = {
      matchId,
      recordingId: recording.recordingId,
      startedAt: recording.startedAt,
      endedAt: endedAt.toISOString(),
    };
    state.save();
    inBackground(`finishing the recording of match ${matchId}`, () => finishRecording(cameraId, recording, endedAt));
    return recording;
  }

  async function finishRecording(cameraId: string, recording: RecordingState, endedAt: Date): Promise<void> {
    const publisher = publisherOfCamera(cameraId);
    const scope: MediaScope = { kind: "matches", id: recording.matchId };
    if (publisher?.session?.scope.kind === "matches" && publisher.session.scope.id === recording.matchId) {
      await endSession(publisher);
    }
    const dir = store.dir(scope);
    const renditions = recording.renditions ?? [];
    const segments = renditions.length ? writeVodPlaylists(dir, renditions, recording.sessions) : 0;
    if (segments > 0)
      await makePoster(dir, renditions[0]!, recording.sessions).catch((error: Error) =>
        log(`poster of match ${recording.matchId}: ${error.message}`),
      );
    else log(`match ${recording.matchId} stopped without video: nobody published while it recorded`);
    await api.recordingFinished({
      matchId: recording.matchId,
      startedAt: new Date(recording.startedAt),
      endedAt,
      vodHlsUrl: mediaUrl(recording.matchId, MEDIA_FILES.vodPlaylist),
    });
    log(`match ${recording.matchId} is on demand (${segments} segments)`);
    // Back to the preview while the camera keeps publishing.
    if (publisher?.connected) route(publisher);
    if (segments > 0) await makeDownload(dir, renditions[0]!, recording.sessions);
  }

  function restore(cameraId: string, matchId: number) {
    const finished = state.camera(cameraId).finished[matchId];
    if (!finished || !store.has({ kind: "matches", id: matchId }, MEDIA_FILES.vodPlaylist)) {
      throw new Refusal(409, `camera ${cameraId} has no recording of match ${matchId}`);
    }
    inBackground(`restoring match ${matchId}`, () =>
      api.recordingFinished({
        matchId,
        startedAt: new Date(finished.startedAt),
        endedAt: new Date(finished.endedAt),
        vodHlsUrl: mediaUrl(matchId, MEDIA_FILES.vodPlaylist),
      }),
    );
    return finished;
  }

  function command(
    name: CameraCommand,
    cameraId: string,
    body: { match_id: number; starting_at?: string; stopping_at?: string },
  ): CameraCommandAnswer {
    const matchId = body.match_id;
    const camera = state.camera(cameraId);
    let recordingId: string | null = null;
    switch (name) {
      case "schedule":
        if (camera.recording?.matchId === matchId)
          throw new Refusal(409, `camera ${cameraId} is already recording match ${matchId}`);
        camera.scheduled[matchId] = { startingAt: body.starting_at!, stoppingAt: body.stopping_at! };
        state.save();
        break;
      case "unschedule":
        delete camera.scheduled[matchId];
        state.save();
        break;
      case "startRecording":
        recordingId = startRecording(cameraId, matchId).recordingId;
        break;
      case "stopRecording":
        recordingId = stopRecording(cameraId, matchId).recordingId;
        break;
      case "restore":
        recordingId = restore(cameraId, matchId).recordingId;
        break;
    }
    return { camera_id: cameraId, match_id: matchId, state: STATE_AFTER[name], recording_id: recordingId };
  }

  return {
    onPublish,
    onPublishDone,
    onNginxExit,
    authorizeSrt,
    onStreamKeyRotated,
    command,
    /** The asset update after a privacy change: the match's media follows it. */
    setPrivacy: (matchId: number, isPrivate: boolean) => store.setPrivacy(matchId, isPrivate),
    async close() {
      clearInterval(stillConnected);
      for (const publisher of publishers.values()) {
        publisher.connected = false;
        if (publisher.session) {
          publisher.session.ending = true;
          await publisher.session.pipeline.stop();
        }
      }
      await Promise.allSettled([...background]);
    },
  };
}

export type Gateway = ReturnType<typeof createGateway>;
