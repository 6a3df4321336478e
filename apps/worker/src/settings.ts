// The worker's own settings, from the environment (the platform's are in
// @clubcast/server/runtime's loadConfig).
import { EXTERNAL_CALL_TIMEOUT_MS } from "@clubcast/shared/jobs";

export interface WorkerSettings {
  /** Base URL of the asset server taking the posts after a privacy change. */
  assetServerUrl: string;
  /** The media gateway's camera-server URL, for gateway configurations without a server_url of their own. */
  mediaGatewayUrl: string;
  /** Jobs of one queue run at the same time by this process. */
  concurrency: number;
  /** Timeout of each call to a camera or asset server. */
  requestTimeoutMs: number;
  /** How long a job stays claimed without its worker renewing the lock; after that it is stalled. */
  lockDurationMs: number;
  /** How often stalled jobs (of a crashed worker) are taken back to run again. */
  stalledIntervalMs: number;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? "", 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function loadWorkerSettings(env: NodeJS.ProcessEnv = process.env): WorkerSettings {
  const mediaGatewayUrl = (env.MEDIA_GATEWAY_URL || `http://127.0.0.1:${env.MEDIA_PORT || 4200}`).replace(/\/+$/, "");
  return {
    // The media gateway keeps the platform's video, so its privacy follows the match there.
    assetServerUrl: (env.ASSET_SERVER_URL || mediaGatewayUrl).replace(/\/+$/, ""),
    mediaGatewayUrl,
    concurrency: positiveInt(env.WORKER_CONCURRENCY, 10),
    requestTimeoutMs: positiveInt(env.CAMERA_SERVER_TIMEOUT_MS, EXTERNAL_CALL_TIMEOUT_MS),
    lockDurationMs: positiveInt(env.WORKER_LOCK_MS, 30_000),
    stalledIntervalMs: positiveInt(env.WORKER_STALLED_INTERVAL_MS, 30_000),
  };
}
