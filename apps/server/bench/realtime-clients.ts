// A share of the sockets of `npm run bench:realtime`, run as a child process:
// connects and subscribes them, notes when each match.scored arrives, and says
// when every one of its sockets has an update.
import { io, type Socket } from "socket.io-client";
import { EVENTS, SOCKET, type EventPayloads } from "@clubcast/shared";

export type ClientsRequest =
  { type: "connect"; urls: string[]; count: number; channel: string } | { type: "collect" } | { type: "close" };
export type ClientsReply =
  | { type: "connected"; subscribed: number }
  | { type: "delivered"; sequence: number }
  | { type: "received"; receipts: [sequence: number, at: number][] };

const send = (reply: ClientsReply) => process.send!(reply);
/** A clock shared by every process on the machine, in milliseconds with sub-millisecond precision. */
const now = () => performance.timeOrigin + performance.now();

const sockets: Socket[] = [];
let subscribed = 0;
let receipts: [number, number][] = [];
const receivedBySequence = new Map<number, number>();

function received({ home: sequence }: EventPayloads["match.scored"]) {
  receipts.push([sequence, now()]);
  const count = (receivedBySequence.get(sequence) ?? 0) + 1;
  receivedBySequence.set(sequence, count);
  if (count === subscribed) send({ type: "delivered", sequence });
}

async function connectOne(url: string, channel: string): Promise<boolean> {
  const socket = io(url, { transports: ["websocket"], reconnection: false, forceNew: true });
  sockets.push(socket);
  socket.on(EVENTS.matchScored, received);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  const answer = await socket.timeout(30_000).emitWithAck(SOCKET.subscribe, channel);
  return answer.channel === channel && !("status" in answer);
}

process.on("message", async (request: ClientsRequest) => {
  switch (request.type) {
    case "connect": {
      // In batches, as a crowd arriving rather than one burst of thousands of handshakes.
      for (let start = 0; start < request.count; start += 100) {
        const batch = Array.from({ length: Math.min(100, request.count - start) }, (_, i) =>
          connectOne(request.urls[(start + i) % request.urls.length]!, request.channel),
        );
        subscribed += (await Promise.all(batch)).filter(Boolean).length;
      }
      send({ type: "connected", subscribed });
      break;
    }
    case "collect":
      send({ type: "received", receipts });
      receipts = [];
      receivedBySequence.clear();
      break;
    case "close":
      for (const socket of sockets) socket.disconnect();
      process.exit(0);
  }
});
