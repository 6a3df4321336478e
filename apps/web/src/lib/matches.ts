// Match types from the API and how the interface names and links them.
import { canScore, loadsClubConfigurations, type ListStatus, type MatchClubs, type Scope } from "@clubcast/shared";
import type { RouterOutputs } from "./trpc.ts";

export type MatchPage = RouterOutputs["matches"]["list"];
export type Match = RouterOutputs["matches"]["byId"]["data"];
export type MatchSide = Match["home"];

export const matchPath = (id: number) => `/matches/${id}`;
export const matchListPath = (status: ListStatus) => `/matches?status=${status}`;

/** A side is named by its team, else its club. */
export function sideName(side: MatchSide): string | null {
  return side.team?.fullname ?? side.club?.name ?? null;
}

/** Scores mean something once a match has started. */
export function showsScore(match: Pick<Match, "status">): boolean {
  return match.status === "live" || match.status === "processing" || match.status === "vod";
}

/** The clubs of a match as the access rules (canAnnotate, canScore of @clubcast/shared) read them. */
export function matchClubs(match: Pick<Match, "club" | "shared_with" | "home" | "away">): MatchClubs {
  return {
    club: match.club.id,
    sharedWith: match.shared_with.club?.id ?? null,
    sharedOpponent: match.shared_with.opponent,
    home: match.home.club?.id ?? null,
    away: match.away.club?.id ?? null,
  };
}

/**
 * Whether a signed-in user is on the staff of a club: its trainers and
 * administrators (the scopes that also load its configurations), or a system
 * administrator. Members and players are not.
 */
export function isStaffOf(user: { scope: Scope; club: { id: number } | null } | null, clubId: number): boolean {
  if (!user || !loadsClubConfigurations(user.scope)) return false;
  return user.scope === "system" || user.club?.id === clubId;
}

/**
 * The club through which a signed-in user enters a match's score (the score API's path names one of the
 * match's clubs), or null when the access matrix's canScore gives them no score control.
 */
export function scoringClubOf(
  user: { scope: Scope; club: { id: number } | null } | null,
  match: Pick<Match, "club" | "shared_with" | "home" | "away">,
): number | null {
  if (!user || !canScore(user, user.club?.id ?? null, matchClubs(match))) return null;
  // A system admin names the match's owner; anyone else may post only for their own club.
  return user.scope === "system" ? match.club.id : (user.club?.id ?? null);
}
