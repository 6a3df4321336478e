// Runs the Prisma CLI offline. Prisma 6's CLI insists on locating a native query
// engine library even though our client uses the JS query compiler over the pg
// driver adapter and migrations use the bundled WebAssembly schema engine.
// Pointing PRISMA_QUERY_ENGINE_LIBRARY at an (unused) placeholder file stops it
// from trying to download one, which fails on machines without internet access.
import { spawnSync } from "node:child_process";
import { writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";

export function runPrisma(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const placeholder = join(tmpdir(), "clubcast-prisma-engine-placeholder.so.node");
  if (!existsSync(placeholder)) writeFileSync(placeholder, "");
  const cli = createRequire(import.meta.url).resolve("prisma/build/index.js");
  const result = spawnSync(process.execPath, [cli, ...args], {
    stdio: "inherit",
    env: { PRISMA_QUERY_ENGINE_LIBRARY: placeholder, PRISMA_HIDE_UPDATE_MESSAGE: "1", ...env },
  });
  return result.status ?? 1;
}
