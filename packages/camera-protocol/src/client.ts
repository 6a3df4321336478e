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

/** Anything shaped like a URL (scheme://...), which a user message must not show. */
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;

/**
 * A camera or asset server refused or failed a call. The message, for logs and the
 * failed-jobs page, names the URL; `userMessage` is what the person who asked is told.
 * Both end with "response: <the server's message>", the part the UI shows (spec section 8).
 */
export class CameraServerError extends Error {
  constructor(
    /** What was asked, e.g. "startRecording" or "asset update (video)". */
    readonly operation: string,
    readonly url: string,
    /** The HTTP status, or null when no answer came (unreachable, timeout). */
    readonly status: number | null,
    readonly serverMessage: string,
    /** Whether no answer came because the call timed out (rather than the server being unreachable). */
    readonly timedOut = false,
  ) {
    super(`${status === null ? "No answer from" : `HTTP ${status} from`} ${url}, response: ${serverMessage}`);
    this.name = "CameraServerError";
  }

  /**
   * The failure for a club's staff: the operation and the server's own message, but no internal host or
   * URL (an unreachable server's reason names its address, so it is not passed on).
   */
  get userMessage(): string {
    const response =
      this.status !== null
        ? this.serverMessage.replace(URL_PATTERN, "(address hidden)")
        : this.timedOut
          ? this.serverMessage
          : "the server could not be reached";
    const answer =
      this.status === null ? "no answer from the camera server" : `the camera server answered ${this.status}`;
    return `${this.operation} failed: ${answer}, response: ${response}`;
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
  operation: string,
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
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    const reason = timedOut
      ? `no answer within ${timeoutMs} ms`
      : ((error as Error).cause as Error | undefined)?.message || (error as Error).message;
    throw new CameraServerError(operation, url, null, reason, timedOut);
  }
  const text = await response.text();
  if (!response.ok) throw new CameraServerError(operation, url, response.status, messageOf(text));
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
      return postJson(command, `${base}${cameraCommandPath(command, cameraId)}`, body, idempotencyKey, timeoutMs);
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
      const operation = `asset update (${target})`;
      return postJson<AssetUpdateAnswer>(
        operation,
        `${base}${assetUpdatePath(target)}`,
        body,
        idempotencyKey,
        timeoutMs,
      );
    },
  };
}
export type AssetServerClient = ReturnType<typeof createAssetServerClient>;
