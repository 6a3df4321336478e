// Reading matches: the presenter, the one visibility rule, the public lists and
// the dashboard lists with their sections and club boundaries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createPool, createPrismaClient, type Match } from "@clubcast/db";
import { anonymousContext } from "@clubcast/domain/core/context.ts";
import { createReadCache } from "@clubcast/domain/core/read-cache.ts";
import { createMatchesService } from "@clubcast/domain/matches/service.ts";
import { createMember, type Member, useTestAppWithCast } from "@clubcast/testkit/api";
import { createClub, createField, createMatch, createSport, createTeam } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
let m: Record<string, Match>;
let clubmemberA: Member;
let schedulerPlayerA: Member;
let adminC: Member;
let clubCId: number;

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  const { prisma } = t.deps;
  const a = cast.clubA.id;
  const b = cast.clubB.id;
  const clubC = await createClub(prisma, { name: "Charlie Town" });
  clubCId = clubC.id;
  clubmemberA = await createMember(t, { scope: "clubmember", clubId: a });
  schedulerPlayerA = await createMember(t, { scope: "player", clubId: a, permissions: ["scheduler.all"] });
  adminC = await createMember(t, { scope: "club", clubId: clubC.id });

  const fieldA = await createField(prisma, a, { name: "Main pitch" });
  const hockey = await createSport(prisma, "hockey");
  const hockeyFieldB = await prisma.field.create({ data: { name: "Ice rink", clubId: b, sportId: hockey.id } });
  const homeTeam = await createTeam(prisma, a, { fullname: "Alpha 1" });
  const awayTeam = await createTeam(prisma, b, { fullname: "Bravo 1" });
  await prisma.club.update({ where: { id: b }, data: { logo: "https://cdn.test/bravo.png" } });

  const make = (data: Parameters<typeof createMatch>[1]) => createMatch(prisma, data);
  m = {
    aLive: await make({
      clubId: a,
      status: "live",
      startingAt: minutesFromNow(-30),
      fieldId: fieldA.id,
      awayClubId: b,
      homeTeamId: homeTeam.id,
      awayTeamId: awayTeam.id,
      homeScore: 2,
      awayScore: 1,
      liveHlsUrl: "https://cdn.test/live/1.m3u8",
    }),
    aLiveOlder: await make({ clubId: a, status: "live", startingAt: minutesFromNow(-60) }),
    aLivePrivate: await make({ clubId: a, status: "live", isPrivate: true, startingAt: minutesFromNow(-20) }),
    bLivePrivate: await make({ clubId: b, status: "live", isPrivate: true, startingAt: minutesFromNow(-25) }),
    bLiveSharedWithA: await make({
      clubId: b,
      status: "live",
      isPrivate: true,
      sharedWithClubId: a,
      startingAt: minutesFromNow(-35),
    }),
    bLiveOpponentA: await make({
      clubId: b,
      status: "live",
      isPrivate: true,
      awayClubId: a,
      sharedOpponent: true,
      startingAt: minutesFromNow(-40),
    }),
    bLiveOpponentHidden: await make({
      clubId: b,
      status: "live",
      isPrivate: true,
      awayClubId: a,
      startingAt: minutesFromNow(-45),
    }),
    aSoon: await make({ clubId: a, status: "scheduled", startingAt: minutesFromNow(60) }),
    aLater: await make({ clubId: a, status: "scheduled", startingAt: minutesFromNow(120) }),
    aUpcomingPrivate: await make({ clubId: a, status: "scheduled", isPrivate: true, startingAt: minutesFromNow(90) }),
    bUpcomingHockey: await make({
      clubId: b,
      status: "scheduled",
      fieldId: hockeyFieldB.id,
      startingAt: minutesFromNow(100),
    }),
    aVod: await make({ clubId: a, status: "vod", startingAt: minutesFromNow(-3000) }),
    aProcessing: await make({ clubId: a, status: "processing", isPrivate: true, startingAt: minutesFromNow(-200) }),
    bVodShared: await make({
      clubId: b,
      status: "vod",
      isPrivate: true,
      sharedWithClubId: a,
      startingAt: minutesFromNow(-1000),
    }),
    bVodPublic: await make({ clubId: b, status: "vod", startingAt: minutesFromNow(-500) }),
    aUnscheduled: await make({ clubId: a, status: "unscheduled", startingAt: minutesFromNow(5000) }),
  };
});

