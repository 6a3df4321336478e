// The mixed load of `bench:api`: what a match day asks of the API at once. Random
// pages (deep ones too) of the public live, upcoming and on-demand lists, the
// lists of many clubs, match details; half of it anonymous, half from club admins
// of different clubs, each asking for their own club's dashboard lists. One
// pseudo-random sequence (fixed seed) is sent to every target, and the raw-pg
// baseline answers the same paths with the same SQL the services would run.
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { hashToken } from "@clubcast/domain/auth/tokens.ts";
import type { MixedRequest } from "./load.ts";

/** mulberry32: a small seeded generator, the same numbers on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deepest page asked of a list: a visitor paging far back in the archive. */
export const DEEPEST_PAGE = 500;

export interface MixedLoadShape {
  matches: number;
  clubs: number;
  /** The bearer token of an admin of each club, by club id. */
  adminTokens: Map<number, string>;
  /** Whether the seeded match with this id is private (details are asked of matches the caller may see). */
  isPrivate: (id: number) => boolean;
}

export function mixedSequence(shape: MixedLoadShape, length: number, seed = 15): MixedRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  // Most visits stay on the first pages; the rest go anywhere up to DEEPEST_PAGE.
  const page = (deepest: number) =>
    random() < 0.6 ? 1 + Math.floor(random() * 3) : 1 + Math.floor(random() * deepest);
  const sequence: MixedRequest[] = [];
  while (sequence.length < length) {
    const club = 1 + Math.floor(random() * shape.clubs);
    const signedIn = random() < 0.5;
    const kind = random();
    let path: string;
    if (kind < 0.4) {
      path = `/v1/matches?status=${pick(["live", "upcoming", "vod"])}&page=${page(DEEPEST_PAGE)}&limit=20`;
    } else if (kind < 0.75) {
      path = signedIn
        ? `/v1/clubs/${club}/${pick(["recorded", "live-matches", "upcoming-matches"])}?page=${page(50)}&limit=20`
        : pick([
            `/v1/clubs/${club}/club-live-matches?page=${page(5)}&limit=20`,
            `/v1/clubs/${club}/club-upcoming-matches?page=${page(20)}&limit=20`,
            `/v1/matches?status=vod&club=${club}&page=${page(50)}&limit=20`,
          ]);
    } else {
      let id: number;
      do id = 1 + Math.floor(random() * shape.matches);
      while (shape.isPrivate(id));
      path = `/v1/matches/${id}`;
    }
    sequence.push(signedIn ? { path, authorization: `Bearer ${shape.adminTokens.get(club)!}` } : { path });
  }
  return sequence;
}

const STATUSES_OF = { live: ["live"], upcoming: ["scheduled"], vod: ["vod"] } as const;
const ORDER_OF = { live: "DESC", upcoming: "ASC", vod: "DESC" } as const;
type ListName = keyof typeof STATUSES_OF;

export const MATCH_COLUMNS = `id, status, starting_at, stopping_at, home_score, away_score, is_private, is_scheduled, is_training,
  create_summary, shared_opponent, camera_view, camera_player_tracking, camera_focus, configuration_id, live_hls_url,
  vod_hls_url, club_id, home_club_id, away_club_id, shared_with_club_id, field_id, home_team_id, away_team_id`;

/** The clubs, teams and fields the rows name, in three parallel queries (as the services load them). */
async function related(pool: pg.Pool, rows: Record<string, unknown>[]) {
  const ids = (cols: string[]) => [...new Set(rows.flatMap((r) => cols.map((c) => r[c])).filter((v) => v !== null))];
  const [clubs, teams, fields] = await Promise.all([
    pool.query("SELECT id, name, logo, timezone FROM clubs WHERE id = ANY($1)", [
      ids(["club_id", "home_club_id", "away_club_id", "shared_with_club_id"]),
    ]),
    pool.query("SELECT id, fullname FROM teams WHERE id = ANY($1)", [ids(["home_team_id", "away_team_id"])]),
    pool.query("SELECT id, name FROM fields WHERE id = ANY($1)", [ids(["field_id"])]),
  ]);
  return { clubs: clubs.rows, teams: teams.rows, fields: fields.rows };
}

