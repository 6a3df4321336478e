// What each queue's jobs do. Camera commands and asset updates call external
// servers with the job's idempotency key, so a retried or redelivered job has
// no second effect there; outcomes go through the service layer, which commits
// each outcome's change, its follow-up jobs and timers and its events together
// through the outbox: no processor adds a job or publishes an event itself.
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { UnrecoverableError, type Job } from "bullmq";
import { GATEWAY_CAMERA_TYPE, MEDIA_FILES, clipFrames, frameAt } from "@clubcast/shared";
import {
  ASSET_UPDATE_TARGETS,
  type AssetUpdateJob,
  type CameraCommand,
  type CameraCommandJob,
  type ClipCutJob,
  type JobFailureReport,
  type LiveMomentsJob,
  type MatchStartingJob,
  type PrivacyAppliedJob,
  type RecordingJob,
  type SummaryBuildJob,
} from "@clubcast/shared/jobs";
import {
  CameraServerError,
  createAssetServerClient,
  createCameraServerClient,
  type CameraCommandAnswer,
  type CameraCommandRequests,
} from "@clubcast/camera-protocol";
import type { MediaScope, MediaStore } from "@clubcast/media-store";
import { createCameraCommandReader, recordedSegments, type Deps, type Services } from "@clubcast/domain";
import type { WorkerSettings } from "@clubcast/settings";
import type { CutKind } from "./cut-plan.ts";
import {
  TITLE_CARD_S,
  VideoError,
  cutClip,
  bestRendition,
  joinClips,
  makeDownload,
  planClipCut,
  posterOf,
  probeVideo,
  summaryTitle,
} from "./video.ts";
import { indexedVideo, versionOf } from "./video-index.ts";
import { hasSound, listen } from "./moments/listen.ts";
import { proposeMoments } from "./moments/score.ts";
import { listenToChunk, liveChunk } from "./moments/live.ts";

/** A failure retrying cannot fix (the server refused with a 4xx): the job fails at once. */
function unrecoverable(error: unknown): unknown {
  return error instanceof CameraServerError && !error.retryable ? new UnrecoverableError(error.message) : error;
}

