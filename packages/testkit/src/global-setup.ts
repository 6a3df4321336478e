// Vitest global setup: starts (or finds) Postgres and Redis once per run and
// migrates the template database every test file clones.
import type { TestProject } from "vitest/node";
import { adminQuery, migrateDatabase, templateDatabaseName, withDatabase } from "./database.ts";
import "./index.ts";
import { startTestServices } from "./services.ts";

export default async function setup(project: TestProject) {
  const services = await startTestServices();
  const template = templateDatabaseName();
  await adminQuery(services.databaseUrl, `CREATE DATABASE "${template}"`);
  migrateDatabase(withDatabase(services.databaseUrl, template));
  project.provide("databaseServerUrl", services.databaseUrl);
  project.provide("templateDatabase", template);
  project.provide("redisUrl", services.redisUrl);
  return async () => {
    await adminQuery(services.databaseUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await services.stop();
  };
}
