// A whole platform instance for tests, started the way a club starts it
// (`npm start`: scripts/launch.mjs start), on ports, a database, a Redis database and
// folders of its own, so several run side by side.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { adminQuery, eventually, exited, freePort, withDatabase } from "@clubcast/testkit";
import { REPOSITORY_ROOT } from "@clubcast/settings";

export interface Instance {
  name: string;
  /** What the instance was started with: its ports, database, Redis and folders. */
  env: Record<string, string>;
  apiUrl: string;
  simulatorUrl: string;
  databaseUrl: string;
  /** Everything its processes printed so far. */
  output(): string;
  /** The process of `npm start` (its parts are its children). */
  pid: number;
  stop(): Promise<void>;
}

export interface InstanceOptions {
  name: string;
  /** A Postgres server URL; the instance's database is made beside it. */
  databaseServerUrl: string;
  redisUrl: string;
  env?: Record<string, string>;
}

export async function startInstance({
  name,
  databaseServerUrl,
  redisUrl,
  env = {},
}: InstanceOptions): Promise<Instance> {
  const database = `clubcast_instance_${name}_${randomBytes(4).toString("hex")}`;
  const mediaDir = mkdtempSync(join(tmpdir(), `clubcast-${name}-media-`));
  const simulatorDir = mkdtempSync(join(tmpdir(), `clubcast-${name}-sim-`));
  const ports = {
    PORT: await freePort(),
    MEDIA_PORT: await freePort(),
    RTMP_PORT: await freePort(),
    SRT_PORT: await freePort(),
    CAMERA_SIM_PORT: await freePort(),
  };
  const instanceEnv: Record<string, string> = {
    ...Object.fromEntries(Object.entries(ports).map(([key, port]) => [key, String(port)])),
    DATABASE_URL: withDatabase(databaseServerUrl, database),
    REDIS_URL: redisUrl,
    MEDIA_DIR: mediaDir,
    CAMERA_SIM_MEDIA_DIR: simulatorDir,
    CAMERA_SIM_VIDEO_SIZE: "320x180",
    MEDIA_INGEST_HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...env,
  };
  // Nothing inherited may point the instance elsewhere: only what the test gives it, over the defaults.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => ["PATH", "HOME", "NODE_ENV", "TMPDIR", "LANG"].includes(key)),
  );
  let printed = "";
  const child: ChildProcess = spawn(process.execPath, ["scripts/launch.mjs", "start"], {
    cwd: REPOSITORY_ROOT,
    env: { ...inherited, ...instanceEnv },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const apiUrl = `http://127.0.0.1:${ports.PORT}`;
  const instance: Instance = {
    name,
    env: instanceEnv,
    apiUrl,
    simulatorUrl: `http://127.0.0.1:${ports.CAMERA_SIM_PORT}`,
    databaseUrl: instanceEnv.DATABASE_URL!,
    output: () => printed,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 15_000);
        await exited(child);
        clearTimeout(killer);
      }
      await adminQuery(databaseServerUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      rmSync(mediaDir, { recursive: true, force: true });
      rmSync(simulatorDir, { recursive: true, force: true });
    },
  };
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`instance ${name} exited:\n${printed}`);
        return (await fetch(`${apiUrl}/v1/app-info`).catch(() => null))?.ok;
      },
      `instance ${name}'s API`,
      240_000,
    );
  } catch (error) {
    await instance.stop();
    throw error;
  }
  return instance;
}
