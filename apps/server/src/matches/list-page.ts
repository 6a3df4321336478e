// A page of a match list in one SQL statement: the page's matches, the clubs,
// teams and fields they name, and the list's total. Lists are the platform's most
// read answers; through Prisma a page was five or six queries, each compiled and
// interpreted, and an exact count over every row of the list. Here the total is
// one indexed read of the counters kept by triggers (match_list_counts), and a
// deep page is found on the list's index alone before its rows are read.
import type { MatchStatus } from "@clubcast/shared";
import { Prisma, type PrismaClient } from "@clubcast/db";
import type { PageQuery } from "../core/pagination.ts";
import { relatedById } from "./answers.ts";
import { matchColumns, type MatchRelated, type MatchRow, type RelatedRecords } from "./presenter.ts";
import { audienceCondition, type ListAudience } from "./visibility.ts";

/** A match list: its statuses and order, whose list it is, and the filters a visitor can add. */
export interface MatchList {
  statuses: readonly MatchStatus[];
  /** Upcoming lists show the soonest first; live and on-demand lists the latest first. */
  direction: "asc" | "desc";
  audience: ListAudience;
  /** The club whose audience it is (0 for "all"). */
  clubId: number;
  /** Public matches only (the public site's lists). */
  publicOnly: boolean;
  /** Only matches on a field of this sport (by slug). No counter keeps sports: such totals are counted. */
  sport?: string;
}

export interface ListPageRows {
  rows: MatchRow[];
  related: MatchRelated;
  total: number;
}

const snakeCase = (column: string) => column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
/** The match columns under the names MatchRow gives them. */
const MATCH_SELECT = Prisma.raw(
  Object.keys(matchColumns)
    .map((column) => `m.${snakeCase(column)} AS "${column}"`)
    .join(", "),
);

interface StatementRow extends RelatedRecords {
  total: number;
  /** MatchRow as JSON: its instants are strings. */
  rows: (Omit<MatchRow, "startingAt" | "stoppingAt"> & { startingAt: string; stoppingAt: string })[];
}

export async function readListPage(prisma: PrismaClient, list: MatchList, page: PageQuery): Promise<ListPageRows> {
  const statuses = Prisma.join(list.statuses.map((status) => Prisma.sql`${status}::"MatchStatus"`));
  const privacy = list.publicOnly ? Prisma.sql`AND m.is_private = false` : Prisma.empty;
  const sport = list.sport
    ? Prisma.sql`AND m.field_id IN (SELECT f.id FROM fields f JOIN sports s ON s.id = f.sport_id WHERE s.slug = ${list.sport})`
    : Prisma.empty;
  const condition = Prisma.sql`m.status IN (${statuses}) ${privacy} AND ${audienceCondition(list.audience, list.clubId)} ${sport}`;
  const order = list.direction === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const total = list.sport
    ? Prisma.sql`(SELECT count(*) FROM matches m WHERE ${condition})`
    : Prisma.sql`(SELECT coalesce(sum(c.count), 0) FROM match_list_counts c
        WHERE c.audience = ${list.audience} AND c.club_id = ${list.clubId} AND c.status IN (${statuses})
        ${list.publicOnly ? Prisma.sql`AND c.is_private = false` : Prisma.empty})`;
  // The page's ids first, read from the list's index alone (however deep the
  // page, only index entries are skipped), then their rows.
  const [result] = await prisma.$queryRaw<StatementRow[]>`
    WITH ids AS (
      SELECT m.id FROM matches m WHERE ${condition}
      ORDER BY m.starting_at ${order}, m.id ${order}
      LIMIT ${page.limit} OFFSET ${(page.page - 1) * page.limit}
    ),
    page AS (SELECT ${MATCH_SELECT} FROM matches m WHERE m.id IN (SELECT id FROM ids)),
    named AS (
      SELECT unnest(ARRAY["clubId", "homeClubId", "awayClubId", "sharedWithClubId"]) AS club,
             unnest(ARRAY["homeTeamId", "awayTeamId"]) AS team, "fieldId" AS field
      FROM page
    )
    SELECT
      ${total}::int AS total,
      (SELECT coalesce(json_agg(p ORDER BY p."startingAt" ${order}, p.id ${order}), '[]') FROM page p) AS rows,
      (SELECT coalesce(json_agg(c), '[]') FROM (SELECT id, name, logo, timezone FROM clubs
        WHERE id IN (SELECT club FROM named)) c) AS clubs,
      (SELECT coalesce(json_agg(t), '[]') FROM (SELECT id, fullname FROM teams
        WHERE id IN (SELECT team FROM named)) t) AS teams,
      (SELECT coalesce(json_agg(f), '[]') FROM (SELECT id, name FROM fields
        WHERE id IN (SELECT field FROM named)) f) AS fields`;
  const { rows, clubs, teams, fields } = result!;
  return {
    rows: rows.map((row) => ({ ...row, startingAt: new Date(row.startingAt), stoppingAt: new Date(row.stoppingAt) })),
    related: relatedById({ clubs, teams, fields }),
    total: result!.total,
  };
}
