// The platform's settings, for every part (server, worker, media gateway,
// simulator, seed, scripts): read from the environment (or the repository's
// .env) against the table in definitions.ts. The addresses the parts use to
// reach each other derive from HOST, PORT and the other ports unless set, so
// `PORT=4718 npm start` moves the whole instance, not only the API.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { MediaStorageSettings } from "@clubcast/shared";
import { SETTINGS, type RawSettings, type SettingName } from "./definitions.ts";

/**
 * The repository's folder, found upwards from this file so it is the same from the sources
 * and from the compiled bundles in dist/ (which sit at another depth).
 */
function findRepositoryRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, "package-lock.json"))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error("the Clubcast folder (with package-lock.json) was not found");
    folder = parent;
  }
  return folder;
}

export const REPOSITORY_ROOT = findRepositoryRoot();

let dotEnvLoaded = false;

/** Reads the repository's .env once into process.env; real environment variables win. */
export function loadDotEnv(): void {
  if (dotEnvLoaded) return;
  dotEnvLoaded = true;
  const file = join(REPOSITORY_ROOT, ".env");
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (!match) continue;
    const [, key, rawValue] = match as unknown as [string, string, string];
    if (process.env[key] !== undefined) continue;
    process.env[key] = rawValue.replace(/^(['"])(.*)\1$/, "$2");
  }
}

/** A setting whose value does not parse; its message is the one line shown to whoever starts the platform. */
export class SettingsError extends Error {
  constructor(
    readonly setting: SettingName,
    problem: string,
    value: string,
  ) {
    super(
      `Setting ${setting}=${JSON.stringify(value)} ${problem}. Fix it in .env or the environment (see .env.example).`,
    );
    this.name = "SettingsError";
  }
}

/** Every setting with its defaults applied and the derived addresses resolved. */
export type Settings = RawSettings & {
  PUBLIC_URL: string;
  API_URL: string;
  MEDIA_DIR: string;
  MEDIA_GATEWAY_URL: string;
  ASSET_SERVER_URL: string;
  MEDIA_API_URL: string;
  MEDIA_PUBLIC_HOST: string;
  CAMERA_SIM_URL: string;
  CAMERA_SIM_PUBLIC_URL: string;
  CAMERA_SIM_API_URL: string;
  OUTBOUND_ALLOWED_HOSTS: string[];
  CHECK_ANSWERS: "on" | "off";
  WEB_DIST_DIR: string;
  BACKUP_DIR: string;
};

function readRaw(env: NodeJS.ProcessEnv): RawSettings {
  const raw: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(SETTINGS)) {
    const given = env[name];
    const text = given === undefined || given === "" ? definition.default : given;
    if (text === null) continue;
    const parsed = definition.schema.safeParse(text);
    if (!parsed.success) throw new SettingsError(name as SettingName, parsed.error.issues[0]!.message, text);
    raw[name] = parsed.data;
  }
  return raw as RawSettings;
}

/** A host others can connect to: a listener on every interface is reached on this machine's loopback. */
function reachableHost(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "127.0.0.1";
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

/** Parses every setting of `env` (no .env reading); throws a SettingsError naming the first wrong one. */
export function parseSettings(env: NodeJS.ProcessEnv): Settings {
  const raw = readRaw(env);
  // Told at start, not at the first upload.
  mediaStorageOf(raw);
  const publicUrl = raw.PUBLIC_URL ?? `http://${reachableHost(raw.HOST)}:${raw.PORT}`;
  const mediaGatewayUrl = raw.MEDIA_GATEWAY_URL ?? `http://${reachableHost(raw.MEDIA_HOST)}:${raw.MEDIA_PORT}`;
  const cameraSimUrl = raw.CAMERA_SIM_URL ?? `http://${reachableHost(raw.CAMERA_SIM_HOST)}:${raw.CAMERA_SIM_PORT}`;
  const fromRoot = (path: string) => resolve(REPOSITORY_ROOT, path);
  return {
    ...raw,
    PUBLIC_URL: publicUrl,
    API_URL: raw.API_URL ?? publicUrl,
    // Relative to the working directory, as a path given on the command line would be.
    MEDIA_DIR: raw.MEDIA_DIR ? resolve(raw.MEDIA_DIR) : fromRoot("var/media"),
    MEDIA_GATEWAY_URL: mediaGatewayUrl,
    // The media gateway keeps the platform's video, so its privacy follows the match there.
    ASSET_SERVER_URL: raw.ASSET_SERVER_URL ?? mediaGatewayUrl,
    MEDIA_API_URL: raw.MEDIA_API_URL ?? publicUrl,
    MEDIA_PUBLIC_HOST: raw.MEDIA_PUBLIC_HOST ?? (new URL(publicUrl).hostname || "127.0.0.1"),
    CAMERA_SIM_URL: cameraSimUrl,
    CAMERA_SIM_PUBLIC_URL: raw.CAMERA_SIM_PUBLIC_URL ?? cameraSimUrl,
    CAMERA_SIM_API_URL: raw.CAMERA_SIM_API_URL ?? publicUrl,
    // The demo's own camera servers run on this machine (127.0.0.1 under npm start): they stay callable.
    OUTBOUND_ALLOWED_HOSTS: raw.OUTBOUND_ALLOWED_HOSTS ?? [
      ...new Set([new URL(cameraSimUrl).hostname, new URL(mediaGatewayUrl).hostname]),
    ],
    CHECK_ANSWERS: raw.CHECK_ANSWERS ?? (raw.NODE_ENV === "test" || raw.NODE_ENV === "development" ? "on" : "off"),
    WEB_DIST_DIR: raw.WEB_DIST_DIR ? resolve(raw.WEB_DIST_DIR) : fromRoot("apps/web/dist"),
    BACKUP_DIR: resolve(REPOSITORY_ROOT, raw.BACKUP_DIR),
  };
}

/** Where finished media is kept (MEDIA_STORAGE, S3_*); a SettingsError names a missing S3 setting. */
export function mediaStorageOf(settings: RawSettings): MediaStorageSettings {
  if (settings.MEDIA_STORAGE !== "s3") return { driver: "local" };
  const required = (name: "S3_ENDPOINT" | "S3_BUCKET" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY") => {
    const value = settings[name];
    if (!value) throw new SettingsError(name, "must be set when MEDIA_STORAGE=s3", "");
    return value;
  };
  return {
    driver: "s3",
    endpoint: required("S3_ENDPOINT"),
    bucket: required("S3_BUCKET"),
    region: settings.S3_REGION,
    accessKeyId: required("S3_ACCESS_KEY_ID"),
    secretAccessKey: required("S3_SECRET_ACCESS_KEY"),
    publicUrl: settings.S3_PUBLIC_URL ?? null,
  };
}

/** The settings of this process: .env read, then the environment parsed. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  loadDotEnv();
  return parseSettings(env);
}

/**
 * For a process's entry point: runs `read`, and on a wrong setting prints its one line
 * (no stack) and exits, before anything starts.
 */
export function exitOnBadSettings<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
