// Connection settings shared by the server, the worker, the CLI and the tests.
// `.env` at the repository root is read once if present; real environment wins.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const rootEnvFile = fileURLToPath(new URL("../../../.env", import.meta.url));
let loaded = false;

export function loadDotEnv(): void {
  if (loaded) return;
  loaded = true;
  if (!existsSync(rootEnvFile)) return;
  for (const line of readFileSync(rootEnvFile, "utf8").split("\n")) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (!match) continue;
    const [, key, rawValue] = match as unknown as [string, string, string];
    if (process.env[key] !== undefined) continue;
    process.env[key] = rawValue.replace(/^(['"])(.*)\1$/, "$2");
  }
}

export const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/clubcast";
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

export function databaseUrl(): string {
  loadDotEnv();
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

export function redisUrl(): string {
  loadDotEnv();
  return process.env.REDIS_URL || DEFAULT_REDIS_URL;
}
