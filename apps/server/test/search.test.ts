import { beforeAll, describe, expect, it } from "vitest";
import { Prisma, type Club, type Team } from "@clubcast/db";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createClub, createMatch, createTeam, createUser } from "@clubcast/testkit/factories";
import { termsOf, userSearchSql } from "@clubcast/domain/search/service.ts";

const { t, http, cast } = useTestAppWithCast();

interface Fixture {
  sleeping: Club;
  teamA: Team;
  teamB: Team;
  publicMatch: number;
  privateOfA: number;
  privateOfB: number;
  sharedWithA: number;
}
let fx: Fixture;

/** The id of an on-demand match of `home` against `away`. */
async function matchBetween(home: Club, away: Club, data: { isPrivate?: boolean; sharedWith?: Club } = {}) {
  const match = await createMatch(t.deps.prisma, {
    clubId: home.id,
    awayClubId: away.id,
    isPrivate: data.isPrivate ?? false,
    sharedWithClubId: data.sharedWith?.id ?? null,
    status: "vod",
    startingAt: new Date("2026-05-01T14:00:00Z"),
  });
  return match.id;
}

beforeAll(async () => {
  const { prisma } = t.deps;
  const stranger = await createClub(prisma, { name: "Zulu Strangers" });
  fx = {
    sleeping: await createClub(prisma, { name: "Rovers Sleeping", activated: false }),
    teamA: await createTeam(prisma, cast.clubA.id, { fullname: "Rovers JO19", addition: "1" }),
    teamB: await createTeam(prisma, cast.clubB.id, { fullname: "Rovers Bravo Veterans" }),
    publicMatch: await matchBetween(cast.clubA, cast.clubB),
    privateOfA: await matchBetween(cast.clubA, stranger, { isPrivate: true }),
    privateOfB: await matchBetween(cast.clubB, stranger, { isPrivate: true }),
    sharedWithA: await matchBetween(stranger, cast.clubB, { isPrivate: true, sharedWith: cast.clubA }),
  };
  await prisma.user.update({ where: { id: cast.playerA.user.id }, data: { firstName: "Roxanne", lastName: "Rovers" } });
  await prisma.user.update({ where: { id: cast.adminB.user.id }, data: { firstName: "Robin", lastName: "Rovers" } });
});

const search = (query: string, token?: string) => http.post("/v1/search/all", { query }, token);
const ids = (list: { id: number }[]) => list.map((item) => item.id).sort((a, b) => a - b);

