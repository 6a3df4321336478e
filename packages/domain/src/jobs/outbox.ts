// The transactional outbox: a change to the database, the jobs it starts and the
// realtime events it announces commit together, and are delivered only once
// committed. A change runs in `outbox.transaction`; what it posts is written as one
// row of the `outbox` table in its own transaction. The relay then takes committed
// rows (FOR UPDATE SKIP LOCKED, so the relays of several processes never take the
// same row), adds their jobs to BullMQ and publishes their events, and deletes the
// rows in the transaction that delivered them. So:
// - a rolled-back change delivers nothing, and a committed one is delivered even if
//   Redis is away (the relay retries until it is back) or the process dies right
//   after the commit (another relay, or this one restarted, finds the row);
// - a job never runs before the change that asked for it has committed;
// - a delivery may be repeated (Redis took it, then the relay died before deleting
//   its row): every job has a fixed job id, so BullMQ ignores the second add; an
//   event may be heard twice, which its listeners bear (they read the match again).
// The relay is woken right after a commit of its own process, by Postgres (a trigger
// on the outbox notifies the channel `outbox` when an insert commits, naming the
// inserting session's application_name: rows committed by another process, never a
// rolled-back one), when Redis is back, and every
// OUTBOX_POLL_MS for a notification it missed or rows left by a dead relay.
// This is the domain's one way to start work: a service never adds a BullMQ job itself.
import { randomUUID } from "node:crypto";
import pg, { type Pool, type PoolClient } from "pg";
import { Prisma, type PrismaClient } from "@clubcast/db";
import { RedisUnavailable, type RedisOutageLog } from "@clubcast/db/redis";
import type { MediaGatewayMessage } from "@clubcast/shared";
import {
  ASSET_UPDATE_TARGETS,
  planJob,
  summaryBuildJobId,
  type CameraCommandJob,
  type ClipCutJob,
  type LiveMomentsJob,
  type RecordingJob,
  type SummaryBuildJob,
} from "@clubcast/shared/jobs";
import { batchedWhileBusy } from "../core/batching.ts";
import { queryPrepared } from "../core/prepared.ts";
import type { EventPublisher } from "../realtime/publisher.ts";
import { audienceOf } from "../matches/visibility.ts";
import { matchStartingTimer, type AssetUpdates, type JobQueues, type QueuedJob } from "./queues.ts";

/** How often the relay looks for rows it was not woken for (a missed notification, a dead relay's rows). */
export const OUTBOX_POLL_MS = 5000;
/** The channel the outbox trigger notifies when an insert commits (migration outbox_notify). */
const OUTBOX_CHANNEL = "outbox";
/**
 * Notifications within this long wake the relay once: a burst of commits (a worker's outcomes, a
 * burst of requests) takes one pass, not one pass each, most of them finding nothing left to take.
 */
const NOTIFY_COALESCE_MS = 10;
/** How long the relay waits before listening again after its listening connection broke. */
const LISTEN_RETRY_MS = 1000;
/** The most rows one relay transaction takes (their jobs go to BullMQ in one call per queue). */
const RELAY_BATCH = 500;

/** One call of the event publisher, as it is stored (JSON). */
type EventCall = {
  [M in keyof EventPublisher]: { method: M; args: Parameters<EventPublisher[M]> };
}[keyof EventPublisher];

/** What a committed change asked for, in the order it asked (JSON, as the row stores it). */
export type OutboxDelivery =
  | { kind: "job"; job: QueuedJob }
  | { kind: "summaryBuild"; job: SummaryBuildJob; delayMs: number }
  | { kind: "assetUpdates"; updates: AssetUpdates }
  | { kind: "setMatchStartingTimer" | "clearMatchStartingTimer"; matchId: number; startingAt: string }
  | { kind: "gatewayMessage"; message: MediaGatewayMessage }
  | { kind: "event"; call: EventCall };