const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((match) => match.id);

describe("GET /v1/matches/{id}", () => {
  it("presents a match as spec section 3 describes it", async () => {
    const res = await http.get(`/v1/matches/${m.aLive!.id}`);
    expect(res.statusCode).toBe(200);
    const match = m.aLive!;
    const field = await t.deps.prisma.field.findUniqueOrThrow({ where: { id: match.fieldId! } });
    expect(res.json().data).toEqual({
      id: match.id,
      status: "live",
      list_status: "live",
      starting_at: { date: match.startingAt.toISOString(), timezone: "Europe/Amsterdam" },
      stopping_at: { date: match.stoppingAt.toISOString(), timezone: "Europe/Amsterdam" },
      home: {
        club: { id: cast.clubA.id, name: "Alpha Rovers", logo: null },
        team: { id: match.homeTeamId, fullname: "Alpha 1" },
        score: 2,
      },
      away: {
        club: { id: cast.clubB.id, name: "Bravo United", logo: "https://cdn.test/bravo.png" },
        team: { id: match.awayTeamId, fullname: "Bravo 1" },
        score: 1,
      },
      field: { id: field.id, name: "Main pitch" },
      club: { id: cast.clubA.id, name: "Alpha Rovers", timezone: "Europe/Amsterdam" },
      is_private: false,
      is_scheduled: false,
      is_training: false,
      create_summary: true,
      shared_with: { opponent: false, club: null },
      camera_view: "media",
      camera_player_tracking: "auto",
      camera_focus: "centre",
      configuration_id: null,
      recording_problem: null,
      awaiting_video: false,
      download_status: null,
      live_hls_url: "https://cdn.test/live/1.m3u8",
      vod_hls_url: null,
      poster_url: null,
      download_url: null,
    });
  });

  it("gives list_status null to statuses outside the public lists, and the sharing club by name", async () => {
    const unscheduled = await http.get(`/v1/matches/${m.aUnscheduled!.id}`);
    expect(unscheduled.json().data).toMatchObject({ status: "unscheduled", list_status: null });
    const shared = await http.get(`/v1/matches/${m.bVodShared!.id}`, cast.playerA.token);
    expect(shared.json().data.shared_with).toEqual({
      opponent: false,
      club: { id: cast.clubA.id, name: "Alpha Rovers" },
    });
  });

  it("answers 404 'No match found' for a private match to anonymous callers and players without a club", async () => {
    for (const token of [undefined, cast.loner.token]) {
      const res = await http.get(`/v1/matches/${m.aLivePrivate!.id}`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "No match found" });
    }
  });

  it("translates the 404 text", async () => {
    const res = await http.get(`/v1/matches/${m.aLivePrivate!.id}`, undefined, { "accept-language": "nl" });
    expect(res.json()).toEqual({ message: "Geen wedstrijd gevonden" });
  });

  it("shows private matches to their own club, the club shared with and the opponent shared with", async () => {
    const visibleToA = ["aLivePrivate", "aProcessing", "bLiveSharedWithA", "bVodShared", "bLiveOpponentA"];
    for (const name of visibleToA) {
      for (const member of [cast.playerA, clubmemberA, cast.adminA]) {
        expect((await http.get(`/v1/matches/${m[name]!.id}`, member.token)).statusCode, name).toBe(200);
      }
    }
    for (const name of ["bLivePrivate", "bLiveOpponentHidden"]) {
      const res = await http.get(`/v1/matches/${m[name]!.id}`, cast.adminA.token);
      expect(res.statusCode, name).toBe(404);
    }
  });

  it("hides a club's private matches from another club's admin and shows everything to system admins", async () => {
    expect((await http.get(`/v1/matches/${m.aLivePrivate!.id}`, cast.adminB.token)).statusCode).toBe(404);
    for (const match of Object.values(m)) {
      expect((await http.get(`/v1/matches/${match.id}`, cast.system.token)).statusCode).toBe(200);
    }
  });

  it("answers 404 for a match that doesn't exist and 422 for a malformed id", async () => {
    expect((await http.get("/v1/matches/999999", cast.system.token)).statusCode).toBe(404);
    const malformed = await http.get("/v1/matches/abc");
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toHaveProperty("id");
  });

  it("answers the same over tRPC", async () => {
    const rest = await http.get(`/v1/matches/${m.aLive!.id}`);
    const trpc = await http.query("matches.byId", { id: m.aLive!.id });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual(rest.json());
    const hidden = await http.query("matches.byId", { id: m.aLivePrivate!.id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe("No match found");
  });
});

describe("GET /v1/matches (public lists)", () => {
  it("lists public live matches, latest first, to anyone (signed-in callers get no private ones)", async () => {
    for (const token of [undefined, cast.adminA.token, cast.system.token]) {
      const res = await http.get("/v1/matches?status=live", token);
      expect(res.statusCode).toBe(200);
      expect(ids(res)).toEqual([m.aLive!.id, m.aLiveOlder!.id]);
    }
  });

  it("lists upcoming matches soonest first and on-demand ones latest first", async () => {
    const upcoming = await http.get("/v1/matches?status=upcoming");
    expect(ids(upcoming)).toEqual([m.aSoon!.id, m.bUpcomingHockey!.id, m.aLater!.id]);
    const vod = await http.get("/v1/matches?status=vod");
    expect(ids(vod)).toEqual([m.bVodPublic!.id, m.aVod!.id]);
  });

  it("filters by sport slug (of the match's field) and by club (owner or side)", async () => {
    expect(ids(await http.get("/v1/matches?status=upcoming&sport=hockey"))).toEqual([m.bUpcomingHockey!.id]);
    expect(ids(await http.get("/v1/matches?status=upcoming&sport=football"))).toEqual([]);
    expect(ids(await http.get(`/v1/matches?status=live&club=${cast.clubB.id}`))).toEqual([m.aLive!.id]);
  });

  it("pages with meta, and answers an empty page with 200 and the spec's 'No … found' text", async () => {
    const first = await http.get("/v1/matches?status=upcoming&page=1&limit=2");
    expect(ids(first)).toEqual([m.aSoon!.id, m.bUpcomingHockey!.id]);
    expect(first.json().meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3, from: 1, to: 2 });
    const second = await http.get("/v1/matches?status=upcoming&page=2&limit=2");
    expect(ids(second)).toEqual([m.aLater!.id]);
    expect(second.json().meta).toMatchObject({ from: 3, to: 3 });
    const beyond = await http.get("/v1/matches?status=upcoming&page=9&limit=2");
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual({
      data: [],
      message: "No upcoming matches found",
      meta: { current_page: 9, last_page: 2, per_page: 2, total: 3, from: null, to: null },
    });
    const noVod = await http.get(`/v1/matches?status=vod&club=${clubCId}`, undefined, { "accept-language": "nl" });
    expect(noVod.json()).toMatchObject({ data: [], message: "Geen opnames gevonden" });
  });

  it("answers 422 naming the field for a missing or unknown status, a limit over 100 and unknown parameters", async () => {
    for (const [query, field] of [
      ["", "status"],
      ["status=recorded", "status"],
      ["status=live&limit=101", "limit"],
      ["status=live&page=0", "page"],
      ["status=live&private=1", "private"],
    ] as const) {
      const res = await http.get(`/v1/matches?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors, query).toHaveProperty(field);
    }
  });

  it("answers the same over tRPC", async () => {
    const rest = await http.get("/v1/matches?status=upcoming&limit=2");
    const trpc = await http.query("matches.list", { status: "upcoming", limit: 2 });
    expect(trpc.json().result.data).toEqual(rest.json());
  });
});

describe("the list queries", () => {
  let logged: { query: string; params: unknown[] }[] = [];
  /** A pool that logs every statement sent through it, by Prisma or as raw SQL. */
  class LoggingPool extends pg.Pool {
    // pg's overloads make a faithful override signature unwieldy; the calls here pass text or a config, then values.
    override query(...args: unknown[]): never {
      const [config, values] = args as [string | pg.QueryConfig, unknown[] | undefined];
      const query = typeof config === "string" ? config : config.text;
      logged.push({ query, params: (typeof config === "string" ? values : (config.values ?? values)) ?? [] });
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  }
  let loggingPool: LoggingPool;
  let service: ReturnType<typeof createMatchesService>;
  beforeAll(() => {
    loggingPool = new LoggingPool({ connectionString: t.config.databaseUrl, max: 2 });
    // Without the read cache: every call shows the SQL it runs, whatever earlier tests asked.
    const readCache = createReadCache(createPool(t.config.databaseUrl), { enabled: false, maxEntries: 100 });
    const prisma = createPrismaClient(t.config.databaseUrl, { pool: loggingPool });
    service = createMatchesService({ ...t.deps, prisma, pool: loggingPool, readCache }, t.services);
  });
  afterAll(() => loggingPool.end());

  const asSystem = () => ({ ...anonymousContext(), user: systemUser() });
  const asAdminA = () => ({
    ...anonymousContext(),
    user: { ...systemUser(), id: cast.adminA.user.id, scope: "club" as const, clubId: cast.clubA.id },
  });
  /** The SQL one service call ran. */
  async function sqlOf(call: () => Promise<unknown>) {
    logged = [];
    await call();
    return logged;
  }

  it("are one SQL statement whatever the page size (no N+1)", async () => {
    const one = await sqlOf(() => service.liveStreams({ page: 1, limit: 1 }, asSystem()));
    const seven = await sqlOf(() => service.liveStreams({ page: 1, limit: 20 }, asSystem()));
    // The page, its clubs, teams and fields, and its total together.
    expect(one).toHaveLength(1);
    expect(seven).toHaveLength(1);
  });

  it("read the matches through an index, ordered by starting_at", async () => {
    const page = { page: 1, limit: 20 };
    const lists = {
      publicVod: () => service.list({ status: "vod", ...page }, anonymousContext()),
      publicUpcomingOfClub: () =>
        service.list({ status: "upcoming", club: cast.clubA.id, ...page }, anonymousContext()),
      streams: () => service.upcomingStreams(page, asSystem()),
      clubLive: () => service.clubLive(cast.clubA.id, page, asAdminA()),
      clubUnscheduled: () => service.clubUnscheduled(cast.clubA.id, page, asAdminA()),
      clubRecorded: () => service.clubRecorded(cast.clubA.id, page, asAdminA()),
    };
    for (const [name, call] of Object.entries(lists)) {
      const pageQuery = (await sqlOf(call)).find((q) => /FROM matches m WHERE [^]*ORDER BY/.test(q.query));
      expect(pageQuery, name).toBeDefined();
      expect(pageQuery!.query, name).toMatch(/ORDER BY u\.starting_at/);
      // The test tables are tiny; forbid sequential scans to see whether an index can serve the query at all.
      const [explained] = await t.deps.prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
        return tx.$queryRawUnsafe<{ "QUERY PLAN": PlanNode[] }[]>(
          `EXPLAIN (FORMAT JSON) ${pageQuery!.query}`,
          ...pageQuery!.params,
        );
      });
      const scans = scansOf(explained!["QUERY PLAN"][0]!.Plan).filter(
        (node) => node["Relation Name"] === "matches" || node["Index Name"]?.startsWith("matches_"),
      );
      expect(scans.length, name).toBeGreaterThan(0);
      expect(
        scans.map((node) => node["Node Type"]),
        name,
      ).not.toContain("Seq Scan");
    }
  });
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
  Plan: PlanNode;
}

function scansOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(scansOf)];
}

function systemUser() {
  return {
    id: cast.system.user.id,
    email: cast.system.user.email,
    scope: "system" as const,
    clubId: null,
    teamIds: [],
    permissions: [],
  };
}

describe("GET /v1/live-matches and /v1/upcoming-matches (Streams page)", () => {
  it("lists every match, private ones included, for system admins, 10 a page by default", async () => {
    const live = await http.get("/v1/live-matches", cast.system.token);
    expect(live.statusCode).toBe(200);
    expect(live.json().meta).toMatchObject({ per_page: 10, total: 7 });
    expect(ids(live)).toEqual([
      m.aLivePrivate!.id,
      m.bLivePrivate!.id,
      m.aLive!.id,
      m.bLiveSharedWithA!.id,
      m.bLiveOpponentA!.id,
      m.bLiveOpponentHidden!.id,
      m.aLiveOlder!.id,
    ]);
    const upcoming = await http.get("/v1/upcoming-matches?limit=2", cast.system.token);
    expect(ids(upcoming)).toEqual([m.aSoon!.id, m.aUpcomingPrivate!.id]);
  });

  it("lists a club admin's own club's streams (theirs, shared with and against them), private ones included", async () => {
    const live = await http.get("/v1/live-matches", cast.adminA.token);
    expect(live.statusCode).toBe(200);
    expect(ids(live)).toEqual([
      m.aLivePrivate!.id,
      m.aLive!.id,
      m.bLiveSharedWithA!.id,
      m.bLiveOpponentA!.id,
      m.aLiveOlder!.id,
    ]);
    const trpc = await http.query("matches.liveStreams", {}, cast.adminA.token);
    expect(trpc.statusCode).toBe(200);
  });

  it("is the 'streams' section: 401 anonymous, 403 for trainers and players", async () => {
    expect((await http.get("/v1/live-matches")).statusCode).toBe(401);
    for (const member of [cast.trainerA, cast.playerA]) {
      expect((await http.get("/v1/upcoming-matches", member.token)).statusCode).toBe(403);
    }
    const trpc = await http.query("matches.liveStreams", {}, cast.trainerA.token);
    expect(trpc.statusCode).toBe(403);
  });
});

describe("GET /v1/clubs/{id}/live-matches and /upcoming-matches (members)", () => {
  it("lists the club's matches including private ones and those shared with it", async () => {
    for (const member of [cast.playerA, clubmemberA, cast.trainerA, cast.adminA, cast.system]) {
      const live = await http.get(`/v1/clubs/${cast.clubA.id}/live-matches`, member.token);
      expect(live.statusCode).toBe(200);
      expect(ids(live)).toEqual([
        m.aLivePrivate!.id,
        m.aLive!.id,
        m.bLiveSharedWithA!.id,
        m.bLiveOpponentA!.id,
        m.aLiveOlder!.id,
      ]);
    }
    const upcoming = await http.get(`/v1/clubs/${cast.clubA.id}/upcoming-matches`, cast.playerA.token);
    expect(ids(upcoming)).toEqual([m.aSoon!.id, m.aUpcomingPrivate!.id, m.aLater!.id]);
  });

  it("answers 404 to another club's admin and to players without a club, 401 anonymous", async () => {
    for (const member of [cast.adminB, cast.loner]) {
      const res = await http.get(`/v1/clubs/${cast.clubA.id}/live-matches`, member.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "No club found" });
    }
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/upcoming-matches`)).statusCode).toBe(401);
  });

  it("answers an empty list with 200 and the spec's 'No … found' texts for a club without such matches", async () => {
    const live = await http.get(`/v1/clubs/${clubCId}/live-matches`, adminC.token);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({
      data: [],
      message: "No live matches found",
      meta: { current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null },
    });
    const upcoming = await http.get(`/v1/clubs/${clubCId}/upcoming-matches`, adminC.token);
    expect(upcoming.statusCode).toBe(200);
    expect(upcoming.json()).toMatchObject({ data: [], message: "No upcoming matches found" });
  });

  it("answers 404 'No club found' to a system admin for a club that doesn't exist", async () => {
    const res = await http.get("/v1/clubs/999999/live-matches", cast.system.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "No club found" });
  });

  it("answers the same over tRPC", async () => {
    const rest = await http.get(`/v1/clubs/${cast.clubA.id}/live-matches?limit=2`, cast.playerA.token);
    const trpc = await http.query("matches.clubLive", { club: cast.clubA.id, limit: 2 }, cast.playerA.token);
    expect(trpc.json().result.data).toEqual(rest.json());
  });
});

