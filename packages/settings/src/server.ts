// The API server's settings (the worker's services use them too).
import type { MediaStorageSettings } from "@clubcast/shared";
import { SettingsError, loadSettings, mediaStorageOf } from "./settings.ts";

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
  /** Hosts a configuration's server_url may name although loopback or private (OUTBOUND_ALLOWED_HOSTS). */
  outboundAllowedHosts: string[];
  /** Built web client to serve on the same URL, when present. */
  webDistDir: string;
  logLevel: string;
  /**
   * Check every answer against its operation's output schema (CHECK_ANSWERS=on|off; default on
   * when NODE_ENV is test or development): a drifting answer is a 500 in tests, not a surprise for clients.
   */
  checkAnswers: boolean;
  /** Keep match lists and token callers in memory per data version (READ_CACHE=off: ask the database every time). */
  readCache: boolean;
  /** Answers the read cache keeps per area (READ_CACHE_ENTRIES). */
  readCacheEntries: number;
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
  /** Where finished media is kept (MEDIA_STORAGE, S3_*): only packages/media-store acts on it. */
  mediaStorage: MediaStorageSettings;
  /** Clips waiting to be cut (queued or cutting) a club's users, and one user, may have at once (CLIP_CUTS_PER_CLUB, CLIP_CUTS_PER_USER). */
  clipCutLimits: { perClub: number; perUser: number };
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

/** CORS_ORIGINS: comma-separated origins (scheme, host, port), as browsers send them in Origin. */
export function corsOriginsFrom(value: string | undefined): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const origin = URL.parse(entry)?.origin;
    // A typo would silently never match: refuse to start instead.
    if (!origin || origin === "null")
      throw new SettingsError("CORS_ORIGINS", "is not an origin like https://club.example", entry);
    return origin;
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const settings = loadSettings(env);
  return {
    port: settings.PORT,
    host: settings.HOST,
    publicUrl: settings.PUBLIC_URL,
    databaseUrl: settings.DATABASE_URL,
    redisUrl: settings.REDIS_URL,
    redisPrefix: settings.REDIS_PREFIX,
    accessTokenTtlSeconds: settings.ACCESS_TOKEN_TTL_SECONDS,
    resetTokenTtlSeconds: settings.RESET_TOKEN_TTL_SECONDS,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    loginRateLimit: {
      perIp: { max: settings.LOGIN_LIMIT_PER_IP, windowSeconds: settings.LOGIN_LIMIT_WINDOW_SECONDS },
      perAccount: { max: settings.LOGIN_LIMIT_PER_ACCOUNT, windowSeconds: settings.LOGIN_LIMIT_WINDOW_SECONDS },
    },
    accountMailRateLimit: {
      perIp: { max: settings.ACCOUNT_MAIL_LIMIT_PER_IP, windowSeconds: settings.ACCOUNT_MAIL_LIMIT_WINDOW_SECONDS },
      perAddress: {
        max: settings.ACCOUNT_MAIL_LIMIT_PER_ADDRESS,
        windowSeconds: settings.ACCOUNT_MAIL_LIMIT_WINDOW_SECONDS,
      },
    },
    trustProxy: settings.TRUST_PROXY,
    outboundAllowedHosts: settings.OUTBOUND_ALLOWED_HOSTS,
    webDistDir: settings.WEB_DIST_DIR,
    logLevel: settings.LOG_LEVEL,
    checkAnswers: settings.CHECK_ANSWERS === "on",
    readCache: settings.READ_CACHE === "on",
    readCacheEntries: settings.READ_CACHE_ENTRIES,
    mediaDir: settings.MEDIA_DIR,
    mediaMinFreeBytes: settings.MEDIA_MIN_FREE_MB * 1024 * 1024,
    mediaUrlSecret: settings.MEDIA_URL_SECRET ?? null,
    mediaUrlTtlSeconds: settings.MEDIA_URL_TTL_SECONDS,
    mediaStorage: mediaStorageOf(settings),
    clipCutLimits: { perClub: settings.CLIP_CUTS_PER_CLUB, perUser: settings.CLIP_CUTS_PER_USER },
    summaryQuietMs: settings.SUMMARY_QUIET_SECONDS * 1000,
    mediaPublicHost: settings.MEDIA_PUBLIC_HOST,
    rtmpPort: settings.RTMP_PORT,
    srtPort: settings.SRT_PORT,
    corsOrigins: corsOriginsFrom(settings.CORS_ORIGINS),
  };
}
