// The typed errors services raise. They carry a message key (translated by the
// transport into the caller's language) and, for 422, the failing fields.
// Services never build HTTP answers; transports map these to 4xx statuses (and 503).
import { InvalidMatchTransitionError, type MatchEvent } from "@clubcast/shared";
import { POOL_WAIT_TIMED_OUT, Prisma } from "@clubcast/db";
import { RedisUnavailable } from "@clubcast/db/redis";
import type { MessageKey } from "./i18n.ts";

export type MessageParams = Record<string, string | number>;
/** A message not yet translated: the transport knows the caller's language. */
export interface FieldMessage {
  key: MessageKey;
  params?: MessageParams;
}
export type FieldErrors = Record<string, FieldMessage[]>;

/** How a message names the field at `path` ("data.stream_key" -> "stream key"). */
export function fieldLabel(path: string): string {
  return (path.split(".").at(-1) ?? path).replace(/_/g, " ");
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly fieldErrors?: FieldErrors,
  ) {
    super(messageKey);
    this.name = new.target.name;
  }
}

/** 422: invalid input, with the failing fields. */
export class ValidationError extends AppError {
  constructor(fieldErrors: FieldErrors, messageKey: MessageKey = "validation.failed") {
    super(422, messageKey, {}, fieldErrors);
  }

  /** A 422 for the field at `path` (e.g. "club" or "data.field"), labelled like zod's messages. */
  static field(path: string, key: MessageKey, params: MessageParams = {}): ValidationError {
    return new ValidationError({ [path]: [{ key, params: { field: fieldLabel(path), ...params } }] });
  }
}

export class UnauthorizedError extends AppError {
  constructor(messageKey: MessageKey = "auth.unauthenticated") {
    super(401, messageKey);
  }
}

export class ForbiddenError extends AppError {
  constructor(messageKey: MessageKey = "auth.forbidden") {
    super(403, messageKey);
  }
}

export class NotFoundError extends AppError {
  /** `fieldErrors` name the input that pointed at nothing (a list of ids). */
  constructor(messageKey: MessageKey = "not_found.generic", params: MessageParams = {}, fieldErrors?: FieldErrors) {
    super(404, messageKey, params, fieldErrors);
  }
}

/**
 * 409: the state of a record forbids the change (a live match cannot be scheduled).
 * The reason is also listed under `field`, the input naming that record, in the
 * 422's `errors` shape: clients show the first message of `errors` for both.
 */
export class ConflictError extends AppError {
  constructor(field: string, messageKey: MessageKey, params: MessageParams = {}) {
    super(409, messageKey, params, { [field]: [{ key: messageKey, params }] });
  }
}

/** 413: an upload (a club logo) larger than its limit; bodies over the server's own limit answer 413 before parsing. */
export class PayloadTooLargeError extends AppError {
  constructor(messageKey: MessageKey, params: MessageParams = {}) {
    super(413, messageKey, params);
  }
}

export class TooManyRequestsError extends AppError {
  /** `fieldErrors` name what is over its limit (the sign-in budget names nothing). */
  constructor(
    readonly retryAfterSeconds: number,
    messageKey: MessageKey = "auth.too_many_attempts",
    params: MessageParams = {},
    fieldErrors?: FieldErrors,
  ) {
    super(429, messageKey, { seconds: retryAfterSeconds, ...params }, fieldErrors);
  }
}

/** When a caller may try again after a dependency (Redis, PostgreSQL) went away or was overloaded: long enough for a restart or failover. */
export const RETRY_UNAVAILABLE_AFTER_SECONDS = 5;

/** 503: something the call needs is unavailable for now; nothing was done. */
export class ServiceUnavailableError extends AppError {
  readonly retryAfterSeconds = RETRY_UNAVAILABLE_AFTER_SECONDS;
  constructor() {
    super(503, "server.unavailable");
  }
}

/**
 * Prisma's codes for a database that is out of reach or too busy: not reachable (P1001), timed out
 * (P1002, P1008), connection closed (P1017), no pool connection in time (P2024), and the transaction
 * API's refusals (P2028: "Unable to start a transaction in the given time", or a transaction expired
 * before its commit). Each leaves nothing done: a transaction that did not start or commit rolled back.
 */
const DATABASE_UNAVAILABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);

/** Whether `error` says the database was overloaded or away, not that the query was wrong. */
function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return DATABASE_UNAVAILABLE_CODES.has(error.code);
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  return error instanceof Error && POOL_WAIT_TIMED_OUT.test(error.message);
}

/**
 * What a refused transition tells the caller, per event: the match's status and what the event needs
 * (never the event's internal name, which means nothing to a club or a camera controller).
 */
export const TRANSITION_REFUSED: Record<MatchEvent, MessageKey> = {
  schedule: "match.refused.schedule",
  unschedule: "match.refused.unschedule",
  startRecording: "match.refused.startRecording",
  stopRecording: "match.refused.stopRecording",
  finishProcessing: "match.refused.finishProcessing",
  restore: "match.refused.restore",
};

/** Any error a service may throw, as an AppError (unknown errors stay unknown). */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  // Overload and a dependency away are the same answer: 503 with Retry-After, never a 500.
  if (error instanceof RedisUnavailable || isDatabaseUnavailable(error)) return new ServiceUnavailableError();
  if (error instanceof InvalidMatchTransitionError) {
    return new ConflictError("match", TRANSITION_REFUSED[error.event], { status: error.from });
  }
  return null;
}
