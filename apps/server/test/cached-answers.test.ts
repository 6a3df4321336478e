// Match lists and signed-in callers come from the read cache: these tests read an
// answer (so it is cached), change what it shows through the API or behind the
// server's back, and require the very next answer to show the change.
import { describe, expect, it, vi } from "vitest";
import type { Match } from "@clubcast/db";
import { createMember, useTestAppWithCast } from "@clubcast/testkit/api";
import { createApiClient, createClub, createConfiguration, createMatch } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();

interface ListAnswer {
  data: { id: number; home: { score: number }; club: { name: string } }[];
  meta: { total: number };
}

async function publicVod(clubId: number): Promise<ListAnswer> {
  const res = await http.get(`/v1/matches?status=vod&club=${clubId}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const idsOf = (answer: ListAnswer) => answer.data.map((m) => m.id);
const vodOfA = (): Promise<Match> => createMatch(t.deps.prisma, { clubId: cast.clubA.id, status: "vod" });

describe("cached match lists", () => {
  it("show a new score, club name, privacy and deletion at once", async () => {
    const match = await vodOfA();
    const before = await publicVod(cast.clubA.id);
    expect(idsOf(before)).toContain(match.id);

    const score = `/v1/clubs/${cast.clubA.id}/matches/${match.id}/score`;
    expect((await http.post(score, { home: 5, away: 0 }, cast.adminA.token)).statusCode).toBe(200);
    expect((await publicVod(cast.clubA.id)).data.find((m) => m.id === match.id)!.home.score).toBe(5);

    const renamed = await http.put(`/v1/clubs/${cast.clubA.id}`, { name: "Alpha Rovers FC" }, cast.adminA.token);
    expect(renamed.statusCode).toBe(200);
    expect((await publicVod(cast.clubA.id)).data.find((m) => m.id === match.id)!.club.name).toBe("Alpha Rovers FC");

    const privacy = { update_match_only: 1, is_private: 1 };
    const hidden = await http.put(`/v1/clubs/${cast.clubA.id}/matches/${match.id}`, privacy, cast.adminA.token);
    expect(hidden.statusCode).toBe(200);
    const afterPrivacy = await publicVod(cast.clubA.id);
    expect(idsOf(afterPrivacy)).not.toContain(match.id);
    expect(afterPrivacy.meta.total).toBe(before.meta.total - 1);

    // Still in the club's own recorded list, until it is deleted (then the list is empty: 404).
    const recorded = async () => {
      const res = await http.get(`/v1/clubs/${cast.clubA.id}/recorded`, cast.adminA.token);
      return res.statusCode === 404 ? [] : idsOf(res.json());
    };
    expect(await recorded()).toContain(match.id);
    expect((await http.del(`/v1/clubs/${cast.clubA.id}/matches/${match.id}`, cast.adminA.token)).statusCode).toBe(200);
    expect(await recorded()).not.toContain(match.id);
  });

  it("show what the worker or a camera wrote behind the API's back", async () => {
    const before = await publicVod(cast.clubA.id);
    // What a job outcome does: a direct write through Prisma.
    const match = await createMatch(t.deps.prisma, { clubId: cast.clubA.id, status: "processing" });
    expect((await publicVod(cast.clubA.id)).meta.total).toBe(before.meta.total);
    await t.deps.prisma.match.update({ where: { id: match.id }, data: { status: "vod" } });
    const after = await publicVod(cast.clubA.id);
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(idsOf(after)).toContain(match.id);
  });

  it("answer 404 for an empty page of a club's list once the club is deleted", async () => {
    const club = await createClub(t.deps.prisma, { name: "Short-lived FC" });
    const live = () => http.get(`/v1/clubs/${club.id}/live-matches`, cast.system.token);
    const empty = await live();
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
    await t.deps.prisma.club.delete({ where: { id: club.id } });
    expect((await live()).statusCode).toBe(404);
  });

  it("answer through tRPC as over REST, both up to date", async () => {
    const match = await vodOfA();
    const input = { status: "vod", club: cast.clubA.id };
    const viaTrpc = async (): Promise<ListAnswer> => (await http.query("matches.list", input)).json().result.data;
    expect(idsOf(await viaTrpc())).toContain(match.id);
    await t.deps.prisma.match.delete({ where: { id: match.id } });
    expect(idsOf(await viaTrpc())).not.toContain(match.id);
    expect(idsOf(await publicVod(cast.clubA.id))).not.toContain(match.id);
  });
});

describe("cached callers", () => {
  it("refuse a token at once after sign-out", async () => {
    const token = await http.login(cast.playerA.user.email);
    expect((await http.get("/v1/me", token)).statusCode).toBe(200);
    expect((await http.post("/v1/logout", {}, token)).statusCode).toBe(200);
    expect((await http.get("/v1/me", token)).statusCode).toBe(401);
  });

  it("lose a permission at once when it is taken from the user's group", async () => {
    const trainer = await createMember(t, { scope: "trainer", clubId: cast.clubA.id, permissions: ["users.all"] });
    const users = `/v1/clubs/${cast.clubA.id}/users`;
    expect((await http.get(users, trainer.token)).statusCode).toBe(200);
    const { roleId } = await t.deps.prisma.userRole.findFirstOrThrow({ where: { userId: trainer.user.id } });
    const { id: permissionId } = await t.deps.prisma.permission.findUniqueOrThrow({ where: { name: "users.all" } });
    const removed = await http.post(
      `/v1/groups/${roleId}/remove-permission`,
      { permission_id: permissionId },
      cast.system.token,
    );
    expect(removed.statusCode).toBe(200);
    expect((await http.get(users, trainer.token)).statusCode).toBe(403);
  });

  it("follow a change of scope and club at once", async () => {
    const member = await createMember(t, { scope: "player", clubId: cast.clubA.id });
    expect((await http.get("/v1/me", member.token)).json().data).toMatchObject({ scope: "player" });
    await t.deps.prisma.user.update({ where: { id: member.user.id }, data: { scope: "club", clubId: cast.clubB.id } });
    expect((await http.get("/v1/me", member.token)).json().data).toMatchObject({ scope: "club" });
    expect((await http.get(`/v1/clubs/${cast.clubB.id}/recorded`, member.token)).statusCode).not.toBe(403);
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/recorded`, member.token)).statusCode).toBe(404);
  });

  it("refuse a camera controller at once when its API client is revoked", async () => {
    const configuration = await createConfiguration(t.deps.prisma, { clubId: cast.clubA.id });
    const { client, secret } = await createApiClient(t.deps.prisma, configuration.id);
    const issued = await http.post("/v1/camera/token", { client_id: client.clientId, client_secret: secret });
    expect(issued.statusCode).toBe(200);
    const token = issued.json().access_token as string;
    const heartbeat = () => http.post("/v1/camera/heartbeat", { status: "online" }, token);
    expect((await heartbeat()).statusCode).toBe(200);
    expect((await http.del(`/v1/api-clients/${client.id}`, cast.system.token)).statusCode).toBe(204);
    expect((await heartbeat()).statusCode).toBe(401);
  });

  it("let a token expire while its holder is cached", async () => {
    const member = await createMember(t, { scope: "player", clubId: cast.clubA.id });
    expect((await http.get("/v1/me", member.token)).statusCode).toBe(200);
    // Expiry is a matter of time, not of a write: nothing in the database changes.
    const { expiresAt } = await t.deps.prisma.accessToken.findFirstOrThrow({ where: { userId: member.user.id } });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(expiresAt.getTime() + 1000);
    try {
      const res = await http.get("/v1/me", member.token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/expired/i);
    } finally {
      vi.useRealTimers();
    }
  });
});
