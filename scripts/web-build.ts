// Builds the web client (apps/web/dist, served by the API server) when it is
// missing or older than its sources. Used by `npm start` and the browser tests.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { REPOSITORY_ROOT } from "@clubcast/settings";

const web = join(REPOSITORY_ROOT, "apps/web");
export const WEB_DIST_DIR = join(web, "dist");

/** What the build reads: the client's sources and config, and the shared package it bundles. */
const SOURCES = ["src", "public", "build", "index.html", "vite.config.ts", "package.json"].map((path) =>
  join(web, path),
);
SOURCES.push(join(REPOSITORY_ROOT, "packages/shared/src"));

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

export function webBuildIsStale(): boolean {
  const index = join(WEB_DIST_DIR, "index.html");
  if (!existsSync(index)) return true;
  const builtAt = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestChange(source) > builtAt);
}

export async function ensureWebBuild(): Promise<void> {
  if (!webBuildIsStale()) return;
  console.log("Building the web client…");
  const vite = join(dirname(createRequire(join(web, "package.json")).resolve("vite/package.json")), "bin/vite.js");
  // Its own process with NODE_ENV=production: callers such as vitest run with NODE_ENV=test,
  // which would make Vite bundle React's development build. The config imports @clubcast/shared,
  // TypeScript that only Vite's module runner loads.
  const result = spawnSync(process.execPath, [vite, "build", "--configLoader", "runner", "--logLevel", "warn"], {
    cwd: web,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    // A failed build (over its size budget, say) may have written files: never serve it as fresh.
    rmSync(join(WEB_DIST_DIR, "index.html"), { force: true });
    throw new Error(`building the web client failed (exit ${result.status ?? result.signal})`);
  }
}
