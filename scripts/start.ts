// `npm start`: prepares the database (create, migrate, seed when empty), then
// runs the platform's processes together until Ctrl-C or SIGTERM, restarting
// any that crashes (scripts/supervisor.ts).
import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { prepareDatabase } from "./db-prepare.ts";
import { ensureWebBuild } from "./web-build.ts";
import { runWithServiceErrors } from "@clubcast/db/health";
import { loadConfig } from "../apps/server/src/config.ts";
import { DEMO_CAMERA_CLIENT, DEMO_GATEWAY_CLIENT } from "../prisma/seed.ts";
import { supervise } from "./supervisor.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

interface PlatformProcess {
  name: string;
  entry: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * The API server (with realtime and the web client), the job worker, the media
 * gateway (RTMP/SRT ingest, signed in as the seeded gateway client unless
 * MEDIA_GATEWAY_CLIENT_ID/SECRET are set) and — unless CAMERA_SIM=off — the
 * camera-server simulator the demo configurations point at, signed in as the
 * seeded demo camera controller.
 */
function platformProcesses(env: NodeJS.ProcessEnv): PlatformProcess[] {
  const processes: PlatformProcess[] = [
    { name: "server", entry: "apps/server/src/main.ts" },
    { name: "worker", entry: "apps/worker/src/main.ts" },
    {
      name: "media",
      entry: "apps/media/src/main.ts",
      env: {
        MEDIA_GATEWAY_CLIENT_ID: DEMO_GATEWAY_CLIENT.clientId,
        MEDIA_GATEWAY_CLIENT_SECRET: DEMO_GATEWAY_CLIENT.secret,
        ...env,
      },
    },
  ];
  if (env.CAMERA_SIM !== "off") {
    processes.push({
      name: "camera-sim",
      entry: "apps/camera-sim/src/main.ts",
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

const { host, port } = loadConfig();
const problem = await listenProblem(host, port);
if (problem) {
  // One line before any work, rather than the server's stack trace after migrating and seeding.
  console.error(`Cannot listen on ${host}:${port} (${problem}). Stop what runs there or set PORT / HOST in .env.`);
  process.exit(1);
}

// ffmpeg and nginx's RTMP module, for the media gateway and the simulator's video.
if (
  spawnSync("bash", ["scripts/ensure-system-packages.sh", "platform"], { cwd: root, stdio: "inherit" }).status !== 0
) {
  process.exit(1);
}

await runWithServiceErrors(async () => {
  await prepareDatabase();
  // The server serves the built web client on its own URL.
  await ensureWebBuild();
  const supervisor = supervise(
    platformProcesses(process.env).map(({ name, entry, env }) => ({
      name,
      command: process.execPath,
      args: ["--import", "tsx", entry],
      cwd: root,
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
