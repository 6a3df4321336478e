// Typed HTTP clients of the camera-server and asset-server protocol, with a
// timeout on every call and errors that carry the server's own message.
import type { AssetUpdateTarget, CameraCommand } from "@clubcast/shared";
import {
  IDEMPOTENCY_HEADER,
  assetUpdatePath,
  cameraCommandPath,
  type AssetUpdateAnswer,
  type AssetUpdateRequest,
  type CameraCommandAnswer,
  type CameraCommandRequests,
} from "./protocol.ts";

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A camera or asset server refused or failed a call. The message ends with
 * "response: <the server's message>", the part the API and the UI show (spec section 8).
 */
export class CameraServerError extends Error {
  constructor(
    readonly url: string,
    /** The HTTP status, or null when no answer came (unreachable, timeout). */
    readonly status: number | null,
    readonly serverMessage: string,
  ) {
    super(`${status === null ? "No answer from" : `HTTP ${status} from`} ${url}, response: ${serverMessage}`);
    this.name = "CameraServerError";
  }

  /** Worth another attempt: no answer, a server error, a timeout or throttling. Other 4xx answers will not change. */
  get retryable(): boolean {
    return this.status === null || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

export interface CallOptions {
  idempotencyKey: string;
}

export interface ClientOptions {
  timeoutMs?: number;
}

function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === "string" && parsed.message) return parsed.message;
  } catch {
    // not JSON: the text itself is the message
  }
  return body.trim() || "(empty answer)";
}

async function postJson<Answer>(
  url: string,
  body: unknown,
  idempotencyKey: string,
  timeoutMs: number,
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", [IDEMPOTENCY_HEADER]: idempotencyKey },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === "TimeoutError"
        ? `no answer within ${timeoutMs} ms`
        : ((error as Error).cause as Error | undefined)?.message || (error as Error).message;
    throw new CameraServerError(url, null, reason);
  }
  const text = await response.text();
  if (!response.ok) throw new CameraServerError(url, response.status, messageOf(text));
  return JSON.parse(text) as Answer;
}

const baseUrlOf = (url: string) => url.replace(/\/+$/, "");

/** The client of one camera server (a configuration's server_url). */
export function createCameraServerClient(serverUrl: string, options: ClientOptions = {}) {
  const base = baseUrlOf(serverUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    /** Sends one command for a camera (sa_camera_id); the answer is the camera's state for the match. */
    send<C extends CameraCommand>(
      command: C,
      cameraId: string,
      body: CameraCommandRequests[C],
      { idempotencyKey }: CallOptions,
    ): Promise<CameraCommandAnswer> {
      return postJson(`${base}${cameraCommandPath(command, cameraId)}`, body, idempotencyKey, timeoutMs);
    },
  };
}
export type CameraServerClient = ReturnType<typeof createCameraServerClient>;

/** The client of the asset server. */
export function createAssetServerClient(assetServerUrl: string, options: ClientOptions = {}) {
  const base = baseUrlOf(assetServerUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    update(target: AssetUpdateTarget, body: AssetUpdateRequest, { idempotencyKey }: CallOptions) {
      return postJson<AssetUpdateAnswer>(`${base}${assetUpdatePath(target)}`, body, idempotencyKey, timeoutMs);
    },
  };
}
export type AssetServerClient = ReturnType<typeof createAssetServerClient>;
