// Matches: public and dashboard lists, detail, creating and editing, sharing and
// privacy, the camera commands (checked against the state machine now, run by
// the worker later) and their outcomes, scores and deletion.
import { randomUUID } from "node:crypto";
import {
  CHANNELS,
  EVENTS,
  LIST_STATUS_MEMBERS,
  canTransition,
  nextMatchStatus,
  type AssetUpdateJob,
  type CameraCommand,
  type CameraCommandJob,
  type ListStatus,
  type MatchEvent,
  type MatchStatus,
  type PrivacyAppliedJob,
  type UserMessageKey,
  utcToZoned,
} from "@clubcast/shared";
import { withRedis } from "@clubcast/db/redis";
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { AuthUser, RequestContext } from "../core/context.ts";
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from "../core/errors.ts";
import { translate, type MessageKey } from "../core/i18n.ts";
import { paged, pageWindow, type Paged, type PageQuery } from "../core/pagination.ts";
import { authorize, clubScopeOf, isSystem, requireUser } from "../core/policy.ts";
import { checkReferences, editingColumns, scheduleInstants } from "./editing.ts";
import type { MediaService } from "../media/service.ts";
import { matchColumns, presentMatch, presentMatches, withMediaLinks, type MatchRow } from "./presenter.ts";
import {
  UPDATE_ONLY_FIELDS,
  type CreateMatchInput,
  type MatchAnswer,
  type MatchListQuery,
  type ScoreInput,
  type UpdateMatchInput,
} from "./schemas.ts";
import { mayReportFor } from "../camera-controller/service.ts";
import { holdMatchUntilCommit } from "../jobs/commit-gate.ts";
import { audienceChanged, clubMatches, matchesInvolving, recordedMatchesOf, visibleMatches } from "./visibility.ts";

/** The state-machine event each camera command performs once the camera server confirmed it. */
const COMMAND_EVENTS: Record<CameraCommand, MatchEvent> = {
  schedule: "schedule",
  unschedule: "unschedule",
  startRecording: "startRecording",
  stopRecording: "stopRecording",
  restore: "restore",
};

const REQUESTED_MESSAGES: Record<CameraCommand, MessageKey> = {
  schedule: "match.schedule_requested",
  unschedule: "match.unschedule_requested",
  startRecording: "match.start_recording_requested",
  stopRecording: "match.stop_recording_requested",
  restore: "match.restore_requested",
};

const REFUSED_MESSAGES: Record<CameraCommand, MessageKey> = {
  schedule: "match.refused.schedule",
  unschedule: "match.refused.unschedule",
  startRecording: "match.refused.startRecording",
  stopRecording: "match.refused.stopRecording",
  restore: "match.refused.restore",
};

const SUCCEEDED_MESSAGES: Record<CameraCommand, UserMessageKey> = {
  schedule: "match.scheduled",
  unschedule: "match.unscheduled",
  startRecording: "match.recording_started",
  stopRecording: "match.recording_stopped",
  restore: "match.restored",
};

export interface CommandOutcome {
  /** False for a duplicate outcome, or when the match moved on (or went) meanwhile. */
  applied: boolean;
  status?: MatchStatus;
}

/** How long a job's applied outcome is remembered, so a redelivered job has no second effect. */
const OUTCOME_MEMORY_SECONDS = 7 * 24 * 3600;
const EDITABLE_STATUSES: readonly MatchStatus[] = ["unscheduled", "scheduled"];
const SCORE_SCOPES = new Set(["trainer", "club", "system"]);

interface PlannedCommand {
  command: CameraCommand;
  configurationId: number;
}

