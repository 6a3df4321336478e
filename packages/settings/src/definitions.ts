// Every setting of the platform: its environment variable, how its text is read,
// its default and one line on what it does. .env.example is generated from this
// table (`npm run settings:env-example`), and a test checks the two agree.
import { z } from "zod";
import { DESKTOP_APP_VERSION, INGEST_PORTS } from "@clubcast/shared";
import { EXTERNAL_CALL_TIMEOUT_MS } from "@clubcast/shared/jobs";

const wholeNumber = z
  .string()
  .regex(/^\d+$/, "is not a whole number")
  .transform((text) => Number.parseInt(text, 10));
const atLeastOne = wholeNumber.refine((value) => value >= 1, "must be at least 1");
const port = z
  .string()
  .regex(/^\d+$/, "is not a port number")
  .transform((text) => Number.parseInt(text, 10))
  .refine((value) => value <= 65535, "is not a port number (0 to 65535)");
/** An absolute URL, kept without a trailing slash so paths can be appended. */
const url = z
  .string()
  .refine((text) => URL.canParse(text), "is not a URL (like http://127.0.0.1:3000)")
  .transform((text) => text.replace(/\/+$/, ""));
const onOff = z.enum(["on", "off"], { error: "must be on or off" });
const text = z.string();
const commaList = z.string().transform((value) =>
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean),
);

export interface SettingDefinition<Schema extends z.ZodType = z.ZodType> {
  schema: Schema;
  /** The text used when the variable is unset or empty; null: no value, or one derived from others. */
  default: string | null;
  /** One line for .env.example; a derived default says what it is derived from. */
  description: string;
  /** Where the default comes from when it is derived from other settings (shown in .env.example). */
  derivedFrom?: string;
}

const setting = <Schema extends z.ZodType>(
  schema: Schema,
  defaultText: string | null,
  description: string,
  derivedFrom?: string,
): SettingDefinition<Schema> => ({ schema, default: defaultText, description, derivedFrom });