/** What a change inside `outbox.transaction` may ask for; all of it is delivered once it commits. */
export interface OutboxPost {
  /** A camera command; answers its job id (its idempotency key: `idempotencyKey`, else a new one). */
  cameraCommand(job: Omit<CameraCommandJob, "idempotencyKey">, idempotencyKey?: string): string;
  /** The cut of one version of a clip at `priority` (1 first; clips service, cutPriority). */
  clipCut(job: ClipCutJob, priority: number): void;
  /** The build of one version of a summary after `delayMs`, dropping the previous version's waiting build; answers its job id. */
  summaryBuild(job: SummaryBuildJob, delayMs: number): string;
  /** The work after a recording went on demand: its MP4 download, its keyframe index and the listening for moments. */
  recordingWork(job: RecordingJob): void;
  /** The listening to a live match's latest sound (the live-listening sweep's, one per match and turn). */
  liveMoments(job: LiveMomentsJob): void;
  /** A privacy change's asset updates, children of a job that tells the requester; answers their job ids. */
  assetUpdates(matchId: number, isPrivate: boolean, requestedBy: number | null): string[];
  setMatchStartingTimer(matchId: number, startingAt: Date): void;
  clearMatchStartingTimer(matchId: number, startingAt: Date): void;
  /** A message to the media gateways (a rotated stream key), published once the change has committed. */
  gatewayMessage(message: MediaGatewayMessage): void;
  /** Realtime events, published once the change has committed. */
  events: EventPublisher;
}

function postInto(deliveries: OutboxDelivery[]): OutboxPost {
  const event = (call: EventCall) => void deliveries.push({ kind: "event", call });
  return {
    cameraCommand(job, idempotencyKey = randomUUID()) {
      const payload = { ...job, idempotencyKey };
      // Checked against its schema now: a row the relay could not deliver is never committed.
      planJob("cameraCommand", payload);
      deliveries.push({ kind: "job", job: { kind: "cameraCommand", payload } });
      return payload.idempotencyKey;
    },
    clipCut(job, priority) {
      planJob("clipCut", job);
      deliveries.push({ kind: "job", job: { kind: "clipCut", payload: job, priority } });
    },
    summaryBuild(job, delayMs) {
      planJob("summaryBuild", job);
      deliveries.push({ kind: "summaryBuild", job, delayMs });
      return summaryBuildJobId(job);
    },
    recordingWork(job) {
      planJob("recordingDownload", job);
      deliveries.push(
        { kind: "job", job: { kind: "recordingDownload", payload: job } },
        { kind: "job", job: { kind: "recordingIndex", payload: job } },
        { kind: "job", job: { kind: "recordingMoments", payload: job } },
      );
    },
    liveMoments(job) {
      planJob("liveMoments", job);
      deliveries.push({ kind: "job", job: { kind: "liveMoments", payload: job } });
    },
    assetUpdates(matchId, isPrivate, requestedBy) {
      const idempotencyKeys = ASSET_UPDATE_TARGETS.map(() => randomUUID());
      deliveries.push({ kind: "assetUpdates", updates: { matchId, isPrivate, requestedBy, idempotencyKeys } });
      return idempotencyKeys;
    },
    setMatchStartingTimer: (matchId, startingAt) =>
      void deliveries.push({ kind: "setMatchStartingTimer", matchId, startingAt: startingAt.toISOString() }),
    clearMatchStartingTimer: (matchId, startingAt) =>
      void deliveries.push({ kind: "clearMatchStartingTimer", matchId, startingAt: startingAt.toISOString() }),
    gatewayMessage: (message) => void deliveries.push({ kind: "gatewayMessage", message }),
    events: {
      publish: (...args) => event({ method: "publish", args }),
      publishToViewers: (...args) => event({ method: "publishToViewers", args }),
      accessChanged: (...args) => event({ method: "accessChanged", args }),
      // Only the audience is kept of the match as it was (a whole row would not survive JSON).
      matchAudienceChanged: (match, before) =>
        event({ method: "matchAudienceChanged", args: [match, audienceOf(before)] }),
    },
  };
}

/** Where the relay publishes messages to the media gateways (the gateway channel, over Redis). */
export interface GatewayMessages {
  publish(message: MediaGatewayMessage): Promise<void>;
}

/**
 * Delivers one batch's deliveries: its jobs, timers and gateway messages in order (consecutive adds in one
 * call per queue, so the timers of a batch of job outcomes take one round trip), then its events.
 */
