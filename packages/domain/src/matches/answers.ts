// Match rows -> match answers: loads the clubs, teams and fields the rows name,
// then hands rows and records to the pure presenter.
import type { PrismaClient } from "@clubcast/db";
import type { MediaService } from "../media/service.ts";
import {
  presentMatch,
  relatedColumns,
  withMediaLinks,
  type MatchRelated,
  type MatchRow,
  type RelatedRecords,
} from "./presenter.ts";
import type { MatchAnswer, StoredMatchAnswer } from "./schemas.ts";

const distinctIds = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];

/** The records `rows` name, in three parallel queries whatever their number (no N+1). */
async function loadRelated(prisma: PrismaClient, rows: MatchRow[]): Promise<MatchRelated> {
  const clubIds = distinctIds(rows.flatMap((r) => [r.clubId, r.homeClubId, r.awayClubId, r.sharedWithClubId]));
  const teamIds = distinctIds(rows.flatMap((r) => [r.homeTeamId, r.awayTeamId]));
  const fieldIds = distinctIds(rows.map((r) => r.fieldId));
  const [clubs, teams, fields] = await Promise.all([
    prisma.club.findMany({ where: { id: { in: clubIds } }, select: relatedColumns.club }),
    teamIds.length ? prisma.team.findMany({ where: { id: { in: teamIds } }, select: relatedColumns.team }) : [],
    fieldIds.length ? prisma.field.findMany({ where: { id: { in: fieldIds } }, select: relatedColumns.field }) : [],
  ]);
  return relatedById({ clubs, teams, fields });
}

const byId = <T extends { id: number }>(records: T[]) => new Map(records.map((record) => [record.id, record]));

/** The records a page names, as the presenter looks them up. */
export function relatedById({ clubs, teams, fields }: RelatedRecords): MatchRelated {
  return { clubs: byId(clubs), teams: byId(teams), fields: byId(fields) };
}

/** A page of matches as the read cache may keep them (without media links). */
async function storedMatchAnswers(prisma: PrismaClient, rows: MatchRow[]): Promise<StoredMatchAnswer[]> {
  if (!rows.length) return [];
  const related = await loadRelated(prisma, rows);
  return rows.map((row) => presentMatch(row, related));
}

/** One match as it goes out, media links included. */
export async function matchAnswer(prisma: PrismaClient, media: MediaService, row: MatchRow): Promise<MatchAnswer> {
  const [answer] = await storedMatchAnswers(prisma, [row]);
  return withMediaLinks(answer!, media);
}
