// The real platform for one browser test file: the API server as its own
// process (as `npm start` runs it) on a free port, over a fresh database
// cloned from the migrated template, its own Redis key prefix and its own
// media directory, serving the built web client.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { createPrismaClient, type PrismaClient } from "@clubcast/db";
import { createTestDatabase, freePort, startSmtpCatcher, type SmtpCatcher, type TestDatabase } from "@clubcast/testkit";
import { WEB_DIST_DIR } from "../../../../scripts/web-build.ts";

const root = fileURLToPath(new URL("../../../../", import.meta.url));

export interface Platform {
  url: string;
  prisma: PrismaClient;
  smtp: SmtpCatcher;
  /** Where this platform's media store keeps video, posters and downloads (never the working copy's var/media). */
  mediaDir: string;
  /** The database, queues and media of this platform, for another process to join (the worker). */
  env: { DATABASE_URL: string; REDIS_URL: string; REDIS_PREFIX: string; SMTP_URL: string; MEDIA_DIR: string };
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

export async function startPlatform(): Promise<Platform> {
  const db: TestDatabase = await createTestDatabase(inject("databaseServerUrl"), inject("templateDatabase"));
  const smtp = await startSmtpCatcher();
  const port = await freePort();
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
  try {
    await waitUntilUp(url, server, () => log);
  } catch (error) {
    server.kill("SIGKILL");
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
    env: {
      DATABASE_URL: db.url,
      REDIS_URL: inject("redisUrl"),
      REDIS_PREFIX: redisPrefix,
      SMTP_URL: smtp.url,
      MEDIA_DIR: mediaDir,
    },
    async restartServer(downMs) {
      await stopServer(server);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      server = spawnServer();
      await waitUntilUp(url, server, () => log);
    },
    async stop() {
      await stopServer(server);
      await prisma.$disconnect();
      await smtp.close();
      await db.drop();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
