// A real server for one test file: its own database (cloned from the migrated
// template), its own Redis key prefix, its own MEDIA_DIR (a temporary folder)
// and an SMTP catcher for e-mail.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { buildApp, type BuiltApp } from "@clubcast/server/app";
import { closeDeps, createDeps, loadConfig, type AppConfig, type Deps } from "@clubcast/domain";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { startSmtpCatcher, type SmtpCatcher } from "./smtp.ts";

export interface TestApp extends BuiltApp {
  deps: Deps;
  config: AppConfig;
  db: TestDatabase;
  smtp: SmtpCatcher;
  close(): Promise<void>;
}

/**
 * Where a test app's database and Redis come from: what the global setup
 * provides, unless given (a benchmark runs outside Vitest, with a template of its own).
 */
export interface TestServices {
  databaseServerUrl: string;
  templateDatabase: string;
  redisUrl: string;
}

const providedServices = (): TestServices => ({
  databaseServerUrl: inject("databaseServerUrl"),
  templateDatabase: inject("templateDatabase"),
  redisUrl: inject("redisUrl"),
});

export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  services: TestServices = providedServices(),
): Promise<TestApp> {
  const db = await createTestDatabase(services.databaseServerUrl, services.templateDatabase);
  const smtp = await startSmtpCatcher();
  // Never the working copy's var/media: tests delete matches, and with them their media.
  const mediaDir = mkdtempSync(join(tmpdir(), "clubcast-media-"));
  const config: AppConfig = {
    ...loadConfig(),
    databaseUrl: db.url,
    redisUrl: services.redisUrl,
    redisPrefix: `test:${randomBytes(6).toString("hex")}:`,
    smtpUrl: smtp.url,
    publicUrl: "http://clubcast.test",
    mediaDir,
    mediaUrlSecret: null,
    ...overrides,
  };
  const deps = createDeps(config);
  const built = await buildApp(deps);
  return {
    ...built,
    deps,
    config,
    db,
    smtp,
    async close() {
      await built.app.close();
      const keys = await deps.redis.keys("*");
      // ioredis prefixes commands but not the keys KEYS returns.
      if (keys.length) await deps.redis.del(...keys.map((k) => k.slice(config.redisPrefix.length)));
      await closeDeps(deps);
      await smtp.close();
      await db.drop();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