/** The settings in .env.example's order, grouped by the blank-line-separated sections there. */
export const SETTINGS = {
  // Services
  DATABASE_URL: setting(
    url,
    "postgresql://postgres@127.0.0.1:5432/clubcast",
    "PostgreSQL database (created and migrated by npm start if missing).",
  ),
  REDIS_URL: setting(url, "redis://127.0.0.1:6379", "Redis (jobs, realtime, caches); add /N to use database N."),
  REDIS_PREFIX: setting(text, "clubcast:", "Prefix of every Redis key the platform writes."),
  NODE_ENV: setting(
    text,
    "",
    "production (in the environment): npm start runs the compiled code (npm run build), not the sources.",
  ),
  // The API server
  HOST: setting(text, "127.0.0.1", "Interface the API server listens on (0.0.0.0: every one)."),
  PORT: setting(port, "3000", "Port of the API server, its realtime and the web client."),
  PUBLIC_URL: setting(
    url,
    null,
    "Where browsers reach the platform (used in e-mailed links and QR codes).",
    "http://HOST:PORT",
  ),
  LOG_LEVEL: setting(text, "info", "Log level of every part (fatal, error, warn, info, debug, trace)."),
  SMTP_URL: setting(
    url,
    "smtp://127.0.0.1:1025",
    "Outgoing e-mail; docker compose starts a catcher on 1025 (UI 8025).",
  ),
  MAIL_FROM: setting(text, "Clubcast <no-reply@clubcast.local>", "Sender of the platform's e-mail."),
  ACCESS_TOKEN_TTL_SECONDS: setting(atLeastOne, "604800", "How long a sign-in session lasts."),
  RESET_TOKEN_TTL_SECONDS: setting(atLeastOne, "3600", "How long a password reset link works."),
  LOGIN_LIMIT_PER_IP: setting(atLeastOne, "30", "Sign-in attempts (logins, camera tokens) per IP address and window."),
  LOGIN_LIMIT_PER_ACCOUNT: setting(
    atLeastOne,
    "10",
    "Failed sign-ins per account and address before that address slows down (see the README).",
  ),
  LOGIN_LIMIT_WINDOW_SECONDS: setting(atLeastOne, "300", "The window of the two sign-in limits."),
  ACCOUNT_MAIL_LIMIT_PER_IP: setting(
    atLeastOne,
    "20",
    "Account e-mail (reset links, notices) asked per IP address (then 429).",
  ),
  ACCOUNT_MAIL_LIMIT_PER_ADDRESS: setting(
    atLeastOne,
    "3",
    "Account e-mail per e-mail address (then silently no more, so the limit tells nothing).",
  ),
  ACCOUNT_MAIL_LIMIT_WINDOW_SECONDS: setting(atLeastOne, "3600", "The window of the two account e-mail limits."),
  TRUST_PROXY: setting(
    commaList,
    "",
    "Reverse proxies whose X-Forwarded-For is believed (addresses or CIDRs, comma-separated); empty: none.",
  ),
  CHECK_ANSWERS: setting(
    onOff.optional(),
    null,
    "Check every API answer against its declared shape (a mismatch is a logged 500).",
    "on when NODE_ENV is test or development",
  ),
  CORS_ORIGINS: setting(
    text,
    "",
    "Origins (scheme://host[:port], comma-separated) of integrators' sites allowed to call the API.",
  ),
  READ_CACHE: setting(onOff, "on", "Keep match lists and signed-in callers in memory until the data changes."),
  READ_CACHE_ENTRIES: setting(
    atLeastOne,
    "5000",
    "Answers the read cache keeps per area, least recently used out first (a list page of 20 matches: about 18 KB).",
  ),
  API_URL: setting(
    url.optional(),
    null,
    "Where the web client's dev server (npm run dev -w @clubcast/web) forwards API calls.",
    "PUBLIC_URL",
  ),
  WEB_DIST_DIR: setting(text.optional(), null, "The built web client the server serves.", "apps/web/dist"),
  DESKTOP_APP_VERSION: setting(text, DESKTOP_APP_VERSION, "The desktop app offered on /analyze/download."),
  DESKTOP_APP_MAC_ARM_URL: setting(
    url.optional(),
    null,
    "Download of the desktop app for Apple silicon.",
    "the release of DESKTOP_APP_VERSION",
  ),
  DESKTOP_APP_MAC_INTEL_URL: setting(
    url.optional(),
    null,
    "Download of the desktop app for Intel Macs.",
    "the release of DESKTOP_APP_VERSION",
  ),
  DESKTOP_APP_WINDOWS_URL: setting(
    url.optional(),
    null,
    "Download of the desktop app for Windows.",
    "the release of DESKTOP_APP_VERSION",
  ),
  // Jobs
  WORKER_CONCURRENCY: setting(
    atLeastOne,
    "50",
    "Jobs of one queue a worker process runs at the same time: camera and asset server calls and match timers, which mostly wait for an answer (a slow camera server holds one of them for up to CAMERA_SERVER_TIMEOUT_MS).",
  ),
  WORKER_MEDIA_CONCURRENCY: setting(
    atLeastOne,
    "2",
    "Clip cuts and summary builds (ffmpeg, a core each) a worker process runs at the same time, per queue.",
  ),
  CAMERA_SERVER_TIMEOUT_MS: setting(
    atLeastOne,
    String(EXTERNAL_CALL_TIMEOUT_MS),
    "Timeout of each call the worker makes to a camera or asset server.",
  ),
  WORKER_LOCK_MS: setting(atLeastOne, "30000", "How long a job stays claimed without its worker renewing the lock."),
  WORKER_STALLED_INTERVAL_MS: setting(
    atLeastOne,
    "30000",
    "How often jobs of a crashed worker are taken back to run again.",
  ),
  OUTBOUND_ALLOWED_HOSTS: setting(
    commaList.optional(),
    null,
    "Hosts a configuration's server_url may name although they are loopback or private (comma-separated; any port).",
    "the hosts of CAMERA_SIM_URL and MEDIA_GATEWAY_URL",
  ),
  ASSET_SERVER_URL: setting(
    url.optional(),
    null,
    "Where the worker posts asset updates after a privacy change (the gateway keeps the video).",
    "MEDIA_GATEWAY_URL",
  ),
  // Media
  MEDIA_DIR: setting(
    text.optional(),
    null,
    "Where video is kept (live segments, recordings, posters, downloads); the API serves it under /media.",
    "var/media",
  ),
  MEDIA_MIN_FREE_MB: setting(
    atLeastOne,
    "1024",
    "New recordings, clip cuts and summary builds wait while the media disk has less free space.",
  ),
  MEDIA_URL_TTL_SECONDS: setting(
    atLeastOne,
    "21600",
    "Private matches' media plays through signed URLs valid this long.",
  ),
  MEDIA_URL_SECRET: setting(
    text.optional(),
    null,
    "Key of those signatures, shared by every server using MEDIA_DIR.",
    "a random key kept in MEDIA_DIR/.url-secret",
  ),
  MEDIA_STORAGE: setting(
    z.enum(["local", "s3"], { error: "must be local or s3" }),
    "local",
    "Where recordings, posters, downloads, clips, summaries and logos are kept: local (MEDIA_DIR) or s3 (S3_*).",
  ),
  S3_ENDPOINT: setting(url.optional(), null, "The S3-compatible store's endpoint (MEDIA_STORAGE=s3; path-style)."),
  S3_BUCKET: setting(text.optional(), null, "The bucket media is kept in (MEDIA_STORAGE=s3)."),
  S3_REGION: setting(text, "us-east-1", "The store's region (Garage and MinIO accept any)."),
  S3_ACCESS_KEY_ID: setting(text.optional(), null, "Access key of the bucket (MEDIA_STORAGE=s3)."),
  S3_SECRET_ACCESS_KEY: setting(text.optional(), null, "Secret key of the bucket (MEDIA_STORAGE=s3)."),
  S3_PUBLIC_URL: setting(
    url.optional(),
    null,
    "Where anyone fetches a public match's segments, posters and downloads by key (a CDN before the bucket).",
    "none: the API hands out short-lived pre-signed URLs",
  ),
  CLIP_CUTS_PER_CLUB: setting(
    atLeastOne,
    "100",
    "Clips a club's users may have waiting to be cut at once; more answer 429 until some are cut.",
  ),
  CLIP_CUTS_PER_USER: setting(atLeastOne, "50", "Clips one user may have waiting to be cut at once."),
  SUMMARY_QUIET_SECONDS: setting(
    wholeNumber,
    "30",
    "A match's summary is rebuilt once its clips stayed unchanged this long.",
  ),
  // The media gateway
  MEDIA_HOST: setting(
    text,
    "127.0.0.1",
    "Interface of the gateway's camera-server protocol and nginx's callbacks (keep private).",
  ),
  MEDIA_PORT: setting(port, "4200", "Port of the gateway's camera-server protocol (configurations' server_url)."),
  MEDIA_GATEWAY_URL: setting(
    url.optional(),
    null,
    "Where the worker reaches the media gateway.",
    "http://MEDIA_HOST:MEDIA_PORT",
  ),
  MEDIA_API_URL: setting(url.optional(), null, "Where the media gateway reaches the API.", "PUBLIC_URL"),
  MEDIA_INGEST_HOST: setting(text, "0.0.0.0", "Interface the RTMP and SRT ports listen on (0.0.0.0: every one)."),
  RTMP_PORT: setting(
    port,
    String(INGEST_PORTS.rtmp),
    "RTMP ingest: rtmp://MEDIA_PUBLIC_HOST:RTMP_PORT/live/{stream_key}.",
  ),
  SRT_PORT: setting(
    port,
    String(INGEST_PORTS.srt),
    "SRT ingest: srt://MEDIA_PUBLIC_HOST:SRT_PORT?streamid=publish:{stream_key}.",
  ),
  SRT_LATENCY_MS: setting(
    atLeastOne,
    "1000",
    "SRT latency (ms), the time a camera has to send lost packets again: at least 4 × its round trip (1000: up to 250 ms); a camera's larger setting wins.",
  ),
  MEDIA_PUBLIC_HOST: setting(
    text.optional(),
    null,
    "The host name cameras publish to, shown on the configuration page.",
    "PUBLIC_URL's host",
  ),
  MEDIA_GATEWAY_CLIENT_ID: setting(
    text.optional(),
    null,
    "The gateway's machine credentials: an API client without configuration.",
    "the seeded demo gateway client under npm start",
  ),
  MEDIA_GATEWAY_CLIENT_SECRET: setting(text.optional(), null, "The secret of that client.", "the seeded demo client's"),
  // The camera-server simulator
  CAMERA_SIM: setting(
    onOff,
    "on",
    "npm start also runs the camera-server simulator of the demo data; off for real cameras.",
  ),
  CAMERA_SIM_HOST: setting(text, "127.0.0.1", "Interface the simulator listens on."),
  CAMERA_SIM_PORT: setting(port, "4100", "Port of the simulator (the demo configurations' camera server)."),
  CAMERA_SIM_URL: setting(
    url.optional(),
    null,
    "Where the worker reaches the simulator; the seed writes it into the demo data.",
    "http://CAMERA_SIM_HOST:CAMERA_SIM_PORT",
  ),
  CAMERA_SIM_PUBLIC_URL: setting(url.optional(), null, "Where players fetch the simulator's video.", "CAMERA_SIM_URL"),
  CAMERA_SIM_API_URL: setting(url.optional(), null, "Where the simulator reports its cameras' state.", "PUBLIC_URL"),
  CAMERA_SIM_CLIENT_ID: setting(
    text.optional(),
    null,
    "The camera controller the simulator signs in as; unset: it reports nothing.",
    "the seeded demo controller under npm start",
  ),
  CAMERA_SIM_CLIENT_SECRET: setting(
    text.optional(),
    null,
    "The secret of that controller.",
    "the seeded demo controller's",
  ),
  CAMERA_SIM_VIDEO: setting(onOff, "on", "The simulator's cameras stream a test pattern (ffmpeg)."),
  CAMERA_SIM_VIDEO_SIZE: setting(
    text.optional(),
    null,
    "Size of that test pattern (WIDTHxHEIGHT).",
    "the simulator's own",
  ),
  CAMERA_SIM_MEDIA_DIR: setting(text.optional(), null, "Where the simulator writes its video.", "a temporary folder"),
  // Backups
  BACKUP_DIR: setting(text, "var/backups", "Where npm run backup writes its archives."),
} satisfies Record<string, SettingDefinition>;

export type SettingName = keyof typeof SETTINGS;

/** Each setting's value as read (derived ones still unset when not given). */
export type RawSettings = { [Name in SettingName]: z.output<(typeof SETTINGS)[Name]["schema"]> };
