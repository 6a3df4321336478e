// The tRPC transport: a procedure per operation, run as its REST route is,
// with the same errors (mapped to tRPC codes carrying the HTTP status).
import { initTRPC, TRPCError } from "@trpc/server";
import type { CreateFastifyContextOptions } from "@trpc/server/adapters/fastify";
import type { FastifyRequest } from "fastify";
import { DEFAULT_LOCALE } from "@clubcast/shared";
import type { Services } from "@clubcast/domain/services.ts";
import { asAppError } from "@clubcast/domain/core/errors.ts";
import { errorBody, retryAfterOf } from "../core/http.ts";
import { translate } from "@clubcast/domain/core/i18n.ts";
import { resolveRequest, type ResolvedRequest } from "../core/request.ts";
import { forgetRefusedSession } from "../core/session-cookie.ts";
import { invokeOperation } from "../core/invoke.ts";
import type { NamedOperation } from "@clubcast/domain/core/operation.ts";

export interface TrpcContext {
  services: Services;
  request: ResolvedRequest;
}

export function trpcContextFactory(services: Services) {
  return async ({ req, res }: CreateFastifyContextOptions): Promise<TrpcContext> => {
    // Reading the caller's token needs the database: a 503 there is a 503 here too, not tRPC's 500.
    const request = await resolveRequest(services.auth, req.headers, req.ip).catch((error: unknown) => {
      throw asTrpcError(error);
    });
    forgetRefusedSession(res, services.deps.config, request);
    return { services, request };
  };
}

const TRPC_CODES: Record<number, TRPCError["code"]> = {
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

const t = initTRPC.context<TrpcContext>().create({
  // Never send stack traces to callers.
  isDev: false,
  errorFormatter({ shape, error, ctx }) {
    const locale = ctx?.request.ctx.locale ?? DEFAULT_LOCALE;
    // mapServiceErrors made every refusal an AppError.
    const appError = asAppError(error.cause);
    if (appError) {
      const body = errorBody(appError, locale);
      return {
        ...shape,
        message: body.message,
        data: { ...shape.data, errors: body.errors ?? null, issues: body.issues ?? null },
      };
    }
    // An unexpected error's message may name source files, SQL or internal URLs
    // (Prisma's do): callers get a generic one, the log keeps it (logInternalError).
    if (error.code === "INTERNAL_SERVER_ERROR") return { ...shape, message: translate(locale, "server.error") };
    return shape;
  },
});

/** The tRPC adapter's onError: what the formatter hid from the caller goes to the request's log. */
export function logInternalError({ error, req }: { error: TRPCError; req: FastifyRequest }): void {
  if (error.code === "INTERNAL_SERVER_ERROR") req.log.error(error.cause ?? error);
}

/** A refusal as a tRPC error whose code carries its HTTP status; any other error as it is. */
function asTrpcError(error: unknown): unknown {
  const appError = asAppError(error);
  const code = appError && TRPC_CODES[appError.status];
  return appError && code ? new TRPCError({ code, message: appError.messageKey, cause: appError }) : error;
}

/** Gives service errors (input validation's included) their proper tRPC code and HTTP status. */
const mapServiceErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const mapped = asTrpcError(result.error.cause);
    if (mapped !== result.error.cause) throw mapped;
  }
  return result;
});

/** Retry-After on an answer carrying a 429 or 503, as the REST routes send it. */
export function retryAfterMeta({ errors }: { errors: TRPCError[] }): { headers?: Record<string, string> } {
  for (const error of errors) {
    // mapServiceErrors made every refusal an AppError.
    const appError = asAppError(error.cause);
    const seconds = appError && retryAfterOf(appError);
    if (seconds) return { headers: { "retry-after": String(seconds) } };
  }
  return {};
}

export const router = t.router;

/** The raw input, parsed by invokeOperation as REST inputs are (the same 422 for the same mistake). */
const rawInput = (input: unknown) => input;

/** The procedure of one operation: who may call it, then the operation run as on REST. */
export function operationProcedure(named: NamedOperation) {
  const procedure = t.procedure.use(mapServiceErrors).input(rawInput);
  const resolve = ({ ctx, input }: { ctx: TrpcContext; input: unknown }) =>
    invokeOperation(named, ctx.services, ctx.request, input);
  return named.operation.kind === "query" ? procedure.query(resolve) : procedure.mutation(resolve);
}
