// Runs the API server until SIGINT/SIGTERM.
import { exitOnBadSettings, loadConfig } from "@clubcast/settings";
import { closeDeps, createDeps } from "@clubcast/domain/deps.ts";
import { buildApp } from "./app.ts";

const config = exitOnBadSettings(() => loadConfig());
const deps = createDeps(config);
const { app } = await buildApp(deps, { logger: true });

await app.listen({ port: config.port, host: config.host });
console.log(`Clubcast is running at ${config.publicUrl}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await closeDeps(deps);
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
