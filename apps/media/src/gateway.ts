// The gateway's rules: which publisher feeds which match, what the camera
// commands do, and what is reported to the API. Transports (nginx callbacks,
// the SRT relay, the camera-server HTTP protocol) call in here.
//
// Each publisher has one writer (pipeline.ts) from its first frame to its
// last. Every part the writer cuts (about half a second, low-latency HLS) goes
// at once to where the camera's stream went when the camera sent it, and
// joins the segment under way there; a segment is complete at the first
// keyframe past the segment length (its parts joined), and its parts are
// removed once the live window no longer lists them. The destination is the
// match the camera recorded then
// (matches/{matchId}, one session per publisher connection, joined by
// discontinuities) or, before and after, its preview
// (previews/{configurationId}). A segment under way at start or stop recording
// belongs to the match (the kick-off, the final whistle), and a busy encoder's
// lag moves nothing to the wrong side: segments are placed by the time their
// frames were sent, not by when they were written. Then the sessions become
// the video-on-demand. A schedule makes the camera record on
// its own from starting_at to stopping_at; start and stop by hand win.
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  MEDIA_FILES,
  RTMP_APP,
  streamKeyHint,
  type IngestProtocol,
  type PublishRefusalCode,
  type PublisherStats,
} from "@clubcast/shared";
import { STATE_AFTER, type CameraCommandAnswer } from "@clubcast/camera-protocol";
import type { CameraCommand } from "@clubcast/shared/jobs";
import type { MediaScope, MediaStore } from "@clubcast/media-store";
import { writeFileAtomic } from "@clubcast/media-store";
import type { GatewayApi } from "./api.ts";
import { SRT_APP } from "./nginx.ts";
import {
  renditionsFor,
  renditionsWorthPublishing,
  startWriter,
  unsupportedReason,
  PART_TARGET_SECONDS,
  type WriterPart,
  type Writer,
} from "./pipeline.ts";
import {
  sessionPart,
  sessionPlaylist,
  sessionPlaylistText,
  sessionSegment,
  writePlaylists,
  createSegmentCache,
  type LiveParts,
  type Part,
  type Rendition,
  type Segment,
} from "./playlists.ts";
import { describeSegment, makePoster, writeVodPlaylists } from "./recordings.ts";
import type { CameraState, GatewayState, RecordingState } from "./state.ts";

/** A command the camera's rules refuse (answered 4xx, like any camera server). */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Where a publisher's finished segments go: one session of a match, or the configuration's preview. */
interface Destination {
  scope: MediaScope;
  session: number;
  renditions: Rendition[];
  /** Each rendition's segments in this session (a preview keeps only its window). */
  segments: Omit<Segment, "discontinuity">[][];
  /** Each rendition's parts of its last segments, oldest first (their files are kept while listed). */
  recentParts: Part[][][];
  /** The span of the match's recording; null for a preview. */
  span: RecordingSpan | null;
  /** Measured per rendition: bytes and seconds of this session's segments, for the mean bitrate. */
  measured: { bytes: number; seconds: number }[];
  /** Set once the stream was reported (connected publisher, stream ready). */
  announced: boolean;
}

/** A camera's recording from start to stop (wall-clock ms): what its stream sent in that time is the match's. */
interface RecordingSpan {
  recording: RecordingState;
  from: number;
  to: number | null;
  /** Resolves once the camera's stream was placed past `to`, or it has none to wait for. */
  caughtUp: Promise<void>;
  catchUp(): void;
  /** The video-on-demand was made: a late segment rewrites it instead of the live playlists. */
  onDemand: boolean;
  /** It was reported finished without video: its stream's first segment, placed later, reports it again. */
  reportedWithoutVideo: boolean;
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
  connected: boolean;
  connectedAt: number;
  renditions: Rendition[];
  writer: Writer | null;
  spoolDir: string;
  /** Seconds of the writer's stream placed so far: where its next part starts. */
  placedSeconds: number;
  destination: Destination | null;
  /** The segment under way in the destination. */
  open: OpenSegment | null;
  /** Writer runs that failed in a row under this publisher. */
  failures: number;
  runs: number;
  /** Set once it leaves; resolves when it has. */
  leaving: Promise<void> | null;
  /** The link's latest figures. */
  stats: PublisherStats | null;
  /** nginx's count of bytes taken in from it at the last look (RTMP bitrate). */
  bytesSeen: { bytes: number; at: number } | null;
}

/** A segment under way: its parts so far, each already written and listed in the live playlists. */
interface OpenSegment {
  target: Destination;
  /** Its number in the session. */
  index: number;
  /** When the camera sent its first frame (wall clock ms). */
  startAt: number;
  seconds: number;
  /** Each rendition's parts (of the destination's renditions), with their bytes: the segment is them joined. */
  parts: (Part & { bytes: Buffer })[][];
}

type Allowed = Pick<Publisher, "streamKey" | "protocol" | "address" | "configurationId" | "cameraId" | "passthrough">;

export interface GatewayOptions {
  store: MediaStore;
  /** What the gateways share (the database), read at start. */
  state: GatewayState;
  api: GatewayApi;
  /** How the gateway reads a publisher's stream back from nginx. */
  rtmpReadUrl(app: string, name: string): string;
  dropAtNginx(app: string, name: string): Promise<void>;
  /** Bytes each stream (app/name) has taken in at nginx so far. */
  bytesInAtNginx(): Promise<Map<string, number>>;
  /** Ends an SRT caller at the relay (its token). */
  dropSrt(token: string): void;
  /** Where publishers' writers put their streams until they are placed; this gateway's own, emptied at start. */
  spoolDir: string;
  publicUrl: string;
  minFreeBytes: number;
  segmentSeconds: number;
  liveWindow: number;
  log(line: string): void;
}

