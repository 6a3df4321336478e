// Match list pages read in one statement (matches/list-page.ts) with totals from
// the counts the match_list_count_deltas triggers keep, checked against the lists as
// Prisma filters define them. After any burst of mixed writes (creations,
// deletions one by one, in bulk and by a club's cascade, privacy changes, shares,
// status transitions, score updates; several at once), every list's total equals
// the number of matches it holds, and its pages hold those matches in order.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import fc from "fast-check";
import type pg from "pg";
import { createPool, createPrismaClient, type Prisma, type PrismaClient } from "@clubcast/db";
import { MATCH_EVENTS, MATCH_STATUSES, RECORDED_MATCH_STATUSES, type MatchStatus } from "@clubcast/shared";
import { createTestDatabase, type TestDatabase } from "@clubcast/testkit";
import { createClub, createMatch } from "@clubcast/testkit/factories";
import { readListPage, type MatchList } from "@clubcast/domain/matches/list-page.ts";
import { createMatchRepository } from "@clubcast/domain/matches/repository.ts";
import type { ListAudience } from "@clubcast/domain/matches/visibility.ts";

const CLUBS_PER_RUN = 4;
const WRITERS = 4;
/** Matches each writer changes per statement in the deadlock test. */
const MATCHES_PER_STEP = 2;

let db: TestDatabase;
let pool: pg.Pool;
let prisma: PrismaClient;

beforeAll(async () => {
  db = await createTestDatabase(inject("databaseServerUrl"), inject("templateDatabase"));
  // A connection per writer, so concurrent writes really update the counters at once.
  pool = createPool(db.url, WRITERS);
  prisma = createPrismaClient(db.url, { pool });
});
afterAll(async () => {
  await prisma.$disconnect();
  await pool.end();
  await db.drop();
});

/** The lists' audiences as Prisma filters: the rules as the services applied them before the counters. */
function audienceFilter(audience: ListAudience, clubId: number): Prisma.MatchWhereInput {
  const recorded: Prisma.MatchWhereInput[] = [
    { clubId },
    { sharedWithClubId: clubId },
    { sharedOpponent: true, homeClubId: clubId },
    { sharedOpponent: true, awayClubId: clubId },
  ];
  switch (audience) {
    case "all":
      return {};
    case "owner":
      return { clubId };
    case "involving":
      return { OR: [{ clubId }, { homeClubId: clubId }, { awayClubId: clubId }] };
    case "recorded":
      return { OR: recorded };
    case "member":
      return {
        OR: [...recorded, { isPrivate: false, homeClubId: clubId }, { isPrivate: false, awayClubId: clubId }],
      };
  }
}

/** The lists' statuses, each in the order the services show it. */
const STATUS_SETS: { statuses: readonly MatchStatus[]; direction: "asc" | "desc" }[] = [
  { statuses: ["live"], direction: "desc" },
  { statuses: ["scheduled"], direction: "asc" },
  { statuses: ["vod"], direction: "desc" },
  { statuses: ["unscheduled"], direction: "asc" },
  { statuses: RECORDED_MATCH_STATUSES, direction: "desc" },
];

/** Checks one list: its total and two pages against the Prisma filter's answer. */
async function expectListExact(list: MatchList) {
  const where: Prisma.MatchWhereInput = {
    status: { in: [...list.statuses] },
    ...(list.publicOnly ? { isPrivate: false } : {}),
    ...audienceFilter(list.audience, list.clubId),
  };
  const expected = await prisma.match.findMany({
    where,
    select: { id: true },
    orderBy: [{ startingAt: list.direction }, { id: list.direction }],
  });
  const label = JSON.stringify(list);
  for (const page of [
    { page: 1, limit: 100 },
    { page: 2, limit: 3 },
  ]) {
    const read = await readListPage(pool, list, page);
    expect(read.total, label).toBe(expected.length);
    const window = expected.slice((page.page - 1) * page.limit, page.page * page.limit);
    expect(
      read.rows.map((row) => row.id),
      label,
    ).toEqual(window.map((row) => row.id));
  }
}

