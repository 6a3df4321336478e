// Issue 25: who may make the worker cut video, how much one club may queue, that one
// club's flood never holds back another club's cut, and that concurrent edits of a
// marker and its clip never answer 5xx.
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Match } from "@clubcast/db";
import { clipCutJobId } from "@clubcast/shared/jobs";
import { createMember, useTestAppWithCast, type Member } from "@clubcast/testkit/api";
import { createClub, createMatch } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
let matchA: Match;
let matchB: Match;

beforeAll(async () => {
  matchA = await createMatch(t.deps.prisma, { clubId: cast.clubA.id, status: "vod" });
  matchB = await createMatch(t.deps.prisma, { clubId: cast.clubB.id, status: "vod" });
});

const defaultLimits = () => ({ ...t.deps.config.clipCutLimits });
let limits: ReturnType<typeof defaultLimits>;
beforeAll(() => {
  limits = defaultLimits();
});
afterEach(() => {
  t.deps.config.clipCutLimits = { ...limits };
});

async function sequenceOf(match: Match, member: Member): Promise<number> {
  const res = await http.post(`/v1/matches/${match.id}/sequences`, {}, member.token);
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

const addMarker = (sequenceId: number, member: Member, timeMs: number, label = `Moment ${timeMs}`) =>
  http.post(`/v1/sequences/${sequenceId}/markers`, { time_ms: timeMs, label }, member.token);

async function clipOfMarker(markerId: number) {
  return t.deps.prisma.clip.findUniqueOrThrow({ where: { markerId } });
}

/** The ids of the clips whose cuts wait in the clip-cuts queue, in the order the workers take them. */
async function queueOrder(): Promise<string[]> {
  const waiting = await t.deps.jobs.clipCuts.getPrioritized(0, -1);
  return waiting.map((job) => job.id!);
}

describe("who may cut video", () => {
  it("refuses a stranger's 150 marker requests, and the club admin's one clip is the only cut queued", async () => {
    const before = await t.deps.prisma.clip.count();
    // The stranger (a self-registered account: scope player, no club) may not even start a sequence...
    const start = await http.post(`/v1/matches/${matchA.id}/sequences`, {}, cast.loner.token);
    expect(start.statusCode).toBe(403);
    // ...nor add to one made before the rule (as the probe's were).
    const old = await t.deps.prisma.sequence.create({ data: { matchId: matchA.id, userId: cast.loner.user.id } });
    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) => addMarker(old.id, cast.loner, (batch * 25 + i) * 1000, "spam")),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(25).fill(403));
    }
    expect(await t.deps.prisma.marker.count({ where: { sequenceId: old.id } })).toBe(0);

    const added = await addMarker(await sequenceOf(matchA, cast.adminA), cast.adminA, 30_000);
    expect(added.statusCode).toBe(201);
    const clip = await clipOfMarker(added.json().data.id);
    expect(await t.deps.prisma.clip.count()).toBe(before + 1);
    expect(await queueOrder()).toContain(clipCutJobId({ clipId: clip.id, version: clip.version }));
    expect(
      (await t.deps.jobs.clipCuts.getJob(clipCutJobId({ clipId: clip.id, version: clip.version })))?.opts.priority,
    ).toBe(1);
  });
});

