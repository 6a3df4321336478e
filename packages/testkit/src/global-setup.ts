// Vitest global setup: starts (or finds) Postgres and Redis once per run and
// migrates the template database every test file clones.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { adminQuery, templateDatabaseName, withDatabase } from "./database.ts";
import "./index.ts";
import { startTestServices } from "./services.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));

export default async function setup(project: TestProject) {
  const services = await startTestServices();
  const template = templateDatabaseName();
  await adminQuery(services.databaseUrl, `CREATE DATABASE "${template}"`);
  const migrate = spawnSync(process.execPath, ["--import", "tsx", "scripts/prisma.ts", "migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: withDatabase(services.databaseUrl, template) },
    encoding: "utf8",
  });
  if (migrate.status !== 0)
    throw new Error(`migrating the test template failed:\n${migrate.stdout}\n${migrate.stderr}`);
  project.provide("databaseServerUrl", services.databaseUrl);
  project.provide("templateDatabase", template);
  project.provide("redisUrl", services.redisUrl);
  return async () => {
    await adminQuery(services.databaseUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await services.stop();
  };
}
