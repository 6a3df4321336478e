// Clips (issue 14): the video cut around each marker by the worker's clip.cut
// job. The window follows the clip rule of @clubcast/shared (defaultClipWindow)
// until set by hand; every change that needs a new cut bumps the clip's version
// and queues a cut of that version, and a job for an older version does
// nothing, so a marker moved during a cut never ends up with the old video.
// Files live below the match's media folder (clips/{id}-{version}.mp4 and .jpg),
// so they follow the match's privacy through the media service's signed URLs.
import {
  CHANNELS,
  CLIPS_SECTION,
  canAnnotate,
  CLIP_MAX_MS,
  DEFAULT_FRAME_RATE,
  EVENTS,
  MEDIA_FILES,
  clipWindowProblems,
  defaultClipWindow,
  insideVideo,
  snapClipWindow,
  type ClipWindow,
} from "@clubcast/shared";
import { type ClipCutJob } from "@clubcast/shared/jobs";
import type { Clip, Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { OutboxPost } from "../jobs/outbox.ts";
import type { EventPublisher } from "../realtime/publisher.ts";
import type { AuthUser, RequestContext } from "../core/context.ts";
import { NotFoundError, TooManyRequestsError, ValidationError, fieldLabel, type FieldErrors } from "../core/errors.ts";
import { listOf, written } from "../core/answers.ts";
import { translate } from "../core/i18n.ts";
import { paged, pageWindow, type PageQuery } from "../core/pagination.ts";
import { authorize, authorizedRecord, isSystem, requireAnnotator, requireClub, requireUser } from "../core/policy.ts";
import {
  clubTableMatches,
  matchClubsOf,
  matchClubsSelect,
  recordedMatchesOf,
  sharedWithMemberOf,
  visibleMatches,
} from "../matches/visibility.ts";
import { bulkRowOf, bulkRowSelect, renderedBulk, videoTime, type BulkRow } from "../media/rendered-bulk.ts";
import { renderSteps } from "../media/render-steps.ts";
import type { MediaService } from "../media/service.ts";
import type { SummariesService } from "../summaries/service.ts";
import { clipSelect, presentClip } from "./presenter.ts";
import type { ClipWindowInput, ClubClipsQuery } from "./schemas.ts";

/** Where a clip version's files go, below its match's media folder. */
export const clipFiles = (clipId: number, version: number) => ({
  video: `${MEDIA_FILES.clipsFolder}/${clipId}-${version}.mp4`,
  poster: `${MEDIA_FILES.clipsFolder}/${clipId}-${version}.jpg`,
});

/** What the clip rule knows of a match's video: its frame rate and length once a cut has measured them. */
const measured = { vodDurationMs: true, vodFrameRate: true } as const;
function videoOf(match: { vodDurationMs: number | null; vodFrameRate: number | null }) {
  return { fps: match.vodFrameRate ?? DEFAULT_FRAME_RATE, durationMs: match.vodDurationMs ?? Infinity };
}

/** What a new cut starts from: queued again, nothing of an earlier cut's outcome. */
const recut = { state: "queued", progress: 0, failureReason: null, version: { increment: 1 } } as const;

/**
 * Clips in the cut queue or being cut: what the cut limits count and the queue's priority ranks. Those of
 * a match still recording wait outside the queue (annotating live is not held back) and join it ranked.
 */
const PENDING_CUT = {
  state: { in: ["queued", "cutting"] },
  match: { status: "vod" },
} satisfies Prisma.ClipWhereInput;

/** Clips of the markers of a club's users; of one user's for a user without a club (a system admin). */
const requestedBy = (user: { id: number; clubId: number | null }): Prisma.ClipWhereInput =>
  user.clubId === null
    ? { marker: { sequence: { userId: user.id } } }
    : { marker: { sequence: { user: { clubId: user.clubId } } } };

/** First key of the advisory locks serialising one club's (or club-less user's) new cuts, so the limits hold. */
const CUT_LIMITS_LOCK = 2514;

/** How long a caller over a cut limit is told to wait: about what a few cuts take. */
const CUT_LIMIT_RETRY_SECONDS = 30;

/** A clip as written, with what queueing its cut needs. */
const withMatchStatus = { match: { select: { status: true } } } as const;
type WrittenClip = Prisma.ClipGetPayload<{ include: typeof withMatchStatus }>;

export function createClipsService(
  deps: Deps,
  { media, summaries }: { media: MediaService; summaries: Pick<SummariesService, "clipReady" | "clipRemoved"> },
) {
  const { prisma, signals, outbox, config } = deps;

  /** Tells the match's pages to read the clip again; no more than ids, as the match's channel may be public. */
  function changed(clip: { id: number; matchId: number }, to: EventPublisher) {
    to.publish(CHANNELS.match(clip.matchId), EVENTS.clipChanged, { match: clip.matchId, clip: clip.id });
  }

  type PublishedClip = {
    id: number;
    matchId: number;
    markerId: number;
    isPrivate: boolean | null;
    state: "queued" | "cutting" | "ready" | "failed";
    progress: number;
    failureReason: string | null;
  };

  /** The clip.updated payload: a clip's state and progress, as its match's pages read them. */
  const updated = (clip: PublishedClip) => ({
    match: clip.matchId,
    clip: clip.id,
    marker: clip.markerId,
    state: clip.state,
    progress: clip.progress,
    failure_reason: clip.failureReason,
  });

  /** A clip's state and progress on its match's channel (`to`: the outbox's); of a private one, only that it changed. */
  function publish(clip: PublishedClip, to: EventPublisher) {
    if (clip.isPrivate) return changed(clip, to);
    to.publish(CHANNELS.match(clip.matchId), EVENTS.clipUpdated, updated(clip));
  }

  /** A progress tick of a cut, as a signal (realtime/publisher.ts); of a private clip, only that it changed. */
  function progress(clip: Clip & { state: "cutting" }) {
    const channel = CHANNELS.match(clip.matchId);
    if (clip.isPrivate) return signals.signal(channel, EVENTS.clipChanged, { match: clip.matchId, clip: clip.id });
    signals.signal(channel, EVENTS.clipUpdated, { ...updated(clip), state: clip.state });
  }

  /**
   * A cut's place in the clip-cuts queue (BullMQ priority, lower first): 1 + the cuts its marker's club
   * (a club-less user: that user) still waits for of clips made before it. Every club's first waiting
   * cut goes before any club's second, so one club's flood never holds back another club's cut.
   */
  async function cutPriority(db: Prisma.TransactionClient, clipId: number): Promise<number> {
    // One query: the clip or its marker may go meanwhile (its job then finds nothing to cut).
    const requester = await db.user.findFirst({
      where: { sequences: { some: { markers: { some: { clip: { id: clipId } } } } } },
      select: { id: true, clubId: true },
    });
    // Gone, or of a deleted user's marker: nobody's flood.
    if (!requester) return 1;
    const earlier = await db.clip.count({
      where: { ...PENDING_CUT, id: { lt: clipId }, ...requestedBy(requester) },
    });
    return 1 + earlier;
  }

  /** Posts the cut of the clip's current version once its match is on demand (until then it stays queued). */
  async function queueCut(tx: Prisma.TransactionClient, post: OutboxPost, clip: WrittenClip) {
    publish(clip, post.events);
    if (clip.match.status === "vod") {
      post.clipCut({ clipId: clip.id, version: clip.version }, await cutPriority(tx, clip.id));
    }
  }

  /** 429 when the cuts waiting for the user's club, or for the user, are over their limits (CLIP_CUTS_PER_*). */
  async function requireWithinCutLimits(tx: Prisma.TransactionClient, user: AuthUser): Promise<void> {
    const { perClub, perUser } = config.clipCutLimits;
    const limits = [
      ...(user.clubId === null
        ? []
        : [{ of: requestedBy(user), limit: perClub, key: "clip.club_cuts_limit" as const }]),
      { of: requestedBy({ id: user.id, clubId: null }), limit: perUser, key: "clip.user_cuts_limit" as const },
    ];
    for (const { of, limit, key } of limits) {
      const pending = await tx.clip.count({ where: { ...PENDING_CUT, ...of } });
      if (pending <= limit) continue;
      const params = { queued: pending - 1, limit, seconds: CUT_LIMIT_RETRY_SECONDS };
      throw new TooManyRequestsError(CUT_LIMIT_RETRY_SECONDS, key, params, { clips: [{ key, params }] });
    }
  }

  /**
   * Runs `write`, which makes a clip to be cut (a new one or a new version), within the cut limits of
   * the user (checked under a lock per club, so concurrent requests cannot all slip under a limit), and
   * posts its cut, committed with it (the outbox). Answers what `write` gives.
   */
  async function cutWithinLimits<T>(
    user: AuthUser | null,
    write: (tx: Prisma.TransactionClient) => Promise<{ result: T; clip: WrittenClip }>,
  ): Promise<T> {
    return outbox.transaction(async (tx, post) => {
      if (user) {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CUT_LIMITS_LOCK}::int4, ${user.clubId ?? -user.id}::int4)`;
      }
      const { result, clip } = await write(tx);
      if (user) await requireWithinCutLimits(tx, user);
      await queueCut(tx, post, clip);
      return result;
    });
  }

  /**
   * A marker placed, moved or given another clip length by `user` (`write`, in the transaction, gives
   * the marker): its clip follows by the clip rule, cut anew, within the user's cut limits. No user:
   * a goal's marker, made by its score change (match moments), which no cut limit holds back.
   */
  async function markerChanged<T extends { id: number }>(
    user: AuthUser | null,
    write: (tx: Prisma.TransactionClient) => Promise<T>,
  ): Promise<T> {
    return cutWithinLimits(user, async (tx) => {
      const written = await write(tx);
      const marker = await tx.marker.findUniqueOrThrow({
        where: { id: written.id },
        select: {
          timeMs: true,
          clipLength: true,
          sequence: { select: { matchId: true, match: { select: measured } } },
        },
      });
      const { fps, durationMs } = videoOf(marker.sequence.match);
      const window = {
        ...defaultClipWindow(marker.timeMs, { clipLengthS: marker.clipLength, fps, durationMs }),
        frameRate: fps,
      };
      // One statement (INSERT … ON CONFLICT): a marker moved twice at once after its clip was deleted gets one clip.
      const { id } = await tx.clip.upsert({
        where: { markerId: written.id },
        create: { markerId: written.id, matchId: marker.sequence.matchId, ...window },
        update: { ...window, custom: false, ...recut },
        select: { id: true },
      });
      const clip = await tx.clip.findUniqueOrThrow({ where: { id }, include: withMatchStatus });
      return { result: written, clip };
    });
  }

  /** Refuses (422 naming `field`) a marker's time the match's video doesn't show, once its length is known. */
  async function requireInsideVideo(matchId: number, timeMs: number, field: string): Promise<void> {
    const match = await prisma.match.findUniqueOrThrow({ where: { id: matchId }, select: measured });
    const { fps, durationMs } = videoOf(match);
    if (!insideVideo(timeMs, fps, durationMs)) {
      throw ValidationError.field(field, "clip.after_video_end", { seconds: durationMs / 1000 });
    }
  }

  /** A match's on-demand video was measured: clip bounds are checked against it from now on. */
  async function videoMeasured(matchId: number, video: { durationMs: number; fps: number }): Promise<void> {
    const match = await prisma.match.findUnique({ where: { id: matchId }, select: measured });
    // Only a change is written: every write to a match renews the match lists' cached answers.
    if (!match || (match.vodDurationMs === video.durationMs && match.vodFrameRate === video.fps)) return;
    await prisma.match.updateMany({
      where: { id: matchId },
      data: { vodDurationMs: video.durationMs, vodFrameRate: video.fps },
    });
  }

  /** A match went on demand (in `tx`): the cuts of the clips placed while it recorded are posted with it. */
  async function matchOnDemand(tx: Prisma.TransactionClient, post: OutboxPost, matchId: number): Promise<void> {
    const waiting = await tx.clip.findMany({
      where: { matchId, state: "queued" },
      select: { id: true, version: true },
    });
    for (const clip of waiting) {
      post.clipCut({ clipId: clip.id, version: clip.version }, await cutPriority(tx, clip.id));
    }
  }

  /** Removes a marker's clip and its files (before the marker itself goes). */
  async function markerRemoving(markerId: number): Promise<void> {
    const clip = await prisma.clip.findUnique({ where: { markerId }, select: { id: true } });
    if (clip) await bulk.removeOne(clip.id);
  }

  /** GET /v1/clubs/:id/clips: the clips of a club's matches, newest first (club staff). */
  async function listOfClub(clubId: number, query: ClubClipsQuery, ctx: RequestContext) {
    authorize(ctx, CLIPS_SECTION, clubId, "not_found.club");
    return clubPage(clubId, { match: clubTableMatches(clubId, query) }, query, ctx);
  }

  /** One page of a club's clips, newest first; an empty page of a club that doesn't exist is a 404. */
  async function clubPage(clubId: number, where: Prisma.ClipWhereInput, query: PageQuery, ctx: RequestContext) {
    const [clips, total] = await Promise.all([
      prisma.clip.findMany({
        where,
        select: clipSelect,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...pageWindow(query),
      }),
      prisma.clip.count({ where }),
    ]);
    if (!clips.length) await requireClub(prisma, clubId);
    const data = clips.map((clip) => presentClip(clip, media, ctx.locale));
    return paged(data, total, query, translate(ctx.locale, "not_found.clips"));
  }

  /**
   * GET /v1/clubs/:club/recorded/clips: the clips shared with a team of the caller, under
   * "recorded": who may open a club's recorded matches sees those of them shared with them.
   */
  async function listShared(clubId: number, query: PageQuery, ctx: RequestContext) {
    const user = authorize(ctx, "recorded", clubId, "not_found.club");
    return clubPage(clubId, { match: recordedMatchesOf(clubId), ...sharedWithMemberOf(user.id) }, query, ctx);
  }

  /** Removes clips in `tx`; the summaries of their matches are made anew. */
  async function removeClips(tx: Prisma.TransactionClient, post: OutboxPost, clips: BulkRow[]) {
    await tx.clip.deleteMany({ where: { id: { in: clips.map((clip) => clip.id) } } });
    // One rebuild per match, for a match that lost a clip with a video.
    const cut = new Map(clips.filter((clip) => clip.videoPath !== null).map((clip) => [clip.matchId, clip]));
    for (const clip of cut.values()) await summaries.clipRemoved(tx, post, clip);
  }

  /** The clips table's bulk actions (media/rendered-bulk.ts). */
  const bulk = renderedBulk(deps, media, {
    kind: "clips",
    unknownKey: "bulk.unknown_clips",
    async find(ids) {
      const clips = await prisma.clip.findMany({
        where: { id: { in: ids } },
        select: { ...bulkRowSelect, marker: { select: { label: true, timeMs: true } } },
        orderBy: [{ matchId: "asc" }, { startMs: "asc" }, { id: "asc" }],
      });
      return clips.map((clip) => bulkRowOf(clip, `${videoTime(clip.marker.timeMs)} ${clip.marker.label}`));
    },
    models: {
      rows: (tx) => tx.clip,
      shares: (tx) => tx.clipTeamShare,
      shareRow: (clipId, teamId) => ({ clipId, teamId }),
    },
    remove: removeClips,
    changed,
  });

  /**
   * GET /v1/matches/:id/clips: the clips of the caller's markers on a match they may see (and of its goals,
   * when they may annotate it), in video order.
   */
  async function listOfMatch(matchId: number, ctx: RequestContext) {
    const user = requireUser(ctx);
    const match = await prisma.match.findFirst({
      where: { id: matchId, ...visibleMatches(ctx) },
      select: { id: true, ...matchClubsSelect },
    });
    if (!match) throw new NotFoundError("not_found.match");
    const goals = canAnnotate(user, user.clubId, matchClubsOf(match));
    const clips = await prisma.clip.findMany({
      where: { matchId, marker: { sequence: { OR: [{ userId: user.id }, ...(goals ? [{ goals: true }] : [])] } } },
      select: clipSelect,
      orderBy: [{ startMs: "asc" }, { id: "asc" }],
    });
    return listOf(
      clips.map((clip) => presentClip(clip, media, ctx.locale)),
      translate(ctx.locale, "not_found.clips"),
    );
  }

  function windowErrors(window: ClipWindow, video: { fps: number; durationMs: number }): FieldErrors | null {
    const problems = clipWindowProblems(window, video.fps, video.durationMs);
    if (!problems.length) return null;
    const errors: FieldErrors = {};
    for (const { field, problem } of problems) {
      const params = { field: fieldLabel(field), minutes: CLIP_MAX_MS / 60_000, seconds: video.durationMs / 1000 };
      (errors[field] ??= []).push({ key: `clip.${problem}`, params });
    }
    return errors;
  }

  /**
   * PUT /v1/clips/:id: the annotate page's start and end of a clip of the caller's marker; cut anew
   * (only while the caller may annotate its match, and within the cut limits).
   */
  async function setWindow(clipId: number, input: ClipWindowInput, ctx: RequestContext) {
    const user = requireUser(ctx);
    const owned = isSystem(user) ? {} : { marker: { sequence: { userId: user.id } } };
    const clip = await prisma.clip.findFirst({
      where: { id: clipId, ...owned },
      select: { id: true, match: { select: { ...measured, ...matchClubsSelect } } },
    });
    if (!clip) throw new NotFoundError("not_found.clip");
    requireAnnotator(ctx, matchClubsOf(clip.match));
    const video = videoOf(clip.match);
    const asked = { startMs: input.start_ms, endMs: input.end_ms };
    const errors = windowErrors(asked, video);
    if (errors) throw new ValidationError(errors);
    const window = snapClipWindow(asked, video.fps, video.durationMs);
    const id = await cutWithinLimits(user, async (tx) => {
      // A clip deleted meanwhile is a 404, not a failed update.
      const { count } = await tx.clip.updateMany({
        where: { id: clip.id },
        data: { ...window, frameRate: video.fps, custom: true, ...recut },
      });
      if (!count) throw new NotFoundError("not_found.clip");
      return {
        result: clip.id,
        clip: await tx.clip.findUniqueOrThrow({ where: { id: clip.id }, include: withMatchStatus }),
      };
    });
    const answer = await prisma.clip.findUnique({ where: { id }, select: clipSelect });
    if (!answer) throw new NotFoundError("not_found.clip");
    return written(presentClip(answer, media, ctx.locale), translate(ctx.locale, "clip.updated"));
  }

  /** DELETE /v1/clips/:id: a club's staff remove a clip and its files (the marker stays). */
  async function remove(clipId: number, ctx: RequestContext): Promise<void> {
    const clip = await authorizedRecord(
      ctx,
      CLIPS_SECTION,
      "not_found.clip",
      () => prisma.clip.findUnique({ where: { id: clipId }, include: { match: { select: { clubId: true } } } }),
      (found) => found.match.clubId,
    );
    await bulk.removeOne(clip.id);
  }

  // ── the worker's side of clip.cut ──

  /**
   * A cut begins: the clip turns cutting, unless it was changed or deleted since
   * the job was queued (null: nothing to do). Gives what the cut needs.
   */
  async function cutStarting(job: ClipCutJob) {
    const clip = await outbox.transaction(async (tx, post) => {
      const { count } = await tx.clip.updateMany({
        where: { id: job.clipId, version: job.version },
        data: { state: "cutting", progress: 0, failureReason: null },
      });
      if (!count) return null;
      const cutting = await tx.clip.findUnique({
        where: { id: job.clipId },
        include: { match: { select: { vodHlsUrl: true } } },
      });
      if (cutting) publish(cutting, post.events);
      return cutting;
    });
    if (clip?.version !== job.version) return null;
    return {
      matchId: clip.matchId,
      vodHlsUrl: clip.match.vodHlsUrl,
      files: clipFiles(clip.id, clip.version),
    };
  }

  /**
   * The window a cut takes once the video is measured: a hand-set one on its frames and ended at
   * the video's end, the rule's anew for the marker otherwise; or why there is none to cut.
   */
  async function fitToVideo(
    job: ClipCutJob,
    video: { durationMs: number; fps: number },
  ): Promise<{ window: ClipWindow } | { reason: string }> {
    const clip = await prisma.clip.findUniqueOrThrow({
      where: { id: job.clipId },
      include: { marker: { select: { timeMs: true, clipLength: true } } },
    });
    await videoMeasured(clip.matchId, video);
    const { fps, durationMs } = video;
    const from = clip.custom
      ? { what: "clip starts", ms: clip.startMs }
      : { what: "marker is", ms: clip.marker.timeMs };
    if (!insideVideo(from.ms, fps, durationMs)) {
      return { reason: `the ${from.what} at ${from.ms / 1000} s, after the video's end at ${durationMs / 1000} s` };
    }
    const window = clip.custom
      ? snapClipWindow({ startMs: clip.startMs, endMs: clip.endMs }, fps, durationMs)
      : defaultClipWindow(clip.marker.timeMs, { clipLengthS: clip.marker.clipLength, fps, durationMs });
    return { window };
  }

  const steps = renderSteps<Clip, ClipWindow & { frameRate: number }>(
    {
      update: (db, where, data) => db.clip.updateMany({ where, data }),
      find: (db, where) => db.clip.findFirst({ where }),
    },
    { prisma, outbox, media },
    { publish, progress },
  );
  const versionOf = (job: ClipCutJob) => ({ id: job.clipId, version: job.version });

  /** How far the cut is (percent), for the annotate page. */
  const cutProgress = (job: ClipCutJob, progress: number) => steps.progressed(versionOf(job), progress);

  /**
   * The cut's files are in place: the clip is ready with them (renderSteps), and its match's
   * summary is made anew.
   */
  async function cutFinished(
    job: ClipCutJob,
    result: { matchId: number; window: ClipWindow; frameRate: number; videoPath: string; posterPath: string },
  ): Promise<{ applied: boolean }> {
    return steps.finished(versionOf(job), result, { ...result.window, frameRate: result.frameRate }, (tx, post) =>
      summaries.clipReady(tx, post, result.matchId),
    );
  }

  /** The cut failed for good: the clip says why. */
  const cutFailed = (job: ClipCutJob, reason: string) => steps.failed(versionOf(job), reason);

  return {
    markerChanged,
    markerRemoving,
    requireInsideVideo,
    matchOnDemand,
    listOfClub,
    listOfMatch,
    listShared,
    setWindow,
    remove,
    setPrivate: bulk.setPrivate,
    share: bulk.share,
    removeMany: bulk.remove,
    download: bulk.download,
    archive: bulk.archive,
    cutStarting,
    fitToVideo,
    cutProgress,
    cutFinished,
    cutFailed,
  };
}

export type ClipsService = ReturnType<typeof createClipsService>;
