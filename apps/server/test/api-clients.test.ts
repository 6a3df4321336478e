import { beforeAll, describe, expect, it } from "vitest";
import type { Club, Configuration } from "@clubcast/db";
import { verifyPassword } from "@clubcast/domain/auth/passwords.ts";
import { createApiClient, createConfiguration, createField } from "@clubcast/testkit/factories";
import { useTestAppWithCast } from "@clubcast/testkit/api";

const { t, http, cast } = useTestAppWithCast();
let clubA: Club;
let configuration: Configuration;
const tokens = {} as Record<"system" | "adminA" | "trainerA" | "adminB", string>;

beforeAll(async () => {
  clubA = cast.clubA;
  const field = await createField(t.deps.prisma, clubA.id, { name: "Main" });
  configuration = await createConfiguration(t.deps.prisma, { clubId: clubA.id, fieldId: field.id, barcode: "CFG-A" });
  tokens.system = cast.system.token;
  tokens.adminA = cast.adminA.token;
  tokens.trainerA = cast.trainerA.token;
  tokens.adminB = cast.adminB.token;
});

describe("POST /v1/api-clients", () => {
  it("answers the secret once and stores only its argon2id hash", async () => {
    const res = await http.post(
      "/v1/api-clients",
      { name: "Pitch 1 controller", configuration_id: configuration.id },
      tokens.system,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("API client created. Copy its secret now: it is not shown again.");
    const { data } = res.json();
    expect(data).toMatchObject({
      name: "Pitch 1 controller",
      configuration: {
        id: configuration.id,
        barcode: "CFG-A",
        club: { id: clubA.id, name: clubA.name },
        field: { name: "Main" },
      },
      revoked_at: null,
      last_used_at: null,
    });
    expect(Buffer.from(data.client_secret, "base64url")).toHaveLength(32);
    expect(data.client_id).toEqual(expect.any(String));

    const stored = await t.deps.prisma.apiClient.findUniqueOrThrow({ where: { id: data.id } });
    expect(stored.clientId).toBe(data.client_id);
    expect(stored.secretHash).toMatch(/^\$argon2id\$/);
    expect(stored.secretHash).not.toContain(data.client_secret);
    expect(await verifyPassword(stored.secretHash, data.client_secret)).toBe(true);

    // Never again: neither the list nor anything else shows it.
    const listed = await http.get("/v1/api-clients?limit=100", tokens.system);
    expect(listed.statusCode).toBe(200);
    const { client_secret: _secret, ...withoutSecret } = data;
    expect(listed.json().data).toContainEqual(withoutSecret);
    expect(listed.body).not.toContain(data.client_secret);
    expect(listed.body).not.toContain("secret");
  });

  it("answers 422 naming the fields, creating nothing", async () => {
    const before = await t.deps.prisma.apiClient.count();
    const missing = await http.post("/v1/api-clients", { name: "" }, tokens.system);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(["configuration_id", "name"]);
    const unknown = await http.post("/v1/api-clients", { name: "X", configuration_id: 999_999 }, tokens.system);
    expect(unknown.json().errors).toEqual({ configuration_id: ["The selected configuration id is invalid."] });
    const extra = await http.post(
      "/v1/api-clients",
      { name: "X", configuration_id: configuration.id, client_secret: "mine" },
      tokens.system,
    );
    expect(extra.json().errors).toHaveProperty("client_secret");
    expect(await t.deps.prisma.apiClient.count()).toBe(before);
  });

  it("is for system admins only: 401 anonymously, 403 to club staff", async () => {
    const before = await t.deps.prisma.apiClient.count();
    const input = { name: "Rogue", configuration_id: configuration.id };
    expect((await http.post("/v1/api-clients", input)).statusCode).toBe(401);
    expect((await http.get("/v1/api-clients")).statusCode).toBe(401);
    for (const token of [tokens.adminA, tokens.trainerA]) {
      expect((await http.post("/v1/api-clients", input, token)).statusCode).toBe(403);
      expect((await http.get("/v1/api-clients", token)).statusCode).toBe(403);
    }
    expect(await t.deps.prisma.apiClient.count()).toBe(before);
  });
});

describe("DELETE /v1/api-clients/{id}", () => {
  it("revokes the client and every token it holds", async () => {
    const { client, secret } = await createApiClient(t.deps.prisma, configuration.id);
    const exchanged = await http.post("/v1/camera/token", { client_id: client.clientId, client_secret: secret });
    const token = exchanged.json().access_token;
    expect((await http.post("/v1/camera/heartbeat", { status: "online" }, token)).statusCode).toBe(200);

    expect((await http.del(`/v1/api-clients/${client.id}`, tokens.system)).statusCode).toBe(204);
    const revoked = await t.deps.prisma.apiClient.findUniqueOrThrow({ where: { id: client.id } });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(await t.deps.prisma.accessToken.count({ where: { apiClientId: client.id, revokedAt: null } })).toBe(0);
    expect((await http.post("/v1/camera/heartbeat", { status: "online" }, token)).statusCode).toBe(401);

    // Revoking again changes nothing.
    expect((await http.del(`/v1/api-clients/${client.id}`, tokens.system)).statusCode).toBe(204);
    expect(await t.deps.prisma.apiClient.findUniqueOrThrow({ where: { id: client.id } })).toEqual(revoked);
    const listed = (await http.get("/v1/api-clients?limit=100", tokens.system)).json().data;
    expect(listed.find((c: { id: number }) => c.id === client.id).revoked_at).toBe(revoked.revokedAt!.toISOString());
  });

  it("answers 401, 403, 404 and leaves the client usable", async () => {
    const { client } = await createApiClient(t.deps.prisma, configuration.id);
    expect((await http.del(`/v1/api-clients/${client.id}`)).statusCode).toBe(401);
    expect((await http.del(`/v1/api-clients/${client.id}`, tokens.adminA)).statusCode).toBe(403);
    expect((await http.del(`/v1/api-clients/${client.id}`, tokens.adminB)).statusCode).toBe(404);
    const missing = await http.del("/v1/api-clients/999999", tokens.system);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("No API client found");
    expect(await t.deps.prisma.apiClient.findUniqueOrThrow({ where: { id: client.id } })).toEqual(client);
  });
});

describe("POST /v1/api-clients/{id}/secret", () => {
  const heartbeat = (token: string) => http.post("/v1/camera/heartbeat", { status: "online" }, token);
  const exchange = (clientId: string, secret: string) =>
    http.post("/v1/camera/token", { client_id: clientId, client_secret: secret });

  it("gives a new secret once: the old secret and its tokens stop working, the new one signs in", async () => {
    const { client, secret } = await createApiClient(t.deps.prisma, configuration.id);
    const oldToken = (await exchange(client.clientId, secret)).json().access_token;

    const issued = await http.post(`/v1/api-clients/${client.id}/secret`, {}, tokens.system);
    expect(issued.statusCode).toBe(200);
    expect(issued.json().message).toBe(
      "New secret issued. Copy it now: it is not shown again, and the old one no longer works.",
    );
    const { client_secret: newSecret, ...shown } = issued.json().data;
    expect(shown).toMatchObject({ id: client.id, client_id: client.clientId, revoked_at: null });
    expect(newSecret).not.toBe(secret);

    expect((await heartbeat(oldToken)).statusCode).toBe(401);
    expect((await exchange(client.clientId, secret)).statusCode).toBe(401);
    const newToken = (await exchange(client.clientId, newSecret)).json().access_token;
    expect((await heartbeat(newToken)).statusCode).toBe(200);
    expect(
      await verifyPassword(
        (await t.deps.prisma.apiClient.findUniqueOrThrow({ where: { id: client.id } })).secretHash,
        newSecret,
      ),
    ).toBe(true);
  });

  it("takes a revoked client back into use", async () => {
    const { client } = await createApiClient(t.deps.prisma, configuration.id);
    expect((await http.del(`/v1/api-clients/${client.id}`, tokens.system)).statusCode).toBe(204);
    const issued = await http.post(`/v1/api-clients/${client.id}/secret`, {}, tokens.system);
    expect(issued.json().data.revoked_at).toBeNull();
    const token = (await exchange(client.clientId, issued.json().data.client_secret)).json().access_token;
    expect((await heartbeat(token)).statusCode).toBe(200);
  });

  it("answers 401, 403, 404 and 422, leaving the secret as it was", async () => {
    const { client } = await createApiClient(t.deps.prisma, configuration.id);
    const path = `/v1/api-clients/${client.id}/secret`;
    expect((await http.post(path, {})).statusCode).toBe(401);
    expect((await http.post(path, {}, tokens.adminA)).statusCode).toBe(403);
    expect((await http.post(path, {}, tokens.adminB)).statusCode).toBe(404);
    expect((await http.post("/v1/api-clients/999999/secret", {}, tokens.system)).statusCode).toBe(404);
    const extra = await http.post(path, { client_secret: "mine" }, tokens.system);
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors).toHaveProperty("client_secret");
    expect(await t.deps.prisma.apiClient.findUniqueOrThrow({ where: { id: client.id } })).toEqual(client);
  });
});

describe("tRPC", () => {
  it("creates, lists and revokes API clients with the same rules", async () => {
    const created = await http.mutation(
      "apiClients.create",
      { name: "T", configuration_id: configuration.id },
      tokens.system,
    );
    expect(created.statusCode).toBe(200);
    const { client_secret: secret, ...client } = created.json().result.data.data;
    expect(secret).toEqual(expect.any(String));
    const listed = await http.query("apiClients.list", { limit: 100 }, tokens.system);
    expect(listed.json().result.data.data).toContainEqual(client);

    expect((await http.mutation("apiClients.revoke", { id: client.id }, tokens.adminA)).statusCode).toBe(403);
    expect((await http.mutation("apiClients.revoke", { id: client.id }, tokens.system)).statusCode).toBe(200);
    expect((await t.deps.prisma.apiClient.findUniqueOrThrow({ where: { id: client.id } })).revokedAt).not.toBeNull();
  });
});
