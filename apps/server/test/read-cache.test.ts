// The read cache and the database triggers behind it: an answer is computed once
// per data version, and every write that could change it (committed, by any
// path) gives its area a new version, while uncommitted writes and columns the
// answers don't show leave the version alone.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import pg from "pg";
import { createPool, createPrismaClient, type PrismaClient } from "@clubcast/db";
import { createTestDatabase, type TestDatabase } from "@clubcast/testkit";
import { createReadCache, type CacheArea, type ReadCache } from "@clubcast/domain/core/read-cache.ts";
import {
  createApiClient,
  createClub,
  createConfiguration,
  createField,
  createMatch,
  createPermission,
  createRole,
  createTeam,
  createUser,
} from "@clubcast/testkit/factories";

let db: TestDatabase;
let pool: pg.Pool;
let prisma: PrismaClient;

beforeAll(async () => {
  db = await createTestDatabase(inject("databaseServerUrl"), inject("templateDatabase"));
  pool = createPool(db.url, 4);
  prisma = createPrismaClient(db.url, { pool });
});
afterAll(async () => {
  await prisma.$disconnect();
  await pool.end();
  await db.drop();
});

async function versionOf(area: CacheArea): Promise<string> {
  const { rows } = await pool.query<{ version: string }>(
    "SELECT version::text AS version FROM cache_versions WHERE name = $1",
    [area],
  );
  return rows[0]!.version;
}

/** A computation that counts its runs and answers with the run number. */
function counted() {
  let runs = 0;
  const compute = async () => ({ run: ++runs });
  return { compute, runs: () => runs };
}

describe("the read cache", () => {
  let cache: ReadCache;
  beforeAll(() => {
    cache = createReadCache(pool, { enabled: true, maxEntries: 3 });
  });

  it("computes an answer once per data version and serves it from memory after", async () => {
    const { compute, runs } = counted();
    expect(await cache.remember("match_lists", "once", compute)).toEqual({ run: 1 });
    expect(await cache.remember("match_lists", "once", compute)).toEqual({ run: 1 });
    expect(runs()).toBe(1);
  });

  it("computes again after a committed write, whoever wrote it", async () => {
    const club = await createClub(prisma);
    const { compute, runs } = counted();
    await cache.remember("match_lists", "after-write", compute);
    await pool.query("UPDATE clubs SET name = 'Renamed by raw SQL' WHERE id = $1", [club.id]);
    expect(await cache.remember("match_lists", "after-write", compute)).toEqual({ run: 2 });
    expect(runs()).toBe(2);
  });

  it("keeps serving the answer while a write is uncommitted, and not after its commit", async () => {
    const club = await createClub(prisma);
    const { compute, runs } = counted();
    await cache.remember("match_lists", "in-transaction", compute);
    const writer = await pool.connect();
    try {
      await writer.query("BEGIN");
      await writer.query("UPDATE clubs SET name = 'Not yet' WHERE id = $1", [club.id]);
      // Other sessions still see the old data, so the old answer is still right.
      expect(await cache.remember("match_lists", "in-transaction", compute)).toEqual({ run: 1 });
      await writer.query("COMMIT");
    } finally {
      writer.release();
    }
    expect(await cache.remember("match_lists", "in-transaction", compute)).toEqual({ run: 2 });
    expect(runs()).toBe(2);
  });

  it("keeps the areas apart: a write to one leaves the other's answers", async () => {
    const club = await createClub(prisma);
    const { compute, runs } = counted();
    await cache.remember("callers", "apart", compute);
    await prisma.club.update({ where: { id: club.id }, data: { name: "Only match lists change" } });
    await cache.remember("callers", "apart", compute);
    expect(runs()).toBe(1);
  });

  it("shares one computation between concurrent callers", async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      runs += 1;
      await gate;
      return { shared: true };
    };
    const waiting = Promise.all([1, 2, 3].map(() => cache.remember("match_lists", "concurrent", compute)));
    // Let all three read the version and find the pending answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const answers = await waiting;
    expect(runs).toBe(1);
    expect(answers[0]).toBe(answers[2]);
  });

  it("does not keep a failed computation", async () => {
    await expect(
      cache.remember("match_lists", "fails", () => Promise.reject(new Error("database down"))),
    ).rejects.toThrow("database down");
    expect(await cache.remember("match_lists", "fails", async () => "recovered")).toBe("recovered");
  });

  it("freezes answers, which every request shares", async () => {
    const answer = await cache.remember("match_lists", "frozen", async () => ({
      data: [{ id: 1 }],
      meta: { total: 1 },
    }));
    expect(() => {
      (answer.data[0] as { id: number }).id = 2;
    }).toThrow(TypeError);
    expect(() => answer.data.push({ id: 3 })).toThrow(TypeError);
  });

  it("keeps at most maxEntries answers an area, letting the least recently used go", async () => {
    const small = createReadCache(pool, { enabled: true, maxEntries: 2 });
    const { compute, runs } = counted();
    await small.remember("callers", "a", compute); // run 1
    await small.remember("callers", "b", compute); // run 2
    await small.remember("callers", "a", compute); // hit: a is now the most recent
    await small.remember("callers", "c", compute); // run 3, b goes
    expect(await small.remember("callers", "a", compute)).toEqual({ run: 1 });
    expect(await small.remember("callers", "b", compute)).toEqual({ run: 4 });
    expect(runs()).toBe(4);
  });

  it("computes every time when turned off", async () => {
    const off = createReadCache(pool, { enabled: false, maxEntries: 100 });
    const { compute, runs } = counted();
    await off.remember("match_lists", "off", compute);
    await off.remember("match_lists", "off", compute);
    expect(runs()).toBe(2);
  });
});

