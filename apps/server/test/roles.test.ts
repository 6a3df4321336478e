import { describe, expect, it } from "vitest";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createPermission, createRole, createUser } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();

const heldBy = (roleId: number) =>
  t.deps.prisma.rolePermission.findMany({ where: { roleId }, select: { permissionId: true } });

describe("GET /v1/groups", () => {
  it("lists roles with their permissions grouped by category", async () => {
    const role = await createRole(t.deps.prisma, {
      name: "Planners",
      permissions: ["scheduler.all", "users.all", "scheduler.edit"],
    });
    const res = await http.get("/v1/groups", cast.system.token);
    expect(res.statusCode).toBe(200);
    const planners = res.json().data.find((group: { id: number }) => group.id === role.id);
    expect(planners).toEqual({
      id: role.id,
      name: "Planners",
      description: null,
      permissions: {
        scheduler: [
          { id: expect.any(Number), name: "scheduler.all" },
          { id: expect.any(Number), name: "scheduler.edit" },
        ],
        users: [{ id: expect.any(Number), name: "users.all" }],
      },
    });
  });

  it("is for system administrators only", async () => {
    expect((await http.get("/v1/groups", cast.adminA.token)).statusCode).toBe(403);
    expect((await http.get("/v1/groups", cast.trainerA.token)).statusCode).toBe(403);
    expect((await http.get("/v1/groups")).statusCode).toBe(401);
  });
});

describe("GET /v1/permissions", () => {
  it("lists permissions by category with the groups holding each", async () => {
    const role = await createRole(t.deps.prisma, { name: "Archivists", permissions: ["archive.read"] });
    const unused = await createPermission(t.deps.prisma, "archive.write");
    const res = await http.get("/v1/permissions", cast.system.token);
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().data.map((p: { name: string }) => [p.name, p]));
    expect(byName["archive.read"]).toEqual({
      id: expect.any(Number),
      name: "archive.read",
      category: "archive",
      groups: [{ id: role.id, name: "Archivists" }],
    });
    expect(byName["archive.write"]).toEqual({ id: unused.id, name: "archive.write", category: "archive", groups: [] });
    const order = res.json().data.map((p: { category: string; name: string }) => `${p.category}/${p.name}`);
    expect(order).toEqual([...order].sort());
  });

  it("is for system administrators only", async () => {
    expect((await http.get("/v1/permissions", cast.adminA.token)).statusCode).toBe(403);
    expect((await http.get("/v1/permissions")).statusCode).toBe(401);
  });
});

describe("POST /v1/groups/{role}/add-permission and remove-permission", () => {
  it("adds a permission once however often it is sent, and removes it", async () => {
    const role = await createRole(t.deps.prisma);
    const permission = await createPermission(t.deps.prisma, "scheduler.all");
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await http.post(
        `/v1/groups/${role.id}/add-permission`,
        { permission_id: permission.id },
        cast.system.token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        data: { permissions: { scheduler: [{ id: permission.id, name: "scheduler.all" }] } },
        message: "Permission added.",
      });
    }
    expect(await heldBy(role.id)).toEqual([{ permissionId: permission.id }]);

    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await http.post(
        `/v1/groups/${role.id}/remove-permission`,
        { permission_id: permission.id },
        cast.system.token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data.permissions).toEqual({});
      expect(res.json().message).toBe("Permission removed.");
    }
    expect(await heldBy(role.id)).toEqual([]);
  });

  it("takes effect for the role's users at once", async () => {
    const role = await createRole(t.deps.prisma);
    const permission = await createPermission(t.deps.prisma, "users.all");
    const player = await createUser(t.deps.prisma, { clubId: cast.clubA.id });
    await t.deps.prisma.userRole.create({ data: { userId: player.id, roleId: role.id } });
    const token = await http.login(player.email);
    expect((await http.get("/v1/users", token)).statusCode).toBe(403);
    await http.post(`/v1/groups/${role.id}/add-permission`, { permission_id: permission.id }, cast.system.token);
    expect((await http.get("/v1/users", token)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown role and 422 for an unknown or missing permission", async () => {
    const role = await createRole(t.deps.prisma);
    const permission = await createPermission(t.deps.prisma);
    const unknownRole = await http.post(
      "/v1/groups/999999/add-permission",
      { permission_id: permission.id },
      cast.system.token,
    );
    expect(unknownRole.statusCode).toBe(404);
    expect(unknownRole.json().message).toBe("No group found");
    for (const path of ["add-permission", "remove-permission"]) {
      const unknown = await http.post(`/v1/groups/${role.id}/${path}`, { permission_id: 999999 }, cast.system.token);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toHaveProperty("permission_id");
      const missing = await http.post(`/v1/groups/${role.id}/${path}`, {}, cast.system.token);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toHaveProperty("permission_id");
    }
    expect(await heldBy(role.id)).toEqual([]);
  });

  it("is for system administrators only, changing nothing otherwise", async () => {
    const role = await createRole(t.deps.prisma, { permissions: ["scheduler.all"] });
    const [held] = await heldBy(role.id);
    const extra = await createPermission(t.deps.prisma, "users.all");
    for (const token of [cast.adminA.token, cast.trainerA.token, cast.playerA.token]) {
      const add = await http.post(`/v1/groups/${role.id}/add-permission`, { permission_id: extra.id }, token);
      expect(add.statusCode).toBe(403);
      const remove = await http.post(
        `/v1/groups/${role.id}/remove-permission`,
        { permission_id: held!.permissionId },
        token,
      );
      expect(remove.statusCode).toBe(403);
    }
    expect((await http.post(`/v1/groups/${role.id}/add-permission`, { permission_id: extra.id })).statusCode).toBe(401);
    expect(await heldBy(role.id)).toEqual([held]);
  });
});

describe("roles over tRPC", () => {
  it("applies the same rules as REST", async () => {
    const role = await createRole(t.deps.prisma);
    const permission = await createPermission(t.deps.prisma, "scheduler.all");
    expect((await http.query("roles.groups", undefined, cast.adminA.token)).statusCode).toBe(403);
    const added = await http.mutation(
      "roles.addPermission",
      { role: role.id, permission_id: permission.id },
      cast.system.token,
    );
    expect(added.json().result.data.data.permissions.scheduler).toEqual([{ id: permission.id, name: "scheduler.all" }]);
    const permissions = await http.query("roles.permissions", undefined, cast.system.token);
    const entry = permissions.json().result.data.data.find((p: { id: number }) => p.id === permission.id);
    expect(entry.groups).toContainEqual({ id: role.id, name: role.name });
  });
});
