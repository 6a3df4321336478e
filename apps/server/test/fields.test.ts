import { describe, expect, it } from "vitest";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createClub, createField, createSport, createUser } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();

const fieldCount = () => t.deps.prisma.field.count();

describe("GET /v1/fields", () => {
  it("lists the caller's club's fields, paged", async () => {
    const main = await createField(t.deps.prisma, cast.clubA.id, { name: "Main pitch" });
    await createField(t.deps.prisma, cast.clubA.id, { name: "Second pitch" });
    const other = await createField(t.deps.prisma, cast.clubB.id, { name: "Bravo pitch" });

    const res = await http.get("/v1/fields", cast.playerA.token);
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((f: { id: number }) => f.id);
    expect(ids).toContain(main.id);
    expect(ids).not.toContain(other.id);
    expect(res.json().data.find((f: { id: number }) => f.id === main.id)).toEqual({
      id: main.id,
      name: "Main pitch",
      portable: 0,
      club: { id: cast.clubA.id, name: "Alpha Rovers" },
      sport: expect.objectContaining({ slug: "football" }),
    });

    const page = await http.get("/v1/fields?limit=1&page=2", cast.adminA.token);
    expect(page.json().meta).toMatchObject({ current_page: 2, per_page: 1, from: 2, to: 2 });
    expect(page.json().meta.total).toBe(await t.deps.prisma.field.count({ where: { clubId: cast.clubA.id } }));
  });

  it("lists every club's fields for system administrators, optionally one club's", async () => {
    const all = await http.get("/v1/fields?limit=100", cast.system.token);
    expect(all.json().meta.total).toBe(await fieldCount());
    const bravo = await http.get(`/v1/fields?club=${cast.clubB.id}`, cast.system.token);
    expect(bravo.json().data.every((f: { club: { id: number } }) => f.club.id === cast.clubB.id)).toBe(true);
    expect(bravo.json().data.length).toBeGreaterThan(0);
  });

  it("answers 404 'No club found' for another or a missing club", async () => {
    const other = await http.get(`/v1/fields?club=${cast.clubB.id}`, cast.adminA.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("No club found");
    expect((await http.get("/v1/fields?club=999999", cast.system.token)).statusCode).toBe(404);
  });

  it("answers an empty page with 'No fields found' for a club without fields and a caller without a club", async () => {
    const emptyPage = {
      data: [],
      message: "No fields found",
      meta: { current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null },
    };
    const empty = await createClub(t.deps.prisma);
    const admin = await createUser(t.deps.prisma, { scope: "club", clubId: empty.id });
    const adminToken = await http.login(admin.email);
    const emptyClub = await http.get("/v1/fields", adminToken);
    expect(emptyClub.statusCode).toBe(200);
    expect(emptyClub.json()).toEqual(emptyPage);
    expect((await http.get(`/v1/fields?club=${empty.id}`, cast.system.token)).json()).toEqual(emptyPage);
    expect((await http.get("/v1/fields", cast.loner.token)).json()).toEqual(emptyPage);
    const dutch = await http.get("/v1/fields", cast.loner.token, { "accept-language": "nl" });
    expect(dutch.json().message).toBe("Geen velden gevonden");
  });

  it("needs a signed-in caller and valid paging", async () => {
    expect((await http.get("/v1/fields")).statusCode).toBe(401);
    const bad = await http.get("/v1/fields?page=0", cast.adminA.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty("page");
  });
});

describe("GET /v1/fields/{id}", () => {
  it("shows a field of the caller's club and hides other clubs' (404 'No field found')", async () => {
    const mine = await createField(t.deps.prisma, cast.clubA.id);
    const theirs = await createField(t.deps.prisma, cast.clubB.id);
    const res = await http.get(`/v1/fields/${mine.id}`, cast.playerA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: mine.id, name: mine.name, club: { id: cast.clubA.id } });

    const other = await http.get(`/v1/fields/${theirs.id}`, cast.adminA.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("No field found");
    expect((await http.get("/v1/fields/999999", cast.system.token)).statusCode).toBe(404);
    expect((await http.get(`/v1/fields/${theirs.id}`, cast.system.token)).statusCode).toBe(200);
    expect((await http.get(`/v1/fields/${mine.id}`)).statusCode).toBe(401);
  });
});

describe("POST /v1/fields", () => {
  it("lets a club's administrator add a field to their club", async () => {
    const sport = await createSport(t.deps.prisma, "hockey");
    const res = await http.post(
      "/v1/fields",
      { name: " Hockey field ", club: cast.clubA.id, sport: sport.id, portable: 1 },
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: "Hockey field", portable: 1, sport: { type: "hockey" } });
    expect(res.json().message).toBe("Field created.");
    const stored = await t.deps.prisma.field.findUniqueOrThrow({ where: { id: res.json().data.id } });
    expect(stored).toMatchObject({ clubId: cast.clubA.id, portable: true });
  });

  it("keeps names unique within a club (422), not across clubs", async () => {
    const sport = await createSport(t.deps.prisma);
    const field = { name: "Centre court", sport: sport.id };
    expect((await http.post("/v1/fields", { ...field, club: cast.clubA.id }, cast.adminA.token)).statusCode).toBe(201);
    const before = await fieldCount();
    const duplicate = await http.post("/v1/fields", { ...field, club: cast.clubA.id }, cast.adminA.token);
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.name).toEqual(["The name has already been taken."]);
    expect(await fieldCount()).toBe(before);
    expect((await http.post("/v1/fields", { ...field, club: cast.clubB.id }, cast.system.token)).statusCode).toBe(201);
  });

  it("answers 422 naming the field for invalid input", async () => {
    const sport = await createSport(t.deps.prisma);
    const before = await fieldCount();
    const cases: [object, string, string][] = [
      [{ club: cast.clubA.id, sport: sport.id }, "name", cast.adminA.token],
      [{ name: "X", club: cast.clubA.id, sport: 999999 }, "sport", cast.adminA.token],
      [{ name: "X", club: cast.clubA.id, sport: sport.id, portable: "yes" }, "portable", cast.adminA.token],
      [{ name: "X", club: 999999, sport: sport.id }, "club", cast.system.token],
    ];
    for (const [payload, field, token] of cases) {
      const res = await http.post("/v1/fields", payload, token);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect(await fieldCount()).toBe(before);
  });

  it("refuses another club's administrator (404), members (403) and anonymous callers (401)", async () => {
    const sport = await createSport(t.deps.prisma);
    const payload = { name: "Intruder field", club: cast.clubA.id, sport: sport.id };
    const before = await fieldCount();
    expect((await http.post("/v1/fields", payload, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.post("/v1/fields", payload, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.post("/v1/fields", payload, cast.trainerA.token)).statusCode).toBe(403);
    expect((await http.post("/v1/fields", payload)).statusCode).toBe(401);
    expect(await fieldCount()).toBe(before);
  });
});

describe("DELETE /v1/fields/{id}", () => {
  it("lets the club's administrator delete a field", async () => {
    const field = await createField(t.deps.prisma, cast.clubA.id);
    const res = await http.del(`/v1/fields/${field.id}`, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: field.id }, message: "Field deleted." });
    expect(await t.deps.prisma.field.findUnique({ where: { id: field.id } })).toBeNull();
    expect((await http.del(`/v1/fields/${field.id}`, cast.adminA.token)).statusCode).toBe(404);
  });

  it("refuses another club's administrator (404), members (403) and anonymous callers (401), keeping the field", async () => {
    const field = await createField(t.deps.prisma, cast.clubA.id);
    const other = await http.del(`/v1/fields/${field.id}`, cast.adminB.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("No field found");
    expect((await http.del(`/v1/fields/${field.id}`, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.del(`/v1/fields/${field.id}`)).statusCode).toBe(401);
    expect(await t.deps.prisma.field.findUnique({ where: { id: field.id } })).not.toBeNull();
    expect((await http.del(`/v1/fields/${field.id}`, cast.system.token)).statusCode).toBe(200);
  });
});

describe("fields over tRPC", () => {
  it("applies the same rules as REST", async () => {
    const field = await createField(t.deps.prisma, cast.clubB.id);
    const hidden = await http.query("fields.get", { id: field.id }, cast.adminA.token);
    expect(hidden.statusCode).toBe(404);
    const seen = await http.query("fields.get", { id: field.id }, cast.adminB.token);
    expect(seen.json().result.data.data.id).toBe(field.id);
    const forbidden = await http.mutation("fields.delete", { id: field.id }, cast.adminA.token);
    expect(forbidden.statusCode).toBe(404);
    const invalid = await http.mutation(
      "fields.create",
      { name: "", club: cast.clubB.id, sport: 1 },
      cast.adminB.token,
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().error.data.errors).toHaveProperty("name");
  });
});
