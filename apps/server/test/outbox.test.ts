// The transactional outbox (packages/domain/src/jobs/outbox.ts): a change's jobs and
// events are delivered once it has committed, never when it rolled back, still after a
// relay died between the commit and the delivery, and once however many relays run.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { CHANNELS, EVENTS } from "@clubcast/shared";
import type { CameraCommandJob } from "@clubcast/shared/jobs";
import { OUTBOX_POLL_MS, createOutbox, type Outbox, type OutboxDelivery } from "@clubcast/domain/jobs/outbox.ts";
import type { EventPublisher } from "@clubcast/domain/realtime/publisher.ts";
import { eventually } from "@clubcast/testkit";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { createClubWithCamera, createMatch } from "@clubcast/testkit/factories";
import { listenToChannels, type ChannelListener } from "./support/channel-listener.ts";

let t: TestApp;
let site: Awaited<ReturnType<typeof createClubWithCamera>>;
let listener: ChannelListener;

beforeAll(async () => {
  t = await startTestApp();
  site = await createClubWithCamera(t.deps.prisma);
  listener = await listenToChannels(t, [CHANNELS.club(0)]);
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const commandJob = (id: string) => t.deps.jobs.cameraCommands.getJob(id);
const waitingRows = () => t.deps.prisma.outboxMessage.count();
const schedule = (matchId: number) => ({
  command: "schedule" as const,
  matchId,
  configurationId: site.configuration.id,
  requestedBy: null,
});
const newMatch = () => createMatch(t.deps.prisma, { clubId: site.club.id, fieldId: site.field.id });
/** An event on a channel the listener is in, naming `match`. */
const changed = (post: { events: EventPublisher }, match: number) =>
  post.events.publish(CHANNELS.club(0), EVENTS.matchChanged, { match });
const heard = (match: number) => listener.events(EVENTS.matchChanged).filter((e) => e.match === match).length;

/** Another process's relay over the same database and queues; `failing` makes its deliveries fail. */
function otherRelay(failing = false): Outbox {
  const jobs = failing
    ? {
        ...t.deps.jobs,
        addJobs: () => Promise.reject(new Error("the process died before delivering")),
      }
    : t.deps.jobs;
  const silent: EventPublisher = {
    publish: () => {},
    publishToViewers: () => {},
    accessChanged: () => {},
    matchAudienceChanged: () => {},
  };
  return createOutbox({
    prisma: t.deps.prisma,
    pool: t.deps.pool,
    jobs,
    gateways: { publish: async () => {} },
    events: { publisher: silent, sent: async () => {} },
    redisOutages: t.deps.redisOutages,
  });
}

describe("the outbox", () => {
  it("delivers a change's jobs and events once it has committed, and answers once they are", async () => {
    const match = await newMatch();
    let jobId = "";
    await t.deps.outbox.transaction(async (tx, post) => {
      await tx.match.update({ where: { id: match.id }, data: { isPrivate: true } });
      jobId = post.cameraCommand(schedule(match.id));
      changed(post, match.id);
      // Nothing leaves before the commit.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await commandJob(jobId)).toBeUndefined();
    });
    expect((await commandJob(jobId))?.data).toMatchObject({ ...schedule(match.id), idempotencyKey: jobId });
    await listener.settle();
    expect(heard(match.id)).toBe(1);
    expect(await waitingRows()).toBe(0);
  });

  it("delivers nothing of a change that rolled back", async () => {
    const match = await newMatch();
    let jobId = "";
    await expect(
      t.deps.outbox.transaction(async (tx, post) => {
        await tx.match.delete({ where: { id: match.id } });
        jobId = post.cameraCommand(schedule(match.id));
        changed(post, match.id);
        throw new Error("refused after posting");
      }),
    ).rejects.toThrow("refused after posting");
    await t.deps.outbox.relay();
    await listener.settle();
    expect(await commandJob(jobId)).toBeUndefined();
    expect(heard(match.id)).toBe(0);
    expect(await t.deps.prisma.match.count({ where: { id: match.id } })).toBe(1);
    expect(await waitingRows()).toBe(0);
  });

  it("loses nothing when the relay dies between the commit and the delivery: the next relay run (the poll) delivers it", async () => {
    const match = await newMatch();
    const dying = otherRelay(true);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    let jobId = "";
    try {
      await dying.transaction(async (tx, post) => {
        await tx.match.update({ where: { id: match.id }, data: { isPrivate: true } });
        jobId = post.cameraCommand(schedule(match.id));
      });
      await dying.close();
    } finally {
      consoleError.mockRestore();
    }
    expect((await t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).isPrivate).toBe(true);
    // Nobody wakes the app's relay for it: its poll finds the row.
    const job = await eventually(() => commandJob(jobId), "the poll to deliver the row", 3 * OUTBOX_POLL_MS);
    expect(job.data).toMatchObject(schedule(match.id));
    expect(await waitingRows()).toBe(0);
  });

  it("delivers each committed row once with several relays running at once", async () => {
    const matchIds = Array.from({ length: 1200 }, (_, i) => 1_000_000 + i);
    const rows: OutboxDelivery[][] = matchIds.map((matchId) => [
      {
        kind: "job",
        job: { kind: "cameraCommand", payload: { ...schedule(matchId), idempotencyKey: `once-${matchId}` } },
      },
    ]);
    // Watched from before their commit: its notification wakes the app's relay at once.
    const added = vi.spyOn(t.deps.jobs, "addJobs");
    // As committed by requests whose process died before relaying them.
    await t.deps.prisma.outboxMessage.createMany({
      data: rows.map((deliveries) => ({ deliveries: deliveries as object[] })),
    });
    const relays = [otherRelay(), otherRelay(), otherRelay()];
    let delivered: number[];
    try {
      await Promise.all([t.deps.outbox.relay(), ...relays.map((relay) => relay.relay())]);
      delivered = added.mock.calls.flatMap(([jobs]) => jobs.map((job) => (job.payload as CameraCommandJob).matchId));
    } finally {
      await Promise.all(relays.map((relay) => relay.close()));
      added.mockRestore();
    }
    expect(delivered.sort((a, b) => a - b)).toEqual(matchIds);
    expect(await waitingRows()).toBe(0);
    expect(await t.deps.jobs.cameraCommands.getJobCountByTypes("waiting")).toBeGreaterThanOrEqual(matchIds.length);
  });

  /** A row committed (or rolled back) by another process (a session of its own): a plain INSERT, which wakes no relay of this one. */
  async function insertElsewhere(matchId: number, commit: boolean): Promise<string> {
    const idempotencyKey = `elsewhere-${matchId}-${commit}`;
    const deliveries: OutboxDelivery[] = [
      { kind: "job", job: { kind: "cameraCommand", payload: { ...schedule(matchId), idempotencyKey } } },
    ];
    const client = new pg.Client({ connectionString: t.deps.config.databaseUrl, application_name: "elsewhere" });
    await client.connect();
    try {
      await client.query("BEGIN");
      await client.query("INSERT INTO outbox (deliveries) VALUES ($1::jsonb)", [JSON.stringify(deliveries)]);
      await client.query(commit ? "COMMIT" : "ROLLBACK");
    } finally {
      await client.end();
    }
    return idempotencyKey;
  }

  it("reaches its queue promptly when another process commits it (NOTIFY), not at the next poll", async () => {
    // Five rows one after the other: each is delivered well within a poll's interval. The poll alone
    // would deliver each at a random moment of its interval, so all five this soon by chance is unlikely.
    const promptMs = OUTBOX_POLL_MS * 0.3;
    for (let i = 0; i < 5; i++) {
      const match = await newMatch();
      const started = performance.now();
      const jobId = await insertElsewhere(match.id, true);
      await eventually(() => commandJob(jobId), "the notified relay to deliver the row", promptMs);
      expect(performance.now() - started).toBeLessThan(promptMs);
    }
    // The relay deletes the rows in the transaction that added their jobs: a job can be seen a moment before
    // that commits (a busy CI machine saw one row still there).
    await eventually(async () => (await waitingRows()) === 0, "the delivered rows to be gone", promptMs);
  });

  it("never delivers a row another process rolled back: no notification, and nothing for the relay to find", async () => {
    const match = await newMatch();
    const jobId = await insertElsewhere(match.id, false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.deps.outbox.relay();
    expect(await commandJob(jobId)).toBeUndefined();
    expect(await waitingRows()).toBe(0);
  });
});