/** Whether a failing run is the job's last: an unrecoverable error, or no attempts left. */
function isFinalFailure(job: Job, error: unknown): boolean {
  return error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/** What the requester is told of a failure: a camera or asset server's own, structured, or the error's message. */
function reportOf(error: unknown): JobFailureReport {
  return error instanceof CameraServerError
    ? { detail: error.userMessage, failure: error.failure }
    : { detail: (error as Error).message };
}

/**
 * Runs `work`; on the job's final failure calls `onFinalFailure` with what the requester is told, then
 * fails the run. The job keeps the full message (with the server's URL) for logs and the failed-jobs page.
 */
async function withFinalFailure<T>(
  job: Job,
  work: () => Promise<T>,
  onFinalFailure: (report: JobFailureReport) => Promise<void>,
) {
  try {
    return await work();
  } catch (caught) {
    const error = unrecoverable(caught);
    if (isFinalFailure(job, error)) await onFinalFailure(reportOf(caught));
    throw error;
  }
}

type MatchTimes = { id: number; startingAt: Date; stoppingAt: Date };

/** Unschedule names only the match, which may be deleted by then. */
const unscheduleRequest = (matchId: number): CameraCommandRequests["unschedule"] => ({ match_id: matchId });

const REQUESTS: { [C in CameraCommand]: (match: MatchTimes) => CameraCommandRequests[C] } = {
  schedule: (m) => ({
    match_id: m.id,
    starting_at: m.startingAt.toISOString(),
    stopping_at: m.stoppingAt.toISOString(),
  }),
  unschedule: (m) => unscheduleRequest(m.id),
  startRecording: (m) => ({ match_id: m.id }),
  stopRecording: (m) => ({ match_id: m.id }),
  restore: (m) => ({
    match_id: m.id,
    starting_at: m.startingAt.toISOString(),
    stopping_at: m.stoppingAt.toISOString(),
  }),
};

/** Reads a command's match and configuration, both in one statement with the other jobs' reads under way. */
async function readCommand(
  readMatch: ReturnType<typeof createCameraCommandReader>,
  { matchId, configurationId }: CameraCommandJob,
) {
  const row = await readMatch(matchId, configurationId);
  const { matchId: id, startingAt, stoppingAt, configurationFound, ...configuration } = row;
  return {
    match: id === null ? null : { id, startingAt: startingAt!, stoppingAt: stoppingAt! },
    configuration: configurationFound ? configuration : null,
  };
}

export type CameraCommandResult =
  { done: true; camera: CameraCommandAnswer; applied: boolean } | { done: false; reason: "match deleted" };

export function cameraCommandProcessor({ pool }: Deps, services: Services, settings: WorkerSettings) {
  const readMatch = createCameraCommandReader(pool);
  async function send(job: Job<CameraCommandJob>): Promise<CameraCommandResult> {
    const { command, matchId, configurationId, idempotencyKey } = job.data;
    const { match, configuration } = await readCommand(readMatch, job.data);
    // A gateway configuration's camera server is the gateway holding its stream (several may serve the
    // platform, and the camera may publish to any); when none does, the one it names, else the default.
    const serverUrl =
      configuration?.cameraType === GATEWAY_CAMERA_TYPE
        ? (configuration.heldBy ?? configuration.serverUrl ?? settings.mediaGatewayUrl)
        : (configuration?.serverUrl ?? null);
    // Deleted while the command waited: nothing left to tell the camera about, except
    // to forget it (deleting a scheduled match sends unschedule after the fact).
    if (!match && command !== "unschedule") return { done: false, reason: "match deleted" };
    if (!serverUrl || !configuration?.saCameraId) {
      throw new UnrecoverableError(
        `configuration ${configurationId} has no camera server (server_url and sa_camera_id)`,
      );
    }
    // A system admin chose this URL: it is held to the outbound rule (the operator's own settings are not).
    const client = createCameraServerClient(serverUrl, {
      timeoutMs: settings.requestTimeoutMs,
      allowedHosts: settings.outboundAllowedHosts,
      // A media gateway's words ("not enough free disk space") may reach the club: a gateway configuration
      // names one of ours (the platform's own, or another it runs). A camera server's words never do.
      trustedOrigins: [
        new URL(configuration.cameraType === GATEWAY_CAMERA_TYPE ? serverUrl : settings.mediaGatewayUrl).origin,
      ],
    });
    const request = match ? REQUESTS[command](match) : unscheduleRequest(matchId);
    const camera = await client.send(command, configuration.saCameraId, request, { idempotencyKey });
    const { applied } = await services.matches.commandSucceeded(job.data);
    return { done: true, camera, applied };
  }

  return (job: Job<CameraCommandJob>) =>
    withFinalFailure(
      job,
      () => send(job),
      async (report) => void (await services.matches.commandFailed(job.data, report)),
    );
}

export function assetUpdateProcessor(services: Services, settings: WorkerSettings) {
  const assets = createAssetServerClient(settings.assetServerUrl, { timeoutMs: settings.requestTimeoutMs });
  return (job: Job<AssetUpdateJob>) => {
    const { matchId, isPrivate, target, idempotencyKey } = job.data;
    return withFinalFailure(
      job,
      () => assets.update(target, { matchId, isPrivate }, { idempotencyKey }),
      (report) => services.matches.assetUpdateFailed(job.data, report),
    );
  };
}

/** Runs after a privacy change's asset updates: the requester hears once that both succeeded. */
export function privacyAppliedProcessor(services: Services) {
  return async (job: Job<PrivacyAppliedJob>) => {
    // A child that failed for good was dropped from this job, and its failure was told.
    const succeeded = Object.keys(await job.getChildrenValues()).length;
    if (succeeded < ASSET_UPDATE_TARGETS.length) return { told: false };
    const { applied } = await services.matches.privacyApplied(String(job.id), job.data);
    return { told: applied };
  };
}

/** A match's starting timer fired: its pages hear it, through the outbox (matches service, matchStarting). */
export function matchTimerProcessor(services: Services) {
  return (job: Job<MatchStartingJob>): Promise<{ published: boolean }> => services.matches.matchStarting(job.data);
}

/**
 * A video job's failure as its clip or summary may show it: ours say what went wrong; anything else
 * is logged and shown as `fallback` (no paths, no SQL).
 */
function shown(error: unknown, jobName: string, fallback: string): unknown {
  if (error instanceof UnrecoverableError || error instanceof VideoError) return error;
  console.error(`[worker] ${jobName}: ${(error as Error).stack ?? String(error)}`);
  return new Error(fallback);
}

/** Progress is told at most this often: a database write and a socket event each. */
const PROGRESS_EVERY_MS = 500;

/**
 * Tells a job's progress (percent) through `tell`, at most every PROGRESS_EVERY_MS and in order;
 * `told()` settles once every report is done, so none arrives after the outcome.
 */
function progressReporter(job: Job, tell: (percent: number) => Promise<void>) {
  let toldAt = 0;
  let reported = Promise.resolve();
  return {
    onProgress(fraction: number) {
      if (Date.now() - toldAt < PROGRESS_EVERY_MS) return;
      toldAt = Date.now();
      const percent = Math.floor(fraction * 100);
      reported = reported.then(() => Promise.all([job.updateProgress(percent), tell(percent)])).then(() => undefined);
    },
    told: () => reported,
  };
}

/**
 * Runs `write` on names the media routes never serve, then renames each file into place, so a
 * worker killed mid-write leaves nothing half-written behind a URL. The names are per job: a run
 * after a killed worker's writes over that worker's partial files (its ffmpeg dies with it: the
 * progress pipe breaks) and renames only what it wrote itself. No partial file stays behind.
 */
async function writeInPlace(
  job: Job,
  store: MediaStore,
  scope: MediaScope,
  names: string[],
  write: (partials: string[]) => Promise<void>,
) {
  const files = names.map((name) => store.file(scope, name));
  const partials = files.map((file) => `${file}.${job.id}.part`);
  try {
    for (const file of files) mkdirSync(dirname(file), { recursive: true });
    await write(partials);
    files.forEach((file, i) => renameSync(partials[i]!, file));
  } finally {
    for (const partial of partials) rmSync(partial, { force: true });
  }
  // Into the store (MEDIA_STORAGE=s3) before the outcome is told: the API may be on another machine.
  await store.publish(scope, names);
}

/**
 * No cut or build starts while the media disk has less free space than the gateway keeps for
 * recordings (MEDIA_MIN_FREE_MB): the job is tried again with its backoff, and fails for good with
 * this reason, which the clip or summary shows, once its attempts are used up.
 */
function requireFreeDisk(store: MediaStore, minFreeBytes: number, what: string): void {
  const free = store.freeBytes();
  if (free >= minFreeBytes) return;
  const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024);
  throw new VideoError(
    `${what}: the media disk has ${mb(free)} MB free, less than the ${mb(minFreeBytes)} MB kept free for recordings`,
  );
}

