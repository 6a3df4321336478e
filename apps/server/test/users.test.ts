import { describe, expect, it } from "vitest";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createRole, createTeam, createUser, TEST_PASSWORD } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();

const userRow = (id: number) => t.deps.prisma.user.findUnique({ where: { id }, include: { teams: true, roles: true } });
const userCount = () => t.deps.prisma.user.count();
const newUser = (overrides: object = {}) => ({
  email: `new-${Math.random().toString(36).slice(2)}@example.test`,
  password: "a long new password",
  password_confirmation: "a long new password",
  first_name: "Nina",
  last_name: "Nieuw",
  ...overrides,
});

describe("GET /v1/users", () => {
  it("lists everyone for system administrators, paged, never with password hashes", async () => {
    const res = await http.get("/v1/users?limit=100", cast.system.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(await userCount());
    expect(res.body).not.toMatch(/argon2|password/i);
    const alpha = res.json().data.find((u: { id: number }) => u.id === cast.trainerA.user.id);
    expect(alpha).toMatchObject({ scope: "trainer", club: { id: cast.clubA.id, name: "Alpha Rovers" } });
    expect(alpha.permissions).toEqual(["users.all"]);
  });

  it("lists only their own club's users for club administrators and holders of users.all", async () => {
    for (const member of [cast.adminA, cast.trainerA]) {
      const res = await http.get("/v1/users", member.token);
      expect(res.statusCode).toBe(200);
      const clubs = new Set(res.json().data.map((u: { club: { id: number } }) => u.club.id));
      expect([...clubs]).toEqual([cast.clubA.id]);
      expect(res.json().meta.total).toBe(await t.deps.prisma.user.count({ where: { clubId: cast.clubA.id } }));
    }
  });

  it("refuses members without users.all (403) and anonymous callers (401)", async () => {
    expect((await http.get("/v1/users", cast.playerA.token)).statusCode).toBe(403);
    expect((await http.get("/v1/users")).statusCode).toBe(401);
    expect((await http.get("/v1/users?limit=0", cast.system.token)).json().errors).toHaveProperty("limit");
  });
});

describe("GET /v1/clubs/{club}/users", () => {
  it("lists a club's users for its administrators and system administrators", async () => {
    const res = await http.get(`/v1/clubs/${cast.clubA.id}/users?limit=2`, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
    expect(res.json().meta.total).toBe(await t.deps.prisma.user.count({ where: { clubId: cast.clubA.id } }));
    const bravo = await http.get(`/v1/clubs/${cast.clubB.id}/users`, cast.system.token);
    expect(bravo.json().data.map((u: { id: number }) => u.id)).toContain(cast.adminB.user.id);
    expect(bravo.json().meta.total).toBe(await t.deps.prisma.user.count({ where: { clubId: cast.clubB.id } }));
  });

  it("hides other clubs (404) and refuses members (403) and anonymous callers (401)", async () => {
    expect((await http.get(`/v1/clubs/${cast.clubB.id}/users`, cast.adminA.token)).statusCode).toBe(404);
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/users`, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/users`)).statusCode).toBe(401);
  });
});

