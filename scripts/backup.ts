// Backups of a whole installation in one archive (tar.gz): the database as a
// pg_dump (custom format) and the media directory (MEDIA_DIR: recordings,
// posters, downloads, the media URL key). Redis holds only jobs in flight and
// caches, so it is not kept. `npm run backup` and `npm run restore` (scripts/bin).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { withDatabase } from "@clubcast/db/health";
import { APP_VERSION } from "@clubcast/shared";
import type { Settings } from "@clubcast/settings";

const DATABASE_FILE = "database.dump";
const MEDIA_FOLDER = "media";
const ABOUT_FILE = "backup.json";

/** A failure with the one line to show (no stack): a refusal, a missing tool, a broken archive. */
export class BackupError extends Error {}

function run(program: string, args: string[], what: string, okCodes: number[] = [0]): void {
  const result = spawnSync(program, args, { encoding: "utf8" });
  if (result.error) throw new BackupError(`${what}: ${program} could not run (${result.error.message}).`);
  if (!okCodes.includes(result.status ?? -1)) {
    throw new BackupError(`${what} failed: ${result.stderr.trim().split("\n").at(-1) ?? `exit ${result.status}`}`);
  }
}

/** libpq's form of the URL: without the query parameters only Prisma understands. */
function libpqUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.delete("schema");
  return url.toString();
}

const databaseName = (databaseUrl: string) => decodeURIComponent(new URL(databaseUrl).pathname.slice(1));

async function adminQuery<Row extends object>(databaseUrl: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: withDatabase(databaseUrl, "postgres") });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Writes the archive (default BACKUP_DIR/clubcast-<time>.tar.gz) and answers its path. */
export async function createBackup(settings: Settings, output?: string): Promise<string> {
  const archive = resolve(
    output ?? join(settings.BACKUP_DIR, `clubcast-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`),
  );
  const staging = mkdtempSync(join(tmpdir(), "clubcast-backup-"));
  try {
    run(
      "pg_dump",
      [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--file=${join(staging, DATABASE_FILE)}`,
        libpqUrl(settings.DATABASE_URL),
      ],
      "Dumping the database",
    );
    mkdirSync(settings.MEDIA_DIR, { recursive: true });
    // The archive holds the media folder under media/ without copying it first.
    symlinkSync(settings.MEDIA_DIR, join(staging, MEDIA_FOLDER));
    writeFileSync(
      join(staging, ABOUT_FILE),
      `${JSON.stringify({ app_version: APP_VERSION, created_at: new Date().toISOString() }, null, 2)}\n`,
    );
    mkdirSync(join(archive, ".."), { recursive: true });
    // 1: a file changed while it was read (a recording going on); what was read is kept.
    run(
      "tar",
      [
        "--create",
        "--gzip",
        `--file=${archive}`,
        `--directory=${staging}`,
        "--dereference",
        ABOUT_FILE,
        DATABASE_FILE,
        MEDIA_FOLDER,
      ],
      "Writing the archive",
      [0, 1],
    );
    return archive;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Whether the database exists and holds tables. */
async function databaseState(databaseUrl: string): Promise<"missing" | "empty" | "in use"> {
  const name = databaseName(databaseUrl);
  const [exists] = await adminQuery(databaseUrl, "SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (!exists) return "missing";
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      "SELECT count(*) FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    return rows[0]?.count === "0" ? "empty" : "in use";
  } finally {
    await client.end();
  }
}

/**
 * Brings this installation (DATABASE_URL, MEDIA_DIR) back to the archive. Refuses a database
 * with tables or a media folder with files unless `force`, which replaces both.
 */
export async function restoreBackup(settings: Settings, archive: string, force: boolean): Promise<void> {
  if (!existsSync(archive)) throw new BackupError(`No archive at ${archive}.`);
  const state = await databaseState(settings.DATABASE_URL);
  const mediaInUse = existsSync(settings.MEDIA_DIR) && readdirSync(settings.MEDIA_DIR).length > 0;
  if (!force && (state === "in use" || mediaInUse)) {
    const what = [
      state === "in use" && `the database ${databaseName(settings.DATABASE_URL)} has tables`,
      mediaInUse && `${settings.MEDIA_DIR} has files`,
    ]
      .filter(Boolean)
      .join(" and ");
    throw new BackupError(`Not restoring: ${what}. Restore into a fresh installation, or add --force to replace them.`);
  }
  const staging = mkdtempSync(join(tmpdir(), "clubcast-restore-"));
  try {
    run("tar", ["--extract", "--gzip", `--file=${archive}`, `--directory=${staging}`], "Reading the archive");
    if (!existsSync(join(staging, DATABASE_FILE))) throw new BackupError(`${archive} is no Clubcast backup.`);
    const name = databaseName(settings.DATABASE_URL);
    if (state !== "missing" && force) await adminQuery(settings.DATABASE_URL, `DROP DATABASE "${name}" WITH (FORCE)`);
    if (state === "missing" || force) await adminQuery(settings.DATABASE_URL, `CREATE DATABASE "${name}"`);
    run(
      "pg_restore",
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        `--dbname=${libpqUrl(settings.DATABASE_URL)}`,
        join(staging, DATABASE_FILE),
      ],
      "Restoring the database",
    );
    rmSync(settings.MEDIA_DIR, { recursive: true, force: true });
    mkdirSync(settings.MEDIA_DIR, { recursive: true });
    cpSync(join(staging, MEDIA_FOLDER), settings.MEDIA_DIR, { recursive: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
