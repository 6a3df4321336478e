// Highlight summaries (issue 14): a match with create_summary gets one video of
// its ready clips (goals first, then the other markers', each in time order),
// after a title card, built by the worker's summary.build job. Every change of the match's clips bumps the summary's
// version and queues the build of that version after a quiet period, dropping
// the build still waiting for the version before: ten quick edits, one build.
// A build of an older version does nothing, as a clip cut does. Files live below
// the match's media folder (summaries/{id}-{version}.mp4 and .jpg), so they
// follow the match's privacy through the media service's signed URLs.
import { CHANNELS, CLIPS_SECTION, EVENTS, MEDIA_FILES } from "@clubcast/shared";
import type { SummaryBuildJob } from "@clubcast/shared/jobs";
import type { Prisma, Summary } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { OutboxPost } from "../jobs/outbox.ts";
import type { EventPublisher } from "../realtime/publisher.ts";
import type { RequestContext } from "../core/context.ts";
import { NotFoundError, ValidationError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { paged, pageWindow, type PageQuery } from "../core/pagination.ts";
import { authorize, authorizedRecord, requireClub } from "../core/policy.ts";
import {
  clubTableMatches,
  recordedMatchesOf,
  sharedWithMemberOf,
  visibleMatches,
  visibleRenders,
} from "../matches/visibility.ts";
import { bulkRowOf, bulkRowSelect, renderedBulk } from "../media/rendered-bulk.ts";
import { renderSteps } from "../media/render-steps.ts";
import { sideName } from "../media/rendered-video.ts";
import type { MediaService } from "../media/service.ts";
import { presentSummary, readyClips, summarySelect } from "./presenter.ts";
import type { ClubSummariesQuery } from "./schemas.ts";

/** Where a summary version's files go, below its match's media folder. */
export const summaryFiles = (summaryId: number, version: number) => ({
  video: `${MEDIA_FILES.summariesFolder}/${summaryId}-${version}.mp4`,
  poster: `${MEDIA_FILES.summariesFolder}/${summaryId}-${version}.jpg`,
});

/**
 * A summary's clips: the goals first (match moments), then the other markers', each in match order
 * (the clips come in match order).
 */
export function goalsFirst<T extends { marker: { scoreEvent: { side: string | null } | null } }>(clips: T[]): T[] {
  const isGoal = (clip: T) => Boolean(clip.marker.scoreEvent?.side);
  return [...clips.filter(isGoal), ...clips.filter((clip) => !isGoal(clip))];
}

/** What a new build starts from: queued again, nothing of an earlier build's outcome (its files stay until replaced). */
const rebuilt = { state: "queued", progress: 0, failureReason: null, version: { increment: 1 } } as const;

export function createSummariesService(deps: Deps, { media }: { media: MediaService }) {
  const { prisma, signals, outbox, config } = deps;

  /** Tells the match's pages to read its summary again; no more than ids, as the match's channel may be public. */
  function changed(summary: { id: number; matchId: number }, to: EventPublisher) {
    to.publish(CHANNELS.match(summary.matchId), EVENTS.summaryChanged, {
      match: summary.matchId,
      summary: summary.id,
    });
  }

  type PublishedSummary = {
    id: number;
    matchId: number;
    isPrivate: boolean | null;
    state: "queued" | "cutting" | "ready" | "failed";
    progress: number;
    failureReason: string | null;
  };

  /** The summary.updated payload: a summary's state and progress, as its match's pages read them. */
  const updated = (summary: PublishedSummary) => ({
    match: summary.matchId,
    summary: summary.id,
    state: summary.state,
    progress: summary.progress,
    failure_reason: summary.failureReason,
  });

  /** A summary's state and progress on its match's channel (`to`: the outbox's); of a private one, only that it changed. */
  function publish(summary: PublishedSummary, to: EventPublisher) {
    if (summary.isPrivate) return changed(summary, to);
    to.publish(CHANNELS.match(summary.matchId), EVENTS.summaryUpdated, updated(summary));
  }

  /** A progress tick of a build, as a signal (realtime/publisher.ts); of a private summary, only that it changed. */
  function progress(summary: Summary & { state: "cutting" }) {
    const channel = CHANNELS.match(summary.matchId);
    if (summary.isPrivate) {
      return signals.signal(channel, EVENTS.summaryChanged, { match: summary.matchId, summary: summary.id });
    }
    signals.signal(channel, EVENTS.summaryUpdated, { ...updated(summary), state: summary.state });
  }

  /**
   * A new version of the match's summary (the first one if it has none), its build queued after `delayMs`;
   * the version, its news and its build commit with `tx` (the outbox).
   */
  async function queueBuild(tx: Prisma.TransactionClient, post: OutboxPost, matchId: number, delayMs: number) {
    // One statement (INSERT … ON CONFLICT): two clips turning ready at once can't make two summaries.
    const summary = await tx.summary.upsert({ where: { matchId }, create: { matchId }, update: rebuilt });
    publish(summary, post.events);
    const jobId = post.summaryBuild({ summaryId: summary.id, version: summary.version }, delayMs);
    return { summary, jobId };
  }

  /** A clip of the match turned ready (in `tx`): its summary (a first one) is built after the quiet period, if it makes one. */
  async function clipReady(tx: Prisma.TransactionClient, post: OutboxPost, matchId: number): Promise<void> {
    const match = await tx.match.findUnique({ where: { id: matchId }, select: { createSummary: true } });
    if (match?.createSummary) await queueBuild(tx, post, matchId, config.summaryQuietMs);
  }

  /**
   * A clip went: when it had a video (so its match's summary may show it), the summary is built
   * anew after the quiet period. A clip that never had one, or a match without a summary, changes nothing.
   */
  async function clipRemoved(
    tx: Prisma.TransactionClient,
    post: OutboxPost,
    clip: { matchId: number; videoPath: string | null },
  ): Promise<void> {
    if (clip.videoPath === null) return;
    const summary = await tx.summary.findUnique({ where: { matchId: clip.matchId }, select: { id: true } });
    if (summary) await queueBuild(tx, post, clip.matchId, config.summaryQuietMs);
  }

  /**
   * GET /v1/matches/:id/summary: the summary of a match the caller may see (a visitor: a public match's);
   * `data: null` while it has none the caller may see (none yet, or made private): a match page asks
   * this of every recorded match, and an answer, not a refusal, is what "no summary" is. 404 is for
   * a match the caller can't see.
   */
  async function ofMatch(matchId: number, ctx: RequestContext) {
    const [match, summary] = await Promise.all([
      prisma.match.findFirst({ where: { id: matchId, ...visibleMatches(ctx) }, select: { id: true } }),
      prisma.summary.findFirst({ where: { matchId, AND: [visibleRenders(ctx)] }, select: summarySelect }),
    ]);
    if (!match) throw new NotFoundError("not_found.match");
    return { data: summary && presentSummary(summary, media) };
  }

  /** GET /v1/clubs/:club/summaries: the summaries of a club's matches, newest first (club staff). */
  async function listOfClub(clubId: number, query: ClubSummariesQuery, ctx: RequestContext) {
    authorize(ctx, CLIPS_SECTION, clubId, "not_found.club");
    return clubPage(clubId, { match: clubTableMatches(clubId, query) }, query, ctx);
  }

  /**
   * GET /v1/clubs/:club/recorded/summaries: the summaries shared with a team of the caller, under
   * "recorded": who may open a club's recorded matches sees those of them shared with them.
   */
  async function listShared(clubId: number, query: PageQuery, ctx: RequestContext) {
    const user = authorize(ctx, "recorded", clubId, "not_found.club");
    return clubPage(clubId, { match: recordedMatchesOf(clubId), ...sharedWithMemberOf(user.id) }, query, ctx);
  }

  /** One page of a club's summaries, newest first; an empty page of a club that doesn't exist is a 404. */
  async function clubPage(clubId: number, where: Prisma.SummaryWhereInput, query: PageQuery, ctx: RequestContext) {
    const [summaries, total] = await Promise.all([
      prisma.summary.findMany({
        where,
        select: summarySelect,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...pageWindow(query),
      }),
      prisma.summary.count({ where }),
    ]);
    if (!summaries.length) await requireClub(prisma, clubId);
    return paged(
      summaries.map((summary) => presentSummary(summary, media)),
      total,
      query,
      translate(ctx.locale, "not_found.summaries"),
    );
  }

  /** The summaries table's bulk actions (media/rendered-bulk.ts). */
  const bulk = renderedBulk(deps, media, {
    kind: "summaries",
    unknownKey: "bulk.unknown_summaries",
    async find(ids) {
      const summaries = await prisma.summary.findMany({
        where: { id: { in: ids } },
        select: bulkRowSelect,
        orderBy: [{ matchId: "asc" }, { id: "asc" }],
      });
      return summaries.map((summary) => bulkRowOf(summary, "Summary"));
    },
    models: {
      rows: (tx) => tx.summary,
      shares: (tx) => tx.summaryTeamShare,
      shareRow: (summaryId, teamId) => ({ summaryId, teamId }),
    },
    async remove(tx, _post, rows) {
      await tx.summary.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } });
    },
    changed,
  });

  /** POST /v1/matches/:id/summary: a club admin asks for the summary now (no quiet period). */
  async function rebuild(matchId: number, ctx: RequestContext) {
    const match = await authorizedRecord(
      ctx,
      CLIPS_SECTION,
      "not_found.match",
      () =>
        prisma.match.findUnique({
          where: { id: matchId },
          select: { id: true, clubId: true, createSummary: true, _count: { select: { clips: { where: readyClips } } } },
        }),
      (found) => found.clubId,
    );
    if (!match.createSummary) throw ValidationError.field("create_summary", "summary.turned_off");
    if (!match._count.clips) throw ValidationError.field("clips", "summary.no_ready_clips");
    const { summary, jobId } = await outbox.transaction((tx, post) => queueBuild(tx, post, match.id, 0));
    const answer = await prisma.summary.findUniqueOrThrow({ where: { id: summary.id }, select: summarySelect });
    return {
      data: presentSummary(answer, media),
      message: translate(ctx.locale, "summary.rebuild_requested"),
      job_ids: [jobId],
    };
  }

  // ── the worker's side of summary.build ──

  /**
   * A build begins: the summary turns building, unless it changed since the job was queued (null:
   * nothing to do). A summary left without ready clips goes, files and all. Gives what the build needs:
   * the title card's words and the ready clips in time order.
   */
  async function buildStarting(job: SummaryBuildJob) {
    const current = { id: job.summaryId, version: job.version };
    const summary = await prisma.summary.findFirst({
      where: current,
      include: {
        match: {
          select: {
            homeScore: true,
            awayScore: true,
            homeTeam: { select: { fullname: true } },
            awayTeam: { select: { fullname: true } },
            homeClub: { select: { name: true } },
            awayClub: { select: { name: true } },
            clips: {
              where: readyClips,
              select: {
                videoPath: true,
                startMs: true,
                endMs: true,
                frameRate: true,
                marker: { select: { scoreEvent: { select: { side: true } } } },
              },
              orderBy: [{ startMs: "asc" }, { id: "asc" }],
            },
          },
        },
      },
    });
    if (!summary) return null;
    const { match } = summary;
    if (!match.clips.length) {
      const { count } = await prisma.summary.deleteMany({ where: current });
      if (count) await media.removeMatchFiles(summary.matchId, [summary.videoPath, summary.posterPath]);
      return null;
    }
    const started = await outbox.transaction(async (tx, post) => {
      const { count } = await tx.summary.updateMany({
        where: current,
        data: { state: "cutting", progress: 0, failureReason: null },
      });
      if (count) publish({ ...summary, state: "cutting", progress: 0, failureReason: null }, post.events);
      return count > 0;
    });
    if (!started) return null;
    return {
      matchId: summary.matchId,
      title: {
        home: sideName(match.homeTeam, match.homeClub) ?? "Home",
        away: sideName(match.awayTeam, match.awayClub) ?? "Away",
        homeScore: match.homeScore,
        awayScore: match.awayScore,
      },
      clips: goalsFirst(match.clips).map((clip) => ({
        path: clip.videoPath!,
        durationS: (clip.endMs - clip.startMs) / 1000,
        fps: clip.frameRate,
      })),
      files: summaryFiles(summary.id, summary.version),
    };
  }

  const steps = renderSteps<Summary>(
    {
      update: (db, where, data) => db.summary.updateMany({ where, data }),
      find: (db, where) => db.summary.findFirst({ where }),
    },
    { prisma, outbox, media },
    { publish, progress },
  );
  const versionOf = (job: SummaryBuildJob) => ({ id: job.summaryId, version: job.version });

  /** How far the build is (percent), for the annotate page. */
  const buildProgress = (job: SummaryBuildJob, progress: number) => steps.progressed(versionOf(job), progress);

  /** The build's files are in place: the summary is ready with them; a build of an older version leaves nothing. */
  const buildFinished = (job: SummaryBuildJob, files: { matchId: number; videoPath: string; posterPath: string }) =>
    steps.finished(versionOf(job), files, {});

  /** The build failed for good: the summary says why (and keeps its last video). */
  const buildFailed = (job: SummaryBuildJob, reason: string) => steps.failed(versionOf(job), reason);

  return {
    clipReady,
    clipRemoved,
    ofMatch,
    listOfClub,
    listShared,
    rebuild,
    setPrivate: bulk.setPrivate,
    share: bulk.share,
    removeMany: bulk.remove,
    download: bulk.download,
    archive: bulk.archive,
    buildStarting,
    buildProgress,
    buildFinished,
    buildFailed,
  };
}

export type SummariesService = ReturnType<typeof createSummariesService>;
