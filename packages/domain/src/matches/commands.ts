// Changing matches: creating and editing, sharing and privacy, requesting camera
// commands (checked against the state machine now, run by the worker later),
// scores and deletion.
import { CHANNELS, EDITABLE_MATCH_STATUSES, EVENTS, canScore, type MatchStatus } from "@clubcast/shared";
import { type CameraCommand } from "@clubcast/shared/jobs";
import type { Deps } from "../deps.ts";
import type { AuthUser, RequestContext } from "../core/context.ts";
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from "../core/errors.ts";
import { deleted, started, written } from "../core/answers.ts";
import { translate, type MessageKey } from "../core/i18n.ts";
import { authorize, isSystem, requireUser } from "../core/policy.ts";
import type { MediaService } from "../media/service.ts";
import type { MomentsService } from "../moments/service.ts";
import { mayReportFor } from "../camera-controller/reporting.ts";
import { matchAnswer } from "./answers.ts";
import { REQUESTED_MESSAGES, createCameraCommandPlanner } from "./camera-commands.ts";
import { recordingMatches } from "./lifecycle/recording.ts";
import { checkReferences, editingColumns, scheduleInstants } from "./editing.ts";
import { utcToZoned } from "@clubcast/shared";
import { matchColumns, type MatchRow } from "./presenter.ts";
import { findVisibleMatch } from "./queries.ts";
import { createMatchRepository } from "./repository.ts";
import { UPDATE_ONLY_FIELDS, type CreateMatchInput, type ScoreInput, type UpdateMatchInput } from "./schemas.ts";
import { audienceChanged, matchClubsOf, matchClubsSelect, matchesInvolving } from "./visibility.ts";

type MatchInClub = { club: number; match: number };
type EditedFields = Omit<UpdateMatchInput, "update_match_only" | "is_scheduled">;

const movesField = (match: MatchRow, fieldId: number | undefined) => fieldId !== undefined && fieldId !== match.fieldId;

function updateMessage(input: UpdateMatchInput): MessageKey {
  if (input.shared_with === undefined && input.shared_opponent === undefined) return "match.updated";
  return input.shared_with || input.shared_opponent ? "match.shared_message" : "match.unshared_message";
}

