// Match types from the API and how the interface names and links them.
import { loadsClubConfigurations, type ListStatus, type MatchClubs, type Scope } from "@clubcast/shared";
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

/** The clubs of a match as the annotate rule (canAnnotate of @clubcast/shared) reads them. */
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
