// Typed HTTP clients of the camera-server and asset-server protocol, with a
// timeout on every call and errors that carry the server's own message.
import type { AssetUpdateTarget, CameraCommand, CameraFailure } from "@clubcast/shared/jobs";
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

/** The failure as the requester may see it: the server's own words without internal hosts or URLs. */
function failureOf(status: number | null, serverMessage: string, timedOut: boolean): CameraFailure {
  if (status === null) {
    // An unreachable server's reason names its address, so it is not passed on.
    return timedOut
      ? { code: "timeout", detail: serverMessage }
      : { code: "unreachable", detail: "the server could not be reached" };
  }
  // A server error, a timeout or throttling may pass; other 4xx answers will not change.
  const retryable = status >= 500 || status === 408 || status === 429;
  return { code: retryable ? "failed" : "refused", detail: serverMessage.replace(URL_PATTERN, "(address hidden)") };
}

/**
 * A camera or asset server refused or failed a call. The message, for logs and the
 * failed-jobs page, names the URL; `failure` is what the person who asked may see,
 * and `userMessage` the sentence they are told (spec section 8).
 */
export class CameraServerError extends Error {
  readonly failure: CameraFailure;

  constructor(
    /** What was asked, e.g. "startRecording" or "asset update (video)". */
    readonly operation: string,
    readonly url: string,
    /** The HTTP status, or null when no answer came (unreachable, timeout). */
    readonly status: number | null,
    readonly serverMessage: string,
    /** Whether no answer came because the call timed out (rather than the server being unreachable). */
    timedOut = false,
  ) {
    super(`${status === null ? "No answer from" : `HTTP ${status} from`} ${url}, response: ${serverMessage}`);
    this.name = "CameraServerError";
    this.failure = failureOf(status, serverMessage, timedOut);
  }

  /** The failure for a club's staff: the operation, how the server answered and its own words. */
  get userMessage(): string {
    const answer =
      this.status === null ? "no answer from the camera server" : `the camera server answered ${this.status}`;
    return `${this.operation} failed: ${answer}, response: ${this.failure.detail}`;
  }

  /** Worth another attempt: anything but a refusal. */
  get retryable(): boolean {
    return this.failure.code !== "refused";
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
