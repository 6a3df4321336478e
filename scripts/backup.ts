// Backups of a whole installation in one archive (tar.gz): the database as a
// pg_dump (custom format) and the media directory (MEDIA_DIR: recordings,
// posters, downloads, the media URL key). Redis holds only jobs in flight and
// caches, so it is not kept. `npm run backup` and `npm run restore` (scripts/bin).
//
// An archive holds secrets (the media URL key, password and API-client secret
// hashes, stream keys), so it is written readable by its owner only. A restore
// trusts nothing in it: an archive is read only when every entry is a plain file
// or folder of a backup's own (a link, a device or a name leaving the target could
// plant a way out of MEDIA_DIR that /media or the restore itself would follow).
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
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

function run(program: string, args: string[], what: string, okCodes: number[] = [0]): string {
  const result = spawnSync(program, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw new BackupError(`${what}: ${program} could not run (${result.error.message}).`);
  if (!okCodes.includes(result.status ?? -1)) {
    throw new BackupError(`${what} failed: ${result.stderr.trim().split("\n").at(-1) ?? `exit ${result.status}`}`);
  }
  return result.stdout;
}

/** What an entry of `tar --list --verbose` is, by its first letter, when a backup may not hold it. */
const REFUSED_KINDS: Record<string, string> = {
  l: "a symbolic link",
  h: "a hard link",
  c: "a device",
  b: "a device",
  p: "a named pipe",
  s: "a socket",
};

/** One line of `tar --list --verbose --full-time`: kind and mode, owner, size, date, time, name. */
const LISTED_ENTRY = /^(\S)\S*\s+\S+\s+\S+\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (.*)$/;

/**
 * Refuses an archive holding anything but plain files and folders of a backup's own (backup.json,
 * database.dump, media/…), naming the first entry that is not, before anything is written.
 */
function checkEntries(archive: string): void {
  const listing = run(
    "tar",
    ["--list", "--verbose", "--full-time", "--numeric-owner", "--quoting-style=escape", "--gzip", `--file=${archive}`],
    "Reading the archive",
  );
  for (const line of listing.split("\n").filter(Boolean)) {
    const [, kind = "?", listed = line] = LISTED_ENTRY.exec(line) ?? [];
    // A link's line goes on with its target.
    const name = listed.replace(kind === "l" ? / -> .*$/ : kind === "h" ? / link to .*$/ : /$^/, "");
    const refusal =
      REFUSED_KINDS[kind] ??
      (kind !== "-" && kind !== "d"
        ? "not a plain file or folder"
        : name.startsWith("/") || name.split("/").includes("..")
          ? "a name leading out of the folder it is restored to"
          : ![ABOUT_FILE, DATABASE_FILE, MEDIA_FOLDER].includes(name.split("/")[0]!)
            ? "no part of a Clubcast backup"
            : null);
    if (refusal)
      throw new BackupError(`Not restoring ${archive}: its entry ${name} is ${refusal}. Nothing was changed.`);
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
    writeFileSync(
      join(staging, ABOUT_FILE),
      `${JSON.stringify({ app_version: APP_VERSION, created_at: new Date().toISOString() }, null, 2)}\n`,
    );
    // A new backup folder and the archive are their owner's only: the archive holds secrets.
    mkdirSync(join(archive, ".."), { recursive: true, mode: 0o700 });
    closeSync(openSync(archive, "w", 0o600));
    chmodSync(archive, 0o600);
    // 1: a file changed while it was read (a recording going on); what was read is kept.
    run(
      "tar",
      [
        "--create",
        "--gzip",
        `--file=${archive}`,
        `--directory=${staging}`,
        ABOUT_FILE,
        DATABASE_FILE,
        // The media folder as it is, under media/ (links kept as links, never followed out of it).
        `--directory=${resolve(settings.MEDIA_DIR)}`,
        `--transform=s,^\\.,${MEDIA_FOLDER},S`,
        ".",
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
  checkEntries(archive);
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
