// The media gateway's settings.
import type { MediaStorageSettings } from "@clubcast/shared";
import { loadSettings, mediaStorageOf } from "./settings.ts";

export interface GatewaySettings {
  /** The camera-server protocol and nginx's callbacks (MEDIA_HOST:MEDIA_PORT, default 127.0.0.1:4200). */
  host: string;
  port: number;
  /** Where cameras connect (MEDIA_INGEST_HOST, default 0.0.0.0: every interface). */
  ingestHost: string;
  rtmpPort: number;
  srtPort: number;
  /** SRT latency the ingest asks for (SRT_LATENCY_MS, default 1000): room for retransmits over lossy uplinks. */
  srtLatencyMs: number;
  mediaDir: string;
  /** Where finished recordings are kept (MEDIA_STORAGE, S3_*); live segments are written to mediaDir first. */
  mediaStorage: MediaStorageSettings;
  /** Free disk below which new recordings are refused. */
  minFreeBytes: number;
  /** The API the gateway asks and reports to (MEDIA_API_URL, default PUBLIC_URL). */
  apiUrl: string;
  /** Where players reach the API's /media (PUBLIC_URL). */
  publicUrl: string;
  /** The gateway's machine credentials (an API client without configuration). */
  clientId: string | null;
  clientSecret: string | null;
  /** Where the gateways keep what they share (which camera records which match, who holds its stream). */
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Target segment length; short segments keep the live delay low. */
  segmentSeconds: number;
  /** Segments in a live playlist. */
  liveWindow: number;
}

export function loadGatewaySettings(env: NodeJS.ProcessEnv = process.env): GatewaySettings {
  const settings = loadSettings(env);
  return {
    host: settings.MEDIA_HOST,
    port: settings.MEDIA_PORT,
    ingestHost: settings.MEDIA_INGEST_HOST,
    rtmpPort: settings.RTMP_PORT,
    srtPort: settings.SRT_PORT,
    srtLatencyMs: settings.SRT_LATENCY_MS,
    mediaDir: settings.MEDIA_DIR,
    mediaStorage: mediaStorageOf(settings),
    minFreeBytes: settings.MEDIA_MIN_FREE_MB * 1024 * 1024,
    apiUrl: settings.MEDIA_API_URL,
    publicUrl: settings.PUBLIC_URL,
    clientId: settings.MEDIA_GATEWAY_CLIENT_ID ?? null,
    clientSecret: settings.MEDIA_GATEWAY_CLIENT_SECRET ?? null,
    databaseUrl: settings.DATABASE_URL,
    redisUrl: settings.REDIS_URL,
    redisPrefix: settings.REDIS_PREFIX,
    segmentSeconds: 1,
    liveWindow: 6,
  };
}
