// The worker's own settings (its services use the server's, loadConfig).
import { loadSettings } from "./settings.ts";

export interface WorkerSettings {
  /** Base URL of the asset server taking the posts after a privacy change. */
  assetServerUrl: string;
  /** The media gateway's camera-server URL, for gateway configurations without a server_url of their own. */
  mediaGatewayUrl: string;
  /** Jobs of one queue run at the same time by this process (queues of server calls and timers). */
  concurrency: number;
  /** Jobs of one media queue (MEDIA_QUEUES: ffmpeg) run at the same time by this process. */
  mediaConcurrency: number;
  /** Hosts a camera server URL may name although loopback or private (OUTBOUND_ALLOWED_HOSTS). */
  outboundAllowedHosts: string[];
  /** Timeout of each call to a camera or asset server. */
  requestTimeoutMs: number;
  /** How long a job stays claimed without its worker renewing the lock; after that it is stalled. */
  lockDurationMs: number;
  /** How often stalled jobs (of a crashed worker) are taken back to run again. */
  stalledIntervalMs: number;
}

export function loadWorkerSettings(env: NodeJS.ProcessEnv = process.env): WorkerSettings {
  const settings = loadSettings(env);
  return {
    assetServerUrl: settings.ASSET_SERVER_URL,
    mediaGatewayUrl: settings.MEDIA_GATEWAY_URL,
    concurrency: settings.WORKER_CONCURRENCY,
    mediaConcurrency: settings.WORKER_MEDIA_CONCURRENCY,
    outboundAllowedHosts: settings.OUTBOUND_ALLOWED_HOSTS,
    requestTimeoutMs: settings.CAMERA_SERVER_TIMEOUT_MS,
    lockDurationMs: settings.WORKER_LOCK_MS,
    stalledIntervalMs: settings.WORKER_STALLED_INTERVAL_MS,
  };
}
