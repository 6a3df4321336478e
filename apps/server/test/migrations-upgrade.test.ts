// Upgrading an installation: a database made and filled by the previous release's
// migrations takes today's (as `npm start` applies them, through db-prepare) and
// keeps every row, which today's code then reads.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPool, createPrismaClient } from "@clubcast/db";
import { adminQuery, withDatabase } from "@clubcast/testkit";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const migrations = join(root, "prisma/migrations");
/**
 * The first migration the previous release did not have. It changes existing data's rules (an API
 * client may exist without a configuration), and the ones after it add tables referring to
 * markers and matches, and columns to matches: the rows seeded below are the ones they touch.
 */
const FIRST_NEW_MIGRATION = "20261125062252_media_gateway_client";
const CLI_TIMEOUT = 180_000;

const serverUrl = inject("databaseServerUrl");
const database = `clubcast_upgrade_${randomBytes(6).toString("hex")}`;
const databaseUrl = withDatabase(serverUrl, database);
const previousRelease = mkdtempSync(join(tmpdir(), "clubcast-previous-migrations-"));

function run(args: string[]) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
    timeout: CLI_TIMEOUT,
  });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** Applies only the previous release's migrations: a Prisma config over a copy of those folders. */
function migrateToPreviousRelease() {
  const folders = readdirSync(migrations, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name < FIRST_NEW_MIGRATION)
    .map((entry) => entry.name);
  expect(folders.length).toBeGreaterThan(0);
  for (const folder of [...folders, "migration_lock.toml"]) {
    cpSync(join(migrations, folder), join(previousRelease, "migrations", folder), { recursive: true });
  }
  const config = join(previousRelease, "prisma.config.ts");
  writeFileSync(
    config,
    `import base from ${JSON.stringify(join(root, "prisma.config.ts"))};\n` +
      `export default { ...base, schema: ${JSON.stringify(join(root, "prisma/schema.prisma"))}, ` +
      `migrations: { path: ${JSON.stringify(join(previousRelease, "migrations"))} } };\n`,
  );
  run(["--import", "tsx", "scripts/prisma.ts", "migrate", "deploy", "--config", config]);
  return folders;
}

async function sql<Row extends object>(statement: string, values: unknown[] = []): Promise<Row[]> {
  const pool = createPool(databaseUrl, 1);
  try {
    return (await pool.query(statement, values)).rows as Row[];
  } finally {
    await pool.end();
  }
}

/** A club's data as the previous release wrote it: only the columns that release had. */
const SEED = `
  INSERT INTO sports (slug, name, type) VALUES ('football', 'Football', 'football');
  INSERT INTO clubs (name, sport_id, updated_at) VALUES ('FC Upgrade', 1, now());
  INSERT INTO users (email, password_hash, first_name, last_name, updated_at)
    VALUES ('coach@upgrade.test', 'hash', 'Ada', 'Coach', now());
  INSERT INTO fields (name, club_id, sport_id) VALUES ('Main pitch', 1, 1);
  INSERT INTO configurations (club_id, barcode, updated_at) VALUES (1, 'CC-UP-0001', now());
  INSERT INTO api_clients (name, client_id, secret_hash, configuration_id) VALUES ('Camera', 'cam-1', 'hash', 1);
  INSERT INTO matches (club_id, field_id, configuration_id, starting_at, stopping_at, updated_at, status, vod_hls_url)
    VALUES (1, 1, 1, now() - interval '2 hours', now() - interval '30 minutes', now(), 'vod', 'http://x/vod.m3u8');
  INSERT INTO sequences (match_id, user_id, name) VALUES (1, 1, 'Goals');
  INSERT INTO markers (sequence_id, time_ms, label) VALUES (1, 61000, 'Goal'), (1, 1200000, 'Save');
`;
const KEPT_TABLES = [
  "sports",
  "clubs",
  "users",
  "fields",
  "configurations",
  "api_clients",
  "matches",
  "sequences",
  "markers",
];

/** Every row of the seeded tables, in the columns the previous release had. */
async function previousReleaseRows(columns: Map<string, string[]>) {
  const rows: Record<string, object[]> = {};
  for (const table of KEPT_TABLES) {
    const list = columns
      .get(table)!
      .map((column) => `"${column}"`)
      .join(", ");
    rows[table] = await sql(`SELECT ${list} FROM "${table}" ORDER BY id`);
  }
  return rows;
}

let appliedBefore: string[];
let columnsBefore: Map<string, string[]>;
let rowsBefore: Record<string, object[]>;

beforeAll(async () => {
  await adminQuery(serverUrl, `CREATE DATABASE "${database}"`);
  appliedBefore = migrateToPreviousRelease();
  await sql(SEED);
  const columns = await sql<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' ORDER BY ordinal_position",
  );
  columnsBefore = new Map(
    KEPT_TABLES.map((table) => [table, columns.filter((c) => c.table_name === table).map((c) => c.column_name)]),
  );
  rowsBefore = await previousReleaseRows(columnsBefore);
  // The upgrade as a club runs it: npm start prepares the database (npm run db:prepare alone here).
  run(["scripts/launch.mjs", "db-prepare"]);
}, CLI_TIMEOUT * 2);

afterAll(async () => {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  rmSync(previousRelease, { recursive: true, force: true });
});

describe("upgrading a database of the previous release", () => {
  it("applies every newer migration", async () => {
    const applied = await sql<{ migration_name: string }>(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name",
    );
    const all = readdirSync(migrations, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(applied.map((row) => row.migration_name)).toEqual(all.map((entry) => entry.name).sort());
    expect(all.length).toBeGreaterThan(appliedBefore.length);
  });

  it("keeps every row and value the previous release wrote, and seeds nothing over them", async () => {
    expect(rowsBefore.markers).toHaveLength(2);
    expect(await previousReleaseRows(columnsBefore)).toEqual(rowsBefore);
  });

  it("leaves the data readable by today's code", async () => {
    const prisma = createPrismaClient(databaseUrl);
    try {
      const match = await prisma.match.findUniqueOrThrow({
        where: { id: 1 },
        include: { sequences: { include: { markers: { orderBy: { timeMs: "asc" } } } }, clips: true },
      });
      expect(match.sequences[0]!.markers.map((marker) => marker.label)).toEqual(["Goal", "Save"]);
      expect(match).toMatchObject({ status: "vod", vodDurationMs: null, clips: [] });
      expect(await prisma.apiClient.findFirstOrThrow()).toMatchObject({ clientId: "cam-1", configurationId: 1 });
    } finally {
      await prisma.$disconnect();
    }
  });
});
