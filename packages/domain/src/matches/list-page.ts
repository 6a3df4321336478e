// A page of a match list in one SQL statement: the page's matches, the clubs,
// teams and fields they name, and the list's total. Lists are the platform's most
// read answers; through Prisma a page was five or six queries, each compiled and
// interpreted, and an exact count over every row of the list. Here the total is
// a small sum read from the index of the counts kept by triggers
// (match_list_count_deltas), and a deep page is found on the list's index alone
// before its rows are read. The statements go to pg as they are (a Prisma
// $queryRaw runs its query compiler on every call, most of an answer's CPU), as
// prepared statements (core/prepared.ts): planning one took about as long as running it.
import type { Pool } from "pg";
import type { MatchStatus } from "@clubcast/shared";
import { Prisma } from "@clubcast/db";
import type { PageQuery } from "../core/pagination.ts";
import { queryPrepared } from "../core/prepared.ts";
import { relatedById } from "./answers.ts";
import { matchColumnsSql, type MatchRelated, type MatchRow, type RelatedRecords } from "./presenter.ts";
import { audienceBranches, type ListAudience } from "./visibility.ts";

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
  /** Whether the list's club exists (always, for the lists of all clubs): an empty page doesn't tell. */
  clubExists: boolean;
}

interface StatementRow extends RelatedRecords {
  total: number;
  clubExists: boolean;
  /** MatchRow as JSON: its instants are strings. */
  rows: (Omit<MatchRow, "startingAt" | "stoppingAt"> & { startingAt: string; stoppingAt: string })[];
}

export async function readListPage(pool: Pool, list: MatchList, page: PageQuery): Promise<ListPageRows> {
  const statuses = Prisma.join(list.statuses.map((status) => Prisma.sql`${status}::"MatchStatus"`));
  const privacy = list.publicOnly ? Prisma.sql`AND m.is_private = false` : Prisma.empty;
  const sport = list.sport
    ? Prisma.sql`AND m.field_id IN (SELECT f.id FROM fields f JOIN sports s ON s.id = f.sport_id WHERE s.slug = ${list.sport})`
    : Prisma.empty;
  const branches = audienceBranches(list.audience, list.clubId).map(
    (branch) => Prisma.sql`m.status IN (${statuses}) ${privacy} AND ${branch} ${sport}`,
  );
  const total = list.sport
    ? Prisma.sql`(SELECT count(*) FROM (${candidates(branches)}) u)`
    : Prisma.sql`(SELECT coalesce(sum(d.delta), 0) FROM match_list_count_deltas d
        WHERE d.audience = ${list.audience} AND d.club_id = ${list.clubId} AND d.status IN (${statuses})
        ${list.publicOnly ? Prisma.sql`AND d.is_private = false` : Prisma.empty})`;
  const clubExists =
    list.audience === "all" ? Prisma.sql`TRUE` : Prisma.sql`EXISTS (SELECT 1 FROM clubs WHERE id = ${list.clubId})`;
  const window = { limit: page.limit, offset: (page.page - 1) * page.limit };
  return readMatches(pool, branches, list.direction, window, { total, clubExists });
}

/** The ids and instants of the matches of any of `branches`. */
const candidates = (branches: Prisma.Sql[]) =>
  Prisma.join(
    branches.map((branch) => Prisma.sql`SELECT m.id, m.starting_at FROM matches m WHERE ${branch}`),
    " UNION ",
  );

/** What a single match's read needs of the list columns. */
const ONE_MATCH = { total: Prisma.sql`0`, clubExists: Prisma.sql`TRUE` };

/** The match `id` if the caller may see it (`visibility`, see visibility.ts), with the records it names. */
export async function readVisibleMatch(
  pool: Pool,
  id: number,
  visibility: Prisma.Sql,
): Promise<{ row: MatchRow; related: MatchRelated } | null> {
  const condition = Prisma.sql`m.id = ${id} AND ${visibility}`;
  const { rows, related } = await readMatches(pool, [condition], "asc", { limit: 1, offset: 0 }, ONE_MATCH);
  return rows[0] ? { row: rows[0], related } : null;
}

/**
 * The matches of any of `branches` (SQL conditions on `m`) in a window of their
 * order, the records they name, and the list's `total` and `clubExists` (SQL expressions).
 */
async function readMatches(
  pool: Pool,
  branches: Prisma.Sql[],
  direction: "asc" | "desc",
  window: { limit: number; offset: number },
  { total, clubExists }: { total: Prisma.Sql; clubExists: Prisma.Sql },
): Promise<ListPageRows> {
  const order = direction === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  // The page's ids first, each branch read from its list index alone (however
  // deep the page, only index entries are skipped), then the page's rows by
  // primary key. `= ANY (ARRAY(…))` keeps that plan in the generic plan of the
  // prepared statement, made without the window's values: with `IN (SELECT …)`
  // it expected a tenth of the list and read every match.
  const statement = Prisma.sql`
    WITH ids AS (
      SELECT u.id FROM (${candidates(branches)}) u
      ORDER BY u.starting_at ${order}, u.id ${order}
      LIMIT ${window.limit} OFFSET ${window.offset}
    ),
    page AS (SELECT ${matchColumnsSql("m")} FROM matches m WHERE m.id = ANY (ARRAY(SELECT id FROM ids))),
    named AS (
      SELECT unnest(ARRAY["clubId", "homeClubId", "awayClubId", "sharedWithClubId"]) AS club,
             unnest(ARRAY["homeTeamId", "awayTeamId"]) AS team, "fieldId" AS field
      FROM page
    )
    SELECT
      ${total}::int AS total,
      ${clubExists} AS "clubExists",
      (SELECT coalesce(json_agg(p ORDER BY p."startingAt" ${order}, p.id ${order}), '[]') FROM page p) AS rows,
      (SELECT coalesce(json_agg(c), '[]') FROM (SELECT id, name, logo, timezone FROM clubs
        WHERE id IN (SELECT club FROM named)) c) AS clubs,
      (SELECT coalesce(json_agg(t), '[]') FROM (SELECT id, fullname FROM teams
        WHERE id IN (SELECT team FROM named)) t) AS teams,
      (SELECT coalesce(json_agg(f), '[]') FROM (SELECT id, name FROM fields
        WHERE id IN (SELECT field FROM named)) f) AS fields`;
  const [result] = await queryPrepared<StatementRow>(pool, statement);
  const { rows, clubs, teams, fields } = result!;
  return {
    rows: rows.map((row) => ({ ...row, startingAt: new Date(row.startingAt), stoppingAt: new Date(row.stoppingAt) })),
    related: relatedById({ clubs, teams, fields }),
    total: result!.total,
    clubExists: result!.clubExists,
  };
}
