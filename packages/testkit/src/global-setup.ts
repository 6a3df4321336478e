// Vitest global setup: starts (or finds) Postgres and Redis once per run and
// migrates the template database every test file clones.
//
// Every project that talks to Postgres names this setup, and Vitest runs the projects' setups one after
// the other before any test: migrating a template of their own each cost about ten seconds apiece. They
// run in one process, so the first one's template is kept on globalThis for the others, and the last
// teardown drops it.
import type { TestProject } from "vitest/node";
import { adminQuery, migrateDatabase, templateDatabaseName, withDatabase } from "./database.ts";
import "./index.ts";
import { startTestServices } from "./services.ts";

interface SharedTemplate {
  ready: Promise<{ services: Awaited<ReturnType<typeof startTestServices>>; template: string }>;
  projects: number;
}

const shared = globalThis as { clubcastTestTemplate?: SharedTemplate };

async function migratedTemplate() {
  const services = await startTestServices();
  const template = templateDatabaseName();
  await adminQuery(services.databaseUrl, `CREATE DATABASE "${template}"`);
  migrateDatabase(withDatabase(services.databaseUrl, template));
  return { services, template };
}

export default async function setup(project: TestProject) {
  const entry = (shared.clubcastTestTemplate ??= { ready: migratedTemplate(), projects: 0 });
  entry.projects += 1;
  const { services, template } = await entry.ready;
  project.provide("databaseServerUrl", services.databaseUrl);
  project.provide("templateDatabase", template);
  project.provide("redisUrl", services.redisUrl);
  return async () => {
    entry.projects -= 1;
    if (entry.projects > 0) return;
    delete shared.clubcastTestTemplate;
    await adminQuery(services.databaseUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await services.stop();
  };
}
