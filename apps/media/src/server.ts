// Starts the media gateway: nginx for RTMP, the SRT relay, the camera-server
// HTTP protocol, and the API's messages (a rotated stream key drops its publisher).
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { createPrismaClient } from "@clubcast/db";
import { createRedisOutageLog } from "@clubcast/db/redis";
import { RTMP_APP, mediaGatewayChannel, type MediaGatewayMessage } from "@clubcast/shared";
import { createMediaStore } from "@clubcast/media-store";
import { createGatewayApi, type GatewayApi } from "./api.ts";
import { createGateway, type Gateway } from "./gateway.ts";
import { createGatewayHttpServer } from "./http.ts";
import { SRT_APP, startNginx, type RunningNginx } from "./nginx.ts";
import type { GatewaySettings } from "@clubcast/settings";
import { startSrtIngest, type SrtIngest } from "./srt-ingest.ts";
import { createGatewayState } from "./state.ts";

export interface RunningGateway {
  /** The camera-server URL configurations name (server_url). */
  url: string;
  rtmpPort: number;
  srtPort: number;
  close(): Promise<void>;
}

export async function startMediaGateway(
  settings: GatewaySettings,
  overrides: { api?: GatewayApi; log?: (line: string) => void } = {},
): Promise<RunningGateway> {
  const log = overrides.log ?? ((line: string) => console.log(`[media] ${line}`));
  if (!overrides.api && (!settings.clientId || !settings.clientSecret)) {
    throw new Error(
      "MEDIA_GATEWAY_CLIENT_ID and MEDIA_GATEWAY_CLIENT_SECRET are needed to ask the API who may publish",
    );
  }
  const api =
    overrides.api ??
    createGatewayApi({ apiUrl: settings.apiUrl, clientId: settings.clientId!, clientSecret: settings.clientSecret! });
  const store = createMediaStore(settings.mediaDir, settings.mediaStorage);
  const prisma = createPrismaClient(settings.databaseUrl, { max: 4 });

  // nginx and the SRT relay call into the gateway, and it drops publishers through them.
  let nginx: RunningNginx | null = null;
  let srt: SrtIngest | null = null;
  const rtmpReadUrl = (app: string, name: string) => `rtmp://127.0.0.1:${settings.rtmpPort}/${app}/${name}`;
  const serving: { gateway?: Gateway } = {};
  const http = createGatewayHttpServer(() => serving.gateway, log);
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(settings.port, settings.host, resolve);
  });
  const { port } = http.address() as AddressInfo;
  // Who this gateway is to the others and to the worker: where its camera-server protocol is reached.
  const url = `http://${settings.host}:${port}`;
  const state = createGatewayState(prisma, url, log);
  await state.load();
  const gateway = createGateway({
    store,
    state,
    api,
    rtmpReadUrl,
    dropAtNginx: async (app, name) => nginx?.dropPublisher(app, name),
    bytesInAtNginx: async () => (await nginx?.bytesIn()) ?? new Map(),
    dropSrt: (token) => srt?.dropToken(token),
    publicUrl: settings.publicUrl,
    minFreeBytes: settings.minFreeBytes,
    spoolDir: join(store.gatewayDir(), `spool-${settings.rtmpPort}`),
    segmentSeconds: settings.segmentSeconds,
    liveWindow: settings.liveWindow,
    log,
  });
  serving.gateway = gateway;
  nginx = await startNginx({
    host: settings.ingestHost,
    rtmpPort: settings.rtmpPort,
    callbackUrl: url,
    workDir: join(store.gatewayDir(), `nginx-${settings.rtmpPort}`),
    log,
    onExit: () => void gateway.onNginxExit(),
  });
  srt = await startSrtIngest({
    port: settings.srtPort,
    host: settings.ingestHost,
    latencyMs: settings.srtLatencyMs,
    pushUrlPrefix: rtmpReadUrl(SRT_APP, ""),
    authorize: (streamKey, { token, peer }) => gateway.authorizeSrt(streamKey, token, peer),
    onStats: (token, stats) => gateway.onSrtStats(token, stats),
    onUnsupportedCodec: (token, codec) => gateway.onSrtUnsupportedCodec(token, codec),
    log,
  });

  const subscriber = new Redis(settings.redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
  createRedisOutageLog("stream-key subscriber", log).watch(subscriber);
  subscriber.on("message", (_channel, text: string) => {
    const message = JSON.parse(text) as MediaGatewayMessage;
    if (message.type === "stream_key_rotated")
      void gateway.onStreamKeyRotated(message.configuration_id, message.old_stream_key);
  });
  await subscriber.connect();
  await subscriber.subscribe(mediaGatewayChannel(settings.redisPrefix));

  log(
    `camera server on ${url}; RTMP rtmp://${settings.ingestHost}:${settings.rtmpPort}/${RTMP_APP}/{stream_key}; SRT srt://${settings.ingestHost}:${srt.port}?streamid=publish:{stream_key}`,
  );
  return {
    url,
    rtmpPort: settings.rtmpPort,
    srtPort: srt.port,
    async close() {
      subscriber.disconnect();
      await srt!.close();
      await gateway.close();
      await state.flush();
      await prisma.$disconnect();
      await nginx!.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