async function deliver(
  deliveries: OutboxDelivery[],
  jobs: JobQueues,
  gateways: GatewayMessages,
  events: { publisher: EventPublisher; sent(): Promise<void> },
): Promise<void> {
  let adds: QueuedJob[] = [];
  const flushAdds = async () => {
    if (adds.length) await jobs.addJobs(adds);
    adds = [];
  };
  for (const delivery of deliveries) {
    if (delivery.kind === "job" || delivery.kind === "setMatchStartingTimer") {
      adds.push(
        delivery.kind === "job" ? delivery.job : matchStartingTimer(delivery.matchId, new Date(delivery.startingAt)),
      );
      continue;
    }
    await flushAdds();
    if (delivery.kind === "assetUpdates") await jobs.enqueueAssetUpdates(delivery.updates);
    if (delivery.kind === "summaryBuild") await jobs.enqueueSummaryBuild(delivery.job, delivery.delayMs);
    if (delivery.kind === "clearMatchStartingTimer")
      await jobs.clearMatchStartingTimer(delivery.matchId, new Date(delivery.startingAt));
    if (delivery.kind === "gatewayMessage") await gateways.publish(delivery.message);
  }
  await flushAdds();
  // Events last: a job that could not be added keeps the batch, and its events are not told twice.
  for (const delivery of deliveries) {
    if (delivery.kind !== "event") continue;
    const { method, args } = delivery.call;
    (events.publisher[method] as (...args: unknown[]) => void)(...args);
  }
  await events.sent();
}

/** Runs `work` between BEGIN and COMMIT on a connection of `pool`; rolls back when it fails. */
async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const value = await work(client);
    await client.query("COMMIT");
    client.release();
    return value;
  } catch (error) {
    // Nothing of it stays. A connection that cannot roll back is broken (which rolls back too): not reused.
    const rolledBack = await client.query("ROLLBACK").then(
      () => true,
      () => false,
    );
    client.release(!rolledBack);
    throw error;
  }
}

export interface Outbox {
  /**
   * Runs `change` in one transaction; the jobs and events it posts are delivered once it has
   * committed, and never if it rolls back. Answers once they are delivered, unless Redis is away:
   * then at once, and they are delivered when Redis is back.
   */
  transaction<T>(change: (tx: Prisma.TransactionClient, post: OutboxPost) => Promise<T>): Promise<T>;
  /** As `transaction` for a request that changes nothing else (a camera command): one INSERT, no transaction of its own. */
  post<T>(ask: (post: OutboxPost) => T): Promise<T>;
  /**
   * As `transaction` on a connection of the pool, for hot statements sent without Prisma (core/prepared.ts):
   * `change` runs between BEGIN and COMMIT on `client`, and what it posts is inserted before the COMMIT.
   */
  pgTransaction<T>(change: (client: PoolClient, post: OutboxPost) => Promise<T>): Promise<T>;
  /** The publisher the relay delivers events with (a test counts what a change published through it). */
  readonly events: EventPublisher;
  /** Delivers every committed row now; rejects when a delivery failed (its rows wait for the next run). */
  relay(): Promise<void>;
  /** Stops the relay, after the batch it is delivering. */
  close(): Promise<void>;
}