describe("GET /v1/users/{id}", () => {
  it("shows oneself to anyone, and a club's users to those who manage them", async () => {
    const self = await http.get(`/v1/users/${cast.playerA.user.id}`, cast.playerA.token);
    expect(self.statusCode).toBe(200);
    expect(self.json().data).toMatchObject({ id: cast.playerA.user.id, scope: "player" });
    expect(self.json().data).not.toHaveProperty("password");
    expect((await http.get(`/v1/users/${cast.playerA.user.id}`, cast.adminA.token)).statusCode).toBe(200);
    expect((await http.get(`/v1/users/${cast.adminB.user.id}`, cast.system.token)).statusCode).toBe(200);
  });

  it("hides other clubs' users (404), refuses members (403) and anonymous callers (401)", async () => {
    const other = await http.get(`/v1/users/${cast.playerA.user.id}`, cast.adminB.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("No user found");
    expect((await http.get(`/v1/users/${cast.loner.user.id}`, cast.adminA.token)).statusCode).toBe(404);
    expect((await http.get(`/v1/users/${cast.adminA.user.id}`, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.get(`/v1/users/${cast.adminA.user.id}`)).statusCode).toBe(401);
    expect((await http.get("/v1/users/999999", cast.system.token)).statusCode).toBe(404);
  });
});

describe("POST /v1/users", () => {
  it("lets a club administrator add a player to their own club and teams", async () => {
    const team = await createTeam(t.deps.prisma, cast.clubA.id);
    const res = await http.post(
      "/v1/users",
      newUser({ email: "Nina@Example.test", teams: [team.id] }),
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("User created.");
    expect(res.json().data).toMatchObject({
      email: "nina@example.test",
      scope: "player",
      club: { id: cast.clubA.id },
      teams: [{ id: team.id, fullname: team.fullname }],
      roles: [],
    });
    expect(res.body).not.toMatch(/argon2/);
    const stored = await t.deps.prisma.user.findUniqueOrThrow({ where: { email: "nina@example.test" } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await http.login("nina@example.test", "a long new password")).toEqual(expect.any(String));
  });

  it("lets system administrators create any scope, in any club or none, with roles", async () => {
    const role = await createRole(t.deps.prisma, { permissions: ["scheduler.all"] });
    const res = await http.post(
      "/v1/users",
      newUser({ scope: "system", roles: [role.id], locale: "de" }),
      cast.system.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      scope: "system",
      club: null,
      locale: "de",
      permissions: ["scheduler.all"],
    });

    const trainer = await http.post("/v1/users", newUser({ scope: "trainer", club: cast.clubB.id }), cast.system.token);
    expect(trainer.json().data).toMatchObject({ scope: "trainer", club: { id: cast.clubB.id } });
  });

  it("keeps club administrators inside their club, their rank and away from roles", async () => {
    const before = await userCount();
    const role = await createRole(t.deps.prisma);
    const otherClub = await http.post("/v1/users", newUser({ club: cast.clubB.id }), cast.adminA.token);
    expect(otherClub.statusCode).toBe(404);
    expect((await http.post("/v1/users", newUser({ scope: "system" }), cast.adminA.token)).statusCode).toBe(403);
    expect((await http.post("/v1/users", newUser({ club: null }), cast.adminA.token)).statusCode).toBe(403);
    expect((await http.post("/v1/users", newUser({ roles: [role.id] }), cast.adminA.token)).statusCode).toBe(403);
    // users.all opens the users pages, not the club administrator's rank.
    expect((await http.post("/v1/users", newUser({ scope: "club" }), cast.trainerA.token)).statusCode).toBe(403);
    expect((await http.post("/v1/users", newUser(), cast.playerA.token)).statusCode).toBe(403);
    expect((await http.post("/v1/users", newUser())).statusCode).toBe(401);
    expect(await userCount()).toBe(before);
    expect((await http.post("/v1/users", newUser({ scope: "clubmember" }), cast.trainerA.token)).statusCode).toBe(201);
  });

  it("answers 422 naming the field, creating nobody", async () => {
    const foreignTeam = await createTeam(t.deps.prisma, cast.clubB.id);
    const before = await userCount();
    const cases: [object, string][] = [
      [newUser({ email: cast.playerA.user.email.toUpperCase() }), "email"],
      [newUser({ email: "not-an-address" }), "email"],
      [newUser({ password_confirmation: "something else" }), "password_confirmation"],
      [newUser({ password: "short", password_confirmation: "short" }), "password"],
      [newUser({ first_name: "" }), "first_name"],
      [newUser({ scope: "owner" }), "scope"],
      [newUser({ teams: [foreignTeam.id] }), "teams"],
      [newUser({ roles: [999999] }), "roles"],
      [newUser({ locale: "fr" }), "locale"],
      [newUser({ password_hash: "x" }), "password_hash"],
    ];
    for (const [payload, field] of cases) {
      const token = field === "roles" ? cast.system.token : cast.adminA.token;
      const res = await http.post(
        "/v1/users",
        field === "roles" ? { ...payload, club: cast.clubA.id } : payload,
        token,
      );
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const unknownClub = await http.post("/v1/users", newUser({ club: 999999 }), cast.system.token);
    expect(Object.keys(unknownClub.json().errors)).toEqual(["club"]);
    expect(await userCount()).toBe(before);
  });
});

describe("PUT /v1/users and PUT /v1/users/{id}", () => {
  it("updates names, scope and teams by the id in the body or in the path", async () => {
    const player = await createUser(t.deps.prisma, { clubId: cast.clubA.id });
    const [first, second] = [
      await createTeam(t.deps.prisma, cast.clubA.id),
      await createTeam(t.deps.prisma, cast.clubA.id),
    ];
    const byBody = await http.put(
      "/v1/users",
      { id: player.id, first_name: "Renamed", scope: "trainer", teams: [first.id, second.id] },
      cast.adminA.token,
    );
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json().message).toBe("User updated.");
    expect(byBody.json().data).toMatchObject({ first_name: "Renamed", scope: "trainer" });
    expect((await userRow(player.id))!.teams.map((link) => link.teamId).sort()).toEqual([first.id, second.id].sort());

    const byPath = await http.put(
      `/v1/users/${player.id}`,
      { last_name: "Again", teams: [second.id] },
      cast.adminA.token,
    );
    expect(byPath.statusCode).toBe(200);
    expect(byPath.json().data).toMatchObject({ first_name: "Renamed", last_name: "Again", teams: [{ id: second.id }] });
  });

  it("signs the user out elsewhere when their password changes", async () => {
    const player = await createUser(t.deps.prisma, { clubId: cast.clubA.id });
    const oldToken = await http.login(player.email);
    const res = await http.put(
      `/v1/users/${player.id}`,
      { password: "a brand new password", password_confirmation: "a brand new password" },
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(200);
    expect((await http.get("/v1/me", oldToken)).statusCode).toBe(401);
    expect(await http.login(player.email, "a brand new password")).toEqual(expect.any(String));
    const mismatch = await http.put(`/v1/users/${player.id}`, { password: "another long one" }, cast.adminA.token);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toHaveProperty("password_confirmation");
  });

  it("lets system administrators move a user to another club, dropping the old club's teams", async () => {
    const player = await createUser(t.deps.prisma, { clubId: cast.clubA.id });
    const team = await createTeam(t.deps.prisma, cast.clubA.id);
    await t.deps.prisma.userTeam.create({ data: { userId: player.id, teamId: team.id } });
    const res = await http.put(`/v1/users/${player.id}`, { club: cast.clubB.id }, cast.system.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ club: { id: cast.clubB.id }, teams: [] });
  });

  it("refuses other clubs' administrators (404), higher ranks and members (403), changing nothing", async () => {
    const player = await createUser(t.deps.prisma, { clubId: cast.clubA.id });
    const before = await userRow(player.id);
    expect((await http.put(`/v1/users/${player.id}`, { first_name: "X" }, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.put(`/v1/users/${player.id}`, { club: cast.clubB.id }, cast.adminA.token)).statusCode).toBe(404);
    expect((await http.put(`/v1/users/${player.id}`, { scope: "system" }, cast.adminA.token)).statusCode).toBe(403);
    expect((await http.put(`/v1/users/${player.id}`, { scope: "club" }, cast.trainerA.token)).statusCode).toBe(403);
    expect(
      (await http.put(`/v1/users/${cast.adminA.user.id}`, { first_name: "X" }, cast.trainerA.token)).statusCode,
    ).toBe(403);
    expect((await http.put(`/v1/users/${player.id}`, { first_name: "X" }, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.put(`/v1/users/${player.id}`, { first_name: "X" })).statusCode).toBe(401);
    expect((await http.put("/v1/users", { first_name: "X" }, cast.system.token)).json().errors).toHaveProperty("id");
    const taken = await http.put(`/v1/users/${player.id}`, { email: cast.adminA.user.email }, cast.adminA.token);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toHaveProperty("email");
    expect(await userRow(player.id)).toEqual(before);
  });
});

describe("DELETE /v1/users/{id}", () => {
  it("lets the user's club administrator delete them", async () => {
    const player = await createUser(t.deps.prisma, { clubId: cast.clubA.id });
    const res = await http.del(`/v1/users/${player.id}`, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: player.id }, message: "User deleted." });
    expect(await userRow(player.id)).toBeNull();
  });

  it("never lets anyone delete themselves (409)", async () => {
    const res = await http.del(`/v1/users/${cast.system.user.id}`, cast.system.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("You cannot delete or remove your own account.");
    expect(await userRow(cast.system.user.id)).not.toBeNull();
  });

  it("refuses other clubs' administrators (404), higher ranks and members (403), keeping the user", async () => {
    const player = await createUser(t.deps.prisma, { clubId: cast.clubA.id });
    expect((await http.del(`/v1/users/${player.id}`, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.del(`/v1/users/${player.id}`, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.del(`/v1/users/${cast.adminA.user.id}`, cast.trainerA.token)).statusCode).toBe(403);
    expect((await http.del(`/v1/users/${player.id}`)).statusCode).toBe(401);
    expect(await userRow(player.id)).not.toBeNull();
    expect(await userRow(cast.adminA.user.id)).not.toBeNull();
  });
});

describe("DELETE /v1/clubs/{club}/users/{id}", () => {
  it("takes the user out of the club and its teams", async () => {
    const player = await createUser(t.deps.prisma, { clubId: cast.clubA.id });
    const team = await createTeam(t.deps.prisma, cast.clubA.id);
    await t.deps.prisma.userTeam.create({ data: { userId: player.id, teamId: team.id } });
    const res = await http.del(`/v1/clubs/${cast.clubA.id}/users/${player.id}`, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: player.id }, message: "User removed from the club." });
    expect(await userRow(player.id)).toMatchObject({ clubId: null, teams: [] });
  });

  it("refuses the wrong club, others, members and oneself, changing nothing", async () => {
    const player = await createUser(t.deps.prisma, { clubId: cast.clubA.id });
    expect((await http.del(`/v1/clubs/${cast.clubB.id}/users/${player.id}`, cast.system.token)).statusCode).toBe(404);
    expect((await http.del(`/v1/clubs/${cast.clubA.id}/users/${player.id}`, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.del(`/v1/clubs/${cast.clubA.id}/users/${player.id}`, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.del(`/v1/clubs/${cast.clubA.id}/users/${player.id}`)).statusCode).toBe(401);
    const self = await http.del(`/v1/clubs/${cast.clubA.id}/users/${cast.adminA.user.id}`, cast.adminA.token);
    expect(self.statusCode).toBe(409);
    expect((await userRow(player.id))!.clubId).toBe(cast.clubA.id);
    expect((await userRow(cast.adminA.user.id))!.clubId).toBe(cast.clubA.id);
  });
});

describe("users over tRPC", () => {
  it("applies the same rules as REST", async () => {
    const list = await http.query("users.ofClub", { club: cast.clubB.id, page: 1, limit: 20 }, cast.adminB.token);
    const listed = list.json().result.data.data as { id: number; club: { id: number } }[];
    expect(listed.map((u) => u.id)).toContain(cast.adminB.user.id);
    expect(listed.every((u) => u.club.id === cast.clubB.id)).toBe(true);
    expect((await http.query("users.list", { page: 1, limit: 20 }, cast.playerA.token)).statusCode).toBe(403);
    const hidden = await http.mutation(
      "users.update",
      { id: cast.playerA.user.id, first_name: "X" },
      cast.adminB.token,
    );
    expect(hidden.statusCode).toBe(404);
    const created = await http.mutation(
      "users.create",
      newUser({ password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD }),
      cast.adminB.token,
    );
    expect(created.json().result.data.data.club.id).toBe(cast.clubB.id);
    const self = await http.mutation("users.delete", { id: cast.adminB.user.id }, cast.adminB.token);
    expect(self.statusCode).toBe(409);
  });
});
