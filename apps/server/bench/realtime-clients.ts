// A share of the sockets of `npm run bench:realtime`, run as a child process:
// connects and subscribes them, and notes when each match.scored arrives.
import { io, type Socket } from "socket.io-client";
import { EVENTS, SOCKET, type EventPayloads } from "@clubcast/shared";

export type ClientsRequest =
  | { type: "connect"; urls: string[]; count: number; channel: string }
  | { type: "collect" }
  | { type: "close" };
export type ClientsReply =
  | { type: "connected"; subscribed: number }
  | { type: "received"; receipts: [sequence: number, at: number][] };

const send = (reply: ClientsReply) => process.send!(reply);
/** A clock shared by every process on the machine, in milliseconds with sub-millisecond precision. */
const now = () => performance.timeOrigin + performance.now();

const sockets: Socket[] = [];
let receipts: [number, number][] = [];

async function connectOne(url: string, channel: string): Promise<boolean> {
  const socket = io(url, { transports: ["websocket"], reconnection: false, forceNew: true });
  sockets.push(socket);
  socket.on(EVENTS.matchScored, (payload: EventPayloads["match.scored"]) => receipts.push([payload.home, now()]));
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
      let subscribed = 0;
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
      break;
    case "close":
      for (const socket of sockets) socket.disconnect();
      process.exit(0);
  }
});