export function createMatchCommands(deps: Deps, media: MediaService, moments: Pick<MomentsService, "scoreChanged">) {
  const { prisma, outbox } = deps;
  const { findConfigurationFor, planCommand, enqueueCommand } = createCameraCommandPlanner(deps);

  // ── camera commands ──

  /** A match of the club in the path, for the club's scheduler (404 for another club's). */
  async function clubMatch(ctx: RequestContext, clubId: number, matchId: number) {
    const user = authorize(ctx, "scheduler", clubId, "not_found.match");
    const match = await prisma.match.findFirst({ where: { id: matchId, clubId }, select: matchColumns });
    if (!match) throw new NotFoundError("not_found.match");
    return { user, match };
  }

  async function requestCommand(
    params: MatchInClub & { configuration?: number },
    command: CameraCommand,
    ctx: RequestContext,
  ) {
    const { user, match } = await clubMatch(ctx, params.club, params.match);
    const plan = await planCommand(match, command, params.configuration);
    const jobId = await outbox.post((post) => enqueueCommand(post, plan, match.id, user));
    return started(null, translate(ctx.locale, REQUESTED_MESSAGES[command]), [jobId]);
  }

  // ── creating and editing ──

  async function reload(id: number) {
    return matchAnswer(prisma, media, await prisma.match.findUniqueOrThrow({ where: { id }, select: matchColumns }));
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

    // The schedule command is delivered once the match has committed (the outbox).
    const { match, jobIds } = await outbox.transaction(async (tx, post) => {
      const created = await createMatchRepository(tx).create(draft.status, {
        ...editingColumns(input),
        ...instants,
        clubId: club.id,
        isScheduled: false,
      });
      return { match: created, jobIds: plan ? [enqueueCommand(post, plan, created.id, user)] : [] };
    });
    return started(await reload(match.id), translate(ctx.locale, "match.created"), jobIds);
  }

  /**
   * PUT /v1/clubs/{club}/matches/{match}. With update_match_only: sharing and
   * privacy; without: a full edit while the match is unscheduled or scheduled.
   * Either way an is_private change enqueues the asset updates and an
   * is_scheduled change requests (un)scheduling through the state machine.
   */
  async function update(params: MatchInClub, input: UpdateMatchInput, ctx: RequestContext) {
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

    // The change, its jobs and its events commit together; they are delivered once it has (the outbox).
    const { updated, jobIds } = await outbox.transaction(async (tx, post) => {
      const updated = await tx.match.update({ where: { id: match.id }, data, select: matchColumns });
      if (match.status === "scheduled" && updated.startingAt.getTime() !== match.startingAt.getTime()) {
        post.clearMatchStartingTimer(match.id, match.startingAt);
        post.setMatchStartingTimer(match.id, updated.startingAt);
      }
      const jobIds = [
        ...(privacyChange ? post.assetUpdates(match.id, updated.isPrivate, user.id) : []),
        ...(plan ? [enqueueCommand(post, plan, match.id, user)] : []),
      ];
      if (audienceChanged(match, updated)) post.events.matchAudienceChanged(match.id, match);
      // Kick-off, teams or field as its page shows them (a scheduling change is told once the camera confirms it).
      post.events.publish(CHANNELS.match(match.id), EVENTS.matchChanged, { match: match.id });
      return { updated, jobIds };
    });
    const message = translate(ctx.locale, updateMessage(input));
    return started(await matchAnswer(prisma, media, updated), message, jobIds);
  }

  async function sharingAndPrivacy(match: MatchRow, fields: EditedFields) {
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

  async function fullEdit(match: MatchRow, fields: EditedFields) {
    if (!EDITABLE_MATCH_STATUSES.includes(match.status as MatchStatus)) {
      throw new ConflictError("match", "match.not_editable", { status: match.status });
    }
    const fieldChange = movesField(match, fields.field);
    if (fieldChange && match.status === "scheduled") throw new ConflictError("field", "match.field_locked");
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

  // ── deleting ──

  async function deleteMatch(match: MatchRow, user: AuthUser, ctx: RequestContext) {
    // The camera of a scheduled match would still record it: once the match is gone it is told to unschedule.
    const camera = match.status === "scheduled" ? await findConfigurationFor(match) : null;
    // Its timer is cleared, its camera told and its audience warned once the deletion has committed.
    await outbox.transaction(async (tx, post) => {
      // Conditional, so a match that started recording meanwhile (live, or awaiting its video) is not deleted either.
      const deleted = await tx.match.deleteMany({ where: { id: match.id, NOT: recordingMatches } });
      if (deleted.count === 0) throw new ConflictError("match", "match.live_not_deletable");
      post.clearMatchStartingTimer(match.id, match.startingAt);
      if (camera !== null) enqueueCommand(post, { command: "unschedule", configurationId: camera }, match.id, user);
      post.events.matchAudienceChanged(match.id, match);
    });
    // Its video goes once the deletion has committed (a refused deletion keeps it).
    await media.removeMatchMedia(match.id);
    return deleted(match.id, translate(ctx.locale, "match.deleted"));
  }

  /** DELETE /v1/matches/{id}: system admins, or the scheduler of the owning club. */
  async function remove(id: number, ctx: RequestContext) {
    const user = requireUser(ctx);
    const match = await findVisibleMatch(prisma, ctx, id);
    authorize(ctx, "scheduler", match.clubId, "not_found.match");
    return deleteMatch(match, user, ctx);
  }

  async function removeInClub(params: MatchInClub, ctx: RequestContext) {
    const { user, match } = await clubMatch(ctx, params.club, params.match);
    return deleteMatch(match, user, ctx);
  }

  // ── score ──

  /**
   * POST /v1/clubs/{club}/matches/{match}/score: trainers, club admins and system
   * admins of the match's clubs, and the camera controller of its configuration.
   */
  async function score(params: MatchInClub, input: ScoreInput, ctx: RequestContext) {
    if (!ctx.user && !ctx.client) throw new UnauthorizedError();
    if (ctx.user && !isSystem(ctx.user) && ctx.user.clubId !== params.club) throw new NotFoundError("not_found.match");
    const match = await prisma.match.findFirst({
      where: { id: params.match, ...matchesInvolving(params.club) },
      select: {
        id: true,
        status: true,
        startingAt: true,
        homeScore: true,
        awayScore: true,
        ...matchClubsSelect,
        configuration: { select: { id: true, cameraType: true } },
      },
    });
    if (!match) throw new NotFoundError("not_found.match");
    const enteredAt = new Date();
    if (ctx.client && !mayReportFor(ctx.client, match.configuration)) throw new NotFoundError("not_found.match");
    // The access matrix's rule, as the web client reads it to offer the score control.
    if (ctx.user && !canScore(ctx.user, ctx.user.clubId, matchClubsOf(match))) throw new ForbiddenError();

    const updated = await outbox.transaction(async (tx, post) => {
      post.events.publish(CHANNELS.match(match.id), EVENTS.matchScored, {
        match: match.id,
        home: input.home,
        away: input.away,
      });
      return tx.match.update({
        where: { id: match.id },
        data: { homeScore: input.home, awayScore: input.away },
        select: matchColumns,
      });
    });
    // On the video's timeline: a timed event, and a goal's marker and clip (match moments).
    await moments.scoreChanged(
      match,
      { home: match.homeScore, away: match.awayScore },
      { home: input.home, away: input.away },
      enteredAt,
    );
    return written(await matchAnswer(prisma, media, updated), translate(ctx.locale, "match.score_saved"));
  }

  const commandOf = (command: CameraCommand) => (params: MatchInClub, ctx: RequestContext) =>
    requestCommand(params, command, ctx);

  return {
    create,
    update,
    schedule: commandOf("schedule"),
    unschedule: commandOf("unschedule"),
    startRecording: commandOf("startRecording"),
    stopRecording: commandOf("stopRecording"),
    restore: (params: MatchInClub & { configuration: number }, ctx: RequestContext) =>
      requestCommand(params, "restore", ctx),
    remove,
    removeInClub,
    score,
  };
}
