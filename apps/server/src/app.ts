// Assembles the HTTP server: error shapes, the /v1 REST routes of every domain,
// tRPC under /trpc, and (when built) the web client on the same URL.
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { Deps } from "./deps.ts";
import { createServices, type Services } from "./services.ts";
import { createRegistrar, registerErrorHandling, registerJsonBodyParser, type RouteCatalogue } from "./core/http.ts";
import { appRouter, type AppRouter } from "./trpc/app-router.ts";
import { logInternalError, retryAfterMeta, trpcContextFactory } from "./trpc/trpc.ts";
import { authRoutes } from "./auth/routes.ts";
import { matchRoutes } from "./matches/routes.ts";
import { offlineRoutes } from "./offline/routes.ts";
import { sequenceRoutes } from "./sequences/routes.ts";
import { clipRoutes } from "./clips/routes.ts";
import { clubsRoutes } from "./clubs/routes.ts";
import { fieldsRoutes } from "./fields/routes.ts";
import { sportsRoutes } from "./sports/routes.ts";
import { teamsRoutes } from "./teams/routes.ts";
import { usersRoutes } from "./users/routes.ts";
import { rolesRoutes } from "./roles/routes.ts";
import { messagesRoutes } from "./messages/routes.ts";
import { searchRoutes } from "./search/routes.ts";
import { configurationRoutes } from "./configurations/routes.ts";
import { deviceRoutes } from "./devices/routes.ts";
import { apiClientRoutes } from "./api-clients/routes.ts";
import { cameraControllerRoutes } from "./camera-controller/routes.ts";
import { monitoringRoutes } from "./monitoring/routes.ts";
import { appInfoRoutes } from "./app-info/routes.ts";
import { realtimeRoutes } from "./realtime/routes.ts";
import { mediaGatewayRoutes } from "./media-gateway/routes.ts";
import { isMediaPath, registerMediaRoutes } from "./media/routes.ts";
import { localeFromAcceptLanguage, translate } from "./core/i18n.ts";
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
  /** Every /v1 route, as declared. */
  routes: RouteCatalogue;
  /** The Socket.IO server on the same HTTP server (closed with the app). */
  realtime: RealtimeServer;
}

export interface BuildOptions {
  logger?: boolean;
  realtime?: RealtimeOptions;
}

const DOMAIN_ROUTES = [
  authRoutes,
  matchRoutes,
  offlineRoutes,
  sequenceRoutes,
  clipRoutes,
  clubsRoutes,
  fieldsRoutes,
  sportsRoutes,
  teamsRoutes,
  usersRoutes,
  rolesRoutes,
  messagesRoutes,
  searchRoutes,
  configurationRoutes,
  deviceRoutes,
  apiClientRoutes,
  cameraControllerRoutes,
  monitoringRoutes,
  appInfoRoutes,
  realtimeRoutes,
  mediaGatewayRoutes,
];

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
  const routes: RouteCatalogue = [];

  registerErrorHandling(app);
  registerJsonBodyParser(app);
  // Before any route: both act through hooks that apply to routes declared after them.
  await registerWebSecurity(app, deps.config);
  registerCsrfProtection(app, deps.config);

  const registrar = createRegistrar(app, services, routes);
  for (const register of DOMAIN_ROUTES) register(registrar, services);
  // Video files for players (/media/...): streamed files, not /v1 JSON routes.
  registerMediaRoutes(app, services);

  // The OpenAPI document is built from the route declarations above, once.
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