export function createMatchesService(deps: Deps, media: MediaService) {
  const { prisma, redis, jobs, events, readCache } = deps;

  // ── reading ──

  /**
   * One page of a match list. Lists are the platform's most read answers (every
   * visitor of the public site asks for them), so pages are kept in the read
   * cache until a write changes matches, clubs, teams, fields or sports. Their
   * total, the costly part, is kept apart: a new score leaves it counted.
   */
  async function listPage(
    where: Prisma.MatchWhereInput,
    direction: Prisma.SortOrder,
    page: PageQuery,
    emptyKey?: MessageKey,
  ): Promise<Paged<MatchAnswer>> {
    const list = JSON.stringify(where);
    const answer = await readCache.remember("match_lists", JSON.stringify([list, direction, page]), async () => {
      const [data, total] = await Promise.all([
        prisma.match
          .findMany({
            where,
            select: matchColumns,
            orderBy: [{ startingAt: direction }, { id: direction }],
            ...pageWindow(page),
          })
          .then((rows) => presentMatches(prisma, rows)),
        readCache.remember("match_counts", list, () => prisma.match.count({ where })),
      ]);
      return paged(data, total, page);
    });
    // Club-bound dashboard lists answer the spec's 'No … found' when empty.
    if (emptyKey && answer.data.length === 0) throw new NotFoundError(emptyKey);
    // Media links are made now, never cached: signatures expire, posters appear without a database write.
    return { ...answer, data: answer.data.map((match) => withMediaLinks(match, media)) };
  }

  const inList = (list: ListStatus): Prisma.MatchWhereInput => ({ status: { in: [...LIST_STATUS_MEMBERS[list]] } });
  /** Upcoming lists show the soonest first; live and on-demand lists the latest first. */
  const orderOf = (list: ListStatus): Prisma.SortOrder => (list === "upcoming" ? "asc" : "desc");

  /** GET /v1/matches: public matches of a list status, optionally of one sport or club. */
  function list(query: MatchListQuery): Promise<Paged<MatchAnswer>> {
    const where: Prisma.MatchWhereInput = {
      ...inList(query.status),
      isPrivate: false,
      ...(query.sport ? { field: { sport: { slug: query.sport } } } : {}),
      ...(query.club ? matchesInvolving(query.club) : {}),
    };
    return listPage(where, orderOf(query.status), query);
  }

  async function findVisible(ctx: RequestContext, id: number): Promise<MatchRow> {
    const match = await prisma.match.findFirst({ where: { id, ...visibleMatches(ctx) }, select: matchColumns });
    if (!match) throw new NotFoundError("not_found.match");
    return match;
  }

  async function byId(id: number, ctx: RequestContext): Promise<MatchAnswer> {
    return presentMatch(prisma, media, await findVisible(ctx, id));
  }

  /** The dashboard Streams page: every live or upcoming match (a club admin's: their club's), private ones included. */
  function streams(list: "live" | "upcoming", page: PageQuery, ctx: RequestContext) {
    const club = clubScopeOf(authorize(ctx, "streams"));
    return listPage(club === null ? inList(list) : { ...inList(list), ...clubMatches(club) }, orderOf(list), page);
  }

  const CLUB_LIST_EMPTY: Record<"live" | "upcoming", MessageKey> = {
    live: "not_found.matches_live",
    upcoming: "not_found.matches_upcoming",
  };

  /** A club's live or upcoming matches for its members, private and shared ones included. */
  function clubList(clubId: number, list: "live" | "upcoming", page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "dashboard", clubId, CLUB_LIST_EMPTY[list]);
    return listPage({ ...inList(list), ...clubMatches(clubId) }, orderOf(list), page, CLUB_LIST_EMPTY[list]);
  }

  /** The public club page: a club's public live or upcoming matches. */
  function clubPublicList(clubId: number, list: "live" | "upcoming", page: PageQuery) {
    return listPage({ ...inList(list), isPrivate: false, ...matchesInvolving(clubId) }, orderOf(list), page);
  }

  function clubUnscheduled(clubId: number, page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "scheduler", clubId, "not_found.matches_unscheduled");
    return listPage({ clubId, status: "unscheduled" }, "asc", page, "not_found.matches_unscheduled");
  }

  function clubRecorded(clubId: number, page: PageQuery, ctx: RequestContext) {
    authorize(ctx, "recorded", clubId, "not_found.recorded");
    const where = { status: { in: ["processing", "vod"] as MatchStatus[] }, ...recordedMatchesOf(clubId) };
    return listPage(where, "desc", page, "not_found.recorded");
  }

  // ── camera commands ──

  type CameraPlacement = { configurationId: number | null; clubId: number; fieldId: number | null };

  /** The camera configuration a command goes to: the match's, else the main one of its field (null: none). */
  async function findConfigurationFor(match: CameraPlacement): Promise<number | null> {
    if (match.configurationId) return match.configurationId;
    const main = match.fieldId
      ? await prisma.configuration.findFirst({
          where: { clubId: match.clubId, fieldId: match.fieldId, isMain: true },
          orderBy: { id: "asc" },
          select: { id: true },
        })
      : null;
    return main?.id ?? null;
  }

  async function configurationFor(match: CameraPlacement): Promise<number> {
    const configurationId = await findConfigurationFor(match);
    if (configurationId === null) throw ValidationError.field("configuration", "match.no_configuration");
    return configurationId;
  }

  /** 409 naming what the match's status allows, when the state machine refuses the command. */
  function assertCommandAllowed(status: MatchStatus, command: CameraCommand): void {
    if (!canTransition(status, COMMAND_EVENTS[command])) throw new ConflictError(REFUSED_MESSAGES[command], { status });
  }

  /** Checks a command now (409 for a refused transition, 422 without a configuration); nothing changes yet. */
  async function planCommand(
    match: Pick<MatchRow, "status" | "configurationId" | "clubId" | "fieldId">,
    command: CameraCommand,
    restoreFrom?: number,
  ): Promise<PlannedCommand> {
    assertCommandAllowed(match.status as MatchStatus, command);
    if (restoreFrom === undefined) return { command, configurationId: await configurationFor(match) };
    const configuration = await prisma.configuration.findFirst({
      where: { id: restoreFrom, clubId: match.clubId },
      select: { id: true },
    });
    if (!configuration) throw ValidationError.field("configuration", "validation.invalid_value");
    return { command, configurationId: configuration.id };
  }

  function enqueueCommand(plan: PlannedCommand, matchId: number, user: AuthUser): Promise<string> {
    return jobs.enqueueCameraCommand({ ...plan, matchId, requestedBy: user.id, idempotencyKey: randomUUID() });
  }

  /** A match of the club in the path, for the club's scheduler (404 for another club's). */
  async function clubMatch(ctx: RequestContext, clubId: number, matchId: number) {
    const user = authorize(ctx, "scheduler", clubId, "not_found.match");
    const match = await prisma.match.findFirst({ where: { id: matchId, clubId }, select: matchColumns });
    if (!match) throw new NotFoundError("not_found.match");
    return { user, match };
  }

  async function requestCommand(
    params: { club: number; match: number; configuration?: number },
    command: CameraCommand,
    ctx: RequestContext,
  ): Promise<{ message: string; job_id: string }> {
    const { user, match } = await clubMatch(ctx, params.club, params.match);
    const plan = await planCommand(match, command, params.configuration);
    const jobId = await enqueueCommand(plan, match.id, user);
    return { message: translate(ctx.locale, REQUESTED_MESSAGES[command]), job_id: jobId };
  }

  // ── creating and editing ──

  async function reload(id: number): Promise<MatchAnswer> {
    return presentMatch(prisma, media, await prisma.match.findUniqueOrThrow({ where: { id }, select: matchColumns }));
  }

  /** POST /v1/upcoming: a new unscheduled match; is_scheduled asks the camera to schedule it as well. */
  async function create(input: CreateMatchInput, ctx: RequestContext) {
    const user = authorize(ctx, "scheduler", input.club, "not_found.club");
    const club = await prisma.club.findUnique({ where: { id: input.club }, select: { id: true, timezone: true } });
    if (!club) throw ValidationError.field("club", "validation.invalid_value");
    await checkReferences(prisma, club.id, input);
    const instants = scheduleInstants({ ...input, datestop: input.datestop ?? input.date }, club.timezone);
    const draft = { status: "unscheduled", configurationId: null, clubId: club.id, fieldId: input.field } as const;
    const plan = input.is_scheduled ? await planCommand(draft, "schedule") : null;

    // One transaction with the enqueue: a 503 for an unreachable queue leaves no match behind.
    const { match, jobIds } = await prisma.$transaction(async (tx) => {
      const created = await tx.match.create({
        data: { ...editingColumns(input), ...instants, clubId: club.id, status: "unscheduled", isScheduled: false },
        select: { id: true },
      });
      if (!plan) return { match: created, jobIds: [] };
      await holdMatchUntilCommit(tx, created.id);
      return { match: created, jobIds: [await enqueueCommand(plan, created.id, user)] };
    });
    return { message: translate(ctx.locale, "match.created"), match: await reload(match.id), job_ids: jobIds };
  }

  /**
   * PUT /v1/clubs/{club}/matches/{match}. With update_match_only: sharing and
   * privacy; without: a full edit while the match is unscheduled or scheduled.
   * Either way an is_private change enqueues the asset updates and an
   * is_scheduled change requests (un)scheduling through the state machine.
   */
  async function update(params: { club: number; match: number }, input: UpdateMatchInput, ctx: RequestContext) {
    const { user, match } = await clubMatch(ctx, params.club, params.match);
    const { update_match_only: updateOnly, is_scheduled: isScheduled, ...fields } = input;
    if (updateOnly && isScheduled === undefined && !Object.keys(fields).length) {
      throw ValidationError.field("update_match_only", "match.update_only_fields");
    }
    const data = updateOnly ? await sharingAndPrivacy(match, fields) : await fullEdit(match, fields);

    // Every check (including the state machine's) passes before anything changes.
    const schedulingChange = isScheduled !== undefined && isScheduled !== match.isScheduled;
    // On a new field the command goes to that field's camera.
    const target = movesField(match, fields.field)
      ? { ...match, fieldId: fields.field!, configurationId: null }
      : match;
    const plan = schedulingChange ? await planCommand(target, isScheduled ? "schedule" : "unschedule") : null;
    const privacyChange = data.isPrivate !== undefined && data.isPrivate !== match.isPrivate;

    // The change commits only once its jobs are queued: a 503 for an unreachable queue changes nothing.
    const { updated, jobIds } = await prisma.$transaction(async (tx) => {
      const updated = await tx.match.update({ where: { id: match.id }, data, select: matchColumns });
      await holdMatchUntilCommit(tx, match.id);
      if (match.status === "scheduled" && updated.startingAt.getTime() !== match.startingAt.getTime()) {
        await jobs.setMatchStartingTimer(match.id, updated.startingAt);
      }
      const jobIds = [
        ...(privacyChange ? await jobs.enqueueAssetUpdates(match.id, updated.isPrivate, user.id) : []),
        ...(plan ? [await enqueueCommand(plan, match.id, user)] : []),
      ];
      return { updated, jobIds };
    });
    if (audienceChanged(match, updated)) events.accessChanged({ matches: [match.id] });
    return {
      message: translate(ctx.locale, updateMessage(input)),
      match: await presentMatch(prisma, media, updated),
      job_ids: jobIds,
    };
  }

  async function sharingAndPrivacy(
    match: MatchRow,
    fields: Omit<UpdateMatchInput, "update_match_only" | "is_scheduled">,
  ) {
    const allowed: readonly string[] = UPDATE_ONLY_FIELDS;
    const extra = Object.keys(fields).filter((name) => !allowed.includes(name));
    if (extra.length) {
      throw new ValidationError(
        Object.fromEntries(
          extra.map((name) => [
            name,
            [{ key: "match.not_with_update_only", params: { field: name.replace(/_/g, " ") } }],
          ]),
        ),
      );
    }
    await checkReferences(prisma, match.clubId, { shared_with: fields.shared_with });
    return {
      sharedWithClubId: fields.shared_with,
      sharedOpponent: fields.shared_opponent,
      isPrivate: fields.is_private,
    };
  }

  async function fullEdit(match: MatchRow, fields: Omit<UpdateMatchInput, "update_match_only" | "is_scheduled">) {
    if (!EDITABLE_STATUSES.includes(match.status as MatchStatus)) {
      throw new ConflictError("match.not_editable", { status: match.status });
    }
    const fieldChange = movesField(match, fields.field);
    if (fieldChange && match.status === "scheduled") throw new ConflictError("match.field_locked");
    await checkReferences(prisma, match.clubId, {
      field: fields.field ?? match.fieldId,
      home: fields.home !== undefined ? fields.home : match.homeClubId,
      away: fields.away !== undefined ? fields.away : match.awayClubId,
      hometeam: fields.hometeam !== undefined ? fields.hometeam : match.homeTeamId,
      awayteam: fields.awayteam !== undefined ? fields.awayteam : match.awayTeamId,
      shared_with: fields.shared_with,
    });
    const { timezone } = await prisma.club.findUniqueOrThrow({
      where: { id: match.clubId },
      select: { timezone: true },
    });
    const start = utcToZoned(match.startingAt, timezone);
    const stop = utcToZoned(match.stoppingAt, timezone);
    const instants = scheduleInstants(
      {
        date: fields.date ?? start.date,
        start: fields.start ?? start.time,
        datestop: fields.datestop ?? stop.date,
        stop: fields.stop ?? stop.time,
      },
      timezone,
    );
    // A new field means a new camera: the next command finds that field's main configuration.
    return { ...editingColumns(fields), ...instants, ...(fieldChange ? { configurationId: null } : {}) };
  }

  const movesField = (match: MatchRow, fieldId: number | undefined) =>
    fieldId !== undefined && fieldId !== match.fieldId;

  function updateMessage(input: UpdateMatchInput): MessageKey {
    if (input.shared_with === undefined && input.shared_opponent === undefined) return "match.updated";
    return input.shared_with || input.shared_opponent ? "match.shared_message" : "match.unshared_message";
  }

  // ── deleting ──

  async function deleteMatch(match: MatchRow, user: AuthUser, ctx: RequestContext) {
    // The camera of a scheduled match would still record it: once the match is gone it is told to unschedule.
    const camera = match.status === "scheduled" ? await findConfigurationFor(match) : null;
    // The deletion commits only once its timer is cleared and the camera told: a 503 keeps the match.
    await prisma.$transaction(async (tx) => {
      // Conditional, so a match that started recording meanwhile is not deleted either.
      const deleted = await tx.match.deleteMany({ where: { id: match.id, status: { not: "live" } } });
      if (deleted.count === 0) throw new ConflictError("match.live_not_deletable");
      await jobs.clearMatchStartingTimer(match.id);
      if (camera !== null) await enqueueCommand({ command: "unschedule", configurationId: camera }, match.id, user);
    });
    events.accessChanged({ matches: [match.id] });
    // Its video goes once the deletion has committed (a refused deletion keeps it).
    media.removeMatchMedia(match.id);
    return { message: translate(ctx.locale, "match.deleted") };
  }

  /** DELETE /v1/matches/{id}: system admins, or the scheduler of the owning club. */
  async function remove(id: number, ctx: RequestContext) {
    const user = requireUser(ctx);
    const match = await findVisible(ctx, id);
    authorize(ctx, "scheduler", match.clubId, "not_found.match");
    return deleteMatch(match, user, ctx);
  }

  async function removeInClub(params: { club: number; match: number }, ctx: RequestContext) {
    const { user, match } = await clubMatch(ctx, params.club, params.match);
    return deleteMatch(match, user, ctx);
  }

  // ── score ──

  /**
   * POST /v1/clubs/{club}/matches/{match}/score: trainers, club admins and system
   * admins of the match's clubs, and the camera controller of its configuration.
   */
  async function score(params: { club: number; match: number }, input: ScoreInput, ctx: RequestContext) {
    if (!ctx.user && !ctx.client) throw new UnauthorizedError();
    if (ctx.user && !isSystem(ctx.user) && ctx.user.clubId !== params.club) throw new NotFoundError("not_found.match");
    const match = await prisma.match.findFirst({
      where: { id: params.match, ...matchesInvolving(params.club) },
      select: { id: true, configuration: { select: { id: true, cameraType: true } } },
    });
    if (!match) throw new NotFoundError("not_found.match");
    if (ctx.client && !mayReportFor(ctx.client, match.configuration)) throw new NotFoundError("not_found.match");
    if (ctx.user && !SCORE_SCOPES.has(ctx.user.scope)) throw new ForbiddenError();

    const updated = await prisma.match.update({
      where: { id: match.id },
      data: { homeScore: input.home, awayScore: input.away },
      select: matchColumns,
    });
    events.publish(CHANNELS.match(match.id), EVENTS.matchScored, {
      match: match.id,
      home: input.home,
      away: input.away,
    });
    return presentMatch(prisma, media, updated);
  }

  // ── job outcomes (called by the worker) ──

  const outcomeKey = (job: CameraCommandJob) => `match-command-outcome:${job.idempotencyKey}`;

  /** Claims the one outcome remembered under `key`; false when it was already handled. */
  async function claimOutcome(key: string, outcome: string): Promise<boolean> {
    return (await withRedis(redis, () => redis.set(key, outcome, "EX", OUTCOME_MEMORY_SECONDS, "NX"))) === "OK";
  }

  function tellRequester(
    job: { matchId: number; requestedBy: number | null },
    message: { key: UserMessageKey; level: "success" | "error"; detail?: string },
  ) {
    if (job.requestedBy === null) return;
    events.publish(CHANNELS.user(job.requestedBy), EVENTS.userMessage, { ...message, match: job.matchId });
  }

  async function localeOf(userId: number | null) {
    const user = userId ? await prisma.user.findUnique({ where: { id: userId }, select: { locale: true } }) : null;
    return user?.locale ?? "en";
  }

  /**
   * The camera server confirmed a command: move the match through the state
   * machine (a conditional update, so a duplicate or a raced outcome has no second
   * effect), keep its match.starting timer in step and tell the requester.
   */
  async function commandSucceeded(job: CameraCommandJob): Promise<CommandOutcome> {
    if (!(await claimOutcome(outcomeKey(job), job.command))) return { applied: false };
    try {
      const match = await prisma.match.findUnique({
        where: { id: job.matchId },
        select: { status: true, startingAt: true },
      });
      if (!match) return { applied: false };
      const from = match.status as MatchStatus;
      const event = COMMAND_EVENTS[job.command];
      const to = canTransition(from, event) ? nextMatchStatus(from, event) : null;
      // Conditional on the status read: of racing outcomes only one moves the match.
      const moved =
        to !== null &&
        (
          await prisma.match.updateMany({
            where: { id: job.matchId, status: from },
            data: {
              status: to,
              configurationId: job.configurationId,
              ...(job.command === "schedule" ? { isScheduled: true } : {}),
              ...(job.command === "unschedule" ? { isScheduled: false } : {}),
            },
          })
        ).count === 1;
      if (!moved) {
        // The match moved on before the camera confirmed (e.g. recording started by hand).
        const current = await prisma.match.findUnique({ where: { id: job.matchId }, select: { status: true } });
        const detail = translate(await localeOf(job.requestedBy), REFUSED_MESSAGES[job.command], {
          status: current?.status ?? from,
        });
        tellRequester(job, { key: "match.operation_failed", level: "error", detail });
        return { applied: false, ...(current ? { status: current.status } : {}) };
      }
      if (job.command === "schedule") await jobs.setMatchStartingTimer(job.matchId, match.startingAt);
      if (job.command === "unschedule" || job.command === "stopRecording") {
        await jobs.clearMatchStartingTimer(job.matchId);
      }
      tellRequester(job, { key: SUCCEEDED_MESSAGES[job.command], level: "success" });
      return { applied: true, status: to };
    } catch (error) {
      // Not handled after all: a retry of the job may try again.
      await withRedis(redis, () => redis.del(outcomeKey(job)));
      throw error;
    }
  }

  /** The command failed for good (attempts exhausted): tell the requester why. */
  async function commandFailed(job: CameraCommandJob, errorMessage: string): Promise<CommandOutcome> {
    if (!(await claimOutcome(outcomeKey(job), job.command))) return { applied: false };
    tellRequester(job, { key: "match.operation_failed", level: "error", detail: errorMessage });
    return { applied: true };
  }

  /**
   * A privacy change's asset updates all succeeded (`flowJobId` is the job that
   * awaited them): the requester hears it once, however often that job runs.
   */
  async function privacyApplied(flowJobId: string, job: PrivacyAppliedJob): Promise<CommandOutcome> {
    if (job.requestedBy === null) return { applied: false };
    if (!(await claimOutcome(`privacy-applied:${flowJobId}`, "told"))) return { applied: false };
    tellRequester(job, { key: "match.privacy_updated", level: "success" });
    return { applied: true };
  }

  /** An asset update failed for good (attempts exhausted or refused): tell the requester why. */
  function assetUpdateFailed(job: AssetUpdateJob, detail: string): void {
    tellRequester(job, { key: "match.operation_failed", level: "error", detail });
  }

  return {
    list,
    byId,
    liveStreams: (page: PageQuery, ctx: RequestContext) => streams("live", page, ctx),
    upcomingStreams: (page: PageQuery, ctx: RequestContext) => streams("upcoming", page, ctx),
    clubLive: (clubId: number, page: PageQuery, ctx: RequestContext) => clubList(clubId, "live", page, ctx),
    clubUpcoming: (clubId: number, page: PageQuery, ctx: RequestContext) => clubList(clubId, "upcoming", page, ctx),
    clubPublicLive: (clubId: number, page: PageQuery) => clubPublicList(clubId, "live", page),
    clubPublicUpcoming: (clubId: number, page: PageQuery) => clubPublicList(clubId, "upcoming", page),
    clubUnscheduled,
    clubRecorded,
    create,
    update,
    schedule: (params: { club: number; match: number }, ctx: RequestContext) => requestCommand(params, "schedule", ctx),
    unschedule: (params: { club: number; match: number }, ctx: RequestContext) =>
      requestCommand(params, "unschedule", ctx),
    startRecording: (params: { club: number; match: number }, ctx: RequestContext) =>
      requestCommand(params, "startRecording", ctx),
    stopRecording: (params: { club: number; match: number }, ctx: RequestContext) =>
      requestCommand(params, "stopRecording", ctx),
    restore: (params: { club: number; match: number; configuration: number }, ctx: RequestContext) =>
      requestCommand(params, "restore", ctx),
    remove,
    removeInClub,
    score,
    commandSucceeded,
    commandFailed,
    privacyApplied,
    assetUpdateFailed,
  };
}

export type MatchesService = ReturnType<typeof createMatchesService>;
