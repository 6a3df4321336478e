// `npm run bench:realtime`: 2,000 sockets over two server instances sharing one
// Redis, all on one match's channel, and 100 score updates. Prints delivery
// latency p50/p95/p99, lost events and server memory per 1,000 sockets, for:
//   - the baseline, measured in the same run: one instance without the Redis
//     adapter, every socket on it, emitting through its own Socket.IO server;
//   - two instances with the Redis adapter, emitting through instance A;
//   - two instances, the score posted to instance A's REST endpoint (the
//     production path: HTTP, database, Redis emitter, both instances' adapters).
// Each update is sent once the previous one reached every socket (or gave up),
// so the figures are the fan-out of one event rather than a growing backlog.
// Servers and sockets run in child processes so none measures the other's work.
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { CHANNELS, EVENTS } from "@clubcast/shared";
import { loadConfig } from "@clubcast/settings";
import { closeDeps, createDeps } from "@clubcast/domain/deps.ts";
import { createServices } from "@clubcast/domain/services.ts";
import {
  clearRedisPrefix,
  dropDatabase,
  freshMigratedDatabase,
  megabytes,
  percentile,
  printTable,
  sleep,
} from "@clubcast/testkit/bench";
import type { NodeReply, NodeRequest } from "./realtime-node.ts";
import type { ClientsReply, ClientsRequest } from "./realtime-clients.ts";

const DATABASE = "clubcast_bench_realtime";
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 100);
/** The pause between one update reaching every socket and the next update. */
const UPDATE_GAP_MS = 50;
/** How long one update may take to reach every socket before the next is sent anyway. */
const UPDATE_TIMEOUT_MS = 5000;
const CLIENT_PROCESSES = 2;
/** How long after the last update stragglers are still awaited before the rest counts as lost. */
const GRACE_MS = 15_000;

const now = () => performance.timeOrigin + performance.now();

/** A child process spoken to over IPC: requests out, typed replies back. */
function startChild<Request, Reply extends { type: string }>(
  entry: string,
  env: NodeJS.ProcessEnv,
  execArgv: string[] = [],
) {
  const child: ChildProcess = fork(fileURLToPath(new URL(entry, import.meta.url)), [], {
    execArgv: ["--import", "tsx", ...execArgv],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return {
    /** Sends `request` (if any) and resolves with the next reply of `type`. */
    ask<T extends Reply["type"]>(request: Request | null, type: T): Promise<Extract<Reply, { type: T }>> {
      return new Promise((resolve, reject) => {
        const onExit = (code: number | null) =>
          reject(new Error(`${entry} exited (${code}) while waiting for ${type}`));
        const onMessage = (reply: Reply) => {
          if (reply.type !== type) return;
          child.off("message", onMessage);
          child.off("exit", onExit);
          resolve(reply as Extract<Reply, { type: T }>);
        };
        child.on("message", onMessage);
        child.once("exit", onExit);
        if (request) child.send(request as object);
      });
    },
    tell(request: Request) {
      child.send(request as object);
    },
    /** Every reply of `type` from now on. */
    onReply<T extends Reply["type"]>(type: T, listener: (reply: Extract<Reply, { type: T }>) => void) {
      child.on("message", (reply: Reply) => reply.type === type && listener(reply as Extract<Reply, { type: T }>));
    },
    stop(): Promise<void> {
      return new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.send({ type: "close" });
      });
    },
  };
}

type ServerNode = ReturnType<typeof startChild<NodeRequest, NodeReply>> & { url: string };
type Clients = ReturnType<typeof startChild<ClientsRequest, ClientsReply>>;

async function startServer(env: NodeJS.ProcessEnv, redisAdapter: boolean): Promise<ServerNode> {
  const node = startChild<NodeRequest, NodeReply>(
    "./realtime-node.ts",
    { ...env, BENCH_REDIS_ADAPTER: redisAdapter ? "1" : "0" },
    ["--expose-gc"],
  );
  const { url } = await node.ask(null, "ready");
  return Object.assign(node, { url });
}

