// The REST transport: declaring a /v1 route from zod schemas and a service
// call, and answering errors in the spec's shapes. Routes hold no business rules.
import type { IncomingMessage } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { LocaleCode } from "@clubcast/shared";
import type { Services } from "../services.ts";
import type { RequestContext } from "./context.ts";
import { asAppError, type AppError, type FieldErrors } from "./errors.ts";
import { localeFromAcceptLanguage, translate } from "./i18n.ts";
import { requireCaller, resolveRequest, type AuthRequirement } from "./request.ts";
import { parseInput } from "./validation.ts";
import { applySessionEffect, forgetRefusedSession, type SessionEffect } from "./session-cookie.ts";

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteSpec<
  Body extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify path, e.g. /v1/clubs/:club/matches/:match */
  url: string;
  auth: AuthRequirement;
  summary: string;
  tags: string[];
  body?: Body;
  query?: Query;
  params?: Params;
  /** Status of a successful answer (default 200). */
  status?: number;
  /** Schema of a successful answer, for the OpenAPI document. */
  response?: z.ZodType;
  /** Sets (sign-in) or clears (sign-out) the web client's session cookies. */
  session?: SessionEffect;
  handler: (
    input: { body: z.output<Body>; query: z.output<Query>; params: z.output<Params> },
    ctx: RequestContext,
  ) => Promise<unknown>;
}

/** Every route declared on an app, for the OpenAPI document and the authorization matrix test. */
export type RouteCatalogue = RouteSpec[];

export interface RouteRegistrar {
  route<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType>(spec: RouteSpec<B, Q, P>): void;
}

export function createRegistrar(app: FastifyInstance, services: Services, catalogue: RouteCatalogue): RouteRegistrar {
  return {
    route(spec) {
      catalogue.push(spec as unknown as RouteSpec);
      app.route({
        method: spec.method,
        url: spec.url,
        handler: async (request, reply) => {
          const { config } = services.deps;
          const resolved = await resolveRequest(services.auth, request.headers, request.ip);
          forgetRefusedSession(reply, config, resolved);
          const ctx = requireCaller(resolved, spec.auth);
          const input = {
            body: spec.body ? parseInput(spec.body, request.body ?? {}) : undefined,
            query: spec.query ? parseInput(spec.query, request.query ?? {}) : undefined,
            params: spec.params ? parseInput(spec.params, request.params ?? {}) : undefined,
          } as Parameters<typeof spec.handler>[0];
          const result = await spec.handler(input, ctx);
          applySessionEffect(reply, config, spec.session, result);
          reply.status(spec.status ?? 200);
          return spec.status === 204 ? reply.send() : reply.send(result);
        },
      });
    },
  };
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

/** The JSON body of an error answer: {message, errors?}. */
export function errorBody(error: AppError, locale: LocaleCode) {
  const errors = error.fieldErrors ? translateFieldErrors(locale, error.fieldErrors) : undefined;
  // For 422 the first field message is the meaningful one (spec: "shows the first message").
  const first = errors ? Object.values(errors)[0]?.[0] : undefined;
  return {
    message: first ?? translate(locale, error.messageKey, error.params),
    ...(errors ? { errors } : {}),
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
