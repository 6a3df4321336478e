// Sequences and markers: a user's annotations of a match they may see. Only the
// sequence's owner (or a system admin) may change it; to others it doesn't exist.
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { ClipsService } from "../clips/service.ts";
import type { AuthUser, RequestContext } from "../core/context.ts";
import { listOf, written } from "../core/answers.ts";
import { NotFoundError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { isSystem, requireUser } from "../core/policy.ts";
import { visibleMatches } from "../matches/visibility.ts";
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
  timeMs: true,
  label: true,
  clipLength: true,
  createdAt: true,
} satisfies Prisma.MarkerSelect;
type MarkerRow = Prisma.MarkerGetPayload<{ select: typeof markerSelect }>;

const sequenceSelect = {
  id: true,
  matchId: true,
  userId: true,
  name: true,
  createdAt: true,
  markers: { select: markerSelect, orderBy: [{ timeMs: "asc" }, { id: "asc" }] },
} satisfies Prisma.SequenceSelect;
type SequenceRow = Prisma.SequenceGetPayload<{ select: typeof sequenceSelect }>;

function presentMarker(marker: MarkerRow): MarkerAnswer {
  return {
    id: marker.id,
    sequence: marker.sequenceId,
    time_ms: marker.timeMs,
    label: marker.label,
    clip_length: marker.clipLength,
    created_at: marker.createdAt.toISOString(),
  };
}

function presentSequence(sequence: SequenceRow): SequenceAnswer {
  return {
    id: sequence.id,
    match: sequence.matchId,
    user: sequence.userId,
    name: sequence.name,
    created_at: sequence.createdAt.toISOString(),
    markers: sequence.markers.map(presentMarker),
  };
}

/** Sequences the user may change: their own, or any for a system admin. */
const ownedBy = (user: AuthUser): Prisma.SequenceWhereInput => (isSystem(user) ? {} : { userId: user.id });

export function createSequencesService(deps: Deps, { clips }: { clips: ClipsService }) {
  const { prisma } = deps;

  async function requireVisibleMatch(matchId: number, ctx: RequestContext) {
    const match = await prisma.match.findFirst({
      where: { id: matchId, ...visibleMatches(ctx) },
      select: { id: true },
    });
    if (!match) throw new NotFoundError("not_found.match");
    return match;
  }

  /** The caller's sequences of a match they may see, markers in video order. */
  async function list(matchId: number, ctx: RequestContext) {
    const user = requireUser(ctx);
    await requireVisibleMatch(matchId, ctx);
    const sequences = await prisma.sequence.findMany({
      where: { matchId, userId: user.id },
      select: sequenceSelect,
      orderBy: { id: "asc" },
    });
    return listOf(sequences.map(presentSequence), translate(ctx.locale, "not_found.sequences"));
  }

  async function create(matchId: number, input: CreateSequenceInput, ctx: RequestContext) {
    const user = requireUser(ctx);
    await requireVisibleMatch(matchId, ctx);
    const sequence = await prisma.sequence.create({
      data: { matchId, userId: user.id, name: input.name },
      select: sequenceSelect,
    });
    return written(presentSequence(sequence), translate(ctx.locale, "sequence.created"));
  }

  async function ownedSequence(sequenceId: number, user: AuthUser) {
    const sequence = await prisma.sequence.findFirst({
      where: { id: sequenceId, ...ownedBy(user) },
      select: { id: true, matchId: true },
    });
    if (!sequence) throw new NotFoundError("not_found.sequence");
    return sequence;
  }

  /** A marker of a sequence the user may change, or 404 (for another user's, too). */
  async function ownedMarker(markerId: number, user: AuthUser) {
    const marker = await prisma.marker.findFirst({
      where: { id: markerId, sequence: ownedBy(user) },
      select: { id: true, sequence: { select: { matchId: true } } },
    });
    if (!marker) throw new NotFoundError("not_found.marker");
    return marker;
  }

  async function addMarker(sequenceId: number, input: CreateMarkerInput, ctx: RequestContext) {
    const sequence = await ownedSequence(sequenceId, requireUser(ctx));
    await clips.requireInsideVideo(sequence.matchId, input.time_ms, "time_ms");
    const marker = await prisma.marker.create({
      data: { sequenceId: sequence.id, timeMs: input.time_ms, label: input.label, clipLength: input.clip_length },
      select: markerSelect,
    });
    await clips.markerChanged(marker.id);
    return written(presentMarker(marker), translate(ctx.locale, "marker.created"));
  }

  async function updateMarker(markerId: number, input: UpdateMarkerInput, ctx: RequestContext) {
    const marker = await ownedMarker(markerId, requireUser(ctx));
    if (input.time_ms !== undefined) await clips.requireInsideVideo(marker.sequence.matchId, input.time_ms, "time_ms");
    const updated = await prisma.marker.update({
      where: { id: marker.id },
      data: { timeMs: input.time_ms, label: input.label, clipLength: input.clip_length },
      select: markerSelect,
    });
    // Only where the clip is taken from makes a new cut; a new label doesn't.
    if (input.time_ms !== undefined || input.clip_length !== undefined) await clips.markerChanged(marker.id);
    return written(presentMarker(updated), translate(ctx.locale, "marker.updated"));
  }

  async function deleteMarker(markerId: number, ctx: RequestContext): Promise<void> {
    const marker = await ownedMarker(markerId, requireUser(ctx));
    await clips.markerRemoving(marker.id);
    await prisma.marker.delete({ where: { id: marker.id } });
  }

  return { list, create, addMarker, updateMarker, deleteMarker };
}

export type SequencesService = ReturnType<typeof createSequencesService>;
