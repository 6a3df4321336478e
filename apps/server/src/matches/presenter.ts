// How a match looks in API answers (spec section 3, "Match from the server").
import { listStatusOf, type MatchStatus } from "@clubcast/shared";
import type { Prisma, PrismaClient } from "@clubcast/db";
import type { MediaService } from "../media/service.ts";
import type { MatchAnswer, StoredMatchAnswer } from "./schemas.ts";

/** The match columns the services and the presenter read. */
export const matchColumns = {
  id: true,
  status: true,
  startingAt: true,
  stoppingAt: true,
  homeScore: true,
  awayScore: true,
  isPrivate: true,
  isScheduled: true,
  isTraining: true,
  createSummary: true,
  sharedOpponent: true,
  cameraView: true,
  cameraPlayerTracking: true,
  cameraFocus: true,
  configurationId: true,
  liveHlsUrl: true,
  vodHlsUrl: true,
  clubId: true,
  homeClubId: true,
  awayClubId: true,
  sharedWithClubId: true,
  fieldId: true,
  homeTeamId: true,
  awayTeamId: true,
} satisfies Prisma.MatchSelect;

export type MatchRow = Prisma.MatchGetPayload<{ select: typeof matchColumns }>;

const distinctIds = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];

/**
 * Presents a page of matches, as the read cache may keep them (see
 * withMediaLinks). The clubs, teams and fields they refer to are loaded in
 * three parallel queries whatever the page size (no N+1).
 */
export async function presentMatches(prisma: PrismaClient, rows: MatchRow[]): Promise<StoredMatchAnswer[]> {
  if (!rows.length) return [];
  const clubIds = distinctIds(rows.flatMap((r) => [r.clubId, r.homeClubId, r.awayClubId, r.sharedWithClubId]));
  const teamIds = distinctIds(rows.flatMap((r) => [r.homeTeamId, r.awayTeamId]));
  const fieldIds = distinctIds(rows.map((r) => r.fieldId));
  const [clubs, teams, fields] = await Promise.all([
    prisma.club.findMany({
      where: { id: { in: clubIds } },
      select: { id: true, name: true, logo: true, timezone: true },
    }),
    teamIds.length
      ? prisma.team.findMany({ where: { id: { in: teamIds } }, select: { id: true, fullname: true } })
      : [],
    fieldIds.length ? prisma.field.findMany({ where: { id: { in: fieldIds } }, select: { id: true, name: true } }) : [],
  ]);
  const clubById = new Map(clubs.map((club) => [club.id, club]));
  const teamById = new Map(teams.map((team) => [team.id, team]));
  const fieldById = new Map(fields.map((field) => [field.id, field]));

  const clubCard = (id: number | null) => {
    const club = id === null ? undefined : clubById.get(id);
    return club ? { id: club.id, name: club.name, logo: club.logo } : null;
  };
  const lookup = <T>(map: Map<number, T>, id: number | null) => (id === null ? null : (map.get(id) ?? null));

  return rows.map((match) => {
    // The owning club always exists (matches are deleted with their club).
    const owner = clubById.get(match.clubId)!;
    const sharedWith = lookup(clubById, match.sharedWithClubId);
    return {
      id: match.id,
      status: match.status,
      list_status: listStatusOf(match.status as MatchStatus),
      starting_at: { date: match.startingAt.toISOString(), timezone: owner.timezone },
      stopping_at: { date: match.stoppingAt.toISOString(), timezone: owner.timezone },
      home: { club: clubCard(match.homeClubId), team: lookup(teamById, match.homeTeamId), score: match.homeScore },
      away: { club: clubCard(match.awayClubId), team: lookup(teamById, match.awayTeamId), score: match.awayScore },
      field: lookup(fieldById, match.fieldId),
      club: { id: owner.id, name: owner.name, timezone: owner.timezone },
      is_private: match.isPrivate,
      is_scheduled: match.isScheduled,
      is_training: match.isTraining,
      create_summary: match.createSummary,
      shared_with: { opponent: match.sharedOpponent, club: sharedWith && { id: sharedWith.id, name: sharedWith.name } },
      camera_view: match.cameraView,
      camera_player_tracking: match.cameraPlayerTracking,
      camera_focus: match.cameraFocus,
      configuration_id: match.configurationId,
      live_hls_url: match.liveHlsUrl,
      vod_hls_url: match.vodHlsUrl,
    };
  });
}

/**
 * The answer as it goes out: the media links added at the moment of answering
 * (signed for a private match), after any cache.
 */
export function withMediaLinks(match: StoredMatchAnswer, media: MediaService): MatchAnswer {
  return { ...match, ...media.matchLinks(match) };
}

export async function presentMatch(prisma: PrismaClient, media: MediaService, row: MatchRow): Promise<MatchAnswer> {
  const [answer] = await presentMatches(prisma, [row]);
  return withMediaLinks(answer!, media);
}