export type ClipCutResult = { done: true; cut: CutKind } | { done: false; reason: "clip changed or deleted" };

/**
 * clip.cut: the clip's window out of its match's on-demand video (the media
 * store's, else its vod_hls_url, e.g. the simulator's), as an MP4 and a poster.
 * Copied where the keyframes allow, re-encoded only at the edges or whole where
 * they don't (cut-plan.ts); the files, and the pieces of an edge cut, are
 * written in place (writeInPlace), never half-written behind a clip's URL.
 */
export function clipCutProcessor({ config, mediaStore: store }: Deps, services: Services) {
  async function cut(job: Job<ClipCutJob>): Promise<ClipCutResult> {
    requireFreeDisk(store, config.mediaMinFreeBytes, "not cut");
    const plan = await services.clips.cutStarting(job.data);
    if (!plan) return { done: false, reason: "clip changed or deleted" };
    const scope = { kind: "matches", id: plan.matchId } as const;
    const local = await store.localCopy(scope, MEDIA_FILES.vodPlaylist);
    const stored = local !== null;
    const source = local ?? plan.vodHlsUrl;
    if (!source) throw new UnrecoverableError("the match has no on-demand video");

    // The store's video keeps its keyframe index beside it; one by URL is probed, its keyframes per cut.
    const { video, keyframes } = stored
      ? await indexedVideo(source, store.file(scope, MEDIA_FILES.vodIndex))
      : { video: await probeVideo(source), keyframes: null };
    // At the video's own frame rate and inside its real length.
    const fit = await services.clips.fitToVideo(job.data, video);
    if ("reason" in fit) throw new UnrecoverableError(fit.reason);
    const { window } = fit;
    const firstFrame = frameAt(window.startMs, video.fps);
    const frames = clipFrames(window, video.fps);
    const cutPlan = await planClipCut(source, video, firstFrame, frames, keyframes);

    const progress = progressReporter(job, (percent) => services.clips.cutProgress(job.data, percent));
    await writeInPlace(job, store, scope, [plan.files.video, plan.files.poster], async ([videoFile, posterFile]) => {
      await cutClip({ source, video, plan: cutPlan, output: videoFile!, onProgress: progress.onProgress });
      await progress.told();
      await posterOf(videoFile!, frames / video.fps / 2, posterFile!);
    });
    await services.clips.cutFinished(job.data, {
      matchId: plan.matchId,
      window,
      frameRate: video.fps,
      videoPath: plan.files.video,
      posterPath: plan.files.poster,
    });
    return { done: true, cut: cutPlan.kind };
  }

  return (job: Job<ClipCutJob>) =>
    withFinalFailure(
      job,
      () => cut(job).catch((error: unknown) => Promise.reject(shown(error, "clip.cut", "the clip could not be cut"))),
      (report) => services.clips.cutFailed(job.data, report.detail),
    );
}

