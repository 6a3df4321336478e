// Which matches a caller may see, and which matches belong to a club's lists:
// as Prisma filters for lookups, and as SQL conditions for the list pages
// (matches/list-page.ts), whose totals the triggers of the match_list_counts
// migration count by the same rules. The visibility rule itself, for one match
// already read, is lifecycle/audience.ts; the filters here are built from its branches.
import { CLIPS_SECTION, canOpenSection, type MatchClubs } from "@clubcast/shared";
import { Prisma, type Match } from "@clubcast/db";
import type { RequestContext } from "../core/context.ts";
import { isSystem } from "../core/policy.ts";
import { privateMatchBranches, type MatchAudience, type Viewer } from "./lifecycle/audience.ts";

/** Whoever calls, as the visibility rule sees them: camera controllers by their configuration's club. */
export function viewerOf(ctx: RequestContext): Viewer {
  return { system: isSystem(ctx.user), clubId: ctx.user?.clubId ?? ctx.client?.clubId ?? null };
}

/** What the annotate rule (canAnnotate of @clubcast/shared) reads of a match. */
export const matchClubsSelect = {
  clubId: true,
  sharedWithClubId: true,
  sharedOpponent: true,
  homeClubId: true,
  awayClubId: true,
} satisfies Prisma.MatchSelect;

export function matchClubsOf(
  match: Pick<Match, "clubId" | "sharedWithClubId" | "sharedOpponent" | "homeClubId" | "awayClubId">,
): MatchClubs {
  return {
    club: match.clubId,
    sharedWith: match.sharedWithClubId,
    sharedOpponent: match.sharedOpponent,
    home: match.homeClubId,
    away: match.awayClubId,
  };
}

/**
 * The one visibility rule: anonymous callers see public matches; signed-in users
 * (and camera controllers) also see their club's private matches as above;
 * system admins see everything.
 */
export function visibleMatches(ctx: RequestContext): Prisma.MatchWhereInput {
  const { system, clubId } = viewerOf(ctx);
  if (system) return {};
  if (clubId === null) return { isPrivate: false };
  return { OR: [{ isPrivate: false }, ...privateMatchBranches(clubId)] };
}

/** Callers with the same key see the same matches (the rule above decides by nothing else). */
export function visibilityKey(ctx: RequestContext): string {
  return JSON.stringify(visibleMatches(ctx));
}

/** The same rule as an SQL condition on `m` (a matches row), for reads in one statement (list-page.ts). */
export function visibleCondition(ctx: RequestContext): Prisma.Sql {
  const { system, clubId } = viewerOf(ctx);
  if (system) return Prisma.sql`TRUE`;
  if (clubId === null) return Prisma.sql`m.is_private = false`;
  return Prisma.sql`(m.is_private = false OR ${audienceCondition("recorded", clubId)})`;
}

/** The columns who may see a match (MatchAudience), or chat about it, follows. */
export const audienceSelect = {
  isPrivate: true,
  clubId: true,
  homeClubId: true,
  awayClubId: true,
  sharedWithClubId: true,
  sharedOpponent: true,
} as const satisfies Record<keyof MatchAudience, true> & Prisma.MatchSelect;

const AUDIENCE_COLUMNS = Object.keys(audienceSelect) as (keyof MatchAudience)[];

/** Whether an edit may have changed who sees the match: its realtime channels' listeners are checked again. */
export function audienceChanged(before: MatchAudience, after: MatchAudience): boolean {
  return AUDIENCE_COLUMNS.some((column) => before[column] !== after[column]);
}

/** A match's audience alone (what realtime news carries between processes, see MatchNews). */
export function audienceOf(match: MatchAudience): MatchAudience {
  // Every column of MatchAudience: audienceSelect satisfies Record<keyof MatchAudience, true>.
  return Object.fromEntries(AUDIENCE_COLUMNS.map((column) => [column, match[column]])) as unknown as MatchAudience;
}

/** Matches a club owns or plays in (its public face). */
export function matchesInvolving(clubId: number): Prisma.MatchWhereInput {
  return { OR: [{ clubId }, { homeClubId: clubId }, { awayClubId: clubId }] };
}

/**
 * The audiences of match lists, as the counters name them: every match ("all"),
 * a club's own ("owner"), those it owns or plays in ("involving", its public
 * face), its recorded lists' ("recorded": owned by it or shared with it) and its
 * dashboard lists' ("member": the recorded audience, plus the public matches it
 * plays in).
 */
export type ListAudience = "all" | "owner" | "involving" | "recorded" | "member";

/**
 * The SQL conditions on `m` (a matches row) whose union is an audience of club
 * `clubId`; see privateMatchBranches for "recorded". Each names one club column, so
 * each is read from that column's list index alone (list-page.ts).
 */
export function audienceBranches(audience: ListAudience, clubId: number): Prisma.Sql[] {
  const owner = Prisma.sql`m.club_id = ${clubId}`;
  const sharedWith = Prisma.sql`m.shared_with_club_id = ${clubId}`;
  switch (audience) {
    case "all":
      return [Prisma.sql`TRUE`];
    case "owner":
      return [owner];
    case "involving":
      return [owner, Prisma.sql`m.home_club_id = ${clubId}`, Prisma.sql`m.away_club_id = ${clubId}`];
    case "recorded":
      return [
        owner,
        sharedWith,
        Prisma.sql`m.home_club_id = ${clubId} AND m.shared_opponent`,
        Prisma.sql`m.away_club_id = ${clubId} AND m.shared_opponent`,
      ];
    case "member":
      return [
        owner,
        sharedWith,
        Prisma.sql`m.home_club_id = ${clubId} AND (m.shared_opponent OR NOT m.is_private)`,
        Prisma.sql`m.away_club_id = ${clubId} AND (m.shared_opponent OR NOT m.is_private)`,
      ];
  }
}

/** An audience as one SQL condition on `m`. */
export function audienceCondition(audience: ListAudience, clubId: number): Prisma.Sql {
  return Prisma.sql`(${Prisma.join(audienceBranches(audience, clubId), " OR ")})`;
}

/** Recorded matches of a club, as a Prisma filter: owned by it or shared with it (the "recorded" audience above). */
export function recordedMatchesOf(clubId: number): Prisma.MatchWhereInput {
  return { OR: privateMatchBranches(clubId) };
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
