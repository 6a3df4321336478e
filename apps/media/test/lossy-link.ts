// A lossy, slow UDP link on loopback, for SRT tests: the kernel here has no
// netem, so this relay sits between publishers and the gateway's SRT port and
// drops a fraction of the datagrams and delays the rest, in both directions.
// Each publisher gets its own upstream socket, so the gateway sees one peer per publisher.
import { createSocket, type Socket } from "node:dgram";

export interface LossyLinkOptions {
  /** Where datagrams from publishers go (the gateway's SRT port on 127.0.0.1). */
  targetPort: number;
  /** Fraction of datagrams dropped in each direction, 0 to 1. */
  loss: number;
  /** How long every datagram that is not dropped is held, in each direction. */
  delayMs: number;
  /** Seed of the drop decisions, so a run can be repeated. */
  seed?: number;
}

export interface LinkCounts {
  forwarded: number;
  dropped: number;
}

export interface LossyLink {
  /** Where publishers send to, on 127.0.0.1. */
  port: number;
  /** Publisher → gateway. */
  up: LinkCounts;
  /** Gateway → publisher. */
  down: LinkCounts;
  close(): Promise<void>;
}

export async function startLossyLink(options: LossyLinkOptions): Promise<LossyLink> {
  const random = mulberry32(options.seed ?? 1);
  const up: LinkCounts = { forwarded: 0, dropped: 0 };
  const down: LinkCounts = { forwarded: 0, dropped: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const upstreams = new Map<string, Socket>(); // publisher address:port -> its socket towards the gateway

  // Drops or delays one datagram; the same delay for all keeps their order.
  function pass(counts: LinkCounts, send: () => void) {
    if (random() < options.loss) {
      counts.dropped++;
      return;
    }
    counts.forwarded++;
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, options.delayMs);
    timers.add(timer);
  }

  const front = await bound();
  front.on("message", (msg, from) => {
    const peer = `${from.address}:${from.port}`;
    let upstream = upstreams.get(peer);
    if (!upstream) {
      const socket = createSocket("udp4");
      socket.bind(0, "127.0.0.1"); // sends before the bind completes are queued
      socket.on("message", (answer) => pass(down, () => front.send(answer, from.port, from.address)));
      upstreams.set(peer, socket);
      upstream = socket;
    }
    const socket = upstream;
    pass(up, () => socket.send(msg, options.targetPort, "127.0.0.1"));
  });

  return {
    port: front.address().port,
    up,
    down,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(
        [front, ...upstreams.values()].map((socket) => new Promise<void>((done) => socket.close(() => done()))),
      );
    },
  };
}

async function bound(): Promise<Socket> {
  const socket = createSocket({ type: "udp4", recvBufferSize: 4 << 20, sendBufferSize: 4 << 20 });
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(0, "127.0.0.1", () => resolve());
  });
  return socket;
}

/** A small seedable PRNG (uniform in [0, 1)); Math.random cannot be seeded. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
