// Assembles the HTTP server: error shapes, the /v1 REST routes of every domain,
// tRPC under /trpc, and (when built) the web client on the same URL.
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { Deps } from "@clubcast/domain/deps.ts";
import { createServices, type Services } from "@clubcast/domain/services.ts";
import { registerErrorHandling, registerJsonBodyParser, registerRestOperations } from "./core/http.ts";
import { namedOperations, type RestOperation } from "@clubcast/domain/core/operation.ts";
import { domains } from "@clubcast/domain/domains.generated.ts";
import { appRouter, type AppRouter } from "./trpc/app-router.ts";
import { logInternalError, retryAfterMeta, trpcContextFactory } from "./trpc/trpc.ts";
import { isMediaPath, registerMediaRoutes } from "./media/routes.ts";
import { localeFromAcceptLanguage, translate } from "@clubcast/domain/core/i18n.ts";
import { attachRealtime, type RealtimeOptions } from "./realtime/socket-server.ts";
import type { Server as RealtimeServer } from "socket.io";
import { registerWebClient, webClientDir } from "./web-client/serve.ts";
import { buildOpenApiDocument } from "./core/openapi.ts";
import { DOCS_CONTENT_SECURITY_POLICY, registerWebSecurity } from "./core/web-security.ts";
import { registerCsrfProtection } from "./core/session-cookie.ts";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** Every operation with a /v1 route. */
  routes: RestOperation[];
  /** The Socket.IO server on the same HTTP server (closed with the app). */
  realtime: RealtimeServer;
}

export interface BuildOptions {
  logger?: boolean;
  realtime?: RealtimeOptions;
}

/**
 * URLs the router cannot take (bad percent-encoding, such as a lone surrogate's)
 * name no route and no record: 404 in the usual error shape, as for any unknown
 * URL (a path id is a record or a 422, never a 400). Under /media they name no file.
 */
function answerUnroutableUrl(request: FastifyRequest, reply: FastifyReply) {
  const locale = localeFromAcceptLanguage(request.headers["accept-language"]);
  const message = isMediaPath(request.url)
    ? translate(locale, "not_found.generic")
    : translate(locale, "not_found.route", { method: request.method, url: request.url });
  return reply.status(404).send({ message });
}

export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger ? { level: deps.config.logLevel } : false,
    // Heartbeats and list polling would drown the log; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Forwarded headers are anyone's to write: believed only from the configured proxies,
    // or every client could pick the address its sign-in attempts are counted under.
    trustProxy: deps.config.trustProxy.length ? deps.config.trustProxy : false,
    routerOptions: { maxParamLength: 500 },
    bodyLimit: 1_048_576,
    frameworkErrors: (_error, request, reply) => answerUnroutableUrl(request, reply as FastifyReply),
  });
  const services = createServices(deps);

  registerErrorHandling(app);
  registerJsonBodyParser(app);
  // Before any route: both act through hooks that apply to routes declared after them.
  await registerWebSecurity(app, deps.config);
  registerCsrfProtection(app, deps.config);

  const routes = registerRestOperations(app, services, namedOperations(domains));
  // Video files for players (/media/...): streamed files, not /v1 JSON routes.
  registerMediaRoutes(app, services);

  // The OpenAPI document is built from the operations' declarations, once.
  const openApiDocument = buildOpenApiDocument(routes);
  app.get("/v1/openapi.json", () => openApiDocument);
  await app.register(fastifySwagger, { mode: "static", specification: { document: openApiDocument as never } });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/docs",
    transformStaticCSP: () => DOCS_CONTENT_SECURITY_POLICY,
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: trpcContextFactory(services),
      onError: logInternalError,
      responseMeta: retryAfterMeta,
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });

  const webDir = webClientDir(deps.config.webDistDir);
  if (webDir) await registerWebClient(app, webDir);

  const realtime = attachRealtime(app, services, options.realtime);

  return { app, services, routes, realtime };
}
