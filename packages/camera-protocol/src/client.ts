// Typed HTTP clients of the camera-server and asset-server protocol, with a
// timeout on every call and errors that carry the server's own message.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { outboundAddressAllowed, outboundUrlProblem } from "@clubcast/shared";
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

/** Why no call was made: the URL or an address its host resolved to is loopback, link-local or private. */
const NOT_ALLOWED = "the server's address is not allowed";

/**
 * The failure as the requester may see it. A trusted server's own words without internal hosts or
 * URLs (the platform's own gateway and simulator: "not enough free disk space"); any other server's
 * words never reach a user, only the class of its status, in ours.
 */
function failureOf(status: number | null, serverMessage: string, timedOut: boolean, trusted: boolean): CameraFailure {
  if (status === null) {
    if (serverMessage === NOT_ALLOWED) return { code: "refused", detail: NOT_ALLOWED };
    // An unreachable server's reason names its address, so it is not passed on.
    return timedOut
      ? { code: "timeout", detail: serverMessage } // our own words: "no answer within N ms"
      : { code: "unreachable", detail: "the server could not be reached" };
  }
  // A server error, a timeout or throttling may pass; other 4xx answers will not change.
  const retryable = status >= 500 || status === 408 || status === 429;
  const detail = trusted
    ? serverMessage.replace(URL_PATTERN, "(address hidden)")
    : `the server answered with a ${Math.floor(status / 100)}xx error`;
  return { code: retryable ? "failed" : "refused", detail };
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
    /** Whether the server is the platform's own (an allowed host): its words may reach a user. */
    trusted = true,
  ) {
    super(`${status === null ? "No answer from" : `HTTP ${status} from`} ${url}, response: ${serverMessage}`);
    this.name = "CameraServerError";
    this.failure = failureOf(status, serverMessage, timedOut, trusted);
  }

  /** The failure for a club's staff: the operation, how the server answered and (a trusted server's) words. */
  get userMessage(): string {
    const answer =
      this.status === null
        ? this.failure.code === "refused"
          ? "not called"
          : "no answer from the camera server"
        : `the camera server answered ${this.status}`;
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
  /**
   * Set for a URL someone other than the operator chose (a configuration's server_url): the hosts
   * (OUTBOUND_ALLOWED_HOSTS) that may be loopback or private. Every other host is called only when
   * neither its URL nor any address it resolves to is private, and its words never reach a user.
   */
  allowedHosts?: readonly string[];
  /** With allowedHosts: the origins of the platform's own servers (the media gateway), whose words may. */
  trustedOrigins?: readonly string[];
}

/** Whether `url` may be called under `allowedHosts`: its form, then every address its host resolves to. */
async function outboundAllowed(url: string, allowedHosts: readonly string[]): Promise<boolean> {
  if (outboundUrlProblem(url, allowedHosts)) return false;
  const host = new URL(url).hostname;
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return true; // an address: outboundUrlProblem judged it
  // A name that does not resolve is left to fetch, which reports it unreachable.
  const addresses = await lookup(bare, { all: true }).catch(() => []);
  return addresses.every(({ address }) => outboundAddressAllowed(host, address, allowedHosts));
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
  { allowedHosts, trustedOrigins = [] }: ClientOptions,
): Promise<Answer> {
  const trusted = !allowedHosts || trustedOrigins.includes(new URL(url).origin);
  // Checked just before the call, after resolving: a name may have pointed elsewhere when it was saved.
  // (fetch resolves it again; a name re-pointed in between is the gap left, kept short by this order.)
  if (allowedHosts && !(await outboundAllowed(url, allowedHosts))) {
    throw new CameraServerError(operation, url, null, NOT_ALLOWED, false, false);
  }
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
    throw new CameraServerError(operation, url, null, reason, timedOut, trusted);
  }
  const text = await response.text();
  if (!response.ok) throw new CameraServerError(operation, url, response.status, messageOf(text), false, trusted);
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
      const url = `${base}${cameraCommandPath(command, cameraId)}`;
      return postJson(command, url, body, idempotencyKey, timeoutMs, options);
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
        options,
      );
    },
  };
}
export type AssetServerClient = ReturnType<typeof createAssetServerClient>;
