// `npm run bench:api`: 100,000 matches, then the two heaviest public and club
// lists under 50 connections, through the real server (Fastify + services +
// Prisma) three ways: as it runs (read cache on), while scores are updated 10
// times a second (every cached list page outdated that often), and with
// READ_CACHE=off (every request queries the database). The baseline, in the same
// run, is the same SQL through raw pg in a minimal Fastify route. Prints req/s,
// p50/p99 and the ratio to the baseline. BENCH_API_PARTS (comma-separated, of
// lists, mixed, scale; all by default) runs only some parts: the 1M seeding
// alone takes minutes, too long to measure one change of the mixed load.
import Fastify from "fastify";
import { RECORDED_MATCH_STATUSES } from "@clubcast/shared";
import pg from "pg";
import type { AddressInfo } from "node:net";
import { loadConfig } from "@clubcast/settings";
import { closeDeps, createDeps } from "@clubcast/domain/deps.ts";
import { createServices } from "@clubcast/domain/services.ts";
import { buildApp } from "../src/app.ts";
import { hashToken } from "@clubcast/domain/auth/tokens.ts";
import { dropDatabase, freshMigratedDatabase, printTable } from "@clubcast/testkit/bench";
import { load, type LoadResult } from "./load.ts";
import { DEEPEST_PAGE, MATCH_COLUMNS, mixedBaselineRoutes, mixedSequence } from "./mixed.ts";

const DATABASE = "clubcast_bench_api";
const MATCHES = 100_000;
const CLUBS = 50;
const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const MIXED_SEQUENCE_LENGTH = 20_000;
const PARTS = ["lists", "mixed", "scale"] as const;
const parts = new Set(process.env.BENCH_API_PARTS?.split(",") ?? PARTS);
for (const part of parts) {
  if (!PARTS.includes(part as (typeof PARTS)[number])) {
    throw new Error(`BENCH_API_PARTS: unknown part "${part}" (known: ${PARTS.join(", ")})`);
  }
}

/** A fresh migrated database `name` with `matches` seeded matches; returns its URL. */
async function seededDatabase(name: string, matches: number): Promise<string> {
  console.log(`Seeding ${matches.toLocaleString("en")} matches into ${name}…`);
  const url = await freshMigratedDatabase(name);
  const pool = new pg.Pool({ connectionString: url });
  await seed(pool, matches);
  await pool.end();
  return url;
}

async function seed(pool: pg.Pool, matches: number): Promise<void> {
  await pool.query(`INSERT INTO sports (slug, name, type) VALUES ('football', 'Football', 'football')`);
  await pool.query(
    `INSERT INTO clubs (name, sport_id, updated_at) SELECT 'Bench club ' || i, 1, now() FROM generate_series(1, $1) i`,
    [CLUBS],
  );
  await pool.query(`INSERT INTO fields (name, club_id, sport_id) SELECT 'Main field', id, 1 FROM clubs`);
  await pool.query(
    `INSERT INTO teams (club_id, fullname, sport_id) SELECT id, name || ' ' || t, 1 FROM clubs, generate_series(1, 2) t`,
  );
  // Statuses weighted like a living platform: mostly on demand, some upcoming, a few live.
  // The read cache's per-row version trigger is off while seeding a database no server reads yet
  // (a million deferred trigger events otherwise); the list counters' statement triggers stay on.
  await pool.query(`ALTER TABLE matches DISABLE TRIGGER matches_bump_match_lists`);
  await pool.query(
    `INSERT INTO matches (club_id, home_club_id, away_club_id, home_team_id, away_team_id, field_id,
                          starting_at, stopping_at, is_private, status, home_score, away_score, updated_at)
     SELECT c, c, a, c * 2 - 1, a * 2, c,
            now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval + interval '90 minutes',
            i % 10 = 0,
            (CASE WHEN i % 100 < 60 THEN 'vod' WHEN i % 100 < 65 THEN 'processing' WHEN i % 100 < 85 THEN 'scheduled'
                  WHEN i % 100 < 86 THEN 'live' ELSE 'unscheduled' END)::"MatchStatus",
            i % 5, i % 3, now()
     FROM (SELECT i, 1 + i % $2 AS c, 1 + (i * 7 + 3) % $2 AS a FROM generate_series(1, $1) i) s`,
    [matches, CLUBS],
  );
  await pool.query(`ALTER TABLE matches ENABLE TRIGGER matches_bump_match_lists`);
  // A steady-state table as autovacuum leaves it: statistics and a visibility map for index-only counts.
  await pool.query("VACUUM ANALYZE");
}

