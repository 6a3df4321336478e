// Which matches a caller may see, and which matches belong to a club's lists,
// as Prisma filters so lists and lookups share one rule and stay one query.
import { CLIPS_SECTION, canOpenSection } from "@clubcast/shared";
import type { Match, Prisma } from "@clubcast/db";
import type { RequestContext } from "../core/context.ts";
import { isSystem } from "../core/policy.ts";

/** Private matches a club may see: its own, shared with it, or shared with it as the opponent. */
function privateMatchesOf(clubId: number): Prisma.MatchWhereInput[] {
  return [
    { clubId },
    { sharedWithClubId: clubId },
    { sharedOpponent: true, homeClubId: clubId },
    { sharedOpponent: true, awayClubId: clubId },
  ];
}

/**
 * The one visibility rule: anonymous callers see public matches; signed-in users
 * (and camera controllers) also see their club's private matches as above;
 * system admins see everything.
 */
export function visibleMatches(ctx: RequestContext): Prisma.MatchWhereInput {
  if (isSystem(ctx.user)) return {};
  const clubId = ctx.user?.clubId ?? ctx.client?.clubId ?? null;
  if (clubId === null) return { isPrivate: false };
  return { OR: [{ isPrivate: false }, ...privateMatchesOf(clubId)] };
}

/** The columns who may see a match, or chat about it, follows (the rule above and the chat's members). */
const AUDIENCE_COLUMNS = [
  "isPrivate",
  "clubId",
  "homeClubId",
  "awayClubId",
  "sharedWithClubId",
  "sharedOpponent",
] as const satisfies (keyof Prisma.MatchWhereInput)[];

type Audience = Pick<Match, (typeof AUDIENCE_COLUMNS)[number]>;

/** Whether an edit may have changed who sees the match: its realtime channels' listeners are checked again. */
export function audienceChanged(before: Audience, after: Audience): boolean {
  return AUDIENCE_COLUMNS.some((column) => before[column] !== after[column]);
}

/** Matches a club owns or plays in (its public face). */
export function matchesInvolving(clubId: number): Prisma.MatchWhereInput {
  return { OR: [{ clubId }, { homeClubId: clubId }, { awayClubId: clubId }] };
}

/** A club's dashboard lists: the matches the club sees among those it owns, plays in or has shared with it. */
export function clubMatches(clubId: number): Prisma.MatchWhereInput {
  return {
    OR: [
      ...privateMatchesOf(clubId),
      { isPrivate: false, homeClubId: clubId },
      { isPrivate: false, awayClubId: clubId },
    ],
  };
}

/** Recorded matches of a club: owned by it or shared with it. */
export function recordedMatchesOf(clubId: number): Prisma.MatchWhereInput {
  return { OR: privateMatchesOf(clubId) };
}

/** A club's tables of things made from its matches (clips, summaries): its own matches, one match, or one team's (home or away). */
export function clubTableMatches(clubId: number, filter: { match?: number; team?: number }): Prisma.MatchWhereInput {
  return {
    clubId,
    ...(filter.match ? { id: filter.match } : {}),
    ...(filter.team ? { OR: [{ homeTeamId: filter.team }, { awayTeamId: filter.team }] } : {}),
  };
}

/** A filter on clips and summaries alike (both have a match, a privacy and shared teams). */
export type RenderWhere = Prisma.ClipWhereInput & Prisma.SummaryWhereInput;

/** Clips and summaries shared with a team the user is a member of. */
export const sharedWithMemberOf = (userId: number): RenderWhere => ({
  teamShares: { some: { team: { members: { some: { userId } } } } },
});

/** Not made private: such a clip or summary is seen by whoever sees its match. */
const notMadePrivate: RenderWhere = { OR: [{ isPrivate: null }, { isPrivate: false }] };

/**
 * Which clips and summaries a caller may see: those not made private, by whoever
 * sees their match (the rule above); a private one only by its club's staff
 * (who manage the clips section) and by the members of the teams it is shared
 * with; system admins see everything.
 */
export function visibleRenders(ctx: RequestContext): RenderWhere {
  if (isSystem(ctx.user)) return {};
  const staffClubId = ctx.user && canOpenSection(ctx.user, CLIPS_SECTION) ? ctx.user.clubId : null;
  return {
    OR: [
      { ...notMadePrivate, match: visibleMatches(ctx) },
      ...(staffClubId === null ? [] : [{ match: { clubId: staffClubId } }]),
      ...(ctx.user ? [sharedWithMemberOf(ctx.user.id)] : []),
    ],
  };
}
