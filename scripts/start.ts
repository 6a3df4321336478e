// `npm start`: prepares the database (create, migrate, seed when empty), then
// runs the platform's processes together until Ctrl-C or SIGTERM, restarting
// any that crashes (scripts/supervisor.ts). With NODE_ENV=production the parts
// run their compiled bundles (dist/, `npm run build`) instead of the sources.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { prepareDatabase } from "./db-prepare.ts";
import { ensureWebBuild } from "./web-build.ts";
import { runWithServiceErrors } from "@clubcast/db/health";
import { exitOnBadSettings, loadSettings, REPOSITORY_ROOT, type Settings } from "@clubcast/settings";
import { DEMO_CAMERA_CLIENT, DEMO_GATEWAY_CLIENT } from "../prisma/seed.ts";
import { supervise } from "./supervisor.ts";
import { PLATFORM_ENTRIES, type PlatformPart } from "./entries.ts";

interface PlatformProcess {
  name: PlatformPart;
  env?: NodeJS.ProcessEnv;
}

/**
 * The API server (with realtime and the web client), the job worker, the media
 * gateway (RTMP/SRT ingest, signed in as the seeded gateway client unless
 * MEDIA_GATEWAY_CLIENT_ID/SECRET are set) and — unless CAMERA_SIM=off — the
 * camera-server simulator the demo configurations point at, signed in as the
 * seeded demo camera controller.
 */
function platformProcesses(settings: Settings, env: NodeJS.ProcessEnv): PlatformProcess[] {
  const processes: PlatformProcess[] = [
    { name: "server" },
    { name: "worker" },
    {
      name: "media",
      env: {
        MEDIA_GATEWAY_CLIENT_ID: DEMO_GATEWAY_CLIENT.clientId,
        MEDIA_GATEWAY_CLIENT_SECRET: DEMO_GATEWAY_CLIENT.secret,
        ...env,
      },
    },
  ];
  if (settings.CAMERA_SIM === "on") {
    processes.push({
      name: "camera-sim",
      env: {
        CAMERA_SIM_CLIENT_ID: DEMO_CAMERA_CLIENT.clientId,
        CAMERA_SIM_CLIENT_SECRET: DEMO_CAMERA_CLIENT.secret,
        ...env,
      },
    });
  }
  return processes;
}

/** Why the platform can't listen on host:port (in use, not allowed), or null when it can. */
function listenProblem(host: string, port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

/** The TCP ports the parts listen on, each with the setting that moves it. */
function listeningPorts(settings: Settings): { setting: string; host: string; port: number }[] {
  const ports = [
    { setting: "PORT", host: settings.HOST, port: settings.PORT },
    { setting: "MEDIA_PORT", host: settings.MEDIA_HOST, port: settings.MEDIA_PORT },
    { setting: "RTMP_PORT", host: settings.MEDIA_INGEST_HOST, port: settings.RTMP_PORT },
  ];
  if (settings.CAMERA_SIM === "on") {
    ports.push({ setting: "CAMERA_SIM_PORT", host: settings.CAMERA_SIM_HOST, port: settings.CAMERA_SIM_PORT });
  }
  return ports;
}

const settings = exitOnBadSettings(() => loadSettings());
const compiled = settings.NODE_ENV === "production";
for (const { setting, host, port } of listeningPorts(settings)) {
  const problem = await listenProblem(host, port);
  if (problem) {
    // One line before any work, rather than a part's stack trace after migrating and seeding.
    console.error(`Cannot listen on ${host}:${port} (${problem}). Stop what runs there or set ${setting} in .env.`);
    process.exit(1);
  }
}
if (compiled && !Object.values(PLATFORM_ENTRIES).every((entry) => existsSync(join(REPOSITORY_ROOT, entry.bundle)))) {
  console.error("NODE_ENV=production runs the compiled platform: run `npm run build` first.");
  process.exit(1);
}

// ffmpeg and nginx's RTMP module, for the media gateway and the simulator's video.
if (
  spawnSync("bash", ["scripts/ensure-system-packages.sh", "platform"], { cwd: REPOSITORY_ROOT, stdio: "inherit" })
    .status !== 0
) {
  process.exit(1);
}

await runWithServiceErrors(async () => {
  await prepareDatabase();
  // The server serves the built web client on its own URL.
  await ensureWebBuild();
  const supervisor = supervise(
    platformProcesses(settings, process.env).map(({ name, env }) => ({
      name,
      command: process.execPath,
      args: compiled
        ? ["--enable-source-maps", PLATFORM_ENTRIES[name].bundle]
        : ["--import", "tsx", PLATFORM_ENTRIES[name].source],
      cwd: REPOSITORY_ROOT,
      env: env ?? process.env,
    })),
  );
  let stopping = false;
  function stopAll(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    console.error(`[start] ${signal} received: stopping the platform`);
    void supervisor.stop(signal).then(() => process.exit(0));
  }
  process.on("SIGINT", () => stopAll("SIGINT"));
  process.on("SIGTERM", () => stopAll("SIGTERM"));
});