/** Connects SOCKETS sockets, spread over the client processes and (round robin) over the servers. */
async function connectClients(urls: string[], channel: string): Promise<{ clients: Clients[]; subscribed: number }> {
  const clients = Array.from({ length: CLIENT_PROCESSES }, () =>
    startChild<ClientsRequest, ClientsReply>("./realtime-clients.ts", {}),
  );
  const share = Math.ceil(SOCKETS / CLIENT_PROCESSES);
  const answers = await Promise.all(
    clients.map((c, i) =>
      c.ask({ type: "connect", urls, count: Math.min(share, SOCKETS - i * share), channel }, "connected"),
    ),
  );
  return { clients, subscribed: answers.reduce((sum, a) => sum + a.subscribed, 0) };
}

interface Delivery {
  latencies: number[];
  lost: number;
}

/** Resolves when every client process reported `sequence` delivered to all its sockets. */
function deliveredEverywhere(clients: Clients[]) {
  const reported = new Map<number, number>();
  const waiting = new Map<number, () => void>();
  for (const client of clients) {
    client.onReply("delivered", ({ sequence }) => {
      const count = (reported.get(sequence) ?? 0) + 1;
      reported.set(sequence, count);
      if (count === clients.length) waiting.get(sequence)?.();
    });
  }
  return (sequence: number) =>
    new Promise<void>((resolve) => {
      if (reported.get(sequence) === clients.length) return resolve();
      waiting.set(sequence, resolve);
    });
}

/** Sends UPDATES score updates through `publish`, one at a time, and gathers when each socket received each. */
async function deliver(
  clients: Clients[],
  subscribed: number,
  publish: (sequence: number) => Promise<void>,
): Promise<Delivery> {
  const sentAt = new Map<number, number>();
  const delivered = deliveredEverywhere(clients);
  for (let sequence = 1; sequence <= UPDATES; sequence++) {
    sentAt.set(sequence, now());
    await publish(sequence);
    await Promise.race([delivered(sequence), sleep(UPDATE_TIMEOUT_MS)]);
    await sleep(UPDATE_GAP_MS);
  }
  const expected = subscribed * UPDATES;
  const latencies: number[] = [];
  const deadline = Date.now() + GRACE_MS;
  while (latencies.length < expected && Date.now() < deadline) {
    for (const client of clients) {
      const { receipts } = await client.ask({ type: "collect" }, "received");
      for (const [sequence, at] of receipts) latencies.push(at - sentAt.get(sequence)!);
    }
    if (latencies.length < expected) await sleep(100);
  }
  return { latencies, lost: Math.max(0, expected - latencies.length) };
}

async function memoryPerThousandSockets(nodes: ServerNode[], before: NodeReply[], socketsPerNode: number) {
  const after = await Promise.all(nodes.map((node) => node.ask({ type: "memory" }, "memory")));
  const per = (field: "rss" | "heapUsed") =>
    after.reduce((sum, a, i) => sum + megabytes(a[field] - (before[i] as typeof a)[field]), 0) /
    nodes.length /
    (socketsPerNode / 1000);
  return { rss: per("rss"), heap: per("heapUsed") };
}

