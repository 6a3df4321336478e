// Browser-facing hardening of every answer: security headers with a Content
// Security Policy the web client and hls.js work under, and CORS only for the
// integrator origins an operator lists.
import type { FastifyInstance } from "fastify";
import fastifyHelmet from "@fastify/helmet";
import fastifyCors from "@fastify/cors";
import type { AppConfig } from "@clubcast/settings";

type Directives = Record<string, string[]>;

function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/** What no page of ours needs: plugins, other sites framing us, forms or <base> pointing elsewhere. */
const LOCKED_DOWN: Directives = {
  "default-src": ["'self'"],
  "base-uri": ["'self'"],
  "object-src": ["'none'"],
  "frame-ancestors": ["'none'"],
  "form-action": ["'self'"],
  "script-src-attr": ["'none'"],
};

/** The web client's policy: only our own scripts and styles run; no inline script, no eval. */
export function appContentSecurityPolicy(publicUrl: string): Directives {
  const secure = publicUrl.startsWith("https:");
  return {
    ...LOCKED_DOWN,
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    // Club logos are links to images anywhere; posters come from /media.
    "img-src": ["'self'", "data:", "blob:", "https:"],
    // hls.js feeds the <video> through MediaSource (blob:) and may parse in a blob: worker. Camera
    // servers host their own streams (a match's live_hls_url), so playlists and segments may come
    // from any http(s) origin; on an https page the browser still refuses plain http.
    "media-src": ["'self'", "blob:", "http:", "https:"],
    "worker-src": ["'self'", "blob:"],
    // Socket.IO's WebSocket to ourselves (named in full: older browsers' 'self' leaves out ws:).
    "connect-src": ["'self'", "http:", "https:", new URL(publicUrl).origin.replace(/^http/, "ws")],
    "font-src": ["'self'", "data:"],
    "manifest-src": ["'self'"],
    ...(secure ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/** Swagger UI at /docs sets inline styles and shows data: icons; the rest stays locked down. */
export const DOCS_CONTENT_SECURITY_POLICY = serializePolicy({
  ...LOCKED_DOWN,
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
});

export async function registerWebSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  const secure = config.publicUrl.startsWith("https:");
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy(config.publicUrl) },
    // As frame-ancestors 'none', for browsers that only know the older header.
    frameguard: { action: "deny" },
    // HSTS means nothing over http, and would pin a host name that is served over http today.
    strictTransportSecurity: secure ? { maxAge: 31_536_000 } : false,
  });

  // No CORS unless listed: integrators call with bearer tokens, so no credentials (cookies) cross origins.
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      credentials: false,
      methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      exposedHeaders: ["Retry-After"],
      maxAge: 600,
    });
  }
}
