// Server settings from the environment (or the repository's .env), with the
// defaults a local install needs. Read once at start-up.
import { databaseUrl, redisUrl, loadDotEnv } from "@clubcast/db";
import { mediaDirFromEnv, minFreeBytesFromEnv } from "@clubcast/media-store";
import { INGEST_PORTS } from "@clubcast/shared";

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
  /** Sign-in attempts (logins, camera tokens): perAccount counts per account and address (admitSignInAttempt). */
  loginRateLimit: { perIp: RateLimitRule; perAccount: RateLimitRule };
  /**
   * Account e-mail asked for by anyone (reset links, register notices): per IP address (429 beyond),
   * and per e-mail address (beyond, no more mail that window, with the same answer).
   */
  accountMailRateLimit: { perIp: RateLimitRule; perAddress: RateLimitRule };
  /**
   * Proxies whose X-Forwarded-For / -Proto / -Host are believed (TRUST_PROXY: addresses, CIDRs or
   * proxy-addr's names such as loopback, comma-separated). Empty: none, the peer's address counts.
   */
  trustProxy: string[];
  /** Built web client to serve on the same URL, when present. */
  webDistDir: string | null;
  logLevel: string;
  /**
   * Check every answer against its operation's output schema (CHECK_ANSWERS=on|off; default on
   * when NODE_ENV is test or development): a drifting answer is a 500 in tests, not a surprise for clients.
   */
  checkAnswers: boolean;
  /** Keep match lists and token callers in memory per data version (READ_CACHE=off: ask the database every time). */
  readCache: boolean;
  /** Where the media gateway writes video (MEDIA_DIR, shared with it); the API serves it under /media. */
  mediaDir: string;
  /**
   * Key of the signed media URLs of private matches and previews (MEDIA_URL_SECRET). Null: a random key
   * kept in MEDIA_DIR/.url-secret, created by the first server that needs it, so all servers agree.
   */
  mediaUrlSecret: string | null;
  /** Free disk below which the gateway refuses new recordings (MEDIA_MIN_FREE_MB, default 1024). */
  mediaMinFreeBytes: number;
  /** How long a signed media URL plays (MEDIA_URL_TTL_SECONDS, default 6 hours). */
  mediaUrlTtlSeconds: number;
  /** How long a match's clips must stay unchanged before its summary is rebuilt (SUMMARY_QUIET_SECONDS, default 30). */
  summaryQuietMs: number;
  /** Where cameras reach the media gateway's ingest (MEDIA_PUBLIC_HOST; default PUBLIC_URL's host name). */
  mediaPublicHost: string;
  /** The gateway's ingest ports as cameras reach them (RTMP_PORT, SRT_PORT). */
  rtmpPort: number;
  srtPort: number;
  /** Origins of integrators' sites allowed to call the API from a browser (CORS_ORIGINS; none by default). */
  corsOrigins: string[];
}

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? "", 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** CORS_ORIGINS: comma-separated origins (scheme, host, port), as browsers send them in Origin. */
export function corsOriginsFrom(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const origin = URL.parse(entry)?.origin;
      // A typo would silently never match: refuse to start instead.
      if (!origin || origin === "null")
        throw new Error(`CORS_ORIGINS: "${entry}" is not an origin like https://club.example`);
      return origin;
    });
}

/** The host name of a URL ("[::1]" stays bracketed, as URLs need it). */
function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname || "127.0.0.1";
  } catch {
    return "127.0.0.1";
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  loadDotEnv();
  const port = intFrom(env.PORT, 3000);
  const host = env.HOST || "127.0.0.1";
  const publicUrl = (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/$/, "");
  return {
    port,
    host,
    publicUrl,
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
    accountMailRateLimit: {
      perIp: {
        max: intFrom(env.ACCOUNT_MAIL_LIMIT_PER_IP, 20),
        windowSeconds: intFrom(env.ACCOUNT_MAIL_LIMIT_WINDOW_SECONDS, 3600),
      },
      perAddress: {
        max: intFrom(env.ACCOUNT_MAIL_LIMIT_PER_ADDRESS, 3),
        windowSeconds: intFrom(env.ACCOUNT_MAIL_LIMIT_WINDOW_SECONDS, 3600),
      },
    },
    trustProxy: (env.TRUST_PROXY ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    webDistDir: env.WEB_DIST_DIR || null,
    logLevel: env.LOG_LEVEL || "info",
    checkAnswers: env.CHECK_ANSWERS
      ? env.CHECK_ANSWERS === "on"
      : env.NODE_ENV === "test" || env.NODE_ENV === "development",
    readCache: env.READ_CACHE !== "off",
    mediaDir: mediaDirFromEnv(env),
    mediaMinFreeBytes: minFreeBytesFromEnv(env),
    mediaUrlSecret: env.MEDIA_URL_SECRET || null,
    mediaUrlTtlSeconds: Math.max(1, intFrom(env.MEDIA_URL_TTL_SECONDS, 6 * 3600)),
    summaryQuietMs: Math.max(0, intFrom(env.SUMMARY_QUIET_SECONDS, 30)) * 1000,
    mediaPublicHost: env.MEDIA_PUBLIC_HOST || hostnameOf(publicUrl),
    rtmpPort: intFrom(env.RTMP_PORT, INGEST_PORTS.rtmp),
    srtPort: intFrom(env.SRT_PORT, INGEST_PORTS.srt),
    corsOrigins: corsOriginsFrom(env.CORS_ORIGINS),
  };
}