async function main() {
  const prefix = `bench-realtime:${randomBytes(4).toString("hex")}:`;
  console.log(`Preparing ${DATABASE}…`);
  const databaseUrl = await freshMigratedDatabase(DATABASE);
  const config = { ...loadConfig(), databaseUrl, redisPrefix: prefix };
  const deps = createDeps(config);
  const sport = await deps.prisma.sport.create({ data: { slug: "football", name: "Football", type: "football" } });
  const club = await deps.prisma.club.create({ data: { name: "Bench club", sportId: sport.id } });
  const startingAt = new Date();
  const match = await deps.prisma.match.create({
    data: {
      clubId: club.id,
      homeClubId: club.id,
      startingAt,
      stoppingAt: new Date(startingAt.getTime() + 5400_000),
      status: "live",
    },
  });
  const scorer = await deps.prisma.user.create({
    data: {
      email: "bench-scorer@example.test",
      passwordHash: "-",
      firstName: "Bench",
      lastName: "Scorer",
      scope: "club",
      clubId: club.id,
    },
  });
  const { access_token: token } = await createServices(deps).auth.issueToken({ userId: scorer.id });
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: config.redisUrl, REDIS_PREFIX: prefix, LOG_LEVEL: "warn" };
  const channel = CHANNELS.match(match.id);
  const scored = (sequence: number) => ({ match: match.id, home: sequence, away: 0 });
  const rows: (string | number)[][] = [];
  const row = (
    name: string,
    servers: number,
    subscribed: number,
    d: Delivery,
    memory: { rss: number; heap: number },
    base?: Delivery,
  ) => {
    const p99 = percentile(d.latencies, 0.99);
    rows.push([
      name,
      servers,
      subscribed,
      d.latencies.length,
      d.lost,
      percentile(d.latencies, 0.5).toFixed(1),
      percentile(d.latencies, 0.95).toFixed(1),
      p99.toFixed(1),
      base ? `${(p99 / percentile(base.latencies, 0.99)).toFixed(2)}×` : "1.00×",
      memory.heap.toFixed(1),
      memory.rss.toFixed(1),
    ]);
    return d;
  };

  console.log(`Baseline: one instance without the Redis adapter, ${SOCKETS} sockets…`);
  const single = await startServer(env, false);
  const singleBefore = [await single.ask({ type: "memory" }, "memory")];
  const baseClients = await connectClients([single.url], channel);
  const singleMemory = await memoryPerThousandSockets([single], singleBefore, baseClients.subscribed);
  const baseline = row(
    "baseline: 1 instance, no adapter, emit",
    1,
    baseClients.subscribed,
    await deliver(baseClients.clients, baseClients.subscribed, async (sequence) =>
      single.tell({ type: "emit", channel, event: EVENTS.matchScored, payload: scored(sequence) }),
    ),
    singleMemory,
  );
  await Promise.all([...baseClients.clients.map((c) => c.stop()), single.stop()]);

  console.log(`Two instances with the Redis adapter, ${SOCKETS} sockets…`);
  const nodes = [await startServer(env, true), await startServer(env, true)];
  const [a] = nodes as [ServerNode, ServerNode];
  const before = await Promise.all(nodes.map((node) => node.ask({ type: "memory" }, "memory")));
  const cluster = await connectClients(
    nodes.map((node) => node.url),
    channel,
  );
  const clusterMemory = await memoryPerThousandSockets(nodes, before, cluster.subscribed / nodes.length);
  row(
    "2 instances + Redis adapter, emit on A",
    2,
    cluster.subscribed,
    await deliver(cluster.clients, cluster.subscribed, async (sequence) =>
      a.tell({ type: "emit", channel, event: EVENTS.matchScored, payload: scored(sequence) }),
    ),
    clusterMemory,
    baseline,
  );
  row(
    "2 instances, POST …/score to A (REST+DB+Redis)",
    2,
    cluster.subscribed,
    await deliver(cluster.clients, cluster.subscribed, async (sequence) => {
      const response = await fetch(`${a.url}/v1/clubs/${club.id}/matches/${match.id}/score`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ home: sequence, away: 0 }),
      });
      if (!response.ok) throw new Error(`score update answered ${response.status}: ${await response.text()}`);
    }),
    clusterMemory,
    baseline,
  );
  await Promise.all([...cluster.clients.map((c) => c.stop()), ...nodes.map((node) => node.stop())]);

  printTable(
    `Realtime benchmark: ${SOCKETS} sockets on one match, ${UPDATES} score updates one after another (target: p99 < 100 ms, 0 lost)`,
    [
      "scenario",
      "servers",
      "sockets",
      "delivered",
      "lost",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "p99 vs baseline",
      "heap MB/1k sockets",
      "RSS MB/1k sockets",
    ],
    rows,
  );

  await closeDeps(deps);
  await clearRedisPrefix(config.redisUrl, prefix);
  await dropDatabase(DATABASE);
}

await main();
