// Connection settings shared by the server, the worker, the CLI and the tests,
// from the platform's settings (@clubcast/settings: environment, then .env).
import { loadSettings } from "@clubcast/settings";

export function databaseUrl(): string {
  return loadSettings().DATABASE_URL;
}

export function redisUrl(): string {
  return loadSettings().REDIS_URL;
}
