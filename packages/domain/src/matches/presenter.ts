// How a match looks in API answers (spec section 3, "Match from the server"):
// pure functions of rows already loaded (matches/answers.ts loads them).
import { listStatusOf, type MatchStatus } from "@clubcast/shared";
import { Prisma } from "@clubcast/db";
import type { MediaService } from "../media/service.ts";
import { awaitsVideo } from "./lifecycle/recording.ts";
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
  linkEpoch: true,
  isScheduled: true,
  startConfirmed: true,
  isTraining: true,
  createSummary: true,
  sharedOpponent: true,
  cameraView: true,
  cameraPlayerTracking: true,
  cameraFocus: true,
  configurationId: true,
  liveHlsUrl: true,
  vodHlsUrl: true,
  recordingProblem: true,
  downloadStatus: true,
  recordingVersion: true,
  clubId: true,
  homeClubId: true,
  awayClubId: true,
  sharedWithClubId: true,
  fieldId: true,
  homeTeamId: true,
  awayTeamId: true,
} satisfies Prisma.MatchSelect;

export type MatchRow = Prisma.MatchGetPayload<{ select: typeof matchColumns }>;

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
/** matchColumns in SQL, of the matches table as `alias`, under the names MatchRow gives them (each column is its field in snake case). */
export const matchColumnsSql = (alias: string) =>
  Prisma.raw(
    Object.keys(matchColumns)
      .map((field) => `${alias}.${snakeCase(field)} AS "${field}"`)
      .join(", "),
  );

/** The records a match answer names, looked up by id (see matches/answers.ts, which loads them). */
export const relatedColumns = {
  club: { id: true, name: true, logo: true, timezone: true },
  team: { id: true, fullname: true },
  field: { id: true, name: true },
} as const satisfies {
  club: Prisma.ClubSelect;
  team: Prisma.TeamSelect;
  field: Prisma.FieldSelect;
};

export interface MatchRelated {
  clubs: Map<number, Prisma.ClubGetPayload<{ select: typeof relatedColumns.club }>>;
  teams: Map<number, Prisma.TeamGetPayload<{ select: typeof relatedColumns.team }>>;
  fields: Map<number, Prisma.FieldGetPayload<{ select: typeof relatedColumns.field }>>;
}

/** The same records as lists, as a query returns them. */
export type RelatedRecords = {
  [K in keyof MatchRelated]: MatchRelated[K] extends Map<number, infer R> ? R[] : never;
};

/** Presents a match, as the read cache may keep it (see withMediaLinks), from its row and the records it names. */
export function presentMatch(match: MatchRow, { clubs, teams, fields }: MatchRelated): StoredMatchAnswer {
  const clubCard = (id: number | null) => {
    const club = id === null ? undefined : clubs.get(id);
    return club ? { id: club.id, name: club.name, logo: club.logo } : null;
  };
  const lookup = <T>(map: Map<number, T>, id: number | null) => (id === null ? null : (map.get(id) ?? null));
  // The owning club always exists (matches are deleted with their club).
  const owner = clubs.get(match.clubId)!;
  const sharedWith = lookup(clubs, match.sharedWithClubId);
  return {
    id: match.id,
    status: match.status,
    list_status: listStatusOf(match.status as MatchStatus),
    starting_at: { date: match.startingAt.toISOString(), timezone: owner.timezone },
    stopping_at: { date: match.stoppingAt.toISOString(), timezone: owner.timezone },
    home: { club: clubCard(match.homeClubId), team: lookup(teams, match.homeTeamId), score: match.homeScore },
    away: { club: clubCard(match.awayClubId), team: lookup(teams, match.awayTeamId), score: match.awayScore },
    field: lookup(fields, match.fieldId),
    club: { id: owner.id, name: owner.name, timezone: owner.timezone },
    is_private: match.isPrivate,
    link_epoch: match.linkEpoch,
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
    recording_problem: match.recordingProblem,
    download_status: match.downloadStatus,
    awaiting_video: awaitsVideo(match),
  };
}

/**
 * The answer as it goes out: the media links added at the moment of answering
 * (signed for a private match), after any cache.
 */
export function withMediaLinks(match: StoredMatchAnswer, media: MediaService): MatchAnswer {
  // The link epoch goes into the links' signatures, not the answer.
  const { link_epoch: _epoch, ...answer } = match;
  return { ...answer, ...media.matchLinks(match) };
}
