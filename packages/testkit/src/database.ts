// One fresh database per test file, cloned from a migrated template, so test
// files run in parallel and never see each other's rows.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Each test run migrates a template of its own, so parallel runs never clash. */
export function templateDatabaseName(): string {
  return `clubcast_template_${randomBytes(4).toString("hex")}`;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Applies the migrations to the (existing) database at `url`, as `npm run db:migrate` does. */
export function migrateDatabase(url: string): void {
  const migrate = spawnSync(process.execPath, ["--import", "tsx", "scripts/prisma.ts", "migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`migrating ${url} failed:\n${migrate.stdout}\n${migrate.stderr}`);
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(serverUrl: string, template: string): Promise<TestDatabase> {
  const name = `clubcast_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return {
    name,
    url: withDatabase(serverUrl, name),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
