// One API server instance for `npm run bench:realtime`, run as a child process
// (node --expose-gc) and driven over IPC by realtime.ts: it reports its URL,
// emits events through its Socket.IO server and measures its own memory.
import type { AddressInfo } from "node:net";
import { loadConfig } from "@clubcast/settings";
import { closeDeps, createDeps } from "@clubcast/domain/deps.ts";
import { buildApp } from "../src/app.ts";

export type NodeRequest =
  { type: "emit"; channel: string; event: string; payload: unknown } | { type: "memory" } | { type: "close" };
export type NodeReply = { type: "ready"; url: string } | { type: "memory"; rss: number; heapUsed: number };

const send = (reply: NodeReply) => process.send!(reply);

const deps = createDeps(loadConfig());
const built = await buildApp(deps, { realtime: { redisAdapter: process.env.BENCH_REDIS_ADAPTER !== "0" } });
await built.app.listen({ port: 0, host: "127.0.0.1" });
send({ type: "ready", url: `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}` });

process.on("message", async (request: NodeRequest) => {
  switch (request.type) {
    case "emit":
      built.realtime.to(request.channel).emit(request.event, request.payload);
      break;
    case "memory": {
      // Collected first, so the figure is what the sockets hold rather than garbage awaiting collection.
      globalThis.gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      send({ type: "memory", rss, heapUsed });
      break;
    }
    case "close":
      await built.app.close();
      await closeDeps(deps);
      process.exit(0);
  }
});