/** A page of `where` (its parameters from $1) with its exact count. */
async function page(pool: pg.Pool, list: ListName | "recorded", where: string, params: unknown[], query: PageParams) {
  const statuses = list === "recorded" ? ["processing", "vod"] : STATUSES_OF[list];
  const order = list === "recorded" ? "DESC" : ORDER_OF[list];
  const limit = Number(query.limit ?? 20);
  const offset = (Number(query.page ?? 1) - 1) * limit;
  // Literal status lists, as Prisma sends them (an ANY($n) array parameter plans worse).
  const placeholders = statuses.map((_, i) => `$${params.length + i + 1}::"MatchStatus"`).join(", ");
  const condition = `status IN (${placeholders}) AND ${where}`;
  const [rows, count] = await Promise.all([
    pool.query(
      `SELECT ${MATCH_COLUMNS} FROM matches WHERE ${condition}
       ORDER BY starting_at ${order}, id ${order} LIMIT ${limit} OFFSET ${offset}`,
      [...params, ...statuses],
    ),
    pool.query(`SELECT count(*) FROM matches WHERE ${condition}`, [...params, ...statuses]),
  ]);
  return { data: rows.rows, ...(await related(pool, rows.rows)), total: Number(count.rows[0].count) };
}

interface PageParams {
  page?: string;
  limit?: string;
}

/** The club of the bearer token's user (null when anonymous), looked up as the server does. */
async function callerClub(pool: pg.Pool, authorization: string | undefined): Promise<number | null> {
  if (!authorization) return null;
  const { rows } = await pool.query(
    `SELECT t.*, u.scope, u.club_id FROM access_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
    [hashToken(authorization.slice("Bearer ".length))],
  );
  return rows[0]?.club_id ?? null;
}

const PRIVATE_OF_CLUB = (p: string) =>
  `(club_id = ${p} OR shared_with_club_id = ${p} OR (shared_opponent AND home_club_id = ${p})
    OR (shared_opponent AND away_club_id = ${p}))`;
const INVOLVING = (p: string) => `(club_id = ${p} OR home_club_id = ${p} OR away_club_id = ${p})`;
const DASHBOARD_OF_CLUB = (p: string) =>
  `(${PRIVATE_OF_CLUB(p)} OR (NOT is_private AND home_club_id = ${p}) OR (NOT is_private AND away_club_id = ${p}))`;

/** The mixed load's paths on the raw-pg baseline. */
export function mixedBaselineRoutes(app: FastifyInstance, pool: pg.Pool): void {
  app.get<{ Querystring: PageParams & { status: ListName; club?: string } }>("/v1/matches", async (request) => {
    const { status, club } = request.query;
    await callerClub(pool, request.headers.authorization);
    return club
      ? page(pool, status, `NOT is_private AND ${INVOLVING("$1")}`, [Number(club)], request.query)
      : page(pool, status, "NOT is_private", [], request.query);
  });
  app.get<{ Params: { id: string } }>("/v1/matches/:id", async (request) => {
    const club = await callerClub(pool, request.headers.authorization);
    const { rows } = await pool.query(
      `SELECT ${MATCH_COLUMNS} FROM matches WHERE id = $2 AND (NOT is_private OR ${PRIVATE_OF_CLUB("$1")})`,
      [club ?? 0, Number(request.params.id)],
    );
    return { data: rows[0], ...(await related(pool, rows)) };
  });
  const clubRoute = (path: string, list: ListName | "recorded", where: (p: string) => string) =>
    app.get<{ Params: { club: string }; Querystring: PageParams }>(`/v1/clubs/:club/${path}`, async (request) => {
      await callerClub(pool, request.headers.authorization);
      return page(pool, list, where("$1"), [Number(request.params.club)], request.query);
    });
  clubRoute("recorded", "recorded", PRIVATE_OF_CLUB);
  clubRoute("live-matches", "live", DASHBOARD_OF_CLUB);
  clubRoute("upcoming-matches", "upcoming", DASHBOARD_OF_CLUB);
  clubRoute("club-live-matches", "live", (p) => `NOT is_private AND ${INVOLVING(p)}`);
  clubRoute("club-upcoming-matches", "upcoming", (p) => `NOT is_private AND ${INVOLVING(p)}`);
}
