// The media gateway's settings, from the environment (or the repository's .env).
import { INGEST_PORTS } from "@clubcast/shared";
import { mediaDirFromEnv, minFreeBytesFromEnv } from "@clubcast/media-store";

export interface GatewaySettings {
  /** The camera-server protocol and nginx's callbacks (MEDIA_HOST:MEDIA_PORT, default 127.0.0.1:4200). */
  host: string;
  port: number;
  /** Where cameras connect (MEDIA_INGEST_HOST, default 0.0.0.0: every interface). */
  ingestHost: string;
  rtmpPort: number;
  srtPort: number;
  mediaDir: string;
  /** Free disk below which new recordings are refused. */
  minFreeBytes: number;
  /** The API the gateway asks and reports to (MEDIA_API_URL, default PUBLIC_URL). */
  apiUrl: string;
  /** Where players reach the API's /media (PUBLIC_URL). */
  publicUrl: string;
  /** The gateway's machine credentials (an API client without configuration). */
  clientId: string | null;
  clientSecret: string | null;
  redisUrl: string;
  redisPrefix: string;
  /** Target segment length; short segments keep the live delay low. */
  segmentSeconds: number;
  /** Segments in a live playlist. */
  liveWindow: number;
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`${name} must be a port number`);
  return parsed;
}

export function loadGatewaySettings(env: NodeJS.ProcessEnv = process.env): GatewaySettings {
  const publicUrl = (env.PUBLIC_URL || `http://${env.HOST || "127.0.0.1"}:${env.PORT || 3000}`).replace(/\/+$/, "");
  return {
    host: env.MEDIA_HOST || "127.0.0.1",
    port: port(env.MEDIA_PORT, 4200, "MEDIA_PORT"),
    ingestHost: env.MEDIA_INGEST_HOST || "0.0.0.0",
    rtmpPort: port(env.RTMP_PORT, INGEST_PORTS.rtmp, "RTMP_PORT"),
    srtPort: port(env.SRT_PORT, INGEST_PORTS.srt, "SRT_PORT"),
    mediaDir: mediaDirFromEnv(env),
    minFreeBytes: minFreeBytesFromEnv(env),
    apiUrl: (env.MEDIA_API_URL || publicUrl).replace(/\/+$/, ""),
    publicUrl,
    clientId: env.MEDIA_GATEWAY_CLIENT_ID || null,
    clientSecret: env.MEDIA_GATEWAY_CLIENT_SECRET || null,
    redisUrl: env.REDIS_URL || "redis://127.0.0.1:6379",
    redisPrefix: env.REDIS_PREFIX || "clubcast:",
    segmentSeconds: 1,
    liveWindow: 6,
  };
}
