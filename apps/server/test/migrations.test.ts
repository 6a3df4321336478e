// The migrations in prisma/migrations: they apply to an empty database, applying
// them again does nothing, and they build exactly the schema prisma/schema.prisma describes.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPool } from "@clubcast/db";
import { adminQuery, withDatabase } from "@clubcast/testkit";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const serverUrl = inject("databaseServerUrl");
const CLI_TIMEOUT = 180_000;

const createdDatabases: string[] = [];
async function emptyDatabase(): Promise<string> {
  const name = `clubcast_migrations_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  createdDatabases.push(name);
  return withDatabase(serverUrl, name);
}
afterAll(async () => {
  for (const name of createdDatabases) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

/** Runs the offline Prisma CLI wrapper (scripts/prisma.ts) against `databaseUrl`. */
function prismaCli(args: string[], databaseUrl: string): Promise<{ code: number; output: string; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/prisma.ts", ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

async function query<T>(databaseUrl: string, sql: string): Promise<T[]> {
  const pool = createPool(databaseUrl, 1);
  try {
    return (await pool.query(sql)).rows as T[];
  } finally {
    await pool.end();
  }
}

/** The tables prisma/schema.prisma maps its models to. */
function schemaTables(): string[] {
  const schema = readFileSync(`${root}prisma/schema.prisma`, "utf8");
  return [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)].map(
    ([, model, body]) => /@@map\("([^"]+)"\)/.exec(body!)?.[1] ?? model!,
  );
}

const migrationFolders = () =>
  readdirSync(`${root}prisma/migrations`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/**
 * Everything about a database's schema a migration can change, read from the
 * catalogs: tables and columns (type, nullability, default), constraints (keys,
 * foreign keys with their delete rules, checks), indexes, enums and extensions.
 * Prisma's own _prisma_migrations bookkeeping is left out, and so are the read
 * cache's constraint triggers, which a Prisma schema cannot describe (the read
 * cache's own tests show they work).
 */
async function schemaSnapshot(databaseUrl: string) {
  const [columns, constraints, indexes, enums, extensions] = await Promise.all([
    query(
      databaseUrl,
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length
         FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
        ORDER BY table_name, column_name`,
    ),
    query(
      databaseUrl,
      `SELECT conrelid::regclass::text AS table_name, conname::text AS name, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace AND conrelid <> 0 AND conrelid::regclass::text <> '_prisma_migrations'
          AND contype <> 't'
        ORDER BY 1, 2`,
    ),
    query(
      databaseUrl,
      `SELECT tablename::text AS table_name, indexname::text AS name, indexdef AS definition
         FROM pg_indexes
        WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'
        ORDER BY 1, 2`,
    ),
    query(
      databaseUrl,
      `SELECT t.typname::text AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
         FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
        WHERE t.typnamespace = 'public'::regnamespace
        GROUP BY 1 ORDER BY 1`,
    ),
    query(databaseUrl, `SELECT extname::text AS name FROM pg_extension ORDER BY 1`),
  ]);
  return { columns, constraints, indexes, enums, extensions };
}

interface AppliedMigration {
  id: string;
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}
const appliedMigrations = (databaseUrl: string) =>
  query<AppliedMigration>(
    databaseUrl,
    `SELECT id, migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name`,
  );

describe("database migrations", () => {
  let migrated: string;
  let firstDeploy: { code: number; output: string };
  beforeAll(async () => {
    migrated = await emptyDatabase();
    firstDeploy = await prismaCli(["migrate", "deploy"], migrated);
  }, CLI_TIMEOUT);

  it("apply to an empty database, creating every table of the schema", async () => {
    expect(firstDeploy.code, firstDeploy.output).toBe(0);
    const tables = await query<{ name: string }>(
      migrated,
      `SELECT tablename::text AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    );
    expect(tables.map((t) => t.name).sort()).toEqual([...schemaTables(), "_prisma_migrations"].sort());
  });

  it("record every folder of prisma/migrations as applied", async () => {
    const applied = await appliedMigrations(migrated);
    expect(applied.map((m) => m.migration_name)).toEqual(migrationFolders());
    for (const migration of applied) {
      expect(migration.finished_at, migration.migration_name).not.toBeNull();
      expect(migration.rolled_back_at, migration.migration_name).toBeNull();
    }
  });

  it(
    "are a no-op when applied again",
    async () => {
      const before = { applied: await appliedMigrations(migrated), schema: await schemaSnapshot(migrated) };
      const again = await prismaCli(["migrate", "deploy"], migrated);
      expect(again.code, again.output).toBe(0);
      expect(again.output).toMatch(/No pending migrations to apply/);
      expect(await appliedMigrations(migrated)).toEqual(before.applied);
      expect(await schemaSnapshot(migrated)).toEqual(before.schema);
    },
    CLI_TIMEOUT,
  );

  // No drift between prisma/schema.prisma and the migrations. Prisma's own check
  // (`migrate diff --from-migrations … --to-schema-datamodel … --exit-code`) can't
  // run here: with the driver adapter of prisma.config.ts (the only way the CLI
  // works offline), --from-url and --from-schema-datasource are refused, and
  // --from-migrations replays them into a "shadow database" that @prisma/adapter-pg
  // 6.19 actually opens on DATABASE_URL itself and then can't introspect (catalog
  // columns of type `name`). So we build the schema's database a second way, from
  // the SQL `migrate diff --from-empty --to-schema-datamodel` prints (a pure file
  // diff, fine offline), and require both databases' catalogs to be identical.
  it(
    "build exactly the database prisma/schema.prisma describes (no drift)",
    async () => {
      const fromSchema = await emptyDatabase();
      const diff = await prismaCli(
        ["migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
        fromSchema,
      );
      expect(diff.code, diff.output).toBe(0);
      await query(fromSchema, diff.stdout);

      const expected = await schemaSnapshot(fromSchema);
      expect(expected.columns.length).toBeGreaterThan(0);
      expect(await schemaSnapshot(migrated)).toEqual(expected);
    },
    CLI_TIMEOUT,
  );
});