describe("the read cache's version reads", () => {
  /** A pool whose version reads answer only when the test says, with the version it gives. */
  function heldPool() {
    const reads: { answer: (version: string) => void }[] = [];
    const pool = {
      query: () =>
        new Promise((resolve) => {
          reads.push({
            answer: (version) =>
              resolve({ rows: (["match_lists", "callers"] as const).map((name) => ({ name, version })) }),
          });
        }),
    } as unknown as pg.Pool;
    return { pool, reads };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

  it("share one read between lookups that arrive together, in any area", async () => {
    const { pool, reads } = heldPool();
    const cache = createReadCache(pool, { enabled: true, maxEntries: 100 });
    const answers = Promise.all([
      cache.remember("match_lists", "a", async () => "a"),
      cache.remember("match_lists", "b", async () => "b"),
      cache.remember("callers", "c", async () => "c"),
    ]);
    await settle();
    expect(reads).toHaveLength(1);
    reads[0]!.answer("1");
    expect(await answers).toEqual(["a", "b", "c"]);
  });

  it("never serve a lookup from a read sent before it arrived", async () => {
    const { pool, reads } = heldPool();
    const cache = createReadCache(pool, { enabled: true, maxEntries: 100 });
    const { compute, runs } = counted();
    const first = cache.remember("match_lists", "late", compute);
    await settle();
    // A write commits now, while the first read is on its way; then two more lookups.
    const later = Promise.all([
      cache.remember("match_lists", "late", compute),
      cache.remember("match_lists", "late", compute),
    ]);
    await settle();
    expect(reads).toHaveLength(1);
    reads[0]!.answer("1");
    expect(await first).toEqual({ run: 1 });
    await settle();
    // The later lookups share one read sent after the first one returned, and see the new version.
    expect(reads).toHaveLength(2);
    reads[1]!.answer("2");
    expect(await later).toEqual([{ run: 2 }, { run: 2 }]);
    expect(runs()).toBe(2);
  });

  it("let the lookups of one moment share a read sent after it", async () => {
    const { pool, reads } = heldPool();
    const cache = createReadCache(pool, { enabled: true, maxEntries: 100 });
    const moment = cache.moment();
    const caller = cache.remember("callers", "token", async () => "caller", moment);
    await settle();
    reads[0]!.answer("1");
    expect(await caller).toBe("caller");
    // A later lookup of the same request reuses the read; a lookup without the moment needs a new one.
    expect(await cache.remember("match_lists", "page", async () => "page", moment)).toBe("page");
    expect(reads).toHaveLength(1);
    const fresh = cache.remember("match_lists", "other", async () => "other");
    await settle();
    expect(reads).toHaveLength(2);
    reads[1]!.answer("1");
    expect(await fresh).toBe("other");
  });
});

describe("the version triggers", () => {
  const AREAS: CacheArea[] = ["match_lists", "callers"];
  /** Runs `write` and tells whether each area got a new version. */
  async function bumps(write: () => Promise<unknown>): Promise<Record<CacheArea, boolean>> {
    const before = await Promise.all(AREAS.map(versionOf));
    await write();
    const after = await Promise.all(AREAS.map(versionOf));
    return Object.fromEntries(AREAS.map((area, i) => [area, after[i] !== before[i]])) as Record<CacheArea, boolean>;
  }
  const lists = { match_lists: true, callers: false };
  const callers = { match_lists: false, callers: true };
  const neither = { match_lists: false, callers: false };

  it("give match lists a new version for writes to matches, clubs, teams, fields and sports", async () => {
    const club = await createClub(prisma);
    const field = await createField(prisma, club.id);
    const match = await createMatch(prisma, { clubId: club.id, status: "vod" });
    expect(await bumps(() => createMatch(prisma, { clubId: club.id }))).toEqual(lists);
    expect(await bumps(() => prisma.match.update({ where: { id: match.id }, data: { isPrivate: true } }))).toEqual(
      lists,
    );
    expect(await bumps(() => prisma.match.update({ where: { id: match.id }, data: { fieldId: field.id } }))).toEqual(
      lists,
    );
    expect(await bumps(() => prisma.field.update({ where: { id: field.id }, data: { name: "North" } }))).toEqual(lists);
    expect(await bumps(() => prisma.sport.update({ where: { id: field.sportId }, data: { slug: "soccer" } }))).toEqual(
      lists,
    );
    expect(await bumps(() => prisma.match.delete({ where: { id: match.id } }))).toEqual(lists);
    // Deleting a club deletes its matches by cascade: one new version for the lot.
    await createMatch(prisma, { clubId: club.id });
    expect(await bumps(() => prisma.club.delete({ where: { id: club.id } }))).toEqual(lists);
  });

  it("give match lists, not callers, a new version for a new score or a renamed team or club", async () => {
    const club = await createClub(prisma);
    const team = await createTeam(prisma, club.id);
    const match = await createMatch(prisma, { clubId: club.id, status: "live" });
    const score = () => prisma.match.update({ where: { id: match.id }, data: { homeScore: 3, awayScore: 1 } });
    expect(await bumps(score)).toEqual(lists);
    expect(await bumps(() => prisma.team.update({ where: { id: team.id }, data: { fullname: "Renamed 1" } }))).toEqual(
      lists,
    );
    expect(await bumps(() => prisma.club.update({ where: { id: club.id }, data: { name: "Renamed club" } }))).toEqual(
      lists,
    );
  });

  it("give callers a new version for writes to tokens, users, teams, roles, permissions and API clients", async () => {
    const club = await createClub(prisma);
    const user = await createUser(prisma, { clubId: club.id, scope: "player" });
    const team = await createTeam(prisma, club.id);
    const role = await createRole(prisma);
    const permission = await createPermission(prisma);
    const configuration = await createConfiguration(prisma, { clubId: club.id });
    const { client } = await createApiClient(prisma, configuration.id);
    const tokenData = { tokenHash: "a".repeat(64), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) };
    expect(await bumps(() => prisma.accessToken.create({ data: tokenData }))).toEqual(callers);
    expect(
      await bumps(() =>
        prisma.accessToken.update({ where: { tokenHash: tokenData.tokenHash }, data: { revokedAt: new Date() } }),
      ),
    ).toEqual(callers);
    expect(await bumps(() => prisma.user.update({ where: { id: user.id }, data: { scope: "trainer" } }))).toEqual(
      callers,
    );
    expect(await bumps(() => prisma.userTeam.create({ data: { userId: user.id, teamId: team.id } }))).toEqual(callers);
    expect(await bumps(() => prisma.userRole.create({ data: { userId: user.id, roleId: role.id } }))).toEqual(callers);
    expect(
      await bumps(() => prisma.rolePermission.create({ data: { roleId: role.id, permissionId: permission.id } })),
    ).toEqual(callers);
    expect(
      await bumps(() => prisma.apiClient.update({ where: { id: client.id }, data: { revokedAt: new Date() } })),
    ).toEqual(callers);
    const otherClub = await createClub(prisma);
    expect(
      await bumps(() =>
        prisma.configuration.update({ where: { id: configuration.id }, data: { clubId: otherClub.id } }),
      ),
    ).toEqual(callers);
    expect(await bumps(() => prisma.user.delete({ where: { id: user.id } }))).toEqual(callers);
  });

  it("leave both versions alone for what sign-ins and heartbeats write, and for reads", async () => {
    const club = await createClub(prisma);
    const user = await createUser(prisma, { clubId: club.id });
    const configuration = await createConfiguration(prisma, { clubId: club.id });
    const { client } = await createApiClient(prisma, configuration.id);
    expect(
      await bumps(() => prisma.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } })),
    ).toEqual(neither);
    expect(
      await bumps(() => prisma.apiClient.update({ where: { id: client.id }, data: { lastUsedAt: new Date() } })),
    ).toEqual(neither);
    expect(await bumps(() => prisma.match.findMany({ take: 5 }))).toEqual(neither);
    expect(await bumps(() => prisma.chatMessage.deleteMany({}))).toEqual(neither);
  });

  it("give a new version when a table is truncated", async () => {
    expect(await bumps(() => pool.query("TRUNCATE chat_messages, sequences, markers, matches CASCADE"))).toEqual(lists);
  });
});
