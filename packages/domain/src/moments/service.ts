// Match moments (issue 30), the goals on the timeline: each score change of a
// live match is a timed event of its recording (its wall-clock moment, less the
// club's entry delay, placed by the recording's EXT-X-PROGRAM-DATE-TIME), and a
// goal's event makes a marker in the match's goals sequence, so a 20 s clip is
// cut and the summary shows it. The marker is titled from the facts in the
// viewer's language ("Goal 2–1 · FC Zuiderpark · 63′"); moving it moves the
// event. The club's timing (entry delay, half length, half-time break) is set
// on its settings page.
import { scoringSide, type MatchStatus } from "@clubcast/shared";
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { ClipsService } from "../clips/service.ts";
import type { RequestContext } from "../core/context.ts";
import { written } from "../core/answers.ts";
import { NotFoundError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { authorizeClubAdmin } from "../clubs/policy.ts";
import { visibleMatches } from "../matches/visibility.ts";
import { recordingTimeOf } from "./timing.ts";
import { goalMarkerSelect, markerLabel, timingSelect } from "./titles.ts";
import type { MomentSettingsAnswer, MomentSettingsInput, ScoreEventAnswer } from "./schemas.ts";

type ClubTiming = Prisma.ClubGetPayload<{ select: typeof timingSelect }>;

const presentSettings = (club: ClubTiming): MomentSettingsAnswer => ({
  goal_entry_delay_s: club.goalEntryDelayS,
  half_length_min: club.halfLengthMin,
  half_time_break_min: club.halfTimeBreakMin,
});

/** First key of the advisory locks serialising the making of a match's goals sequence. */
const GOALS_SEQUENCE_LOCK = 3030;

/** Score changes are timed while the match is live; before and after, a score is only the match's. */
const TIMED_STATUSES: MatchStatus[] = ["live"];

export function createMomentsService(deps: Deps, { clips }: { clips: ClipsService }) {
  const { prisma } = deps;
  const store = deps.mediaStore;

  /** GET /v1/clubs/:club/moment-settings: the club's timing of matches (its administrators). */
  async function settings(clubId: number, ctx: RequestContext) {
    authorizeClubAdmin(ctx, clubId);
    const club = await prisma.club.findUnique({ where: { id: clubId }, select: timingSelect });
    if (!club) throw new NotFoundError("not_found.club");
    return { data: presentSettings(club) };
  }

  /** PUT /v1/clubs/:club/moment-settings. */
  async function updateSettings(clubId: number, input: MomentSettingsInput, ctx: RequestContext) {
    authorizeClubAdmin(ctx, clubId);
    const { count } = await prisma.club.updateMany({
      where: { id: clubId },
      data: {
        goalEntryDelayS: input.goal_entry_delay_s,
        halfLengthMin: input.half_length_min,
        halfTimeBreakMin: input.half_time_break_min,
      },
    });
    if (!count) throw new NotFoundError("not_found.club");
    const club = await prisma.club.findUniqueOrThrow({ where: { id: clubId }, select: timingSelect });
    return written(presentSettings(club), translate(ctx.locale, "moments.settings_saved"));
  }

  /** The match's goals sequence (one per match, of no user), made with its first goal. */
  function goalsSequence(matchId: number): Promise<number> {
    // Under a lock per match: two first goals entered at once make one sequence.
    return prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${GOALS_SEQUENCE_LOCK}::int4, ${matchId}::int4)`;
      const found = await tx.sequence.findFirst({ where: { matchId, goals: true }, select: { id: true } });
      return found?.id ?? (await tx.sequence.create({ data: { matchId, goals: true }, select: { id: true } })).id;
    });
  }

  /**
   * The score of a live match changed from `before` to `after`, entered at `enteredAt`: a timed event, and
   * for a goal its marker (with its clip, cut once the match is on demand). Nothing for a match not live.
   */
  async function scoreChanged(
    match: { id: number; status: MatchStatus; clubId: number; startingAt: Date },
    before: { home: number; away: number },
    after: { home: number; away: number },
    enteredAt: Date,
  ): Promise<void> {
    if (!TIMED_STATUSES.includes(match.status)) return;
    if (before.home === after.home && before.away === after.away) return;
    const club = await prisma.club.findUniqueOrThrow({ where: { id: match.clubId }, select: timingSelect });
    const happenedAt = enteredAt.getTime() - club.goalEntryDelayS * 1000;
    const timeMs = recordingTimeOf(
      store.dir({ kind: "matches", id: match.id }),
      happenedAt,
      match.startingAt.getTime(),
    );
    const side = scoringSide(before, after);
    const event = await prisma.scoreEvent.create({
      data: {
        matchId: match.id,
        homeScore: after.home,
        awayScore: after.away,
        side,
        enteredAt,
        happenedAt: new Date(happenedAt),
        timeMs,
      },
      select: { id: true },
    });
    if (!side) return;
    const sequenceId = await goalsSequence(match.id);
    // A goal's clip is the club's own record of its match: no user's cut limits hold it back.
    await clips.markerChanged(null, async (tx) => {
      const marker = await tx.marker.create({ data: { sequenceId, timeMs, label: "" }, select: { id: true } });
      await tx.scoreEvent.update({ where: { id: event.id }, data: { markerId: marker.id } });
      const titled = await tx.marker.findUniqueOrThrow({ where: { id: marker.id }, select: goalMarkerSelect });
      // The label as written is the English title: what a file name or a list without a language shows.
      return tx.marker.update({
        where: { id: marker.id },
        data: { label: markerLabel(titled, "en") },
        select: { id: true },
      });
    });
  }

  /** GET /v1/matches/:id/score-events: a match's score changes in recording order (whoever sees the match). */
  async function ofMatch(matchId: number, ctx: RequestContext) {
    const match = await prisma.match.findFirst({
      where: { id: matchId, ...visibleMatches(ctx) },
      select: { id: true },
    });
    if (!match) throw new NotFoundError("not_found.match");
    const events = await prisma.scoreEvent.findMany({
      where: { matchId },
      orderBy: [{ timeMs: "asc" }, { id: "asc" }],
      select: { id: true, timeMs: true, happenedAt: true, homeScore: true, awayScore: true, side: true },
    });
    const data: ScoreEventAnswer[] = events.map((event) => ({
      id: event.id,
      time_ms: event.timeMs,
      happened_at: event.happenedAt.toISOString(),
      home: event.homeScore,
      away: event.awayScore,
      side: event.side === "home" || event.side === "away" ? event.side : null,
    }));
    return { data };
  }

  return { settings, updateSettings, scoreChanged, ofMatch };
}

export type MomentsService = ReturnType<typeof createMomentsService>;
