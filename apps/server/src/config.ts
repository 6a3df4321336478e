// Server settings from the environment (or the repository's .env), with the
// defaults a local install needs. Read once at start-up.
import { databaseUrl, redisUrl, loadDotEnv } from "@clubcast/db";

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Where browsers reach the platform; used in e-mailed links. */
  publicUrl: string;
  databaseUrl: string;
  redisUrl: string;
  /** Prefix of every Redis key the platform writes (lets tests share one Redis). */
  redisPrefix: string;
  accessTokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
  smtpUrl: string;
  mailFrom: string;
  loginRateLimit: { perIp: RateLimitRule; perAccount: RateLimitRule };
  /** Built web client to serve on the same URL, when present. */
  webDistDir: string | null;
  logLevel: string;
  /** Keep match lists and token callers in memory per data version (READ_CACHE=off: ask the database every time). */
  readCache: boolean;
}

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? "", 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  loadDotEnv();
  const port = intFrom(env.PORT, 3000);
  const host = env.HOST || "127.0.0.1";
  return {
    port,
    host,
    publicUrl: (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/$/, ""),
    databaseUrl: databaseUrl(),
    redisUrl: redisUrl(),
    redisPrefix: env.REDIS_PREFIX || "clubcast:",
    accessTokenTtlSeconds: intFrom(env.ACCESS_TOKEN_TTL_SECONDS, 7 * 24 * 3600),
    resetTokenTtlSeconds: intFrom(env.RESET_TOKEN_TTL_SECONDS, 3600),
    smtpUrl: env.SMTP_URL || "smtp://127.0.0.1:1025",
    mailFrom: env.MAIL_FROM || "Clubcast <no-reply@clubcast.local>",
    loginRateLimit: {
      perIp: { max: intFrom(env.LOGIN_LIMIT_PER_IP, 30), windowSeconds: intFrom(env.LOGIN_LIMIT_WINDOW_SECONDS, 300) },
      perAccount: {
        max: intFrom(env.LOGIN_LIMIT_PER_ACCOUNT, 10),
        windowSeconds: intFrom(env.LOGIN_LIMIT_WINDOW_SECONDS, 300),
      },
    },
    webDistDir: env.WEB_DIST_DIR || null,
    logLevel: env.LOG_LEVEL || "info",
    readCache: env.READ_CACHE !== "off",
  };
}
