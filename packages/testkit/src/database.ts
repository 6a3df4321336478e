// One fresh database per test file, cloned from a migrated template, so test
// files run in parallel and never see each other's rows.
import { randomBytes } from "node:crypto";
import pg from "pg";

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