export type SummaryBuildResult = { done: true; clips: number } | { done: false; reason: "summary changed or gone" };

/**
 * summary.build: the match's ready clips in time order, after a title card with the teams and the
 * score, joined into one MP4 with a poster (from its first clip), written in place.
 */
export function summaryBuildProcessor({ config, mediaStore: store }: Deps, services: Services) {
  async function build(job: Job<SummaryBuildJob>): Promise<SummaryBuildResult> {
    requireFreeDisk(store, config.mediaMinFreeBytes, "not built");
    const plan = await services.summaries.buildStarting(job.data);
    if (!plan) return { done: false, reason: "summary changed or gone" };
    const scope = { kind: "matches", id: plan.matchId } as const;
    const clips: { file: string; durationS: number }[] = [];
    // Copied from the bucket when MEDIA_STORAGE=s3 (a missing one fails the join, as it would on disk).
    for (const clip of plan.clips) {
      const file = (await store.localCopy(scope, clip.path)) ?? store.file(scope, clip.path);
      clips.push({ file, durationS: clip.durationS });
    }
    const progress = progressReporter(job, (percent) => services.summaries.buildProgress(job.data, percent));
    await writeInPlace(job, store, scope, [plan.files.video, plan.files.poster], async ([videoFile, posterFile]) => {
      await joinClips({
        clips,
        fps: plan.clips[0]!.fps,
        title: summaryTitle(plan.title),
        output: videoFile!,
        onProgress: progress.onProgress,
      });
      await progress.told();
      await posterOf(videoFile!, TITLE_CARD_S + clips[0]!.durationS / 2, posterFile!);
    });
    await services.summaries.buildFinished(job.data, {
      matchId: plan.matchId,
      videoPath: plan.files.video,
      posterPath: plan.files.poster,
    });
    return { done: true, clips: clips.length };
  }

  return (job: Job<SummaryBuildJob>) =>
    withFinalFailure(
      job,
      () =>
        build(job).catch((error: unknown) =>
          Promise.reject(shown(error, "summary.build", "the summary could not be built")),
        ),
      (report) => services.summaries.buildFailed(job.data, report.detail),
    );
}

export type RecordingWorkResult = { done: true } | { done: false; reason: "another recording or none" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The version of a recording's playlists once they stopped changing. The gateway makes a match on
 * demand within seconds of the stop and adds the stream's tail as it comes (a busy encoder lags its
 * camera): at least one segment within each segment's length while it does. So the playlists are
 * complete once they stayed the same for their longest segment and a second more.
 */
async function settledVersion(current: () => Promise<string>): Promise<string> {
  for (;;) {
    const playlist = await current();
    const version = versionOf(playlist);
    await sleep((bestRendition(playlist).longestS + 1) * 1000);
    if (versionOf(await current()) === version) return version;
  }
}

/**
 * The match's video-on-demand on this disk, as the store has it now (copied from the bucket when
 * MEDIA_STORAGE=s3: the gateway may be on another machine).
 */
async function currentVod(store: MediaStore, matchId: number): Promise<string> {
  const playlist = await store.localCopy({ kind: "matches", id: matchId }, MEDIA_FILES.vodPlaylist);
  if (!playlist) throw new VideoError("the recording has no video-on-demand");
  return playlist;
}

