// The match repository: the one writer of a match's status. Transitions follow
// the shared state machine, race safely (one conditional update each) and
// refuse what the machine refuses with a 409, writing nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import fc from "fast-check";
import type pg from "pg";
import { createPool, createPrismaClient, type PrismaClient } from "@clubcast/db";
import {
  EVENTS,
  InvalidMatchTransitionError,
  LOCALES,
  MATCH_EVENTS,
  MATCH_STATUSES,
  allowedTransitions,
  canTransition,
  nextMatchStatus,
  type MatchStatus,
} from "@clubcast/shared";
import { createTestDatabase, type TestDatabase } from "@clubcast/testkit";
import { asAppError } from "@clubcast/domain/core/errors.ts";
import { translate } from "@clubcast/domain/core/i18n.ts";
import {
  createMatchRepository,
  createTransitionBatcher,
  movedMatch,
  type MatchRepository,
  type BatchedTransitionResult,
} from "@clubcast/domain/matches/repository.ts";
import { createClub, createMatch } from "@clubcast/testkit/factories";
import { matchColumns } from "@clubcast/domain/matches/presenter.ts";
import { forgetOldJobOutcomes } from "@clubcast/domain/matches/job-outcomes.ts";
import { createOutbox, type Outbox } from "@clubcast/domain/jobs/outbox.ts";
import type { JobQueues } from "@clubcast/domain/jobs/queues.ts";
import type { EventPublisher } from "@clubcast/domain/realtime/publisher.ts";
import {
  awaitingVideoMatches,
  awaitsVideo,
  isRecording,
  recordingMatches,
} from "@clubcast/domain/matches/lifecycle/recording.ts";

const CONCURRENT_WRITERS = 6;

let db: TestDatabase;
let pool: pg.Pool;
let prisma: PrismaClient;
let matches: MatchRepository;
let clubId: number;
let outbox: Outbox;
/** The events the outbox delivered (after their commit), as [channel, event, payload]. */
const published: unknown[][] = [];

beforeAll(async () => {
  db = await createTestDatabase(inject("databaseServerUrl"), inject("templateDatabase"));
  // A connection per writer, so racing transitions really run at once.
  pool = createPool(db.url, CONCURRENT_WRITERS);
  prisma = createPrismaClient(db.url, { pool });
  matches = createMatchRepository(prisma);
  clubId = (await createClub(prisma)).id;
  // An outbox over the test database whose events are recorded instead of sent (no Redis here).
  const publisher: EventPublisher = {
    publish: (...args) => void published.push(args),
    publishToViewers: (...args) => void published.push(args),
    accessChanged: () => {},
    matchAudienceChanged: () => {},
  };
  outbox = createOutbox({
    prisma,
    pool,
    jobs: {} as JobQueues,
    gateways: { publish: async () => {} },
    events: { publisher, sent: async () => {} },
    redisOutages: { down: false, onBack: () => {} },
  });
});
afterAll(async () => {
  await outbox.close();
  await prisma.$disconnect();
  await pool.end();
  await db.drop();
});

const matchIn = (status: MatchStatus) => createMatch(prisma, { clubId, status });
const stored = (id: number) =>
  prisma.match.findUniqueOrThrow({ where: { id }, select: { status: true, vodHlsUrl: true } });

