// The tRPC transport: the same service calls and zod schemas as the REST
// routes, with the same errors (mapped to tRPC codes carrying the HTTP status).
import { initTRPC, TRPCError } from "@trpc/server";
import type { CreateFastifyContextOptions } from "@trpc/server/adapters/fastify";
import { ZodError } from "zod";
import type { Services } from "../services.ts";
import { asAppError, ValidationError, type AppError } from "../core/errors.ts";
import { errorBody, retryAfterOf } from "../core/http.ts";
import { requireCaller, resolveRequest, type ResolvedRequest } from "../core/request.ts";
import { forgetRefusedSession } from "../core/session-cookie.ts";
import { fieldErrorsFromZod } from "../core/validation.ts";

export interface TrpcContext {
  services: Services;
  request: ResolvedRequest;
}

export function trpcContextFactory(services: Services) {
  return async ({ req, res }: CreateFastifyContextOptions): Promise<TrpcContext> => {
    const request = await resolveRequest(services.auth, req.headers, req.ip);
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

function appErrorOf(cause: unknown): AppError | null {
  if (cause instanceof ZodError) return new ValidationError(fieldErrorsFromZod(cause));
  return asAppError(cause);
}

const t = initTRPC.context<TrpcContext>().create({
  // Never send stack traces to callers.
  isDev: false,
  errorFormatter({ shape, error, ctx }) {
    const appError = appErrorOf(error.cause);
    if (!appError || !ctx) return shape;
    const body = errorBody(appError, ctx.request.ctx.locale);
    return { ...shape, message: body.message, data: { ...shape.data, errors: body.errors ?? null } };
  },
});

/** Gives service errors (and input validation errors) their proper tRPC code and HTTP status. */
const mapServiceErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const appError = appErrorOf(result.error.cause);
    const code = appError && TRPC_CODES[appError.status];
    if (appError && code) throw new TRPCError({ code, message: appError.messageKey, cause: appError });
  }
  return result;
});

/** Retry-After on an answer carrying a 429 or 503, as the REST routes send it. */
export function retryAfterMeta({ errors }: { errors: TRPCError[] }): { headers?: Record<string, string> } {
  for (const error of errors) {
    const appError = appErrorOf(error.cause);
    const seconds = appError && retryAfterOf(appError);
    if (seconds) return { headers: { "retry-after": String(seconds) } };
  }
  return {};
}

export const router = t.router;
export const publicProcedure = t.procedure
  .use(mapServiceErrors)
  .use(({ ctx, next }) => next({ ctx: { ...ctx, caller: requireCaller(ctx.request, "public") } }));
export const userProcedure = t.procedure.use(mapServiceErrors).use(({ ctx, next }) => {
  const caller = requireCaller(ctx.request, "user");
  return next({ ctx: { ...ctx, caller, user: caller.user! } });
});
export const clientProcedure = t.procedure.use(mapServiceErrors).use(({ ctx, next }) => {
  const caller = requireCaller(ctx.request, "client");
  return next({ ctx: { ...ctx, caller, client: caller.client! } });
});