describe("GET /v1/clubs/{id}/club-live-matches and /club-upcoming-matches (public club page)", () => {
  it("lists a club's public matches to anyone, and an empty list with 200", async () => {
    for (const token of [undefined, cast.adminB.token]) {
      const live = await http.get(`/v1/clubs/${cast.clubA.id}/club-live-matches`, token);
      expect(live.statusCode).toBe(200);
      expect(ids(live)).toEqual([m.aLive!.id, m.aLiveOlder!.id]);
    }
    const upcoming = await http.get(`/v1/clubs/${cast.clubA.id}/club-upcoming-matches`);
    expect(ids(upcoming)).toEqual([m.aSoon!.id, m.aLater!.id]);
    const empty = await http.get(`/v1/clubs/${clubCId}/club-upcoming-matches`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ data: [], message: "No upcoming matches found" });
    const trpc = await http.query("matches.clubPublicUpcoming", { club: cast.clubA.id });
    expect(trpc.json().result.data).toEqual(upcoming.json());
  });
});

describe("GET /v1/clubs/{id}/un-scheduled-matches (scheduler)", () => {
  it("lists the club's unscheduled matches for its admin, system admins and holders of scheduler.all", async () => {
    for (const member of [cast.adminA, cast.system, schedulerPlayerA]) {
      const res = await http.get(`/v1/clubs/${cast.clubA.id}/un-scheduled-matches`, member.token);
      expect(res.statusCode).toBe(200);
      expect(ids(res)).toEqual([m.aUnscheduled!.id]);
    }
  });

  it("answers 403 to players and trainers, 404 to another club's admin, 401 anonymous", async () => {
    for (const member of [cast.playerA, cast.trainerA, clubmemberA]) {
      expect((await http.get(`/v1/clubs/${cast.clubA.id}/un-scheduled-matches`, member.token)).statusCode).toBe(403);
    }
    const other = await http.get(`/v1/clubs/${cast.clubA.id}/un-scheduled-matches`, cast.adminB.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "No club found" });
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/un-scheduled-matches`)).statusCode).toBe(401);
  });

  it("answers 200 'No unscheduled matches found' when there are none", async () => {
    const res = await http.get(`/v1/clubs/${cast.clubB.id}/un-scheduled-matches`, cast.adminB.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], message: "No unscheduled matches found" });
  });
});

describe("GET /v1/clubs/{id}/recorded", () => {
  it("lists processing and on-demand matches owned by or shared with the club, latest first", async () => {
    for (const member of [cast.playerA, clubmemberA, cast.adminA, cast.system]) {
      const res = await http.get(`/v1/clubs/${cast.clubA.id}/recorded`, member.token);
      expect(res.statusCode).toBe(200);
      expect(ids(res)).toEqual([m.aProcessing!.id, m.bVodShared!.id, m.aVod!.id]);
    }
  });

  it("answers 404 to another club's admin, 401 anonymous, and 200 'No recorded found' when empty", async () => {
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/recorded`, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/recorded`)).statusCode).toBe(401);
    const empty = await http.get(`/v1/clubs/${clubCId}/recorded`, adminC.token);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ data: [], message: "No recorded found" });
    const trpc = await http.query("matches.clubRecorded", { club: clubCId }, adminC.token);
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual(empty.json());
  });
});