/** How often connected cameras are reported again with their link's figures (monitoring's heartbeat). */
const PUBLISHER_REPORT_MS = 10_000;
const NO_STATS: PublisherStats = {
  rtt_ms: null,
  loss_percent: null,
  retransmitted_packets: null,
  dropped_packets: null,
  bitrate_kbps: null,
};
/** How many segments' parts the live playlists list (the spec asks for at least three target durations). */
const SEGMENTS_WITH_PARTS = 4;
/** A publisher whose stream has not moved for this long is a half-open connection a reconnect replaces. */
const HALF_OPEN_MS = 4000;
/** How long nginx may take to seat the writer before the publisher is let in anyway. */
const WRITER_SEAT_MS = 5000;
/** How long stop recording waits for the stream sent before it, then the video-on-demand is made (and later grows). */
const TAIL_WAIT_MS = 3000;
/** How long a writer may take to finish on its own once its publisher left. */
const WRITER_END_MS = 2000;
/** How long after an SRT caller was let in the relay's word that it sends a codec nginx can't take counts. */
const SRT_CODEC_REPORT_MS = 60_000;
/** The longest delay a Node timer takes; later schedules are armed again when it fires. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export function createGateway(options: GatewayOptions) {
  const { store, state, api, log } = options;
  /** Connected publishers by nginx identity (app/name). */
  const publishers = new Map<string, Publisher>();
  /** SRT callers the API allowed, by relay token, until nginx sees their push. */
  const srtAllowed = new Map<string, Allowed>();
  /**
   * SRT callers the API allowed, by relay token, for the first SRT_CODEC_REPORT_MS whatever nginx saw: the
   * relay's word of a codec it can't push comes from another thread, after nginx may have let the push
   * in and seen it go (on a busy machine the refusal was lost, and the camera's club never told why).
   */
  const srtCallers = new Map<string, Allowed>();
  /**
   * SRT callers whose decision is still under way, by relay token: the relay lets a caller in when the API is
   * slow (its handshake can't wait), so nginx's on_publish for its push waits for the decision here.
   */
  const srtDeciding = new Map<string, Promise<unknown>>();
  /** Writers waiting for nginx to seat them as readers (its on_play), by app/name. */
  const seating = new Map<string, () => void>();
  /** Each camera's recording spans, oldest first (finished ones until their stream caught up, and a while). */
  const spans = new Map<string, RecordingSpan[]>();
  /** Each scheduled match's start and stop timers, by camera/match. */
  const scheduleTimers = new Map<string, NodeJS.Timeout[]>();
  const background = new Set<Promise<unknown>>();
  const segmentReads = createSegmentCache();
  const spoolRoot = options.spoolDir;
  rmSync(spoolRoot, { recursive: true, force: true });
  /**
   * Closed segments of recordings on their way to the store (MEDIA_STORAGE=s3; nothing with the local
   * disk): in the background, bounded, retried, never holding up the live stream.
   */
  const uploads = store.publishQueue({ onFailure: (what, reason) => log(`not stored yet: ${what}: ${reason}`) });
  /** Recordings whose publication to the store is under way, and whether their playlists changed since it began. */
  const publishing = new Map<number, { again: boolean }>();

  /**
   * Copies a recording on demand into the store (all of it the store lacks, playlists last), and again
   * when its tail came in meanwhile; tried again with a growing pause, and given up after a few.
   */
  async function publishRecording(matchId: number): Promise<void> {
    const under = publishing.get(matchId);
    if (under) {
      under.again = true;
      return;
    }
    const run = { again: true };
    publishing.set(matchId, run);
    try {
      for (let attempt = 1; run.again;) {
        run.again = false;
        try {
          await store.publishRecording({ kind: "matches", id: matchId });
        } catch (error) {
          if (attempt++ >= 4) throw error;
          run.again = true;
          await sleep(500 * 2 ** attempt);
        }
      }
    } finally {
      publishing.delete(matchId);
    }
  }

  function inBackground(what: string, work: () => Promise<unknown>) {
    const task = work().catch((error: unknown) => log(`${what} failed: ${(error as Error).message}`));
    background.add(task);
    void task.finally(() => background.delete(task));
  }

  const mediaUrl = (matchId: number, file: string) => `${options.publicUrl}/media/matches/${matchId}/${file}`;
  const scopePath = (scope: MediaScope) => `${scope.kind}/${scope.id}/${MEDIA_FILES.livePlaylist}`;
  const publisherOfConfiguration = (configurationId: number) =>
    [...publishers.values()].find((publisher) => publisher.configurationId === configurationId);
  /**
   * Publishers that left while their writer still finishes what they sent (nginx ended its input; the
   * spool's last parts are still to be placed).
   */
  const departing = new Set<Publisher>();
  /** Whether a writer still has stream of this camera to place: a connected publisher's, or one that left. */
  const hasStreamToPlace = (cameraId: string) =>
    [...publishers.values(), ...departing].some((publisher) => publisher.cameraId === cameraId && publisher.writer);

  async function refuse(refusal: {
    streamKey: string;
    protocol: IngestProtocol;
    address: string;
    reason: string;
    code: PublishRefusalCode;
    codec?: string;
  }) {
    log(
      `refused ${refusal.protocol} publisher ${refusal.address} (key ${streamKeyHint(refusal.streamKey)}): ${refusal.reason}`,
    );
    await api.reportRefusal(refusal).catch((error: Error) => log(`reporting a refusal failed: ${error.message}`));
  }

  // ── where segments go ──

  /** The next session number of a match: after every session on disk, even ones a crash kept out of the state. */
  function nextSession(recording: RecordingState, dir: string): number {
    const onDisk = (recording.renditions ?? []).flatMap((rendition) => {
      const renditionDir = join(dir, rendition.name);
      if (!existsSync(renditionDir)) return [];
      return readdirSync(renditionDir).map((file) => Number(/^s(\d+)\.m3u8$/.exec(file)?.[1] ?? 0));
    });
    return Math.max(0, ...recording.sessions, ...onDisk) + 1;
  }

  function openSpan(cameraId: string, recording: RecordingState, from: number) {
    let catchUp!: () => void;
    const caughtUp = new Promise<void>((resolve) => (catchUp = resolve));
    const span: RecordingSpan = {
      recording,
      from,
      to: null,
      caughtUp,
      catchUp,
      onDemand: false,
      reportedWithoutVideo: false,
    };
    spans.set(cameraId, [...(spans.get(cameraId) ?? []), span]);
    return span;
  }

  /** Finished spans are forgotten after a while: a stream lags its camera by seconds, not minutes. */
  function forgetOldSpans(cameraId: string) {
    const kept = (spans.get(cameraId) ?? []).filter((span) => span.to === null || span.to > Date.now() - 600_000);
    spans.set(cameraId, kept);
  }

  function destination(scope: MediaScope, session: number, renditions: Rendition[], span: RecordingSpan | null) {
    const dir = store.dir(scope);
    for (const rendition of renditions) mkdirSync(join(dir, rendition.name), { recursive: true });
    const opened: Destination = {
      scope,
      session,
      renditions,
      segments: renditions.map(() => []),
      recentParts: renditions.map(() => []),
      span,
      measured: renditions.map(() => ({ bytes: 0, seconds: 0 })),
      announced: false,
    };
    return opened;
  }

  function openMatchSession(publisher: Publisher, span: RecordingSpan): Destination {
    const recording = span.recording;
    const scope: MediaScope = { kind: "matches", id: recording.matchId };
    recording.renditions ??= publisher.renditions.map((rendition) => ({ ...rendition }));
    const number = nextSession(recording, store.dir(scope));
    state.addSession(recording, number);
    store.writeManifest(scope, { renditions: recording.renditions.map((rendition) => rendition.name) });
    log(
      `${publisher.protocol} ${streamKeyHint(publisher.streamKey)} feeds ${scope.kind}/${scope.id} (session ${number}, ${recording.renditions.map((r) => r.name).join("+")})`,
    );
    return destination(scope, number, recording.renditions, span);
  }

  function openPreview(publisher: Publisher): Destination {
    const scope: MediaScope = { kind: "previews", id: publisher.configurationId };
    store.removeHere(scope);
    return destination(
      scope,
      1,
      publisher.renditions.map((rendition) => ({ ...rendition })),
      null,
    );
  }

  /**
   * Where a segment the camera sent from `start` to `end` (wall clock) goes: the first recording whose span
   * it overlaps (so the one under way at a stop stays with the match that stopped), else the preview.
   */
  function destinationFor(publisher: Publisher, start: number, end: number): Destination {
    const span = (spans.get(publisher.cameraId) ?? []).find(
      (candidate) => candidate.from < end && (candidate.to === null || candidate.to > start),
    );
    if (span) {
      if (publisher.destination?.span !== span) {
        closeDestination(publisher);
        publisher.destination = openMatchSession(publisher, span);
      }
    } else if (publisher.destination?.scope.kind !== "previews") {
      closeDestination(publisher);
      publisher.destination = openPreview(publisher);
    }
    return publisher.destination!;
  }

  /**
   * The publisher's stream leaves its destination: a preview's video goes with it, a match's session is
   * complete (its segment under way first, and its parts' files are no longer listed).
   */
  function closeDestination(publisher: Publisher) {
    const left = publisher.destination;
    if (publisher.open?.target === left) finishSegment(publisher);
    publisher.destination = null;
    if (left?.scope.kind === "previews") store.removeHere(left.scope);
    else if (left) {
      const dir = store.dir(left.scope);
      left.renditions.forEach((rendition, index) => {
        writeFileAtomic(
          join(dir, rendition.name, sessionPlaylist(left.session)),
          sessionPlaylistText(left.segments[index]!, true),
        );
        for (const part of left.recentParts[index]!.flat())
          rmSync(join(dir, rendition.name, part.uri), { force: true });
        left.recentParts[index] = [];
      });
      if (left.span && !left.span.onDemand) refresh(publisher, left);
    }
  }

  /** Writes one part of each rendition into the segment under way (opened in `target` when none is). */
  function placePart(publisher: Publisher, target: Destination, group: WriterPart[], startAt: number) {
    const dir = store.dir(target.scope);
    if (!publisher.open) {
      const last = target.segments[0]!.at(-1);
      const index = last ? segmentNumber(last.uri) + 1 : 0;
      publisher.open = { target, index, startAt, seconds: 0, parts: target.renditions.map(() => []) };
    }
    const open = publisher.open;
    target.renditions.forEach((rendition, index) => {
      // A rung not published for this source (it would upscale it) has no part here.
      const part = group.find((candidate) => candidate.rendition === rendition.name);
      if (!part) return;
      const parts = open.parts[index]!;
      const uri = sessionPart(target.session, open.index, parts.length);
      writeFileAtomic(join(dir, rendition.name, uri), part.bytes);
      parts.push({ uri, duration: part.duration, independent: part.independent, bytes: part.bytes });
    });
    open.seconds += group[0]!.duration;
  }

  /** The segment under way moves to another destination (a recording started while it was sent): its parts go too. */
  function moveOpenSegment(publisher: Publisher, moved: OpenSegment, target: Destination) {
    const from = store.dir(moved.target.scope);
    moved.target.renditions.forEach((rendition, index) => {
      for (const part of moved.parts[index]!) rmSync(join(from, rendition.name, part.uri), { force: true });
    });
    const count = Math.min(...moved.parts.map((parts) => parts.length));
    for (let at = 0; at < count; at++) {
      const group = moved.target.renditions.map((rendition, index) => ({
        ...moved.parts[index]![at]!,
        rendition: rendition.name,
      }));
      placePart(publisher, target, group, moved.startAt);
    }
  }

  /** The segment under way is complete: its parts joined are the segment, listed in its session's playlist. */
  function finishSegment(publisher: Publisher) {
    const open = publisher.open;
    publisher.open = null;
    if (!open || open.parts[0]!.length === 0) return;
    const target = open.target;
    const dir = store.dir(target.scope);
    target.renditions.forEach((rendition, index) => {
      const parts = open.parts[index]!;
      const duration = parts.reduce((sum, part) => sum + part.duration, 0);
      const uri = sessionSegment(target.session, open.index);
      const file = join(dir, rendition.name, uri);
      const bytes = Buffer.concat(parts.map((part) => part.bytes));
      writeFileAtomic(file, bytes);
      if (target.span) uploads.enqueue({ scope: target.scope, name: `${rendition.name}/${uri}` });
      // The master playlist tells players what each rendition really takes: its peak and its mean.
      const measured = target.measured[index]!;
      measured.bytes += bytes.length;
      measured.seconds += duration;
      const bitrate = Math.round((bytes.length * 8) / Math.max(duration, 0.1));
      rendition.bandwidth = rendition.averageBandwidth ? Math.max(rendition.bandwidth, bitrate) : bitrate;
      rendition.averageBandwidth = Math.round((measured.bytes * 8) / Math.max(measured.seconds, 0.1));
      const list = target.segments[index]!;
      list.push({ duration, uri, programDateTime: open.startAt });
      const recent = target.recentParts[index]!;
      recent.push(parts.map(({ bytes: _bytes, ...part }) => part));
      for (const old of recent.splice(0, Math.max(0, recent.length - SEGMENTS_WITH_PARTS)).flat()) {
        rmSync(join(dir, rendition.name, old.uri), { force: true });
      }
      if (!target.span) {
        // A preview keeps a sliding window on disk.
        for (const old of list.splice(0, Math.max(0, list.length - options.liveWindow - 2))) {
          rmSync(join(dir, rendition.name, old.uri), { force: true });
        }
      }
      writeFileAtomic(join(dir, rendition.name, sessionPlaylist(target.session)), sessionPlaylistText(list, false));
      if (list.length === 1 && !rendition.codecs) {
        inBackground("describing a rendition", async () => {
          Object.assign(rendition, await describeSegment(file));
          refresh(publisher, target);
        });
      }
    });
    // A stopped recording waits for the stream sent before its stop.
    const end = Math.min(Date.now(), open.startAt + open.seconds * 1000);
    for (const span of spans.get(publisher.cameraId) ?? []) if (span.to !== null && end >= span.to) span.catchUp();
  }

  /** The live playlists' parts of a destination: its last segments' and those of the segment under way there. */
  function livePartsOf(publisher: Publisher, target: Destination): LiveParts[] {
    const open = publisher.open?.target === target ? publisher.open : null;
    const sessions = target.span ? target.span.recording.sessions : [target.session];
    return target.renditions.map((_, index) => {
      const pending = open?.parts[index]?.map(({ bytes: _bytes, ...part }) => part) ?? [];
      const last = target.segments[index]!.at(-1);
      const segment = open?.index ?? (last ? segmentNumber(last.uri) + 1 : 0);
      return {
        partTarget: PART_TARGET_SECONDS,
        ofSegments: target.recentParts[index]!,
        pending,
        pendingDiscontinuity: target.segments[index]!.length === 0 && sessions.indexOf(target.session) > 0,
        next: sessionPart(target.session, segment, pending.length),
      };
    });
  }

  /** Rewrites the destination's playlists and, once it has a part, tells the API the stream is there. */
  function refresh(publisher: Publisher, target: Destination) {
    const dir = store.dir(target.scope);
    const sessions = target.span ? target.span.recording.sessions : [target.session];
    const live = publisher.destination === target && publisher.connected;
    const segments = target.span?.onDemand
      ? writeVodPlaylists(dir, target.renditions, sessions)
      : writePlaylists(dir, target.renditions, sessions, {
          ended: false,
          // A match lists its whole recording so far (rewind to kick-off); a preview its sliding window.
          liveWindow: target.span ? "event" : options.liveWindow,
          // A match's earlier sessions never change again: not parsed again at every part.
          read: segmentReads.read,
          parts: live ? livePartsOf(publisher, target) : undefined,
        });
    const playable = segments > 0 || (publisher.open?.target === target && publisher.open.parts[0]!.length > 0);
    // The tail of a recording on demand came in: the store gets it too, and the API its video if it was told of none.
    const span = target.span;
    if (span?.onDemand && target.scope.kind === "matches" && segments > 0) {
      const matchId = target.scope.id;
      if (span.reportedWithoutVideo) {
        span.reportedWithoutVideo = false;
        inBackground(`reporting match ${matchId}'s late video`, () => reportOnDemand(span, new Date(span.to!)));
      } else inBackground(`storing match ${matchId}'s recording`, () => publishRecording(matchId));
    }
    if (!playable || target.span?.onDemand) return;
    if (!target.announced) {
      target.announced = true;
      inBackground("reporting the publisher", () =>
        api.reportPublisher({
          configurationId: publisher.configurationId,
          connected: true,
          protocol: publisher.protocol,
          hlsPath: scopePath(target.scope),
        }),
      );
    }
    if (target.span) reportStreamReady(target.span.recording);
  }

  /** Recordings whose stream-ready report is under way. */
  const reportingStreamReady = new Set<RecordingState>();

  /**
   * Tells the API a recording's stream is ready: what makes its match live. Until the API has heard it
   * (it was unreachable, or heard of the start later), each new segment tries again.
   */
  function reportStreamReady(recording: RecordingState) {
    if (recording.streamReadyReported || reportingStreamReady.has(recording)) return;
    reportingStreamReady.add(recording);
    inBackground(`reporting match ${recording.matchId}'s stream ready`, async () => {
      try {
        await api.streamReady(recording.matchId, mediaUrl(recording.matchId, MEDIA_FILES.livePlaylist));
        await state.streamReadyReported(recording);
      } finally {
        reportingStreamReady.delete(recording);
      }
    });
  }

  /**
   * Places every part the writer has cut (in all renditions) where the camera's stream went when it was sent.
   * A keyframe part past the segment length starts a new segment; the segment under way at a start of
   * recording goes to the match whole (the kick-off), the one under way at a stop stays with the match.
   */
  function placeParts(publisher: Publisher) {
    const writer = publisher.writer;
    if (!writer) return;
    const touched = new Set<Destination>();
    for (const group of writer.takeParts()) {
      const lead = group[0]!;
      // When the camera sent it: the stream's first frame plus the stream time before it (never later than now).
      const now = Date.now();
      const start = Math.min(now, writer.originAt() + publisher.placedSeconds * 1000);
      const end = Math.min(now, start + lead.duration * 1000);
      if (publisher.open && lead.independent && publisher.open.seconds >= options.segmentSeconds) {
        touched.add(publisher.open.target);
        finishSegment(publisher);
      }
      // Held aside while the destination may change, so closing the old one doesn't finish it.
      const open = publisher.open;
      publisher.open = null;
      const target = destinationFor(publisher, open?.startAt ?? start, end);
      if (open && open.target !== target) moveOpenSegment(publisher, open, target);
      else publisher.open = open;
      placePart(publisher, target, group, start);
      touched.add(target);
      publisher.placedSeconds += lead.duration;
    }
    // A preview left behind is gone with its files; a match's session left behind is refreshed.
    for (const target of touched) if (target === publisher.destination || target.span) refresh(publisher, target);
  }

  // ── publishers ──

  function startWriting(publisher: Publisher): Writer {
    publisher.runs += 1;
    publisher.spoolDir = join(spoolRoot, `${publisher.configurationId}-${Date.now()}-${publisher.runs}`);
    publisher.placedSeconds = 0;
    const writer = startWriter({
      input: options.rtmpReadUrl(publisher.app, publisher.name),
      spoolDir: publisher.spoolDir,
      renditions: publisher.renditions,
      passthrough: publisher.passthrough,
      segmentSeconds: options.segmentSeconds,
      onParts: () => publisher.writer === writer && placeParts(publisher),
      log: (line) => log(`configuration ${publisher.configurationId}: ${line}`),
    });
    publisher.writer = writer;
    const startedAt = Date.now();
    inBackground("checking a publisher's stream", async () => {
      const streams = await writer.streams;
      if (!publisher.connected || publisher.writer !== writer) return;
      const unsupported = streams
        ? unsupportedReason(streams, publisher.passthrough)
        : { code: "no_video" as const, reason: "no video arrived within 15 seconds" };
      if (!unsupported) {
        publisher.renditions = renditionsWorthPublishing(publisher.renditions, streams?.video?.height ?? 0);
        return;
      }
      await refuse({ ...publisher, ...unsupported });
      await drop(publisher);
    });
    void writer.ended.then((failure) => {
      if (publisher.writer !== writer) return;
      placeParts(publisher);
      publisher.writer = null;
      rmSync(publisher.spoolDir, { recursive: true, force: true });
      // Its segment under way is complete, and its stream all placed: a stop need not wait for more of it.
      const last = publisher.open?.target;
      finishSegment(publisher);
      if (last) refresh(publisher, last);
      for (const span of spans.get(publisher.cameraId) ?? []) if (span.to !== null) span.catchUp();
      if (!publisher.connected) return;
      // A writer that failed under a publisher still there (a full disk, a hiccup): start again, a new
      // session, waiting longer after each failure in a row so a lasting fault doesn't spin.
      if (failure) log(`configuration ${publisher.configurationId}: writer failed: ${failure}`);
      closeDestination(publisher);
      publisher.failures = Date.now() - startedAt > 30_000 ? 1 : publisher.failures + 1;
      const delay = Math.min(30_000, 1000 * 2 ** (publisher.failures - 1));
      setTimeout(() => publisher.connected && !publisher.writer && startWriting(publisher), delay).unref();
    });
    return writer;
  }

  /** The publisher is gone (left, dropped, replaced): its last segment is moved, its preview removed. */
  function leave(publisher: Publisher): Promise<void> {
    publisher.leaving ??= (async () => {
      publisher.connected = false;
      publishers.delete(`${publisher.app}/${publisher.name}`);
      log(`${publisher.protocol} publisher of configuration ${publisher.configurationId} left`);
      const writer = publisher.writer;
      if (writer) {
        // Its input ends with the publisher, and it finishes the segment under way; one that hangs is stopped.
        departing.add(publisher);
        try {
          await Promise.race([writer.ended, sleep(WRITER_END_MS)]);
          await writer.stop();
        } finally {
          departing.delete(publisher);
        }
      }
      closeDestination(publisher);
      state.release(publisher.cameraId);
      await api
        .reportPublisher({
          configurationId: publisher.configurationId,
          connected: false,
          protocol: publisher.protocol,
          hlsPath: null,
        })
        .catch((error: Error) => log(`reporting a publisher's leave failed: ${error.message}`));
    })();
    return publisher.leaving;
  }

  /** Ends a publisher at nginx (and the SRT relay), then waits until it has left. */
  async function drop(publisher: Publisher): Promise<void> {
    if (publisher.protocol === "srt") options.dropSrt(publisher.name);
    await options.dropAtNginx(publisher.app, publisher.name);
    await leave(publisher);
  }

  /** A half-open publisher sends nothing, its connection not closed: a reconnect with its key replaces it. */
  const isHalfOpen = (publisher: Publisher) =>
    Date.now() - Math.max(publisher.connectedAt, publisher.writer?.lastProgressAt() ?? 0) > HALF_OPEN_MS;

  /**
   * A configuration that already has a publisher: a half-open one is replaced (dropped, so the new one can
   * take its place), any other stays and the newcomer is refused.
   */
  async function makeRoomFor(configurationId: number, streamKey: string, protocol: IngestProtocol, address: string) {
    const existing = publisherOfConfiguration(configurationId);
    if (existing && isHalfOpen(existing)) {
      log(
        `configuration ${configurationId}: ${existing.protocol} publisher sent nothing for a while; ${address} replaces it`,
      );
      await drop(existing);
      return true;
    }
    if (!existing && ![...srtAllowed.values()].some((allowed) => allowed.configurationId === configurationId)) {
      return true;
    }
    await refuse({
      streamKey,
      protocol,
      address,
      code: "already_publishing",
      reason: "a camera already publishes with this key; the first one stays",
    });
    return false;
  }

  /**
   * nginx's on_publish: answers whether the publisher may go on. A publisher let in has its writer seated at
   * nginx first, so the stream is written from its first frame.
   */
  async function onPublish(app: string, name: string, address: string): Promise<boolean> {
    let allowed: Allowed;
    if (app === SRT_APP) {
      await srtDeciding.get(name);
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
      if (!(await makeRoomFor(decision.configuration_id, name, "rtmp", address))) return false;
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
    // Its recording may have been started, continued or stopped on another gateway meanwhile.
    await Promise.all([reload(allowed.cameraId), state.hold(allowed.cameraId)]);
    const publisher: Publisher = {
      ...allowed,
      app,
      name,
      connected: true,
      connectedAt: Date.now(),
      renditions: renditionsFor(allowed.passthrough),
      writer: null,
      spoolDir: "",
      destination: null,
      open: null,
      placedSeconds: 0,
      failures: 0,
      runs: 0,
      leaving: null,
      stats: null,
      bytesSeen: null,
    };
    publishers.set(`${app}/${name}`, publisher);
    log(`${publisher.protocol} publisher ${address} connected for configuration ${publisher.configurationId}`);
    const seated = new Promise<void>((resolve) => {
      seating.set(`${app}/${name}`, resolve);
      setTimeout(resolve, WRITER_SEAT_MS).unref();
    });
    startWriting(publisher);
    await seated;
    seating.delete(`${app}/${name}`);
    return publisher.connected;
  }

  /** nginx's on_play: the gateway's own writer joined the stream (only loopback may play). */
  function onPlay(app: string, name: string): void {
    seating.get(`${app}/${name}`)?.();
  }

  /** The SRT relay's question, with the stream id's key: allowed callers are expected at nginx under their token. */
  function authorizeSrt(
    streamKey: string | null,
    token: string,
    peer: string,
  ): Promise<{ ok: true } | { ok: false; reason: string }> {
    const deciding = decideSrt(streamKey, token, peer);
    srtDeciding.set(
      token,
      deciding.catch(() => undefined),
    );
    return deciding.finally(() => srtDeciding.delete(token));
  }

  async function decideSrt(
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
    if (!(await makeRoomFor(decision.configuration_id, streamKey, "srt", peer))) {
      return { ok: false, reason: "a camera already publishes with this key; the first one stays" };
    }
    srtAllowed.set(token, {
      streamKey,
      protocol: "srt",
      address: peer,
      configurationId: decision.configuration_id,
      cameraId: decision.camera_id,
      passthrough: decision.passthrough,
    });
    srtCallers.set(token, srtAllowed.get(token)!);
    // A caller that never pushes frees its configuration again.
    setTimeout(() => srtAllowed.delete(token), 15_000).unref();
    setTimeout(() => srtCallers.delete(token), SRT_CODEC_REPORT_MS).unref();
    return { ok: true };
  }

  /** nginx's on_publish_done: the publisher left (or was dropped). */
  async function onPublishDone(app: string, name: string): Promise<void> {
    const publisher = publishers.get(`${app}/${name}`);
    if (publisher) await leave(publisher);
  }

  /**
   * nginx died, and its publishers with it, without a publish-done for any of
   * them: forget them as if they had left, or each camera's reconnect would be
   * refused as a second publisher.
   */
  async function onNginxExit(): Promise<void> {
    await Promise.all([...publishers.values()].map(leave));
  }

  /** A rotated key: whoever still publishes with the old one is dropped. */
  async function onStreamKeyRotated(configurationId: number, oldStreamKey: string): Promise<void> {
    for (const publisher of [...publishers.values()]) {
      if (publisher.configurationId === configurationId && publisher.streamKey === oldStreamKey) {
        log(`stream key of configuration ${configurationId} rotated: dropping its ${publisher.protocol} publisher`);
        await drop(publisher);
      }
    }
  }

  /** The SRT relay could not pass a caller's codec on to nginx: it is refused with that reason. */
  function onSrtUnsupportedCodec(token: string, codec: { kind: "video" | "audio"; name: string }) {
    const allowed = srtCallers.get(token);
    if (!allowed) return;
    srtCallers.delete(token);
    srtAllowed.delete(token);
    const needed = codec.kind === "video" ? "H.264" : "AAC";
    inBackground("reporting a refused SRT codec", () =>
      refuse({
        streamKey: allowed.streamKey,
        protocol: allowed.protocol,
        address: allowed.address,
        code: codec.kind === "video" ? "unsupported_video_codec" : "unsupported_audio_codec",
        reason: `unsupported ${codec.kind} codec ${codec.name}: SRT cameras must send ${needed}`,
        codec: codec.name,
      }),
    );
  }

  /** libsrt's figures of an SRT publisher's link (the relay's token names it at nginx). */
  function onSrtStats(token: string, stats: PublisherStats) {
    const publisher = publishers.get(`${SRT_APP}/${token}`);
    if (publisher) publisher.stats = stats;
  }

  /** An RTMP publisher's bitrate: what nginx took in from it since the last look. */
  async function measureRtmpBitrates() {
    const bytesIn = await options.bytesInAtNginx();
    const now = Date.now();
    for (const publisher of publishers.values()) {
      const bytes = bytesIn.get(`${publisher.app}/${publisher.name}`);
      if (publisher.protocol !== "rtmp" || bytes === undefined) continue;
      const seen = publisher.bytesSeen;
      if (seen && now > seen.at) {
        const bitrate = Math.round(((bytes - seen.bytes) * 8) / (now - seen.at));
        publisher.stats = { ...NO_STATS, bitrate_kbps: Math.max(0, bitrate) };
      }
      publisher.bytesSeen = { bytes, at: now };
    }
  }

  /**
   * This gateway's hold of its cameras' streams is renewed; a camera another gateway took (it connected
   * there, this one's connection being half-open) is dropped here, so one stream feeds its recording.
   */
  async function keepHolding() {
    const connected = [...publishers.values()].filter((publisher) => publisher.connected);
    const lost = new Set(await state.renew([...new Set(connected.map((publisher) => publisher.cameraId))]));
    for (const publisher of connected) {
      if (!lost.has(publisher.cameraId)) continue;
      log(
        `camera ${publisher.cameraId} publishes to another gateway now: dropping its ${publisher.protocol} publisher`,
      );
      await drop(publisher);
    }
  }

  /**
   * Connected cameras are reported again every so often, with their link's figures: monitoring counts a
   * configuration silent for two minutes as offline, and the API may have restarted.
   */
  const stillConnected = setInterval(
    () =>
      inBackground("reporting connected cameras", async () => {
        await measureRtmpBitrates();
        await keepHolding();
        await Promise.all(
          [...publishers.values()].map(async (publisher) => {
            const scope = publisher.destination?.scope;
            if (!scope) return;
            await api.reportPublisher({
              configurationId: publisher.configurationId,
              connected: true,
              protocol: publisher.protocol,
              hlsPath: scopePath(scope),
              stats: publisher.stats,
            });
          }),
        );
      }),
    PUBLISHER_REPORT_MS,
  );
  stillConnected.unref();

  // ── camera commands ──

  /**
   * Reads the camera again (another gateway may have started, continued or stopped its recording) and
   * follows it here: a recording under way gets its span (from its start), one stopped elsewhere ends its
   * span, and its schedules and scheduled stop are armed.
   */
  async function reload(cameraId: string): Promise<CameraState> {
    const before = state.camera(cameraId).recording;
    const camera = await state.refresh(cameraId);
    const current = camera.recording;
    const ownSpans = spans.get(cameraId) ?? [];
    if (before && before !== current) {
      for (const span of ownSpans) {
        if (span.recording !== before || span.to !== null) continue;
        span.to = Date.now();
        span.catchUp();
      }
    }
    if (current && !ownSpans.some((span) => span.recording === current))
      openSpan(cameraId, current, Date.parse(current.startedAt));
    armCamera(cameraId, camera);
    return camera;
  }

  /**
   * A command that changes what the camera's stream feeds goes to the gateway that holds the stream (the
   * worker sends it there); one that reaches this gateway just as the camera moved is answered 503, and
   * the worker sends it again, to where the stream is now.
   */
  async function requireStreamHere(cameraId: string) {
    const holder = await state.heldElsewhere(cameraId);
    if (holder) throw new Refusal(503, `camera ${cameraId}'s stream is at another gateway now; send it there`);
  }

  async function startRecording(
    cameraId: string,
    matchId: number,
    stopAt: string | null = null,
  ): Promise<RecordingState> {
    // The match is recorded from when the command came, not from when the database has heard of it.
    const startedAt = new Date();
    const under = (await reload(cameraId)).recording;
    const busy = (recording: RecordingState) => {
      if (recording.matchId === matchId) return recording;
      throw new Refusal(409, `camera ${cameraId} is busy recording match ${recording.matchId}`);
    };
    if (under) return busy(under);
    const free = store.freeBytes();
    if (free < options.minFreeBytes) {
      const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024);
      log(`refused to record match ${matchId}: ${mb(free)} MB free, ${mb(options.minFreeBytes)} MB needed`);
      throw new Refusal(
        409,
        `not enough free disk space for a new recording: ${mb(free)} MB free, at least ${mb(options.minFreeBytes)} MB needed`,
      );
    }
    const recordingId = `rec-${cameraId}-${matchId}-${Date.now()}`;
    const recording = await state.startRecording(cameraId, {
      matchId,
      recordingId,
      startedAt: startedAt.toISOString(),
      renditions: null,
      sessions: [],
      streamReadyReported: false,
      stopAt,
    });
    // Another gateway started one meanwhile (the same schedule fired there): it is followed here.
    if (recording.recordingId !== recordingId) return busy((await reload(cameraId)).recording ?? recording);
    openSpan(cameraId, recording, startedAt.getTime());
    disarm(cameraId, matchId);
    if (stopAt) arm(cameraId, matchId, stopAt, () => stopOnSchedule(cameraId, matchId));
    return recording;
  }

  async function stopRecording(cameraId: string, matchId: number): Promise<RecordingState> {
    const endedAt = new Date();
    const recording = (await reload(cameraId)).recording;
    const notRecording = () => new Refusal(409, `camera ${cameraId} is not recording match ${matchId}`);
    if (recording?.matchId !== matchId) throw notRecording();
    if (!(await state.stopRecording(cameraId, recording, endedAt))) throw notRecording();
    disarm(cameraId, matchId);
    forgetOldSpans(cameraId);
    const span =
      (spans.get(cameraId) ?? []).find((candidate) => candidate.recording === recording) ??
      openSpan(cameraId, recording, Date.parse(recording.startedAt));
    span.to = endedAt.getTime();
    // A camera that left just before the stop may still have its last seconds in its writer: they are the match's.
    if (!hasStreamToPlace(cameraId)) span.catchUp();
    inBackground(`finishing the recording of match ${matchId}`, () => finishRecording(span, endedAt));
    return recording;
  }

  /**
   * Makes the video-on-demand once the stream sent before the stop is in (or after TAIL_WAIT_MS: what
   * comes later is added to it), with its poster, and reports it. The API then queues the worker's
   * MP4 download and keyframe index of it.
   */
  async function finishRecording(span: RecordingSpan, endedAt: Date): Promise<void> {
    await Promise.race([span.caughtUp, sleep(TAIL_WAIT_MS)]);
    span.onDemand = true;
    await reportOnDemand(span, endedAt);
  }

  /**
   * Writes the video-on-demand from the segments on disk, with its poster, and reports the recording finished:
   * with its video, or without one. A stream that was still on its way (a busy writer, a long keyframe
   * interval) and is placed later reports it again with its video (the API takes a no-video match on demand).
   */
  async function reportOnDemand(span: RecordingSpan, endedAt: Date): Promise<void> {
    const recording = span.recording;
    const scope: MediaScope = { kind: "matches", id: recording.matchId };
    const dir = store.dir(scope);
    const renditions = recording.renditions ?? [];
    const segments = renditions.length ? writeVodPlaylists(dir, renditions, recording.sessions) : 0;
    span.reportedWithoutVideo = segments === 0;
    if (segments > 0) {
      await makePoster(dir, renditions[0]!, recording.sessions).catch((error: Error) =>
        log(`poster of match ${recording.matchId}: ${error.message}`),
      );
      // Into the store before it is reported: the API and the worker may be on other machines.
      await publishRecording(recording.matchId).catch((error: Error) =>
        log(`match ${recording.matchId}'s recording is not in the store: ${error.message}`),
      );
    } else log(`match ${recording.matchId} stopped without video: nobody published while it recorded`);
    await api.recordingFinished({
      matchId: recording.matchId,
      startedAt: new Date(recording.startedAt),
      endedAt,
      vodHlsUrl: segments > 0 ? mediaUrl(recording.matchId, MEDIA_FILES.vodPlaylist) : null,
    });
    log(`match ${recording.matchId} is on demand (${segments} segments)`);
  }

  async function restore(cameraId: string, matchId: number) {
    const finished = await state.finished(cameraId, matchId);
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

  // ── schedules: the camera records on its own from starting_at to stopping_at ──
  // Every gateway arms the schedules it knows of; when one fires, the gateway holding the camera's stream
  // acts on it (or, when none does, whichever gateway comes first: starting and stopping are conditional
  // in the database).

  const timerKey = (cameraId: string, matchId: number) => `${cameraId}/${matchId}`;

  /** Runs `work` at `at` (now when it is past), however far away. */
  function arm(cameraId: string, matchId: number, at: string, work: () => Promise<void>) {
    const key = timerKey(cameraId, matchId);
    const timers = scheduleTimers.get(key) ?? [];
    const wait = () => {
      const left = Date.parse(at) - Date.now();
      const timer = setTimeout(
        () => (left > LONGEST_TIMER_MS ? wait() : inBackground(`camera ${cameraId}'s schedule`, work)),
        Math.min(Math.max(left, 0), LONGEST_TIMER_MS),
      );
      timer.unref();
      timers.push(timer);
    };
    wait();
    scheduleTimers.set(key, timers);
  }

  function disarm(cameraId: string, matchId: number) {
    const key = timerKey(cameraId, matchId);
    for (const timer of scheduleTimers.get(key) ?? []) clearTimeout(timer);
    scheduleTimers.delete(key);
  }

  function armSchedule(cameraId: string, matchId: number) {
    const slot = state.camera(cameraId).scheduled[matchId];
    disarm(cameraId, matchId);
    if (slot) arm(cameraId, matchId, slot.startingAt, () => startOnSchedule(cameraId, matchId));
  }

  /** Arms a camera's schedules and its recording's scheduled stop. */
  function armCamera(cameraId: string, camera: CameraState) {
    for (const matchId of Object.keys(camera.scheduled)) armSchedule(cameraId, Number(matchId));
    const recording = camera.recording;
    if (recording?.stopAt) {
      disarm(cameraId, recording.matchId);
      arm(cameraId, recording.matchId, recording.stopAt, () => stopOnSchedule(cameraId, recording.matchId));
    }
  }

  async function startOnSchedule(cameraId: string, matchId: number) {
    if (await state.heldElsewhere(cameraId)) return;
    const slot = (await reload(cameraId)).scheduled[matchId];
    if (!slot) return;
    if (Date.parse(slot.stoppingAt) <= Date.now()) {
      log(`match ${matchId}'s slot on camera ${cameraId} passed while the gateway was away; not recording it`);
      await state.unschedule(cameraId, matchId);
      return;
    }
    try {
      await startRecording(cameraId, matchId, slot.stoppingAt);
      log(`camera ${cameraId} records match ${matchId} on schedule until ${slot.stoppingAt}`);
    } catch (error) {
      log(`camera ${cameraId} could not record match ${matchId} on schedule: ${(error as Error).message}`);
    }
  }

  async function stopOnSchedule(cameraId: string, matchId: number) {
    if (await state.heldElsewhere(cameraId)) return;
    if ((await reload(cameraId)).recording?.matchId !== matchId) return;
    log(`camera ${cameraId} stops recording match ${matchId} on schedule`);
    await stopRecording(cameraId, matchId).catch((error: Refusal) => log(error.message));
  }

  // A restarted gateway keeps the recordings, schedules and scheduled stops of the database (state.load()).
  for (const [cameraId, camera] of state.cameras()) {
    if (camera.recording) openSpan(cameraId, camera.recording, Date.parse(camera.recording.startedAt));
    armCamera(cameraId, camera);
  }

  async function command(
    name: CameraCommand,
    cameraId: string,
    body: { match_id: number; starting_at?: string; stopping_at?: string },
  ): Promise<CameraCommandAnswer> {
    const matchId = body.match_id;
    let recordingId: string | null = null;
    switch (name) {
      case "schedule": {
        const camera = await reload(cameraId);
        if (camera.recording?.matchId === matchId)
          throw new Refusal(409, `camera ${cameraId} is already recording match ${matchId}`);
        await state.schedule(cameraId, matchId, { startingAt: body.starting_at!, stoppingAt: body.stopping_at! });
        armSchedule(cameraId, matchId);
        break;
      }
      case "unschedule":
        await state.unschedule(cameraId, matchId);
        if ((await reload(cameraId)).recording?.matchId !== matchId) disarm(cameraId, matchId);
        break;
      case "startRecording":
        await requireStreamHere(cameraId);
        recordingId = (await startRecording(cameraId, matchId)).recordingId;
        break;
      case "stopRecording":
        await requireStreamHere(cameraId);
        recordingId = (await stopRecording(cameraId, matchId)).recordingId;
        break;
      case "restore":
        recordingId = (await restore(cameraId, matchId)).recordingId;
        break;
    }
    return { camera_id: cameraId, match_id: matchId, state: STATE_AFTER[name], recording_id: recordingId };
  }

  return {
    onPublish,
    onPlay,
    onPublishDone,
    onNginxExit,
    authorizeSrt,
    onStreamKeyRotated,
    onSrtStats,
    onSrtUnsupportedCodec,
    command,
    /** The asset update after a privacy change: the match's media follows it. */
    setPrivacy: (matchId: number, isPrivate: boolean) => store.setPrivacy(matchId, isPrivate),
    async close() {
      clearInterval(stillConnected);
      for (const timers of scheduleTimers.values()) for (const timer of timers) clearTimeout(timer);
      // The cameras are not reported gone: a restarted gateway takes them back when they reconnect. Their
      // streams are no longer held here, so their commands go to whichever gateway they reconnect to.
      for (const publisher of publishers.values()) {
        publisher.connected = false;
        state.release(publisher.cameraId);
      }
      const left = [...departing];
      await Promise.all([...publishers.values(), ...left].map((publisher) => publisher.writer?.stop()));
      // Publishers that left just before: their last parts and playlists are written before the gateway is gone
      // (its media folder may be removed right after, as a test's is).
      await Promise.allSettled(left.map((publisher) => publisher.leaving));
      await Promise.allSettled([...background]);
      uploads.clear();
    },
    /** The store uploads of live segments: how many wait, the most that waited, how many failed. */
    uploadStats: () => uploads.stats(),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The number of a session's segment from its name (s2-00017.ts → 17). */
const segmentNumber = (uri: string) => Number(/-(\d+)\.ts$/.exec(uri)?.[1] ?? -1);

export type Gateway = ReturnType<typeof createGateway>;