describe("POST /v1/search/all", () => {
  it("finds public matches and activated clubs for anonymous callers, never teams or users", async () => {
    const res = await search("rovers");
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(ids(body.clubs)).toEqual([cast.clubA.id]);
    expect(body.teams).toEqual([]);
    expect(body.users).toEqual([]);
    expect(ids(body.matches)).toEqual([fx.publicMatch]);
    expect(body.matches[0]).toEqual({
      id: fx.publicMatch,
      title: "Alpha Rovers – Bravo United",
      starting_at: { date: "2026-05-01T14:00:00.000Z", timezone: "Europe/Amsterdam" },
      status: "vod",
    });
    expect(body.clubs[0]).not.toHaveProperty("notification_email");
  });

  it("shows a player their club's teams and private matches, not other clubs' or any users", async () => {
    const body = (await search("rovers", cast.playerA.token)).json().data;
    expect(ids(body.teams)).toEqual([fx.teamA.id]);
    expect(body.users).toEqual([]);
    expect(ids(body.matches)).toEqual([fx.publicMatch, fx.privateOfA].sort((a, b) => a - b));
    const shared = (await search("zulu", cast.playerA.token)).json().data;
    expect(ids(shared.matches)).toEqual([fx.privateOfA, fx.sharedWithA].sort((a, b) => a - b));
    expect(ids(shared.clubs)).toHaveLength(1);
  });

  it("shows a club administrator their own club's users only", async () => {
    const body = (await search("rovers", cast.adminA.token)).json().data;
    expect(ids(body.users)).toEqual([cast.playerA.user.id]);
    expect(body.users[0]).toEqual({
      id: cast.playerA.user.id,
      email: cast.playerA.user.email,
      first_name: "Roxanne",
      last_name: "Rovers",
      scope: "player",
      club: { id: cast.clubA.id, name: "Alpha Rovers" },
    });
    const bravo = (await search("rovers", cast.adminB.token)).json().data;
    expect(ids(bravo.users)).toEqual([cast.adminB.user.id]);
    expect(ids(bravo.teams)).toEqual([fx.teamB.id]);
    expect(ids(bravo.matches)).not.toContain(fx.privateOfA);
  });

  it("shows system administrators everything", async () => {
    const body = (await search("rovers", cast.system.token)).json().data;
    expect(ids(body.clubs)).toEqual([cast.clubA.id, fx.sleeping.id].sort((a, b) => a - b));
    expect(ids(body.teams)).toEqual([fx.teamA.id, fx.teamB.id].sort((a, b) => a - b));
    expect(ids(body.users)).toEqual([cast.playerA.user.id, cast.adminB.user.id].sort((a, b) => a - b));
    const zulu = (await search("zulu", cast.system.token)).json().data;
    expect(ids(zulu.matches)).toEqual([fx.privateOfA, fx.privateOfB, fx.sharedWithA].sort((a, b) => a - b));
  });

  it("requires every word to match somewhere, case-insensitively, names or e-mail", async () => {
    const match = (await search("BRAVO alpha", cast.system.token)).json().data;
    expect(ids(match.matches)).toEqual([fx.publicMatch]);
    expect(match.clubs).toEqual([]);
    const team = (await search("jo19 1", cast.adminA.token)).json().data;
    expect(ids(team.teams)).toEqual([fx.teamA.id]);
    const user = (await search("roxanne rovers", cast.system.token)).json().data;
    expect(ids(user.users)).toEqual([cast.playerA.user.id]);
    const byEmail = (await search(cast.adminB.user.email.split("@")[0]!, cast.system.token)).json().data;
    expect(ids(byEmail.users)).toEqual([cast.adminB.user.id]);
  });

  it("takes LIKE wildcards literally and answers at most 10 of each", async () => {
    await createClub(t.deps.prisma, { name: "100% Hockey" });
    expect((await search("%", cast.system.token)).json().data.clubs.map((c: { name: string }) => c.name)).toEqual([
      "100% Hockey",
    ]);
    expect((await search("_", cast.system.token)).json().data.clubs).toEqual([]);
    for (let n = 0; n < 12; n++) await createClub(t.deps.prisma, { name: `Quebec ${n}` });
    for (let n = 0; n < 12; n++) await createUser(t.deps.prisma, { email: `quebec${n}@example.test` });
    const body = (await search("quebec", cast.system.token)).json().data;
    expect(body.clubs).toHaveLength(10);
    expect(body.users).toHaveLength(10);
  });

  it("answers 422 for an empty, blank, too long or missing query", async () => {
    for (const payload of [{ query: "" }, { query: "   " }, { query: "x".repeat(101) }, {}, { query: 42 }]) {
      const res = await http.post("/v1/search/all", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(["query"]);
    }
    const extra = await http.post("/v1/search/all", { query: "x", scope: "all" });
    expect(Object.keys(extra.json().errors)).toEqual(["scope"]);
  });

  it("searches users through the trigram index, e-mail included", async () => {
    // Tiny tables would be scanned anyway; forbidding that shows whether the index can serve the query.
    const plan = await t.deps.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN ${userSearchSql(termsOf("rov"), undefined)}`);
    });
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain("Bitmap Index Scan on users_name_email_trgm_idx");
  });

  it("answers the same over tRPC", async () => {
    const res = await http.mutation("search.all", { query: "rovers" }, cast.playerA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual((await search("rovers", cast.playerA.token)).json());
    expect((await http.mutation("search.all", { query: " " })).statusCode).toBe(422);
  });
});
