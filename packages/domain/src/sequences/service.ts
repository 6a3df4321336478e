// Sequences and markers: a user's annotations of a match they may see. Only who may
// annotate the match (canAnnotate of the access matrix: its clubs' staff) makes them, as
// each marker makes the worker cut a clip; only the sequence's owner (or a system admin)
// changes one, and to others it doesn't exist. A match's goals sequence (match moments: its
// markers are made by score changes) belongs to no user: whoever may annotate the match sees and
// changes it, and moving a goal's marker moves its score event.
import type { Prisma } from "@clubcast/db";
import { canAnnotate, type LocaleCode } from "@clubcast/shared";
import type { Deps } from "../deps.ts";
import type { ClipsService } from "../clips/service.ts";
import type { AuthUser, RequestContext } from "../core/context.ts";
import { listOf, written } from "../core/answers.ts";
import { NotFoundError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { isSystem, requireAnnotator, requireUser } from "../core/policy.ts";
import { matchClubsOf, matchClubsSelect, visibleMatches } from "../matches/visibility.ts";
import { goalMarkerSelect, markerLabel } from "../moments/titles.ts";
import type {
  CreateMarkerInput,
  CreateSequenceInput,
  MarkerAnswer,
  SequenceAnswer,
  UpdateMarkerInput,
} from "./schemas.ts";

const markerSelect = {
  id: true,
  sequenceId: true,
  ...goalMarkerSelect,
  clipLength: true,
  createdAt: true,
} satisfies Prisma.MarkerSelect;
type MarkerRow = Prisma.MarkerGetPayload<{ select: typeof markerSelect }>;

const sequenceSelect = {
  id: true,
  matchId: true,
  userId: true,
  name: true,
  goals: true,
  createdAt: true,
  markers: { select: markerSelect, orderBy: [{ timeMs: "asc" }, { id: "asc" }] },
} satisfies Prisma.SequenceSelect;
type SequenceRow = Prisma.SequenceGetPayload<{ select: typeof sequenceSelect }>;

function presentMarker(marker: MarkerRow, locale: LocaleCode): MarkerAnswer {
  return {
    id: marker.id,
    sequence: marker.sequenceId,
    time_ms: marker.timeMs,
    label: markerLabel(marker, locale),
    goal: Boolean(marker.scoreEvent?.side),
    clip_length: marker.clipLength,
    created_at: marker.createdAt.toISOString(),
  };
}

function presentSequence(sequence: SequenceRow, locale: LocaleCode): SequenceAnswer {
  return {
    id: sequence.id,
    match: sequence.matchId,
    user: sequence.userId,
    name: sequence.name,
    goals: sequence.goals,
    created_at: sequence.createdAt.toISOString(),
    markers: sequence.markers.map((marker) => presentMarker(marker, locale)),
  };
}

/**
 * Sequences the user may change: their own and goals sequences (of matches they may annotate, checked
 * after), or any for a system admin.
 */
const ownedBy = (user: AuthUser): Prisma.SequenceWhereInput =>
  isSystem(user) ? {} : { OR: [{ userId: user.id }, { goals: true }] };

/** A goals sequence doesn't exist for who may not annotate its match (404, as another user's sequence). */
function requireGoalsAnnotator(
  user: AuthUser,
  sequence: { goals: boolean; match: Parameters<typeof matchClubsOf>[0] },
  notFoundKey: "not_found.sequence" | "not_found.marker",
) {
  if (sequence.goals && !canAnnotate(user, user.clubId, matchClubsOf(sequence.match))) {
    throw new NotFoundError(notFoundKey);
  }
}

export function createSequencesService(deps: Deps, { clips }: { clips: ClipsService }) {
  const { prisma } = deps;

  async function requireVisibleMatch(matchId: number, ctx: RequestContext) {
    const match = await prisma.match.findFirst({
      where: { id: matchId, ...visibleMatches(ctx) },
      select: { id: true, ...matchClubsSelect },
    });
    if (!match) throw new NotFoundError("not_found.match");
    return match;
  }

  /** The caller's sequences of a match they may see (and its goals, when they may annotate it), markers in video order. */
  async function list(matchId: number, ctx: RequestContext) {
    const user = requireUser(ctx);
    const match = await requireVisibleMatch(matchId, ctx);
    const goals = canAnnotate(user, user.clubId, matchClubsOf(match));
    const sequences = await prisma.sequence.findMany({
      where: { matchId, OR: [{ userId: user.id }, ...(goals ? [{ goals: true }] : [])] },
      select: sequenceSelect,
      orderBy: [{ goals: "asc" }, { id: "asc" }],
    });
    return listOf(
      sequences.map((sequence) => presentSequence(sequence, ctx.locale)),
      translate(ctx.locale, "not_found.sequences"),
    );
  }

  async function create(matchId: number, input: CreateSequenceInput, ctx: RequestContext) {
    const user = requireAnnotator(ctx, matchClubsOf(await requireVisibleMatch(matchId, ctx)));
    const sequence = await prisma.sequence.create({
      data: { matchId, userId: user.id, name: input.name },
      select: sequenceSelect,
    });
    return written(presentSequence(sequence, ctx.locale), translate(ctx.locale, "sequence.created"));
  }

  /** A sequence the caller may change (404 for another user's), on a match they may still annotate (403). */
  async function ownedSequence(sequenceId: number, ctx: RequestContext) {
    const sequence = await prisma.sequence.findFirst({
      where: { id: sequenceId, ...ownedBy(requireUser(ctx)) },
      select: { id: true, matchId: true, goals: true, match: { select: matchClubsSelect } },
    });
    if (!sequence) throw new NotFoundError("not_found.sequence");
    requireGoalsAnnotator(requireUser(ctx), sequence, "not_found.sequence");
    return { ...sequence, user: requireAnnotator(ctx, matchClubsOf(sequence.match)) };
  }

  /** A marker of a sequence the caller may change (404 for another user's), on a match they may still annotate (403). */
  async function ownedMarker(markerId: number, ctx: RequestContext) {
    const marker = await prisma.marker.findFirst({
      where: { id: markerId, sequence: ownedBy(requireUser(ctx)) },
      select: {
        id: true,
        sequence: { select: { matchId: true, goals: true, match: { select: matchClubsSelect } } },
      },
    });
    if (!marker) throw new NotFoundError("not_found.marker");
    requireGoalsAnnotator(requireUser(ctx), marker.sequence, "not_found.marker");
    return { ...marker, user: requireAnnotator(ctx, matchClubsOf(marker.sequence.match)) };
  }

  /** Changes a marker that may have been deleted meanwhile (a 404 then, not a failed update). */
  async function writeMarker(tx: Prisma.TransactionClient, markerId: number, input: UpdateMarkerInput) {
    const { count } = await tx.marker.updateMany({
      where: { id: markerId },
      data: { timeMs: input.time_ms, label: input.label, clipLength: input.clip_length },
    });
    // A goal's marker moved: its score event moves with it (the score shown changes at the new frame).
    if (count && input.time_ms !== undefined) {
      await tx.scoreEvent.updateMany({ where: { markerId }, data: { timeMs: input.time_ms } });
    }
    // A rename runs outside a transaction: a concurrent delete may also come between the two statements.
    const marker = count ? await tx.marker.findUnique({ where: { id: markerId }, select: markerSelect }) : null;
    if (!marker) throw new NotFoundError("not_found.marker");
    return marker;
  }

  async function addMarker(sequenceId: number, input: CreateMarkerInput, ctx: RequestContext) {
    const sequence = await ownedSequence(sequenceId, ctx);
    await clips.requireInsideVideo(sequence.matchId, input.time_ms, "time_ms");
    const marker = await clips.markerChanged(sequence.user, (tx) =>
      tx.marker.create({
        data: { sequenceId: sequence.id, timeMs: input.time_ms, label: input.label, clipLength: input.clip_length },
        select: markerSelect,
      }),
    );
    return written(presentMarker(marker, ctx.locale), translate(ctx.locale, "marker.created"));
  }

  async function updateMarker(markerId: number, input: UpdateMarkerInput, ctx: RequestContext) {
    const marker = await ownedMarker(markerId, ctx);
    if (input.time_ms !== undefined) await clips.requireInsideVideo(marker.sequence.matchId, input.time_ms, "time_ms");
    // Only where the clip is taken from makes a new cut; a new label doesn't.
    const moved = input.time_ms !== undefined || input.clip_length !== undefined;
    const updated = moved
      ? await clips.markerChanged(marker.user, (tx) => writeMarker(tx, marker.id, input))
      : await writeMarker(prisma, marker.id, input);
    return written(presentMarker(updated, ctx.locale), translate(ctx.locale, "marker.updated"));
  }

  async function deleteMarker(markerId: number, ctx: RequestContext): Promise<void> {
    const marker = await ownedMarker(markerId, ctx);
    await clips.markerRemoving(marker.id);
    // Deleted by a concurrent request meanwhile: that one answered 204, this one finds nothing.
    const { count } = await prisma.marker.deleteMany({ where: { id: marker.id } });
    if (!count) throw new NotFoundError("not_found.marker");
  }

  return { list, create, addMarker, updateMarker, deleteMarker };
}

export type SequencesService = ReturnType<typeof createSequencesService>;
