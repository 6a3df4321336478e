// The real platform for one browser test file: the API server as its own
// process (as `npm start` runs it) on a free port, over a fresh database
// cloned from the migrated template, its own Redis key prefix and its own
// media directory, serving the built web client; and, when asked, the real
// media gateway over that media directory (nginx-rtmp and ffmpeg, in the test's
// process as apps/media's own tests run it), which cameras and OBS publish to;
// and, when asked, the worker as its own process over the same database, queues
// and media (and the gateway, when there is one).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { createPrismaClient, type PrismaClient } from "@clubcast/db";
import { loadGatewaySettings } from "@clubcast/settings";
import {
  createTestDatabase,
  exited,
  freePort,
  startSmtpCatcher,
  type SmtpCatcher,
  type TestDatabase,
} from "@clubcast/testkit";
import { spawnWorker, workerReady } from "@clubcast/testkit/worker";
import { createApiClient } from "@clubcast/testkit/factories";
import { startMediaGateway, type RunningGateway } from "@clubcast/media/server";
import { WEB_DIST_DIR } from "../../../../scripts/web-build.ts";

const root = fileURLToPath(new URL("../../../../", import.meta.url));

export interface Platform {
  url: string;
  prisma: PrismaClient;
  smtp: SmtpCatcher;
  /** Where this platform's media store keeps video, posters and downloads (never the working copy's var/media). */
  mediaDir: string;
  /** The media gateway, when the platform was started with one. */
  gateway: RunningGateway | null;
  /** What the gateway logged, for failure messages. */
  gatewayLog(): string;
  /**
   * The database, queues and media of this platform, for another process to join (the worker); with a
   * gateway, where the worker sends its camera commands and asset updates.
   */
  env: {
    DATABASE_URL: string;
    REDIS_URL: string;
    REDIS_PREFIX: string;
    SMTP_URL: string;
    MEDIA_DIR: string;
    MEDIA_GATEWAY_URL?: string;
    ASSET_SERVER_URL?: string;
  };
  /** Stops the API server's process, leaves it down for `downMs`, and starts it again (an update on match day). */
  restartServer(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/v1/app-info`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer within 90 s:\n${output()}`);
}

/** The gateway's machine credential (an API client bound to no configuration), as the demo seeds one. */
const GATEWAY_CLIENT = { name: "Media gateway", clientId: "media-gateway-e2e", secret: "media-gateway-e2e-secret" };

export async function startPlatform(options: { mediaGateway?: boolean; worker?: boolean } = {}): Promise<Platform> {
  const db: TestDatabase = await createTestDatabase(inject("databaseServerUrl"), inject("templateDatabase"));
  const smtp = await startSmtpCatcher();
  const port = await freePort();
  // The server tells cameras the gateway's RTMP address: the port is chosen before either starts.
  const rtmpPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const redisPrefix = `e2e:${randomBytes(6).toString("hex")}:`;
  const mediaDir = mkdtempSync(join(tmpdir(), "clubcast-e2e-media-"));
  const env = {
    ...process.env,
    DATABASE_URL: db.url,
    REDIS_URL: inject("redisUrl"),
    REDIS_PREFIX: redisPrefix,
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: url,
    SMTP_URL: smtp.url,
    MEDIA_DIR: mediaDir,
    WEB_DIST_DIR,
    LOG_LEVEL: "warn",
    LOGIN_LIMIT_PER_IP: "1000",
    RTMP_PORT: String(rtmpPort),
  };
  let log = "";
  const spawnServer = () => {
    const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => (log += chunk));
    child.stderr?.on("data", (chunk) => (log += chunk));
    return child;
  };
  const stopServer = async (child: ChildProcess) => {
    const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    child.kill("SIGTERM");
    await exited;
  };
  let server = spawnServer();
  const prisma = createPrismaClient(db.url);
  let gateway: RunningGateway | null = null;
  let worker: ChildProcess | null = null;
  const stopWorker = async () => {
    if (!worker) return;
    const done = exited(worker);
    worker.kill("SIGTERM");
    await done;
  };
  const gatewayLines: string[] = [];
  let platformEnv: Platform["env"];
  try {
    await waitUntilUp(url, server, () => log);
    if (options.mediaGateway) {
      await createApiClient(prisma, null, GATEWAY_CLIENT);
      const settings = loadGatewaySettings({
        MEDIA_HOST: "127.0.0.1",
        MEDIA_PORT: "0",
        MEDIA_INGEST_HOST: "127.0.0.1",
        RTMP_PORT: String(rtmpPort),
        SRT_PORT: "0",
        MEDIA_DIR: mediaDir,
        PUBLIC_URL: url,
        MEDIA_GATEWAY_CLIENT_ID: GATEWAY_CLIENT.clientId,
        MEDIA_GATEWAY_CLIENT_SECRET: GATEWAY_CLIENT.secret,
        DATABASE_URL: db.url,
        REDIS_URL: inject("redisUrl"),
        REDIS_PREFIX: redisPrefix,
      });
      gateway = await startMediaGateway(settings, {
        log: (line) => gatewayLines.push(`${new Date().toISOString()} ${line}`),
      });
    }
    platformEnv = {
      DATABASE_URL: db.url,
      REDIS_URL: inject("redisUrl"),
      REDIS_PREFIX: redisPrefix,
      SMTP_URL: smtp.url,
      MEDIA_DIR: mediaDir,
      ...(gateway ? { MEDIA_GATEWAY_URL: gateway.url, ASSET_SERVER_URL: gateway.url } : {}),
    };
    if (options.worker) {
      worker = spawnWorker({ ...platformEnv, LOG_LEVEL: "warn" });
      await workerReady(worker);
    }
  } catch (error) {
    worker?.kill("SIGKILL");
    server.kill("SIGKILL");
    await gateway?.close();
    await prisma.$disconnect();
    await smtp.close();
    await db.drop();
    rmSync(mediaDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    prisma,
    smtp,
    mediaDir,
    gateway,
    gatewayLog: () => gatewayLines.join("\n"),
    env: platformEnv,
    async restartServer(downMs) {
      await stopServer(server);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      server = spawnServer();
      await waitUntilUp(url, server, () => log);
    },
    async stop() {
      await stopWorker();
      await gateway?.close();
      await stopServer(server);
      await prisma.$disconnect();
      await smtp.close();
      await db.drop();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
