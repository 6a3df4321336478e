// Observes realtime events published into channels: a plain Socket.IO server
// with the Redis adapter (same key as the platform's publisher) and a client
// socket in the given channels' rooms.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { vi } from "vitest";
import { Server } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import { io as connect } from "socket.io-client";
import { Redis } from "ioredis";
import type { EventName, EventPayloads } from "@clubcast/shared";
import { MATCH_NEWS, socketIoKey, type MatchNews } from "@clubcast/domain/realtime/publisher.ts";
import type { TestApp } from "@clubcast/testkit/app";

interface ReceivedEvent {
  event: string;
  payload: unknown;
}

const PROBE_CHANNEL = "test.probe";
const PROBE_EVENT = "match.starting";

export async function listenToChannels(t: TestApp, channels: string[]) {
  const pub = new Redis(t.config.redisUrl);
  const sub = pub.duplicate();
  const http = createServer();
  const io = new Server(http, { adapter: createAdapter(pub, sub, { key: socketIoKey(t.config.redisPrefix) }) });
  io.on("connection", (socket) => socket.join([...channels, PROBE_CHANNEL]));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ["websocket"] });
  const received: ReceivedEvent[] = [];
  client.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  // Events for a channel's viewers only (publishToViewers) come as they are published, before any filtering:
  // what the platform published, not whom it reached (realtime-audience.test.ts checks that).
  io.on(MATCH_NEWS, ({ channel, event, payload }: MatchNews) => {
    if (channels.includes(channel)) received.push({ event, payload });
  });

  let probes = 0;
  /** Publishes a probe and waits for it: everything published before it has arrived too (Redis keeps order). */
  async function settle(): Promise<void> {
    const marker = ++probes;
    await vi.waitFor(
      () => {
        const seen = received.some(
          (e) => e.event === PROBE_EVENT && (e.payload as { match: number }).match === -marker,
        );
        if (!seen) {
          t.deps.outbox.events.publish(PROBE_CHANNEL, PROBE_EVENT, { match: -marker, starting_at: "" });
          throw new Error("probe not received yet");
        }
      },
      { timeout: 5000, interval: 50 },
    );
  }
  // Ready once the adapter's subscription is live and the socket sits in its rooms.
  await settle();

  return {
    /** Every event received so far, probes left out. */
    events<E extends EventName>(event: E): EventPayloads[E][] {
      return received
        .filter((e) => e.event === event && !(event === PROBE_EVENT && (e.payload as { match: number }).match < 0))
        .map((e) => e.payload as EventPayloads[E]);
    },
    settle,
    async close() {
      client.close();
      await io.close();
      pub.disconnect();
      sub.disconnect();
    },
  };
}

export type ChannelListener = Awaited<ReturnType<typeof listenToChannels>>;