async function expectEveryListExact(clubIds: number[]) {
  const audiences: [ListAudience, number][] = [
    ["all", 0],
    ...clubIds.flatMap((clubId) =>
      (["owner", "involving", "recorded", "member"] as const).map((audience): [ListAudience, number] => [
        audience,
        clubId,
      ]),
    ),
  ];
  await Promise.all(
    audiences.flatMap(([audience, clubId]) =>
      STATUS_SETS.flatMap(({ statuses, direction }) =>
        [false, true].map((publicOnly) => expectListExact({ statuses, direction, audience, clubId, publicOnly })),
      ),
    ),
  );
}

const club = fc.nat({ max: CLUBS_PER_RUN - 1 });
const maybeClub = fc.option(club, { nil: null });
const pick = fc.nat();
const write = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("create" as const),
      owner: club,
      home: maybeClub,
      away: maybeClub,
      status: fc.constantFrom(...MATCH_STATUSES),
      isPrivate: fc.boolean(),
      sharedOpponent: fc.boolean(),
      sharedWith: maybeClub,
      // Few distinct instants: ties are ordered by id.
      minutes: fc.nat({ max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("privacy" as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("share" as const),
      pick,
      sharedWith: maybeClub,
      sharedOpponent: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("transition" as const), pick, event: fc.constantFrom(...MATCH_EVENTS) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("score" as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("bulkPrivacy" as const), owner: club, isPrivate: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteClub" as const), owner: club }) },
);
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

describe("match list totals and pages", () => {
  it("equal the lists after any burst of concurrent mixed writes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(write, { minLength: 1, maxLength: WRITERS }), { maxLength: 12 }),
        async (bursts) => {
          const clubIds: number[] = [];
          // One after another: the first creates the sport the others share.
          for (let i = 0; i < CLUBS_PER_RUN; i++) clubIds.push((await createClub(prisma)).id);
          const deleted = new Set<number>();
          const idOf = (index: number | null) =>
            index === null || deleted.has(clubIds[index]!) ? null : clubIds[index]!;
          const matchIds = async () =>
            (await prisma.match.findMany({ where: { clubId: { in: clubIds } }, select: { id: true } })).map(
              (m) => m.id,
            );
          const repository = createMatchRepository(prisma);
          const run = async (w: Write, ids: number[]) => {
            const target = "pick" in w && ids.length ? ids[w.pick % ids.length]! : null;
            switch (w.kind) {
              case "create": {
                const owner = idOf(w.owner);
                if (owner === null) return;
                await createMatch(prisma, {
                  clubId: owner,
                  homeClubId: idOf(w.home),
                  awayClubId: idOf(w.away),
                  status: w.status,
                  isPrivate: w.isPrivate,
                  sharedOpponent: w.sharedOpponent,
                  sharedWithClubId: idOf(w.sharedWith),
                  startingAt: new Date(Date.UTC(2026, 10, 26, 12, w.minutes)),
                });
                return;
              }
              case "delete":
                if (target !== null) await prisma.match.deleteMany({ where: { id: target } });
                return;
              case "privacy":
                if (target !== null) {
                  await prisma.$executeRaw`UPDATE matches SET is_private = NOT is_private WHERE id = ${target}`;
                }
                return;
              case "share":
                if (target !== null) {
                  await prisma.match.updateMany({
                    where: { id: target },
                    data: { sharedWithClubId: idOf(w.sharedWith), sharedOpponent: w.sharedOpponent },
                  });
                }
                return;
              case "transition":
                if (target !== null) await repository.transition(target, w.event);
                return;
              case "score":
                if (target !== null) await prisma.match.updateMany({ where: { id: target }, data: { homeScore: 3 } });
                return;
              case "bulkPrivacy": {
                const owner = idOf(w.owner);
                if (owner !== null)
                  await prisma.match.updateMany({ where: { clubId: owner }, data: { isPrivate: w.isPrivate } });
                return;
              }
              case "deleteClub": {
                const owner = idOf(w.owner);
                if (owner === null) return;
                // Its matches go by cascade; other matches lose it as opponent or share (SET NULL).
                deleted.add(owner);
                await prisma.club.delete({ where: { id: owner } });
                return;
              }
            }
          };
          for (const burst of bursts) {
            const ids = await matchIds();
            // A club goes after the burst's other writes, which may name it.
            const [clubDeletions, others] = [
              burst.filter((w) => w.kind === "deleteClub"),
              burst.filter((w) => w.kind !== "deleteClub"),
            ];
            await Promise.all(others.map((w) => run(w, ids)));
            for (const w of clubDeletions) await run(w, ids);
          }
          await expectEveryListExact(clubIds.filter((id) => !deleted.has(id)));
        },
      ),
      { numRuns: 12, seed: 15 },
    );
  }, 180_000);

  it("stay exact, without deadlocks, when transactions change matches of different lists in opposite orders", async () => {
    const [first, second] = [await createClub(prisma), await createClub(prisma)];
    // Two groups of matches counted in no common list: other owners, other statuses.
    const group = (clubId: number, status: MatchStatus) =>
      Promise.all(Array.from({ length: WRITERS * MATCHES_PER_STEP }, () => createMatch(prisma, { clubId, status })));
    const [scheduled, recorded] = [await group(first.id, "scheduled"), await group(second.id, "vod")];
    const stepsOf = (writer: number) => {
      const mine = (matches: { id: number }[]) =>
        matches.slice(writer * MATCHES_PER_STEP, (writer + 1) * MATCHES_PER_STEP).map((m) => m.id);
      return writer % 2 ? [mine(recorded), mine(scheduled)] : [mine(scheduled), mine(recorded)];
    };
    // Each writer its own connection; no two writers touch the same match, so
    // any lock they wait for is one the counters take.
    const writers = Array.from({ length: WRITERS }, (_, writer) => stepsOf(writer));
    const results = await Promise.allSettled(
      writers.map(async ([firstStep, secondStep]) => {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          await client.query("UPDATE matches SET is_private = NOT is_private WHERE id = ANY($1)", [firstStep]);
          // Every writer makes its first change before any makes its second.
          await client.query("SELECT pg_sleep(0.3)");
          await client.query("UPDATE matches SET is_private = NOT is_private WHERE id = ANY($1)", [secondStep]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        } finally {
          client.release();
        }
      }),
    );
    const failures = results.flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []));
    expect(failures).toEqual([]);
    expect(await prisma.match.count({ where: { clubId: { in: [first.id, second.id] }, isPrivate: true } })).toBe(
      2 * WRITERS * MATCHES_PER_STEP,
    );
    await expectEveryListExact([first.id, second.id]);

    // The writers didn't wait for each other: lists they changed at once hold a
    // row from each. The next write to those lists folds them into one per list.
    const crowdedLists = () =>
      prisma.matchListCountDelta.groupBy({
        by: ["audience", "clubId", "status", "isPrivate"],
        where: { clubId: { in: [first.id, second.id] } },
        having: { id: { _count: { gt: 1 } } },
      });
    expect(await crowdedLists()).not.toEqual([]);
    await prisma.match.updateMany({ where: { clubId: { in: [first.id, second.id] } }, data: { isPrivate: false } });
    expect(await crowdedLists()).toEqual([]);
    await expectEveryListExact([first.id, second.id]);
  });

  it("are zero once matches are truncated", async () => {
    const clubId = (await createClub(prisma)).id;
    await createMatch(prisma, { clubId, status: "vod" });
    await prisma.$executeRawUnsafe("TRUNCATE matches CASCADE");
    await expectEveryListExact([clubId]);
  });
});