describe("a transition", () => {
  it.each(allowedTransitions())("moves a $from match by $event to $to", async ({ from, event, to }) => {
    const match = await matchIn(from);
    const result = await matches.transition(match.id, event);
    expect(result.outcome).toBe("moved");
    expect(movedMatch(result)).toMatchObject({ id: match.id, status: to });
    expect((await stored(match.id)).status).toBe(to);
  });

  it("writes its data with the status", async () => {
    const match = await matchIn("processing");
    const moved = movedMatch(await matches.transition(match.id, "finishProcessing", { vodHlsUrl: "https://v/1.m3u8" }));
    expect(moved).toMatchObject({ status: "vod", vodHlsUrl: "https://v/1.m3u8" });
    expect(await stored(match.id)).toEqual({ status: "vod", vodHlsUrl: "https://v/1.m3u8" });
  });

  it("refuses what the state machine refuses with a 409 naming the status, writing nothing", async () => {
    const match = await matchIn("vod");
    const result = await matches.transition(match.id, "schedule", { vodHlsUrl: "https://v/2.m3u8" });
    expect(result.outcome).toBe("refused");
    const error = result.outcome === "refused" ? result.error : null;
    expect(error).toBeInstanceOf(InvalidMatchTransitionError);
    expect(error).toMatchObject({ from: "vod", event: "schedule" });
    expect(asAppError(error)?.status).toBe(409);
    expect(() => movedMatch(result)).toThrow(error!);
    expect(await stored(match.id)).toEqual({ status: "vod", vodHlsUrl: null });
  });

  it("words every refusal by the match's status and what the event needs, in every language, never by the event's name", () => {
    for (const from of MATCH_STATUSES) {
      for (const event of MATCH_EVENTS.filter((e) => !canTransition(from, e))) {
        const refusal = asAppError(new InvalidMatchTransitionError(from, event))!;
        expect(refusal.status).toBe(409);
        for (const locale of LOCALES) {
          const message = translate(locale, refusal.messageKey, refusal.params);
          expect(message).toContain(from);
          // The events' code names (startRecording, finishProcessing, ...), which no sentence uses.
          for (const name of MATCH_EVENTS.filter((e) => /[A-Z]/.test(e))) expect(message).not.toContain(name);
        }
      }
    }
  });

  it("answers missing for a match that does not exist (404 through movedMatch)", async () => {
    const match = await matchIn("live");
    await prisma.match.delete({ where: { id: match.id } });
    const result = await matches.transition(match.id, "stopRecording");
    expect(result).toEqual({ outcome: "missing" });
    const refusal = (() => {
      try {
        movedMatch(result, "camera_controller.match_not_found");
      } catch (error) {
        return asAppError(error);
      }
    })();
    expect(refusal).toMatchObject({ status: 404, messageKey: "camera_controller.match_not_found" });
  });
});

describe("concurrent transitions", () => {
  // Events whose destination does not allow them again: of racing ones exactly one may win.
  const once = allowedTransitions().filter(({ event, to }) => !canTransition(to, event));

  it.each(once)(
    "of $event from $from, exactly one wins; the others are refused from $to",
    async ({ from, event, to }) => {
      const match = await matchIn(from);
      const results = await Promise.all(
        Array.from({ length: CONCURRENT_WRITERS }, () => matches.transition(match.id, event)),
      );
      expect(results.filter((result) => result.outcome === "moved")).toHaveLength(1);
      for (const result of results.filter((r) => r.outcome !== "moved")) {
        expect(result).toMatchObject({ outcome: "refused", error: { from: to, event } });
      }
      expect((await stored(match.id)).status).toBe(to);
    },
  );
});