/**
 * recording.download: the MP4 download of a recording on demand, from its video-on-demand in the
 * media store (the media gateway writes it there, on this machine), made once the recording's tail
 * is in and made again when the playlists changed meanwhile; written in place. Its outcome is the
 * match's download_status.
 */
export function recordingDownloadProcessor({ config, mediaStore: store }: Deps, services: Services) {
  async function download(job: Job<RecordingJob>): Promise<RecordingWorkResult> {
    if (!(await services.matches.isCurrentRecording(job.data)))
      return { done: false, reason: "another recording or none" };
    requireFreeDisk(store, config.mediaMinFreeBytes, "no download made");
    const scope = { kind: "matches", id: job.data.matchId } as const;
    const current = () => currentVod(store, job.data.matchId);
    await current();
    await writeInPlace(job, store, scope, [MEDIA_FILES.download], async ([partial]) => {
      for (let made = ""; made !== versionOf(await current());) {
        made = await settledVersion(current);
        await makeDownload(await current(), partial!);
      }
    });
    await services.matches.downloadReady(job.data);
    return { done: true };
  }

  return (job: Job<RecordingJob>) =>
    withFinalFailure(
      job,
      () => download(job),
      async () => void (await services.matches.downloadFailed(job.data)),
    );
}

/**
 * recording.index: the keyframe index of a recording on demand (video-index.ts), made now rather
 * than by the first clip cut, which then plans without probing the whole video.
 */
export function recordingIndexProcessor({ mediaStore: store }: Deps, services: Services) {
  return async (job: Job<RecordingJob>): Promise<RecordingWorkResult> => {
    if (!(await services.matches.isCurrentRecording(job.data)))
      return { done: false, reason: "another recording or none" };
    const scope = { kind: "matches", id: job.data.matchId } as const;
    const current = () => currentVod(store, job.data.matchId);
    // An index of the playlists before the tail came in would be made again by the first cut.
    await settledVersion(current);
    await indexedVideo(await current(), store.file(scope, MEDIA_FILES.vodIndex));
    return { done: true };
  };
}

export type RecordingMomentsResult =
  | { done: true; moments: number }
  | { done: false; reason: "another recording or none, or suggestions off" | "the recording has no sound" };

/**
 * recording.moments: listens to a recording on demand (moments/listen.ts: ffmpeg filters, one core)
 * once its tail is in, and stores the moments its sound suggests (moments/score.ts) for the
 * annotation page; nothing for a club with suggestions off, a recording no longer the match's or one
 * without sound.
 */
export function recordingMomentsProcessor({ mediaStore: store }: Deps, services: Services) {
  return async (job: Job<RecordingJob>): Promise<RecordingMomentsResult> => {
    if (!(await services.suggestions.wantsListening(job.data)))
      return { done: false, reason: "another recording or none, or suggestions off" };
    const current = () => currentVod(store, job.data.matchId);
    await settledVersion(current);
    const recording = await current();
    // Nothing to listen to is an answer, not a failure to retry and list on the failed-jobs page.
    if (!(await hasSound(recording))) return { done: false, reason: "the recording has no sound" };
    const moments = proposeMoments(await listen(recording));
    await services.suggestions.heard(job.data, moments);
    return { done: true, moments: moments.length };
  };
}

export type LiveMomentsResult =
  | { done: true; moments: number; stored: number }
  | { done: false; reason: "not live, or suggestions off" | "no sound yet" };

/**
 * moments.live: listens to the latest closed segments of a live match's recording (moments/live.ts)
 * and stores the moments they suggest, so they reach the annotation page during the match. Reads
 * the gateway's session playlists on this disk (the segments of a recording under way are nowhere
 * else yet).
 */
export function liveMomentsProcessor({ mediaStore: store }: Deps, services: Services) {
  return async (job: Job<LiveMomentsJob>): Promise<LiveMomentsResult> => {
    if (!(await services.suggestions.wantsLiveListening(job.data)))
      return { done: false, reason: "not live, or suggestions off" };
    const matchDir = store.dir({ kind: "matches", id: job.data.matchId });
    const chunk = liveChunk(recordedSegments(matchDir));
    if (!chunk) return { done: false, reason: "no sound yet" };
    const moments = await listenToChunk(chunk, matchDir);
    const stored = await services.suggestions.heard(job.data, moments);
    return { done: true, moments: moments.length, stored };
  };
}
