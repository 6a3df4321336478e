// Assembles the HTTP server: error shapes, the /v1 REST routes of every domain,
// tRPC under /trpc, and (when built) the web client on the same URL.
import Fastify, { type FastifyInstance } from "fastify";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { Deps } from "./deps.ts";
import { createServices, type Services } from "./services.ts";
import { createRegistrar, registerErrorHandling, type RouteCatalogue } from "./core/http.ts";
import { appRouter, type AppRouter } from "./trpc/app-router.ts";
import { trpcContextFactory } from "./trpc/trpc.ts";
import { authRoutes } from "./auth/routes.ts";

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** Every /v1 route, as declared. */
  routes: RouteCatalogue;
}

export interface BuildOptions {
  logger?: boolean;
}

const DOMAIN_ROUTES = [authRoutes];

export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger ? { level: deps.config.logLevel } : false,
    trustProxy: true,
    routerOptions: { maxParamLength: 500 },
    bodyLimit: 1_048_576,
  });
  const services = createServices(deps);
  const routes: RouteCatalogue = [];

  registerErrorHandling(app);

  const registrar = createRegistrar(app, services, routes);
  for (const register of DOMAIN_ROUTES) register(registrar, services);

  // The spec's CSRF refresh call; bearer tokens make CSRF moot, so it only acknowledges.
  app.get("/refresh-csrf", (_request, reply) => reply.status(204).send());

  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: trpcContextFactory(services),
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });

  return { app, services, routes };
}
