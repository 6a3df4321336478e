// Moments a match's sound suggests (issue 30): the worker listens to a live match's latest sound
// every minute (the moments.live jobs the live-listening sweep posts) and to the whole recording
// once it is on demand (recording.moments), and stores what it heard here, each moment once however
// often it was heard (SAME_SUGGESTION_MS), telling the clubs that may annotate the match; who may
// annotate it lists them, accepts one (a marker of theirs at its time, made as any marker is, so its
// clip is cut) or dismisses it. Each is decided once: a second decision answers 409. Only the
// suggestions of the match's current recording are listed (a restored recording is listened to
// again); a live match's are those of the recording it is making.
import {
  ANNOTATION_CLIP_LENGTH,
  CHANNELS,
  EVENTS,
  SAME_SUGGESTION_MS,
  annotatingClubs,
  type MomentKind,
} from "@clubcast/shared";
import { LIVE_LISTENING_EVERY_MS, type LiveMomentsJob, type RecordingJob } from "@clubcast/shared/jobs";
import type { Deps } from "../deps.ts";
import type { SequencesService } from "../sequences/service.ts";
import type { RequestContext } from "../core/context.ts";
import { listOf, written } from "../core/answers.ts";
import { ConflictError, NotFoundError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { requireAnnotator, requireUser } from "../core/policy.ts";
import { matchClubsOf, matchClubsSelect, visibleMatches } from "../matches/visibility.ts";
import { presentSuggestion, suggestionSelect } from "./presenter.ts";

/** A moment the listening proposes (the worker's scoring). */
export interface HeardMoment {
  timeMs: number;
  kind: MomentKind;
  confidence: number;
}

const ALREADY = { accepted: "suggestion.already_accepted", dismissed: "suggestion.already_dismissed" } as const;
const MARKER_LABEL = { whistle: "suggestion.label_whistle", crowd: "suggestion.label_crowd" } as const;

/**
 * The recording a match's suggestions belong to: its on-demand one, or, while it is live, the one it
 * is making (going on demand with a video of ours bumps recording_version: recording-work.ts).
 */
const heardInVersion = (match: { status: string; recordingVersion: number }) =>
  match.status === "live" ? match.recordingVersion + 1 : match.recordingVersion;

/** The moments not heard before: none of a kind within SAME_SUGGESTION_MS of a stored one of that kind. */
export function newMoments(
  moments: readonly HeardMoment[],
  stored: readonly { timeMs: number; kind: MomentKind }[],
): HeardMoment[] {
  return moments.filter(
    (moment) =>
      !stored.some((old) => old.kind === moment.kind && Math.abs(old.timeMs - moment.timeMs) <= SAME_SUGGESTION_MS),
  );
}

export function createSuggestionsService(deps: Deps, { sequences }: { sequences: SequencesService }) {
  const { prisma, outbox } = deps;

  /** Whether the job's recording is still the match's on-demand video and its club wants suggestions. */
  async function wantsListening({ matchId, version }: RecordingJob): Promise<boolean> {
    const count = await prisma.match.count({
      where: { id: matchId, status: "vod", recordingVersion: version, club: { suggestMoments: true } },
    });
    return count > 0;
  }

  /** Whether the job's match is still live making that recording, and its club wants suggestions. */
  async function wantsLiveListening({ matchId, version }: LiveMomentsJob): Promise<boolean> {
    const count = await prisma.match.count({
      where: { id: matchId, status: "live", recordingVersion: version - 1, club: { suggestMoments: true } },
    });
    return count > 0;
  }

  /**
   * The live-listening sweep: a moments.live job for each live match of a club with suggestions on,
   * one per match and turn of LIVE_LISTENING_EVERY_MS (a sweep run twice in a turn adds none). Answers
   * the matches.
   */
  async function listenToLiveMatches(now: Date = new Date()): Promise<number[]> {
    const live = await prisma.match.findMany({
      where: { status: "live", club: { suggestMoments: true } },
      select: { id: true, status: true, recordingVersion: true },
      orderBy: { id: "asc" },
    });
    if (live.length === 0) return [];
    const turn = Math.floor(now.getTime() / LIVE_LISTENING_EVERY_MS);
    await outbox.post((post) =>
      live.forEach((match) => post.liveMoments({ matchId: match.id, version: heardInVersion(match), turn })),
    );
    return live.map((match) => match.id);
  }

  /**
   * Stores what the listening heard in the job's recording, each moment once: one heard before (by
   * a live chunk, or a retried job) within SAME_SUGGESTION_MS is not stored again. Tells the clubs
   * that may annotate the match when it stored any, committed together (the outbox). The match's row
   * is locked meanwhile: a live chunk and the pass after the recording, running at once, store a
   * moment once. Answers how many it stored.
   */
  async function heard({ matchId, version }: RecordingJob, moments: readonly HeardMoment[]): Promise<number> {
    return outbox.transaction(async (tx, post) => {
      const [match] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM matches WHERE id = ${matchId} FOR UPDATE`;
      if (!match) return 0;
      const stored = await tx.momentSuggestion.findMany({
        where: { matchId, recordingVersion: version },
        select: { timeMs: true, kind: true },
      });
      const fresh = newMoments(moments, stored);
      if (fresh.length === 0) return 0;
      const { count } = await tx.momentSuggestion.createMany({
        data: fresh.map((moment) => ({ matchId, recordingVersion: version, ...moment })),
        skipDuplicates: true,
      });
      const clubs = await tx.match.findUniqueOrThrow({ where: { id: matchId }, select: matchClubsSelect });
      for (const club of annotatingClubs(matchClubsOf(clubs)))
        post.events.publish(CHANNELS.club(club), EVENTS.suggestionsAdded, { club, match: matchId });
      return count;
    });
  }

  /** The suggestions of a match's current recording (while live: so far), in video order; for who may annotate it. */
  async function listOfMatch(matchId: number, ctx: RequestContext) {
    requireUser(ctx);
    const match = await prisma.match.findFirst({
      where: { id: matchId, ...visibleMatches(ctx) },
      select: { id: true, status: true, recordingVersion: true, ...matchClubsSelect },
    });
    if (!match) throw new NotFoundError("not_found.match");
    requireAnnotator(ctx, matchClubsOf(match));
    const rows = await prisma.momentSuggestion.findMany({
      where: { matchId, recordingVersion: heardInVersion(match) },
      select: suggestionSelect,
      orderBy: [{ timeMs: "asc" }, { id: "asc" }],
    });
    return listOf(rows.map(presentSuggestion), translate(ctx.locale, "not_found.suggestions"));
  }

  /**
   * A suggestion the caller may decide: 404 when its match is not theirs to see, 403 when they may
   * not annotate it, 409 once decided.
   */
  async function pendingSuggestion(id: number, ctx: RequestContext) {
    requireUser(ctx);
    const row = await prisma.momentSuggestion.findFirst({
      where: { id, match: visibleMatches(ctx) },
      select: { ...suggestionSelect, match: { select: matchClubsSelect } },
    });
    if (!row) throw new NotFoundError("not_found.suggestion");
    requireAnnotator(ctx, matchClubsOf(row.match));
    if (row.state !== "pending") throw new ConflictError("id", ALREADY[row.state]);
    return row;
  }

  /** Moves a pending suggestion to `state`; 409 when another decision came first. */
  async function decide(id: number, state: "accepted" | "dismissed") {
    const { count } = await prisma.momentSuggestion.updateMany({ where: { id, state: "pending" }, data: { state } });
    if (!count) {
      const now = await prisma.momentSuggestion.findUnique({ where: { id }, select: { state: true } });
      if (!now) throw new NotFoundError("not_found.suggestion");
      throw new ConflictError("id", ALREADY[now.state === "dismissed" ? "dismissed" : "accepted"]);
    }
  }

  /** The caller's sequence of the match a marker goes to: their first, or a new one. */
  async function sequenceOf(matchId: number, ctx: RequestContext): Promise<number> {
    const user = requireUser(ctx);
    const first = await prisma.sequence.findFirst({
      where: { matchId, userId: user.id },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    if (first) return first.id;
    const created = await sequences.create(matchId, { name: translate(ctx.locale, "suggestion.sequence") }, ctx);
    return created.data.id;
  }

  /**
   * Accepts a suggestion: a marker of the caller's at its time (as any marker: its clip is cut), and
   * the suggestion remembers it. A marker that cannot be made (the video is shorter, the club's
   * cuts are at their limit) leaves the suggestion pending and answers why.
   */
  async function accept(id: number, ctx: RequestContext) {
    const suggestion = await pendingSuggestion(id, ctx);
    await decide(id, "accepted");
    try {
      const marker = await sequences.addMarker(
        await sequenceOf(suggestion.matchId, ctx),
        {
          time_ms: suggestion.timeMs,
          label: translate(ctx.locale, MARKER_LABEL[suggestion.kind]),
          clip_length: ANNOTATION_CLIP_LENGTH,
        },
        ctx,
      );
      const row = await prisma.momentSuggestion.update({
        where: { id },
        data: { markerId: marker.data.id },
        select: suggestionSelect,
      });
      return written(presentSuggestion(row), translate(ctx.locale, "suggestion.accepted"));
    } catch (error) {
      await prisma.momentSuggestion.updateMany({
        where: { id, state: "accepted", markerId: null },
        data: { state: "pending" },
      });
      throw error;
    }
  }

  async function dismiss(id: number, ctx: RequestContext) {
    await pendingSuggestion(id, ctx);
    await decide(id, "dismissed");
    const row = await prisma.momentSuggestion.findUniqueOrThrow({ where: { id }, select: suggestionSelect });
    return written(presentSuggestion(row), translate(ctx.locale, "suggestion.dismissed"));
  }

  return { wantsListening, wantsLiveListening, listenToLiveMatches, heard, listOfMatch, accept, dismiss };
}

export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
