// The media gateway for `npm run bench:media`, run as a child process so that
// its own CPU time (this Node process, its nginx and its ffmpegs) is measured
// apart from the benchmark's. Its API lets every stream key publish and tells
// the benchmark over IPC when a recording is finished.
import { loadDotEnv } from "@clubcast/settings";
import type { GatewayApi } from "../src/api.ts";
import { startMediaGateway } from "../src/server.ts";
import { loadGatewaySettings } from "@clubcast/settings";
import { cameraOf, isLadderKey } from "./support.ts";

export type GatewayRequest = { type: "close" };
export type GatewayReply =
  | { type: "ready"; url: string }
  | { type: "recordingFinished"; matchId: number; at: number }
  | { type: "log"; line: string };

const send = (reply: GatewayReply) => process.send!(reply);

const configurations = new Map<string, number>();
const api: GatewayApi = {
  async authorizePublish(streamKey) {
    if (!configurations.has(streamKey)) configurations.set(streamKey, configurations.size + 1);
    return {
      allowed: true,
      configuration_id: configurations.get(streamKey)!,
      club_id: 1,
      camera_id: cameraOf(streamKey),
      passthrough: !isLadderKey(streamKey),
    };
  },
  async reportRefusal() {},
  async reportPublisher() {},
  async streamReady() {},
  async recordingFinished({ matchId }) {
    send({ type: "recordingFinished", matchId, at: Date.now() });
  },
};

// An error nothing in the gateway handles would end it mid-run: it is reported
// (the benchmark lists the gateway's problems) and the run goes on.
process.on("uncaughtException", (error) => send({ type: "log", line: `uncaught exception: ${error.stack}` }));

loadDotEnv();
const gateway = await startMediaGateway(
  {
    ...loadGatewaySettings(),
    host: "127.0.0.1",
    port: 0,
    ingestHost: "127.0.0.1",
    rtmpPort: Number(process.env.RTMP_PORT),
    srtPort: 0,
    mediaDir: process.env.MEDIA_DIR!,
    minFreeBytes: 0,
    redisPrefix: process.env.REDIS_PREFIX!,
  },
  { api, log: (line) => send({ type: "log", line }) },
);
send({ type: "ready", url: gateway.url });

// Closed once, whether the benchmark asks, is interrupted with it or goes away.
let closing: Promise<void> | null = null;
const close = () =>
  (closing ??= gateway
    .close()
    .catch((error: Error) => console.error(`closing the gateway: ${error.message}`))
    .finally(() => process.exit(0)));
process.on("message", (request: GatewayRequest) => request.type === "close" && void close());
process.on("disconnect", () => void close());
process.on("SIGINT", () => void close());
process.on("SIGTERM", () => void close());
