import { describe, expect, it } from "vitest";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createClub, createSport, createTeam } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();

const sportCount = () => t.deps.prisma.sport.count();

describe("GET /v1/sports and /v1/sports/{sport}", () => {
  it("lists every sport by name for anyone", async () => {
    await createSport(t.deps.prisma, "volleyball");
    await createSport(t.deps.prisma, "basketball");
    const res = await http.get("/v1/sports");
    expect(res.statusCode).toBe(200);
    const slugs = res.json().data.map((s: { slug: string }) => s.slug);
    expect(slugs).toEqual(expect.arrayContaining(["basketball", "football", "volleyball"]));
    expect(res.json().data).toHaveLength(await sportCount());
    const names = res.json().data.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
  });

  it("finds one sport by id or slug for anyone", async () => {
    const sport = await createSport(t.deps.prisma, "waterpolo");
    const expected = { id: sport.id, slug: "waterpolo", name: "waterpolo", type: "waterpolo" };
    expect((await http.get(`/v1/sports/${sport.id}`)).json().data).toEqual(expected);
    expect((await http.get("/v1/sports/WaterPolo")).json().data).toEqual(expected);
    const missing = await http.get("/v1/sports/curling");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("No sports found");
  });
});

describe("POST /v1/sports", () => {
  it("lets system administrators add a sport of one of the 13 types", async () => {
    const res = await http.post(
      "/v1/sports",
      { slug: "Beach-Volleyball", name: "Beach volleyball", type: "volleyball" },
      cast.system.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ slug: "beach-volleyball", name: "Beach volleyball", type: "volleyball" });
    expect(res.json().message).toBe("Sport created.");
    expect(await t.deps.prisma.sport.findUnique({ where: { slug: "beach-volleyball" } })).not.toBeNull();
  });

  it("answers 422 for a taken slug, a malformed slug and an unknown type, adding nothing", async () => {
    await createSport(t.deps.prisma, "rugby");
    const before = await sportCount();
    const cases: [object, string][] = [
      [{ slug: "rugby", name: "Rugby again", type: "rugby" }, "slug"],
      [{ slug: "two words", name: "X", type: "rugby" }, "slug"],
      [{ slug: "chess", name: "Chess", type: "chess" }, "type"],
      [{ slug: "nameless", type: "rugby" }, "name"],
    ];
    for (const [payload, field] of cases) {
      const res = await http.post("/v1/sports", payload, cast.system.token);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await http.post("/v1/sports", cases[0]![0], cast.system.token)).json().message).toBe(
      "The slug has already been taken.",
    );
    expect(await sportCount()).toBe(before);
  });

  it("is for system administrators only", async () => {
    const before = await sportCount();
    const payload = { slug: "futsal-x", name: "Futsal X", type: "futsal" };
    expect((await http.post("/v1/sports", payload)).statusCode).toBe(401);
    expect((await http.post("/v1/sports", payload, cast.adminA.token)).statusCode).toBe(403);
    expect((await http.post("/v1/sports", payload, cast.playerA.token)).statusCode).toBe(403);
    expect(await sportCount()).toBe(before);
  });
});

describe("GET /v1/sports/{sport}/teams", () => {
  it("lists a sport's teams in clubs of the given country", async () => {
    const hockey = await createSport(t.deps.prisma, "hockey");
    const dutch = await createClub(t.deps.prisma, { name: "Dutch Hockey" });
    const german = await createClub(t.deps.prisma, { name: "German Hockey" });
    await t.deps.prisma.club.update({ where: { id: german.id }, data: { country: "Germany", countryShort: "DE" } });
    const dutchTeam = await createTeam(t.deps.prisma, dutch.id, { fullname: "Dutch H1", sportId: hockey.id });
    const germanTeam = await createTeam(t.deps.prisma, german.id, { fullname: "German H1", sportId: hockey.id });
    await createTeam(t.deps.prisma, dutch.id, { fullname: "Dutch football" });

    const nl = await http.get("/v1/sports/hockey/teams?country=nl", cast.playerA.token);
    expect(nl.statusCode).toBe(200);
    expect(nl.json().data).toEqual([
      expect.objectContaining({ id: dutchTeam.id, fullname: "Dutch H1", club: { id: dutch.id, name: "Dutch Hockey" } }),
    ]);
    const de = await http.get(`/v1/sports/${hockey.id}/teams?country=DE`, cast.adminA.token);
    expect(de.json().data.map((team: { id: number }) => team.id)).toEqual([germanTeam.id]);
    const everywhere = await http.get("/v1/sports/hockey/teams", cast.adminA.token);
    expect(
      everywhere
        .json()
        .data.map((team: { id: number }) => team.id)
        .sort(),
    ).toEqual([dutchTeam.id, germanTeam.id].sort());
  });

  it("answers [] for no teams, 404 for an unknown sport, 422 for a malformed country, 401 anonymously", async () => {
    await createSport(t.deps.prisma, "icehockey");
    const none = await http.get("/v1/sports/icehockey/teams?country=NL", cast.playerA.token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: [], message: "No teams found" });
    expect((await http.get("/v1/sports/curling/teams", cast.playerA.token)).statusCode).toBe(404);
    const bad = await http.get("/v1/sports/hockey/teams?country=Netherlands", cast.playerA.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty("country");
    expect((await http.get("/v1/sports/hockey/teams?country=NL")).statusCode).toBe(401);
  });
});

describe("sports over tRPC", () => {
  it("applies the same rules as REST", async () => {
    const list = await http.query("sports.list", undefined);
    expect(list.json().result.data.data.length).toBe(await sportCount());
    const one = await http.query("sports.get", { sport: "football" });
    expect(one.json().result.data.data.slug).toBe("football");
    const forbidden = await http.mutation("sports.create", { slug: "x", name: "X", type: "futsal" }, cast.adminA.token);
    expect(forbidden.statusCode).toBe(403);
    const created = await http.mutation(
      "sports.create",
      { slug: "futsal", name: "Futsal", type: "futsal" },
      cast.system.token,
    );
    expect(created.json().result.data.data.type).toBe("futsal");
  });
});