/** The baseline: the same statements the services run, over raw pg, answered as plain rows. */
async function startBaseline(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const app = Fastify({ logger: false });
  async function page(where: string, params: unknown[], order: string) {
    const [rows, count] = await Promise.all([
      pool.query(
        `SELECT ${MATCH_COLUMNS} FROM matches WHERE ${where} ORDER BY starting_at ${order}, id ${order} LIMIT 20 OFFSET 0`,
        params,
      ),
      pool.query(`SELECT count(*) FROM matches WHERE ${where}`, params),
    ]);
    const ids = (cols: string[]) => [
      ...new Set(rows.rows.flatMap((r) => cols.map((c) => r[c])).filter((v) => v !== null)),
    ];
    const [clubs, teams, fields] = await Promise.all([
      pool.query("SELECT id, name, logo, timezone FROM clubs WHERE id = ANY($1)", [
        ids(["club_id", "home_club_id", "away_club_id", "shared_with_club_id"]),
      ]),
      pool.query("SELECT id, fullname FROM teams WHERE id = ANY($1)", [ids(["home_team_id", "away_team_id"])]),
      pool.query("SELECT id, name FROM fields WHERE id = ANY($1)", [ids(["field_id"])]),
    ]);
    return {
      data: rows.rows,
      clubs: clubs.rows,
      teams: teams.rows,
      fields: fields.rows,
      total: Number(count.rows[0].count),
    };
  }
  // Literal status lists, as Prisma sends them (an ANY($1) array parameter plans worse).
  app.get("/vod", () => page(`status IN ($1::"MatchStatus") AND is_private = false`, ["vod"], "DESC"));
  app.get<{ Params: { club: string } }>("/clubs/:club/recorded", async (request) => {
    const token = (request.headers.authorization ?? "").slice("Bearer ".length);
    await pool.query(
      `SELECT t.*, u.scope, u.club_id FROM access_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
      [hashToken(token)],
    );
    const club = Number(request.params.club);
    const recorded = RECORDED_MATCH_STATUSES.map((_, i) => `$${i + 2}::"MatchStatus"`).join(", ");
    return page(
      `status IN (${recorded}) AND (club_id = $1 OR shared_with_club_id = $1
        OR (shared_opponent AND home_club_id = $1) OR (shared_opponent AND away_club_id = $1))`,
      [club, ...RECORDED_MATCH_STATUSES],
      "DESC",
    );
  });
  mixedBaselineRoutes(app, pool);
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => (await app.close(), await pool.end()),
  };
}

const WRITES_PER_SECOND = 10;

/**
 * A busy match day: the newest on-demand match of club 1 (first on both lists)
 * gets a new score every 1/WRITES_PER_SECOND s, so every list page the read
 * cache holds is outdated that often (their totals are not). Returns a function
 * that stops it.
 */
function keepWritingScores(url: string): () => Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const write = () =>
    pool.query(
      `UPDATE matches SET home_score = (home_score + 1) % 10 WHERE id = (
         SELECT id FROM matches WHERE club_id = 1 AND status = 'vod' ORDER BY starting_at DESC, id DESC LIMIT 1)`,
    );
  const timer = setInterval(() => void write(), 1000 / WRITES_PER_SECOND);
  return async () => {
    clearInterval(timer);
    await pool.end();
  };
}

/** The real server over the bench database, with its read cache on or off. */
async function startServer(url: string, readCache: boolean) {
  const deps = createDeps({ ...loadConfig(), databaseUrl: url, redisPrefix: "bench-api:", readCache });
  const { app } = await buildApp(deps);
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    deps,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => (await app.close(), await closeDeps(deps)),
  };
}

/**
 * The mixed load (bench/mixed.ts) on the baseline and on the server with its
 * read cache on and off, with the server process's peak memory.
 */
async function mixedLoad(
  url: string,
  targets: Record<"baseline" | "cached" | "uncached", string>,
  adminTokens: Map<number, string>,
) {
  const sequence = mixedSequence(
    { matches: MATCHES, clubs: CLUBS, adminTokens, isPrivate: (id) => id % 10 === 0 },
    MIXED_SEQUENCE_LENGTH,
  );
  const runs = [
    { name: "raw pg baseline", url: targets.baseline },
    { name: "Clubcast server", url: targets.cached },
    { name: "Clubcast server, READ_CACHE=off", url: targets.uncached },
  ];
  const results: LoadResult[] = [];
  for (const run of runs) {
    // The warm-up sends the first part of the same sequence (the cache fills as on a real first visit).
    await load("warm-up", run.url, { connections: 10, durationSeconds: 2, sequence });
    results.push(
      await load(run.name, run.url, { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, sequence }),
    );
  }
  const [base, cached, uncached] = results as [LoadResult, LoadResult, LoadResult];
  printTable(
    `Mixed load: ${MATCHES.toLocaleString("en")} matches, ${CLUBS} clubs, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each; ` +
      `${MIXED_SEQUENCE_LENGTH.toLocaleString("en")} requests in one seeded order (lists up to page ${DEEPEST_PAGE}, club lists, details; half signed in as club admins)`,
    ["implementation", "req/s", "p50 ms", "p99 ms", "errors", "vs baseline", "peak RSS MB (bench process)"],
    results.map((r) => [
      r.name,
      r.requestsPerSecond.toFixed(0),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.errors,
      `${((r.requestsPerSecond / base.requestsPerSecond) * 100).toFixed(0)}%`,
      r.peakRssMegabytes.toFixed(0),
    ]),
  );
  const uncachedMet = uncached.requestsPerSecond >= base.requestsPerSecond * 1.5 && uncached.errors === 0;
  const cachedMet = cached.p99 < 50 && cached.errors === 0;
  console.log(
    `Mixed load, READ_CACHE=off (target: ≥ 150% of baseline throughput, no errors): ${uncachedMet ? "met" : "NOT met"}`,
  );
  console.log(`Mixed load, read cache on (target: p99 < 50 ms, no errors): ${cachedMet ? "met" : "NOT met"}`);
  console.log(
    `Server memory under the mixed load: peak RSS ${Math.max(cached.peakRssMegabytes, uncached.peakRssMegabytes).toFixed(0)} MB ` +
      "(the bench process: both servers, their pools and caches, and autocannon's load thread)",
  );
}

const SCALE_MATCHES = 1_000_000;
const SCALE_CONNECTIONS = 10;

/**
 * A list page at 1,000,000 matches against the same page at 100,000, with the read
 * cache off (each request reads the database): page 1 and page 500 of the public
 * on-demand list. Scale should barely show: the page is found on the index and
 * the total is a counter read.
 */
async function listPageAtScale(smallServer: string) {
  const database = `${DATABASE}_1m`;
  const url = await seededDatabase(database, SCALE_MATCHES);
  const big = await startServer(url, false);
  const rows: (string | number)[][] = [];
  const verdicts: string[] = [];
  for (const page of [1, DEEPEST_PAGE]) {
    const path = `/v1/matches?status=vod&page=${page}&limit=20`;
    const results: LoadResult[] = [];
    for (const [name, server] of [
      [MATCHES.toLocaleString("en"), smallServer],
      [SCALE_MATCHES.toLocaleString("en"), big.url],
    ] as const) {
      await load("warm-up", `${server}${path}`, { connections: SCALE_CONNECTIONS, durationSeconds: 2 });
      results.push(
        await load(name, `${server}${path}`, { connections: SCALE_CONNECTIONS, durationSeconds: DURATION_SECONDS }),
      );
    }
    const [small, large] = results as [LoadResult, LoadResult];
    for (const r of results) {
      rows.push([path, r.name, r.requestsPerSecond.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), r.errors]);
    }
    const met = large.requestsPerSecond * 1.5 >= small.requestsPerSecond && large.errors === 0;
    verdicts.push(
      `page ${page}: ${SCALE_MATCHES.toLocaleString("en")} matches at ${(small.requestsPerSecond / large.requestsPerSecond).toFixed(2)}× ` +
        `the cost of ${MATCHES.toLocaleString("en")} (target ≤ 1.5×): ${met ? "met" : "NOT met"}`,
    );
  }
  printTable(
    `List page at scale, READ_CACHE=off, ${SCALE_CONNECTIONS} connections, ${DURATION_SECONDS} s each (cost = 1 / req/s)`,
    ["page", "matches", "req/s", "p50 ms", "p99 ms", "errors"],
    rows,
  );
  for (const verdict of verdicts) console.log(verdict);
  await big.close();
  await dropDatabase(database);
}

async function main() {
  const url = await seededDatabase(DATABASE, MATCHES);

  const cached = await startServer(url, true);
  const uncached = await startServer(url, false);
  const adminTokens = new Map<number, string>();
  for (let club = 1; club <= CLUBS; club++) {
    const admin = await cached.deps.prisma.user.create({
      data: {
        email: `bench-admin-${club}@example.test`,
        passwordHash: "-",
        firstName: "Bench",
        lastName: "Admin",
        scope: "club",
        clubId: club,
      },
    });
    const { access_token } = await createServices(cached.deps).auth.issueToken({ userId: admin.id });
    adminTokens.set(club, access_token);
  }
  const baseline = await startBaseline(url);
  const servers = { baseline: baseline.url, cached: cached.url, uncached: uncached.url };

  if (parts.has("lists")) await listEndpoints(url, servers, adminTokens.get(1)!);
  if (parts.has("mixed")) await mixedLoad(url, servers, adminTokens);
  if (parts.has("scale")) await listPageAtScale(uncached.url);

  await cached.close();
  await uncached.close();
  await baseline.close();
  await dropDatabase(DATABASE);
}

/** The two heaviest lists, one URL each, on the baseline and the server in its three ways. */
async function listEndpoints(url: string, servers: Record<"baseline" | "cached" | "uncached", string>, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const endpoints = [
    {
      name: "GET /v1/matches?status=vod&page=1&limit=20",
      path: "/v1/matches?status=vod&page=1&limit=20",
      base: "/vod",
      headers: {},
    },
    { name: "GET /v1/clubs/1/recorded", path: "/v1/clubs/1/recorded", base: "/clubs/1/recorded", headers: auth },
  ];
  const rows: (string | number)[][] = [];
  const verdicts: string[] = [];
  for (const endpoint of endpoints) {
    const targets = [
      { name: "raw pg baseline", url: `${servers.baseline}${endpoint.base}` },
      { name: "Clubcast server", url: `${servers.cached}${endpoint.path}` },
      {
        name: `Clubcast server, ${WRITES_PER_SECOND} score updates/s`,
        url: `${servers.cached}${endpoint.path}`,
        writes: true,
      },
      { name: "Clubcast server, READ_CACHE=off", url: `${servers.uncached}${endpoint.path}` },
    ];
    const results: LoadResult[] = [];
    for (const target of targets) {
      // Warm up (connections, JIT, the read cache) before measuring.
      await load("warm-up", target.url, { connections: 10, durationSeconds: 2, headers: endpoint.headers });
      const stopWriting = target.writes ? keepWritingScores(url) : null;
      results.push(
        await load(target.name, target.url, {
          connections: CONNECTIONS,
          durationSeconds: DURATION_SECONDS,
          headers: endpoint.headers,
        }),
      );
      await stopWriting?.();
    }
    const base = results[0]!;
    for (const r of results) {
      const ratio = `${((r.requestsPerSecond / base.requestsPerSecond) * 100).toFixed(0)}%`;
      rows.push([
        endpoint.name,
        r.name,
        r.requestsPerSecond.toFixed(0),
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        r.errors,
        ratio,
      ]);
    }
    for (const r of results.slice(1)) {
      const met = r.requestsPerSecond >= base.requestsPerSecond / 2 && r.p99 < 50 && r.errors === 0;
      verdicts.push(`${endpoint.name}, ${r.name}: target ${met ? "met" : "NOT met"}`);
    }
  }
  printTable(
    `API list benchmark: ${MATCHES.toLocaleString("en")} matches, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each (target: ≥ 50% of baseline throughput, p99 < 50 ms)`,
    ["endpoint", "implementation", "req/s", "p50 ms", "p99 ms", "errors", "vs baseline"],
    rows,
  );
  for (const verdict of verdicts) console.log(verdict);
}

await main();