describe("any sequence of events", () => {
  it("agrees with the shared state machine at every step", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MATCH_STATUSES),
        fc.array(fc.constantFrom(...MATCH_EVENTS), { maxLength: 12 }),
        async (initial, events) => {
          const match = await matchIn(initial);
          let expected: MatchStatus = initial;
          for (const event of events) {
            const result = await matches.transition(match.id, event);
            if (canTransition(expected, event)) {
              expected = nextMatchStatus(expected, event);
              expect(result).toMatchObject({ outcome: "moved", match: { status: expected } });
            } else {
              expect(result).toMatchObject({ outcome: "refused", error: { from: expected, event } });
            }
            expect((await stored(match.id)).status).toBe(expected);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("which matches record (lifecycle/recording.ts)", () => {
  it("finds in Postgres exactly the matches the predicates name: live, or awaiting their video", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ status: fc.constantFrom(...MATCH_STATUSES), startConfirmed: fc.boolean() }), {
          minLength: 1,
          maxLength: 10,
        }),
        async (rows) => {
          // A club of its own per run: the query sees this run's matches only.
          const club = (await createClub(prisma)).id;
          const created = await Promise.all(rows.map((row) => createMatch(prisma, { clubId: club, ...row })));
          const found = async (where: typeof recordingMatches) =>
            (await prisma.match.findMany({ where: { clubId: club, ...where }, select: { id: true } })).map((m) => m.id);
          const named = (predicate: (row: (typeof created)[number]) => boolean) =>
            created.filter(predicate).map((m) => m.id);
          expect((await found(recordingMatches)).sort()).toEqual(named(isRecording).sort());
          expect((await found(awaitingVideoMatches)).sort()).toEqual(named(awaitsVideo).sort());
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("transitions written together (the batcher of job outcomes)", () => {
  it("answers each request as transitions one after the other would, in each match's order", async () => {
    const transition = createTransitionBatcher(outbox);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...MATCH_STATUSES), { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...MATCH_EVENTS), fc.boolean()), { maxLength: 16 }),
        async (initials, asked) => {
          const created = await Promise.all(initials.map(matchIn));
          // Several requests per match, some writing data with the status, all asked at once.
          const requests = asked.map(([which, event, withData]) => ({
            matchId: created[which % created.length]!.id,
            event,
            data: withData ? { isScheduled: true } : {},
          }));
          const results = await Promise.all(requests.map((request) => transition(request)));

          const expected = new Map(created.map((match, i) => [match.id, initials[i]!]));
          requests.forEach((request, i) => {
            const from = expected.get(request.matchId)!;
            const result: BatchedTransitionResult = results[i]!;
            if (canTransition(from, request.event)) {
              expected.set(request.matchId, nextMatchStatus(from, request.event));
              expect(result).toMatchObject({
                outcome: "moved",
                match: { id: request.matchId, status: expected.get(request.matchId) },
              });
            } else {
              expect(result).toMatchObject({ outcome: "refused", error: { from, event: request.event } });
            }
          });
          for (const [id, status] of expected) expect((await stored(id)).status).toBe(status);
        },
      ),
      { numRuns: 40, seed: 1515 },
    );
  });

  it("answers a moved match as Prisma reads it: every column of matchColumns, typed alike", async () => {
    const transition = createTransitionBatcher(outbox);
    const match = await matchIn("unscheduled");
    const result = await transition({ matchId: match.id, event: "schedule", data: { isScheduled: true } });
    const read = await prisma.match.findUniqueOrThrow({ where: { id: match.id }, select: matchColumns });
    expect(result).toEqual({ outcome: "moved", match: read });
    expect(read).toMatchObject({ status: "scheduled", isScheduled: true });
  });

  it("decides a refused request before writing a later one for its match", async () => {
    const transition = createTransitionBatcher(outbox);
    const scheduled = await Promise.all(Array.from({ length: 8 }, () => matchIn("scheduled")));
    // schedule is refused (decided alone), unschedule then moves the match: it ends unscheduled.
    const results = await Promise.all(
      scheduled.flatMap((match) =>
        (["schedule", "unschedule"] as const).map((event) => transition({ matchId: match.id, event, data: {} })),
      ),
    );
    results.forEach((result, i) => expect(result.outcome).toBe(i % 2 === 0 ? "refused" : "moved"));
    for (const match of scheduled) expect((await stored(match.id)).status).toBe("unscheduled");
  });

  it("answers missing for a deleted match, and moves the others written with it", async () => {
    const transition = createTransitionBatcher(outbox);
    const [gone, kept] = [await matchIn("scheduled"), await matchIn("scheduled")];
    await prisma.match.delete({ where: { id: gone.id } });
    const results = await Promise.all(
      [gone, kept].map((match) => transition({ matchId: match.id, event: "startRecording", data: {} })),
    );
    expect(results[0]).toEqual({ outcome: "missing" });
    expect(results[1]).toMatchObject({ outcome: "moved", match: { id: kept.id, status: "live" } });
  });

  it("commits what each request posts with its transition, and posts nothing of a write that fails", async () => {
    const transition = createTransitionBatcher(outbox);
    const [first, second, third] = await Promise.all((["unscheduled", "unscheduled", "live"] as const).map(matchIn));
    const tell = (result: BatchedTransitionResult, post: { events: EventPublisher }) =>
      post.events.publish(result.outcome, EVENTS.matchChanged, {
        match: result.outcome === "moved" ? result.match.id : 0,
      });
    published.length = 0;
    const results = await Promise.all([
      transition({ matchId: first!.id, event: "schedule", data: {}, effects: tell }),
      transition({ matchId: third!.id, event: "schedule", data: {}, effects: tell }),
    ]);
    expect(results.map((result) => result.outcome)).toEqual(["moved", "refused"]);
    expect(published).toEqual([
      ["moved", EVENTS.matchChanged, { match: first!.id }],
      ["refused", EVENTS.matchChanged, { match: 0 }],
    ]);

    published.length = 0;
    const failing = { matchId: second!.id, event: "schedule" as const, data: { configurationId: 2_147_483_000 } };
    await expect(transition({ ...failing, effects: tell })).rejects.toThrow();
    // Effects that fail roll the transition back with them.
    await expect(
      transition({
        matchId: second!.id,
        event: "schedule",
        data: {},
        effects: () => Promise.reject(new Error("effects failed")),
      }),
    ).rejects.toThrow("effects failed");
    await outbox.relay();
    expect(published).toEqual([]);
    expect((await stored(second!.id)).status).toBe("unscheduled");
    expect(await prisma.outboxMessage.count()).toBe(0);
  });

  it("fails every request of a write that fails, and writes the next ones", async () => {
    const transition = createTransitionBatcher(outbox);
    const [first, second] = [await matchIn("unscheduled"), await matchIn("unscheduled")];
    // A configuration that does not exist: the foreign key refuses the whole update.
    const failing = [first, second].map((match) =>
      transition({ matchId: match.id, event: "schedule", data: { configurationId: 2_147_483_000 } }),
    );
    for (const result of failing) await expect(result).rejects.toThrow();
    expect((await stored(first.id)).status).toBe("unscheduled");
    expect(await transition({ matchId: first.id, event: "schedule", data: {} })).toMatchObject({
      outcome: "moved",
      match: { status: "scheduled" },
    });
  });
});

