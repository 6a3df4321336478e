// Serves the built web client (apps/web/dist) on the API's own URL: its files
// as they are, and index.html for every other page GET so the client's router
// can take over. API paths keep their JSON 404; a path that is no page of the
// client gets its not-found page with status 404.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { isWebPage } from "@clubcast/shared";

const API_PREFIXES = ["/v1", "/trpc", "/socket.io", "/docs", "/refresh-csrf"];
/** Vite puts content-hashed files here: they never change under the same name. */
const HASHED_ASSETS = "/assets/";

/** The built client to serve (WEB_DIST_DIR, default apps/web/dist); null when not built. */
export function webClientDir(dir: string): string | null {
  return existsSync(join(dir, "index.html")) ? dir : null;
}

/** A path the client's router may render: not an API path and not a file name (no dot in the last segment). */
export function isClientRoute(path: string): boolean {
  if (API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  const lastSegment = path.slice(path.lastIndexOf("/") + 1);
  return !lastSegment.includes(".");
}

export async function registerWebClient(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dir,
    // One route per built file (listed at start-up) instead of a wildcard, so the page fallback below can own `/*`.
    wildcard: false,
    // Cache headers are set below, per file kind.
    cacheControl: false,
    index: false,
    setHeaders(res, path) {
      const hashed = path.replaceAll("\\", "/").includes(HASHED_ASSETS);
      res.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.get("/*", (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (!isClientRoute(path)) return reply.callNotFound();
    return reply
      .code(isWebPage(path) ? 200 : 404)
      .header("cache-control", "no-cache")
      .sendFile("index.html");
  });
}