export function createOutbox({
  prisma,
  pool,
  listenUrl,
  sessionName,
  pollMs = OUTBOX_POLL_MS,
  jobs,
  gateways,
  events,
  redisOutages,
}: {
  prisma: PrismaClient;
  pool: Pool;
  /** The database whose outbox notifications wake this relay (a connection of its own); without one, only the poll does. */
  listenUrl?: string;
  /**
   * The application_name of `pool`'s sessions, which the notifications of their commits carry: this
   * relay leaves those to the pass each commit starts here, and takes only other processes' rows.
   */
  sessionName?: string;
  pollMs?: number;
  jobs: JobQueues;
  gateways: GatewayMessages;
  /** A publisher whose publishes `sent()` awaits (realtime/publisher.ts, createAwaitedPublisher). */
  events: { publisher: EventPublisher; sent(): Promise<void> };
  redisOutages: Pick<RedisOutageLog, "down" | "onBack">;
}): Outbox {
  /** Delivers up to RELAY_BATCH committed rows and deletes them, in one transaction; answers how many. */
  function relayBatch(): Promise<number> {
    return inTransaction(pool, async (client) => {
      const { rows } = await client.query<{ id: string; deliveries: OutboxDelivery[] }>({
        name: "outbox_take",
        text: `DELETE FROM outbox WHERE id IN (
                 SELECT id FROM outbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
               ) RETURNING id, deliveries`,
        values: [RELAY_BATCH],
      });
      rows.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
      await deliver(
        rows.flatMap((row) => row.deliveries),
        jobs,
        gateways,
        events,
      );
      return rows.length;
    });
  }

  /** Relays until a batch leaves no committed row behind. */
  async function runPass(): Promise<void> {
    while ((await relayBatch()) === RELAY_BATCH);
  }

  let closed = false;
  // One pass at a time: asked during one, the next pass starts after it, for all who asked meanwhile.
  let current: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  /** A pass that starts from now, so it finds every row committed before this call. */
  function pass(): Promise<void> {
    if (closed) return Promise.resolve();
    if (!current) {
      current = runPass().finally(() => (current = null));
      return current;
    }
    queued ??= current
      .catch(() => {})
      .then(() => {
        queued = null;
        return pass();
      });
    return queued;
  }

  /** A pass for a commit, the poll or Redis coming back; a failure waits for the next (an outage is logged once by its log). */
  function wake(): Promise<void> {
    const delivered = pass();
    delivered.catch((error: unknown) => {
      if (!(error instanceof RedisUnavailable)) console.error(`[outbox] delivery failed, retried: ${String(error)}`);
    });
    return delivered;
  }
  const poll = setInterval(wake, pollMs);
  poll.unref();
  redisOutages.onBack(() => void wake());

  /**
   * Listens to the outbox channel on a connection of its own: each notification (a committed insert,
   * of any process) wakes the relay. A broken connection is replaced after LISTEN_RETRY_MS, and the
   * relay woken then for what it may have missed meanwhile (the poll would find it too, later).
   */
  let listener: pg.Client | null = null;
  let relisten: NodeJS.Timeout | undefined;
  let notified: NodeJS.Timeout | undefined;
  function listen(url: string) {
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    listener = client;
    const retry = () => {
      if (listener !== client) return;
      listener = null;
      void client.end().catch(() => {});
      if (!closed) relisten = setTimeout(() => listen(url), LISTEN_RETRY_MS).unref();
    };
    client.on("notification", ({ payload }) => {
      // A commit of this process: its own pass takes the row (a second pass would find nothing).
      if (sessionName !== undefined && payload === sessionName) return;
      notified ??= setTimeout(() => {
        notified = undefined;
        void wake();
      }, NOTIFY_COALESCE_MS);
    });
    client.on("error", retry);
    client.on("end", retry);
    client
      .connect()
      .then(() => client.query(`LISTEN ${OUTBOX_CHANNEL}`))
      .then(() => void wake(), retry);
  }
  if (listenUrl) listen(listenUrl);

  /**
   * Writes the row of a request that changes nothing else. The rows asked while one INSERT is under way
   * go together in the next (core/batching.ts): one commit for a burst of requests instead of one each.
   */
  const insertRow = batchedWhileBusy(async (rows: OutboxDelivery[][]) => {
    const json = rows.map((deliveries) => JSON.stringify(deliveries));
    await queryPrepared(pool, Prisma.sql`INSERT INTO outbox (deliveries) SELECT unnest(${json}::jsonb[])`);
    return rows.map(() => undefined);
  });

  /** Once a row is committed: the caller answers once it is delivered, unless Redis is away (then at once). */
  async function committed(): Promise<void> {
    const delivered = wake();
    if (!redisOutages.down) await delivered.catch(() => {});
  }

  return {
    async transaction(change) {
      const result = await prisma.$transaction(async (tx) => {
        const deliveries: OutboxDelivery[] = [];
        const value = await change(tx, postInto(deliveries));
        if (deliveries.length) {
          await tx.outboxMessage.create({ data: { deliveries: deliveries as unknown as Prisma.InputJsonValue } });
        }
        return value;
      });
      await committed();
      return result;
    },
    async post(ask) {
      const deliveries: OutboxDelivery[] = [];
      const value = ask(postInto(deliveries));
      await insertRow(deliveries);
      await committed();
      return value;
    },
    async pgTransaction(change) {
      const value = await inTransaction(pool, async (client) => {
        const deliveries: OutboxDelivery[] = [];
        const value = await change(client, postInto(deliveries));
        if (deliveries.length) {
          await queryPrepared(
            client,
            Prisma.sql`INSERT INTO outbox (deliveries) VALUES (${JSON.stringify(deliveries)}::jsonb)`,
          );
        }
        return value;
      });
      await committed();
      return value;
    },
    events: events.publisher,
    relay: pass,
    async close() {
      closed = true;
      clearInterval(poll);
      clearTimeout(relisten);
      clearTimeout(notified);
      const listening = listener;
      listener = null;
      await listening?.end().catch(() => {});
      await Promise.all([current, queued].map((run) => run?.catch(() => {})));
    },
  };
}
