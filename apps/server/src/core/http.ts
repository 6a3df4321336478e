// The REST transport: a /v1 route for every operation that declares one, and
// errors answered in the spec's shapes. Routes hold no business rules.
import type { IncomingMessage } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { LocaleCode } from "@clubcast/shared";
import type { Services } from "@clubcast/domain/services.ts";
import { asAppError, ValidationError, type AppError, type FieldErrors } from "@clubcast/domain/core/errors.ts";
import { localeFromAcceptLanguage, translate } from "@clubcast/domain/core/i18n.ts";
import { invokeOperation } from "./invoke.ts";
import { DIGITS } from "@clubcast/domain/core/schemas.ts";
import { restOperations, type NamedOperation, type RestOperation } from "@clubcast/domain/core/operation.ts";
import { resolveRequest } from "./request.ts";
import { applySessionEffect, forgetRefusedSession } from "./session-cookie.ts";

/** A path's :params are text; ids in them are numbers, as a JSON body would send them. */
const pathParams = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, DIGITS.test(value) ? Number(value) : value]));

/** How a request's parts make an operation's one input: body fields, then the query, then the path's :params. */
function restInput(request: FastifyRequest): unknown {
  const { body } = request;
  if (body !== undefined && body !== null && (typeof body !== "object" || Array.isArray(body)))
    throw ValidationError.field("body", "validation.invalid_type", { expected: "object" });
  return {
    ...(body as object | undefined),
    ...(request.query as object),
    ...pathParams(request.params as Record<string, string>),
  };
}

/** Declares the /v1 route of every operation that has one; answers them in order. */
export function registerRestOperations(
  app: FastifyInstance,
  services: Services,
  operations: NamedOperation[],
): RestOperation[] {
  const routes = restOperations(operations);
  for (const named of routes) {
    const { rest } = named;
    app.route({
      method: rest.method,
      url: rest.path,
      handler: async (request, reply) => {
        const { config } = services.deps;
        const resolved = await resolveRequest(services.auth, request.headers, request.ip);
        forgetRefusedSession(reply, config, resolved);
        const answer = await invokeOperation(named, services, resolved, restInput(request));
        applySessionEffect(reply, config, rest.session, answer);
        reply.status(rest.status ?? 200);
        return rest.status === 204 ? reply.send() : reply.send(answer);
      },
    });
  }
  return routes;
}

export function translateFieldErrors(locale: LocaleCode, errors: FieldErrors): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, messages.map((m) => translate(locale, m.key, m.params))]),
  );
}

/** The seconds a 429 or 503 tells the caller to wait before trying again, or null. */
export function retryAfterOf(error: AppError): number | null {
  return "retryAfterSeconds" in error && typeof error.retryAfterSeconds === "number" ? error.retryAfterSeconds : null;
}

/** A 422's failures as message keys and their values, for clients that word them themselves. */
export type FieldIssues = Record<string, { key: string; params: Record<string, string | number> }[]>;

/**
 * The JSON body of an error answer: {message, errors?, issues?}. `issues` repeats
 * `errors` as message keys: the web client shows its own wording under its own
 * labels (never the API's field names) for the keys it knows.
 */
export function errorBody(error: AppError, locale: LocaleCode) {
  const errors = error.fieldErrors ? translateFieldErrors(locale, error.fieldErrors) : undefined;
  // For 422 the first field message is the meaningful one (spec: "shows the first message").
  const first = errors ? Object.values(errors)[0]?.[0] : undefined;
  const issues: FieldIssues | undefined = error.fieldErrors
    ? Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, messages]) => [
          field,
          messages.map(({ key, params }) => ({ key, params: params ?? {} })),
        ]),
      )
    : undefined;
  return {
    message: first ?? translate(locale, error.messageKey, error.params),
    ...(errors ? { errors, issues } : {}),
  };
}

/**
 * JSON bodies as Fastify parses them (prototype-poisoning safe), except that an
 * empty body counts as no body: clients and camera controllers POST commands
 * like /startrecording with a JSON content type and nothing to send.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text === "") return done(null, undefined);
    parseJson(request, text, done);
  });
}

/** How much of a refused body is read (and dropped) before answering 413, at most. */
const DISCARD_LIMIT_BYTES = 32 * 1024 * 1024;
const DISCARD_TIMEOUT_MS = 10_000;

/**
 * Reads and drops the rest of a body refused as too large. Answering and closing
 * while the client still sends makes the kernel reset the connection, and the
 * client then reports the reset, not our 413. Bounded in bytes and time, so no
 * client can keep us reading.
 */
function discardBody(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let left = DISCARD_LIMIT_BYTES;
    const done = () => {
      clearTimeout(timer);
      raw.off("data", onData).off("end", done).off("error", done).off("close", done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      left -= chunk.length;
      if (left <= 0) done();
    };
    const timer = setTimeout(done, DISCARD_TIMEOUT_MS);
    raw.on("data", onData).once("end", done).once("error", done).once("close", done);
    raw.resume();
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = localeFromAcceptLanguage(request.headers["accept-language"]);
    const appError = asAppError(error);
    if (appError) {
      const retryAfter = retryAfterOf(appError);
      if (retryAfter !== null) reply.header("Retry-After", String(retryAfter));
      return reply.status(appError.status).send(errorBody(appError, locale));
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      await discardBody(request.raw);
      const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit;
      return reply.status(413).send({ message: translate(locale, "validation.body_too_large", { limit }) });
    }
    // Fastify's own body parsing failures (bad JSON, wrong content type) are client errors too.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const status = error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" ? 415 : 422;
      const message = translate(locale, "validation.malformed_json");
      return reply.status(status).send({ message, errors: { body: [message] } });
    }
    request.log.error(error);
    return reply.status(500).send({ message: translate(locale, "server.error") });
  });

  app.setNotFoundHandler((request, reply) => {
    const locale = localeFromAcceptLanguage(request.headers["accept-language"]);
    reply
      .status(404)
      .send({ message: translate(locale, "not_found.route", { method: request.method, url: request.url }) });
  });
}
