import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { teamName } from "@clubcast/shared";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createClub, createSport, createTeam, createUser } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();

const teamCount = () => t.deps.prisma.team.count();

describe("GET /v1/clubs/{id}/teams", () => {
  it("lists the club's teams for its members, optionally without custom teams", async () => {
    const first = await createTeam(t.deps.prisma, cast.clubA.id, { fullname: "Alpha 1" });
    const custom = await createTeam(t.deps.prisma, cast.clubA.id, { fullname: "Alpha friends", isCustom: true });
    const theirs = await createTeam(t.deps.prisma, cast.clubB.id, { fullname: "Bravo 1" });

    const res = await http.get(`/v1/clubs/${cast.clubA.id}/teams`, cast.playerA.token);
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((team: { id: number }) => team.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, custom.id]));
    expect(ids).not.toContain(theirs.id);
    expect(res.json().data.find((team: { id: number }) => team.id === first.id)).toEqual({
      id: first.id,
      fullname: "Alpha 1",
      addition: null,
      parent: null,
      sport: expect.objectContaining({ slug: "football" }),
      is_custom: false,
      club: { id: cast.clubA.id, name: "Alpha Rovers" },
    });

    const regular = await http.get(`/v1/clubs/${cast.clubA.id}/teams?is_custom=false`, cast.adminA.token);
    expect(regular.json().data.map((team: { id: number }) => team.id)).not.toContain(custom.id);
    expect(regular.json().data.every((team: { is_custom: boolean }) => !team.is_custom)).toBe(true);
    const onlyCustom = await http.get(`/v1/clubs/${cast.clubA.id}/teams?is_custom=true`, cast.adminA.token);
    expect(onlyCustom.json().data.map((team: { id: number }) => team.id)).toEqual([custom.id]);
  });

  it("hides other clubs' teams (404), answers [] with 'No teams found' for none, needs sign-in and a valid filter", async () => {
    const other = await http.get(`/v1/clubs/${cast.clubB.id}/teams`, cast.adminA.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("No club found");
    const empty = await createClub(t.deps.prisma);
    const emptyList = await http.get(`/v1/clubs/${empty.id}/teams`, cast.system.token);
    expect(emptyList.statusCode).toBe(200);
    expect(emptyList.json()).toEqual({ data: [], message: "No teams found" });
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/teams`)).statusCode).toBe(401);
    const bad = await http.get(`/v1/clubs/${cast.clubA.id}/teams?is_custom=maybe`, cast.adminA.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty("is_custom");
  });
});

describe("POST /v1/clubs/{id}/teams", () => {
  it("adds a team from the add-team lightbox, with the club's sport by default", async () => {
    const parent = await createTeam(t.deps.prisma, cast.clubA.id, { fullname: "Alpha seniors" });
    const res = await http.post(
      `/v1/clubs/${cast.clubA.id}/teams`,
      { fullname: "Alpha JO19", addition: "1", parent: parent.id },
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Team created.");
    expect(res.json().data).toMatchObject({
      fullname: "Alpha JO19",
      addition: "1",
      parent: { id: parent.id, fullname: "Alpha seniors" },
      sport: { id: cast.clubA.sportId },
      is_custom: false,
      club: { id: cast.clubA.id },
    });

    const hockey = await createSport(t.deps.prisma, "hockey");
    const custom = await http.post(
      `/v1/clubs/${cast.clubA.id}/teams`,
      { fullname: "Hockey friends", sport: hockey.id, is_custom: true },
      cast.system.token,
    );
    expect(custom.json().data).toMatchObject({ sport: { type: "hockey" }, is_custom: true });
  });

  it("answers 422 naming the field, adding nothing", async () => {
    const foreignParent = await createTeam(t.deps.prisma, cast.clubB.id);
    const before = await teamCount();
    const cases: [object, string][] = [
      [{}, "fullname"],
      [{ fullname: "X", parent: foreignParent.id }, "parent"],
      [{ fullname: "X", sport: 999999 }, "sport"],
      [{ fullname: "X", colour: "red" }, "colour"],
    ];
    for (const [payload, field] of cases) {
      const res = await http.post(`/v1/clubs/${cast.clubA.id}/teams`, payload, cast.adminA.token);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect(await teamCount()).toBe(before);
  });

  it("gives a 422's failures as message keys too, for clients that word them under their own labels", async () => {
    const rest = await http.post(`/v1/clubs/${cast.clubA.id}/teams`, {}, cast.adminA.token);
    expect(rest.json()).toEqual({
      message: "The fullname field is required.",
      errors: { fullname: ["The fullname field is required."] },
      issues: { fullname: [{ key: "validation.required", params: { field: "fullname" } }] },
    });
    const trpc = await http.mutation("teams.create", { id: cast.clubA.id, fullname: "" }, cast.adminA.token);
    expect(trpc.json().error.data.issues).toEqual({
      fullname: [expect.objectContaining({ key: expect.stringMatching(/^validation\./) })],
    });
  });

  it("refuses a second team of the same name in a club (422 on the full name), whatever its case, spacing or split", async () => {
    let run = 0;
    const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,11}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.array(word, { minLength: 1, maxLength: 3 }),
        word,
        fc.boolean(),
        async (words, addition, upper) => {
          const fullname = `Run${(run += 1)} ${words.join(" ")}`;
          const url = `/v1/clubs/${cast.clubA.id}/teams`;
          const first = await http.post(url, { fullname, addition }, cast.adminA.token);
          expect(first.statusCode).toBe(201);
          const name = teamName({ fullname, addition });
          // The same name: in other case and spacing, or with the addition written into the full name.
          const variants = [
            { fullname: ` ${upper ? name.toUpperCase() : name.toLowerCase()}  `.replace(/ /g, "  ") },
            { fullname: name, addition },
            { fullname, addition: addition.toUpperCase() },
          ];
          for (const variant of variants) {
            const before = await teamCount();
            const again = await http.post(url, variant, cast.adminA.token);
            expect(again.statusCode).toBe(422);
            expect(again.json().errors).toEqual({ fullname: [`The club already has a team named ${name}.`] });
            expect(await teamCount()).toBe(before);
          }
          // Another club may have a team of that name.
          expect(
            (await http.post(`/v1/clubs/${cast.clubB.id}/teams`, { fullname, addition }, cast.adminB.token)).statusCode,
          ).toBe(201);
        },
      ),
      { numRuns: 15, seed: 1607 },
    );
  });

  it("refuses another club's administrator (404), members (403) and anonymous callers (401)", async () => {
    const before = await teamCount();
    const url = `/v1/clubs/${cast.clubA.id}/teams`;
    expect((await http.post(url, { fullname: "Intruders" }, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.post(url, { fullname: "Intruders" }, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.post(url, { fullname: "Intruders" })).statusCode).toBe(401);
    expect((await http.post("/v1/clubs/999999/teams", { fullname: "Nowhere" }, cast.system.token)).statusCode).toBe(
      404,
    );
    expect(await teamCount()).toBe(before);
  });
});

describe("DELETE /v1/clubs/{club}/teams/{team}", () => {
  it("lets the club's administrator delete a team, unlinking its players", async () => {
    const team = await createTeam(t.deps.prisma, cast.clubA.id);
    const player = await createUser(t.deps.prisma, { clubId: cast.clubA.id });
    await t.deps.prisma.userTeam.create({ data: { userId: player.id, teamId: team.id } });
    const res = await http.del(`/v1/clubs/${cast.clubA.id}/teams/${team.id}`, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: team.id }, message: "Team deleted." });
    expect(await t.deps.prisma.team.findUnique({ where: { id: team.id } })).toBeNull();
    expect(await t.deps.prisma.userTeam.count({ where: { userId: player.id } })).toBe(0);
  });

  it("refuses others and keeps the team", async () => {
    const team = await createTeam(t.deps.prisma, cast.clubA.id);
    const theirs = await createTeam(t.deps.prisma, cast.clubB.id);
    const url = `/v1/clubs/${cast.clubA.id}/teams/${team.id}`;
    expect((await http.del(url, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.del(url, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.del(url)).statusCode).toBe(401);
    // Another club's team named under one's own club is not found either.
    const crossed = await http.del(`/v1/clubs/${cast.clubA.id}/teams/${theirs.id}`, cast.adminA.token);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe("No team found");
    expect(await t.deps.prisma.team.count({ where: { id: { in: [team.id, theirs.id] } } })).toBe(2);
  });
});

describe("teams over tRPC", () => {
  it("applies the same rules as REST", async () => {
    await createTeam(t.deps.prisma, cast.clubB.id, { fullname: "Bravo veterans" });
    const hidden = await http.query("teams.ofClub", { id: cast.clubB.id }, cast.adminA.token);
    expect(hidden.statusCode).toBe(404);
    const mine = await http.query("teams.ofClub", { id: cast.clubB.id, is_custom: false }, cast.adminB.token);
    expect(mine.json().result.data.data.map((team: { fullname: string }) => team.fullname)).toContain("Bravo veterans");
    const created = await http.mutation("teams.create", { id: cast.clubB.id, fullname: "Bravo 2" }, cast.adminB.token);
    const teamId = created.json().result.data.data.id;
    expect(
      (await http.mutation("teams.delete", { club: cast.clubB.id, team: teamId }, cast.adminA.token)).statusCode,
    ).toBe(404);
    expect(
      (await http.mutation("teams.delete", { club: cast.clubB.id, team: teamId }, cast.adminB.token)).statusCode,
    ).toBe(200);
  });
});