describe("job outcomes claimed with their transitions", () => {
  const claimed = async (key: string) =>
    (await pool.query("SELECT 1 FROM job_outcomes WHERE key = $1", [key])).rowCount === 1;

  it("moves a match once per claim however often and however concurrently the claim is asked", async () => {
    const transition = createTransitionBatcher(outbox);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        async (matchCount, deliveries) => {
          const created = await Promise.all(Array.from({ length: matchCount }, () => matchIn("unscheduled")));
          // Every match's outcome delivered several times at once, and each request claims its job's key.
          const requests = created.flatMap((match) =>
            Array.from({ length: deliveries }, () => ({
              matchId: match.id,
              event: "schedule" as const,
              data: { isScheduled: true },
              claim: `test-outcome:${match.id}`,
            })),
          );
          const results = await Promise.all(requests.map((request) => transition(request)));
          for (const match of created) {
            const outcomes = results.filter((_, i) => requests[i]!.matchId === match.id).map((r) => r.outcome);
            expect(outcomes.filter((outcome) => outcome === "moved")).toHaveLength(1);
            expect(outcomes.filter((outcome) => outcome === "claimed before")).toHaveLength(deliveries - 1);
            expect(await stored(match.id)).toMatchObject({ status: "scheduled" });
            expect(await claimed(`test-outcome:${match.id}`)).toBe(true);
          }
          // Asked again later (a redelivered job): nothing moves, not even a match moved back meanwhile.
          await matches.transition(created[0]!.id, "unschedule");
          expect(await transition({ ...requests[0]!, claim: `test-outcome:${created[0]!.id}` })).toEqual({
            outcome: "claimed before",
          });
          expect(await stored(created[0]!.id)).toMatchObject({ status: "unscheduled" });
        },
      ),
      { numRuns: 15 },
    );
  });

  it("claims a refused or missing request's outcome too, and nothing when its statement fails", async () => {
    const transition = createTransitionBatcher(outbox);
    const live = await matchIn("live");
    const gone = await matchIn("scheduled");
    await prisma.match.delete({ where: { id: gone.id } });
    const [refused, missing] = await Promise.all([
      transition({ matchId: live.id, event: "schedule", data: {}, claim: `refused:${live.id}` }),
      transition({ matchId: gone.id, event: "startRecording", data: {}, claim: `missing:${gone.id}` }),
    ]);
    expect(refused).toMatchObject({ outcome: "refused" });
    expect(missing).toEqual({ outcome: "missing" });
    expect([await claimed(`refused:${live.id}`), await claimed(`missing:${gone.id}`)]).toEqual([true, true]);

    // A configuration that does not exist fails the update, and with it the claim.
    const unscheduled = await matchIn("unscheduled");
    const failing = { matchId: unscheduled.id, event: "schedule" as const, claim: `failing:${unscheduled.id}` };
    await expect(transition({ ...failing, data: { configurationId: 2_147_483_000 } })).rejects.toThrow();
    expect(await claimed(failing.claim)).toBe(false);
    expect(await transition({ ...failing, data: {} })).toMatchObject({ outcome: "moved" });
  });

  it("forgets the outcomes kept longer than a week, and only those", async () => {
    await pool.query(
      "INSERT INTO job_outcomes (key, claimed_at) VALUES ('old', now() - interval '8 days'), ('recent', now() - interval '6 days')",
    );
    expect(await forgetOldJobOutcomes(pool)).toBeGreaterThanOrEqual(1);
    expect([await claimed("old"), await claimed("recent")]).toEqual([false, true]);
  });
});