describe("cut limits and fairness", () => {
  it("answers 429 past a user's and a club's limits, and another club's clip goes before the flood", async () => {
    t.deps.config.clipCutLimits = { perClub: 5, perUser: 3 };
    const staffB = await createMember(t, { scope: "club", clubId: cast.clubB.id });
    const sequenceB = await sequenceOf(matchB, cast.adminB);

    // Concurrent requests cannot all slip under the limit: exactly three are accepted.
    const flood = await Promise.all(Array.from({ length: 6 }, (_, i) => addMarker(sequenceB, cast.adminB, i * 1000)));
    expect(flood.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = flood.find((res) => res.statusCode === 429)!;
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toBe(
      "You have 3 clips waiting to be cut, the most one person may have at once (3). Try again in 30 seconds, once some are cut.",
    );
    expect(refused.json().errors.clips).toEqual([refused.json().message]);

    const sequenceStaffB = await sequenceOf(matchB, staffB);
    const more = [];
    for (let i = 0; i < 3; i++) more.push(await addMarker(sequenceStaffB, staffB, 60_000 + i * 1000));
    expect(more.map((res) => res.statusCode)).toEqual([201, 201, 429]);
    expect(more[2]!.json().message).toMatch(
      /^Your club has 5 clips waiting to be cut, the most it may have at once \(5\)/,
    );
    // Refused markers are not kept: nothing of them reaches the club's clips table.
    expect(await t.deps.prisma.marker.count({ where: { sequence: { matchId: matchB.id } } })).toBe(5);

    // Another club's admin, after club B's five: its first cut is taken right after club B's first.
    const clubC = await createClub(t.deps.prisma, { name: "Charlie Athletic" });
    const adminC = await createMember(t, { scope: "club", clubId: clubC.id });
    const matchC = await createMatch(t.deps.prisma, { clubId: clubC.id, status: "vod" });
    const added = await addMarker(await sequenceOf(matchC, adminC), adminC, 40_000);
    expect(added.statusCode).toBe(201);
    const clipC = await clipOfMarker(added.json().data.id);
    const clubBCuts = await t.deps.prisma.clip.findMany({
      where: { match: { id: matchB.id } },
      orderBy: { id: "asc" },
    });
    const idOf = (clip: { id: number; version: number }) => clipCutJobId({ clipId: clip.id, version: clip.version });
    const ours = new Set([clipC, ...clubBCuts].map(idOf));
    const order = (await queueOrder()).filter((id) => ours.has(id));
    expect(order).toEqual([idOf(clubBCuts[0]!), idOf(clipC), ...clubBCuts.slice(1).map(idOf)]);
  });

  it("holds a re-cut of an already waiting clip to no limit (it adds no cut)", async () => {
    t.deps.config.clipCutLimits = { perClub: 100, perUser: 1 };
    const staff = await createMember(t, { scope: "club", clubId: cast.clubA.id });
    const sequence = await sequenceOf(matchA, staff);
    const added = await addMarker(sequence, staff, 5_000);
    expect(added.statusCode).toBe(201);
    const markerId = added.json().data.id;
    expect((await http.put(`/v1/markers/${markerId}`, { time_ms: 6_000 }, staff.token)).statusCode).toBe(200);
    expect((await addMarker(sequence, staff, 7_000)).statusCode).toBe(429);
  });
});

describe("concurrent edits", () => {
  /** A fresh marker of club A's admin, with its clip. */
  async function freshMarker() {
    const res = await addMarker(await sequenceOf(matchA, cast.adminA), cast.adminA, 20_000, "Start");
    expect(res.statusCode).toBe(201);
    return { markerId: res.json().data.id as number, clipId: (await clipOfMarker(res.json().data.id)).id };
  }

  it("moves a marker eight times at once after its clip was deleted: all 200, one clip", async () => {
    // Issue 25: 7 of 8 answered 500 (the clip's unique marker).
    const { markerId, clipId } = await freshMarker();
    expect((await http.del(`/v1/clips/${clipId}`, cast.adminA.token)).statusCode).toBe(204);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        http.put(`/v1/markers/${markerId}`, { time_ms: 30_000 + i }, cast.adminA.token),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(await t.deps.prisma.clip.count({ where: { markerId } })).toBe(1);
  });

  type Edit =
    | { kind: "move"; timeMs: number; label: string }
    | { kind: "rename"; label: string }
    | { kind: "deleteMarker" }
    | { kind: "window"; startMs: number }
    | { kind: "deleteClip" };

  /** Valid labels: the property is about concurrency, the 422s of labels are tested in sequences.test.ts. */
  const label = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    fc.record({
      kind: fc.constant("move" as const),
      timeMs: fc.integer({ min: 0, max: 600_000 }),
      label: label,
    }),
    fc.record({ kind: fc.constant("rename" as const), label: label }),
    fc.constant({ kind: "deleteMarker" as const }),
    fc.record({ kind: fc.constant("window" as const), startMs: fc.integer({ min: 0, max: 500_000 }) }),
    fc.constant({ kind: "deleteClip" as const }),
  );

  function send(e: Edit, ids: { markerId: number; clipId: number }) {
    const token = cast.adminA.token;
    switch (e.kind) {
      case "move":
        return http.put(`/v1/markers/${ids.markerId}`, { time_ms: e.timeMs, label: e.label }, token);
      case "rename":
        return http.put(`/v1/markers/${ids.markerId}`, { label: e.label }, token);
      case "deleteMarker":
        return http.del(`/v1/markers/${ids.markerId}`, token);
      case "window":
        return http.put(`/v1/clips/${ids.clipId}`, { start_ms: e.startMs, end_ms: e.startMs + 10_000 }, token);
      case "deleteClip":
        return http.del(`/v1/clips/${ids.clipId}`, token);
    }
  }

  it("answers no 5xx to any mix of concurrent edits of a marker and its clip, and ends consistent", async () => {
    // Each run (and each shrink) makes a clip to cut: the limits are not what this property is about.
    t.deps.config.clipCutLimits = { perClub: 100_000, perUser: 100_000 };
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 2, maxLength: 8 }), async (edits) => {
        const ids = await freshMarker();
        const answers = await Promise.all(edits.map((e) => send(e, ids)));
        const statuses = answers.map((res) => res.statusCode);
        for (const status of statuses) expect([200, 204, 404]).toContain(status);

        const marker = await t.deps.prisma.marker.findUnique({ where: { id: ids.markerId } });
        const clips = await t.deps.prisma.clip.findMany({ where: { markerId: ids.markerId } });
        const markerDeleted = edits.some((e, i) => e.kind === "deleteMarker" && statuses[i] === 204);
        expect(marker === null).toBe(markerDeleted);
        if (!marker) {
          expect(clips).toEqual([]);
          return;
        }
        expect(clips.length).toBeLessThanOrEqual(1);
        // The last write wins: the label is the one of an edit that answered 200, or the first one.
        const labels = edits.flatMap((e, i) => ("label" in e && statuses[i] === 200 ? [e.label] : []));
        expect(["Start", ...labels]).toContain(marker.label);
        // No worker runs here: a clip left is queued for its cut.
        for (const clip of clips) expect(clip.state).toBe("queued");
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
