// `npm run backup` and `npm run restore`, as a club runs them: a seeded platform
// with a recorded match (real video made with ffmpeg) and its markers goes into
// one archive, comes back in a new database and media folder, and plays there.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_FILES } from "@clubcast/shared";
import { createMediaStore } from "@clubcast/media-store";
import { adminQuery, withDatabase } from "@clubcast/testkit";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { seed } from "../../../prisma/seed.ts";

const root = new URL("../../../", import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), "clubcast-backup-test-"));
const archive = join(work, "club.tar.gz");
const restoredMedia = join(work, "restored-media");
let source: TestApp;
let restored: TestApp | undefined;
let restoredDatabaseUrl: string;
/** An installation restored twice over, the second time with --force. */
let forcedDatabaseUrl: string;
let matchId: number;
/** Installations a tampered archive was restored into (none should have been made). */
const tamperedDatabaseUrls: string[] = [];

/** Runs `npm run <command>` against one installation (its database and media folder). */
function npmRun(
  command: "backup" | "restore",
  args: string[],
  installation: { databaseUrl: string; mediaDir: string },
) {
  return spawnSync(process.execPath, ["scripts/launch.mjs", command, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: installation.databaseUrl, MEDIA_DIR: installation.mediaDir },
    encoding: "utf8",
    timeout: 120_000,
  });
}

function ffmpeg(args: string[]) {
  const result = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
}

/** A recorded match's video as the media gateway leaves it: manifest, master and media playlists, segments. */
function recordVideo(mediaDir: string, id: number) {
  const store = createMediaStore(mediaDir);
  const scope = { kind: "matches", id } as const;
  store.writeManifest(scope, { is_private: false, renditions: ["source"] });
  const dir = store.dir(scope);
  mkdirSync(join(dir, "source"), { recursive: true });
  ffmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=frequency=440"],
    ...["-t", "4", "-c:v", "libx264", "-preset", "veryfast", "-g", "25", "-c:a", "aac"],
    ...["-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod", "-hls_segment_filename"],
    ...[join(dir, "source", "s1-%05d.ts"), join(dir, "source", "vod.m3u8")],
  ]);
  writeFileSync(join(dir, MEDIA_FILES.vodPlaylist), "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\nsource/vod.m3u8\n");
}

/** Runs one statement on the database at `url`; answers the first row's count, if any. */
async function sql(url: string, statement: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ count: number }>(statement)).rows[0]?.count;
  } finally {
    await client.end();
  }
}

const markersOf = (app: TestApp) =>
  app.deps.prisma.marker.findMany({
    where: { sequence: { matchId } },
    select: { id: true, timeMs: true, label: true, clipLength: true, sequence: { select: { id: true, name: true } } },
    orderBy: { id: "asc" },
  });

beforeAll(async () => {
  source = await startTestApp();
  await seed(source.deps.prisma, { ...process.env, PUBLIC_URL: source.config.publicUrl });
  const match = await source.deps.prisma.match.findFirstOrThrow({ where: { status: "vod" }, orderBy: { id: "asc" } });
  matchId = match.id;
  recordVideo(source.config.mediaDir, matchId);
  await source.deps.prisma.match.update({
    where: { id: matchId },
    data: {
      vodHlsUrl: `${source.config.publicUrl}/media/matches/${matchId}/${MEDIA_FILES.vodPlaylist}`,
      isPrivate: false,
    },
  });
  await source.deps.prisma.sequence.create({
    data: {
      matchId,
      name: "Goals",
      markers: {
        create: [
          { timeMs: 1_000, label: "Goal" },
          { timeMs: 3_000, label: "Corner", clipLength: 10 },
        ],
      },
    },
  });
  restoredDatabaseUrl = withDatabase(source.db.url, `clubcast_restored_${randomBytes(4).toString("hex")}`);
  forcedDatabaseUrl = withDatabase(source.db.url, `clubcast_forced_${randomBytes(4).toString("hex")}`);
}, 120_000);

afterAll(async () => {
  await restored?.close();
  await source?.close();
  for (const url of [restoredDatabaseUrl, forcedDatabaseUrl, ...tamperedDatabaseUrls].filter(Boolean)) {
    await adminQuery(source.db.url, `DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
  }
  rmSync(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("npm run backup writes one archive with the database and the media folder", () => {
    const result = npmRun("backup", [archive], source.config);
    expect(result.status, result.stderr).toBe(0);
    const listing = spawnSync("tar", ["--list", "--gzip", `--file=${archive}`], { encoding: "utf8" }).stdout;
    expect(listing).toContain("database.dump");
    expect(listing).toContain(`media/matches/${matchId}/source/vod.m3u8`);
    // It holds the media URL key and password hashes: its owner's only.
    expect(statSync(archive).mode & 0o777).toBe(0o600);
  }, 120_000);

  it("refuses to restore over an installation in use, with one line saying how to force it", async () => {
    const before = await markersOf(source);
    const result = npmRun("restore", [archive], source.config);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("--force");
    expect(await markersOf(source)).toEqual(before);
  }, 120_000);

  it("brings a fresh installation back: the match, its markers and its video, which plays", async () => {
    const result = npmRun("restore", [archive], { databaseUrl: restoredDatabaseUrl, mediaDir: restoredMedia });
    expect(result.status, result.stderr).toBe(0);
    restored = await startTestApp({ databaseUrl: restoredDatabaseUrl, mediaDir: restoredMedia });

    const answer = await restored.app.inject({ method: "GET", url: `/v1/matches/${matchId}` });
    expect(answer.statusCode).toBe(200);
    const original = await source.app.inject({ method: "GET", url: `/v1/matches/${matchId}` });
    expect(answer.json().data).toEqual(original.json().data);
    expect(await markersOf(restored)).toEqual(await markersOf(source));
    expect((await markersOf(restored)).map((marker) => marker.label)).toEqual(
      expect.arrayContaining(["Goal", "Corner"]),
    );

    // Played as a player would: master playlist, media playlist, then every segment through ffprobe.
    const base = `/media/matches/${matchId}`;
    const master = await restored.app.inject({ method: "GET", url: `${base}/${MEDIA_FILES.vodPlaylist}` });
    expect(master.statusCode).toBe(200);
    const mediaPlaylist = master.body.split("\n").find((line) => line.endsWith(".m3u8"))!;
    const media = await restored.app.inject({ method: "GET", url: `${base}/${mediaPlaylist}` });
    expect(media.statusCode).toBe(200);
    const segments = media.body.split("\n").filter((line) => line.endsWith(".ts"));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    for (const segment of segments) {
      const response = await restored.app.inject({ method: "GET", url: `${base}/source/${segment}` });
      expect(response.statusCode).toBe(200);
      const file = join(work, segment);
      writeFileSync(file, response.rawPayload);
      const probe = spawnSync(
        "ffprobe",
        ["-v", "error", "-show_entries", "stream=codec_type,codec_name", "-of", "csv=p=0", file],
        { encoding: "utf8" },
      );
      expect(probe.status, probe.stderr).toBe(0);
      expect(probe.stdout).toContain("h264,video");
      expect(probe.stdout).toContain("aac,audio");
    }
  }, 180_000);

  it("refuses an archive with a link, a device, a pipe or a name leaving its folder, naming it and writing nothing", async () => {
    const genuine = join(work, "genuine");
    mkdirSync(genuine);
    expect(spawnSync("tar", ["--extract", "--gzip", `--file=${archive}`, `--directory=${genuine}`]).status).toBe(0);
    const folder = `media/matches/${matchId}`;
    const tampered: { entry: string; alsoNamed?: string; plant: (dir: string) => void; absoluteNames?: boolean }[] = [
      { entry: `${folder}/poster.jpg`, plant: (dir) => symlinkSync("/etc/hostname", join(dir, folder, "poster.jpg")) },
      {
        entry: `${folder}/source/vod-copy.m3u8`,
        alsoNamed: `${folder}/source/vod.m3u8`,
        plant: (dir) => linkSync(join(dir, folder, "source/vod.m3u8"), join(dir, folder, "source/vod-copy.m3u8")),
      },
      {
        entry: `${folder}/pipe.ts`,
        plant: (dir) => expect(spawnSync("mkfifo", [join(dir, folder, "pipe.ts")]).status).toBe(0),
      },
      {
        entry: `${folder}/null.ts`,
        plant: (dir) => expect(spawnSync("mknod", [join(dir, folder, "null.ts"), "c", "1", "3"]).status).toBe(0),
      },
      {
        entry: "media/../../escaped.ts",
        plant: (dir) => writeFileSync(join(dir, "..", "escaped.ts"), "x"),
        absoluteNames: true,
      },
    ];
    for (const [i, { entry, alsoNamed, plant, absoluteNames }] of tampered.entries()) {
      const dir = join(work, `tampered-${i}`, "archive");
      mkdirSync(dir, { recursive: true });
      cpSync(genuine, dir, { recursive: true });
      plant(dir);
      const file = join(work, `tampered-${i}.tar.gz`);
      const members = absoluteNames
        ? ["backup.json", "database.dump", "media", entry]
        : ["backup.json", "database.dump", "media"];
      const made = spawnSync("tar", [
        "--create",
        "--gzip",
        `--file=${file}`,
        `--directory=${dir}`,
        ...(absoluteNames ? ["--absolute-names"] : []),
        ...members,
      ]);
      expect(made.status, made.stderr.toString()).toBe(0);

      const databaseUrl = withDatabase(source.db.url, `clubcast_tampered_${randomBytes(4).toString("hex")}`);
      tamperedDatabaseUrls.push(databaseUrl);
      const mediaDir = join(work, `tampered-${i}`, "media-dir");
      const result = npmRun("restore", [file], { databaseUrl, mediaDir });
      expect(result.status, entry).toBe(1);
      expect(result.stderr.trim().split("\n"), entry).toHaveLength(1);
      // Of two hard-linked names, tar keeps the one it reads first as the file and the other as the link.
      const named = /entry (\S+) is/.exec(result.stderr)?.[1];
      expect([entry, ...(alsoNamed ? [alsoNamed] : [])], result.stderr).toContain(named);
      expect(result.stderr, entry).not.toMatch(/^tar:|Cannot|Removing leading/m);
      expect(existsSync(mediaDir), entry).toBe(false);
      const name = new URL(databaseUrl).pathname.slice(1);
      const databases = `SELECT count(*)::int AS count FROM pg_database WHERE datname = '${name}'`;
      expect(await sql(withDatabase(source.db.url, "postgres"), databases), entry).toBe(0);
    }
  }, 180_000);

  it("with --force replaces an installation in use by the archive", async () => {
    const installation = { databaseUrl: forcedDatabaseUrl, mediaDir: join(work, "forced-media") };
    expect(npmRun("restore", [archive], installation).status).toBe(0);
    const markers = await sql(forcedDatabaseUrl, "SELECT count(*)::int AS count FROM markers");
    expect(markers).toBeGreaterThan(0);
    await sql(forcedDatabaseUrl, "DELETE FROM markers");
    rmSync(join(installation.mediaDir, "matches"), { recursive: true });

    expect(npmRun("restore", [archive], installation).status).toBe(1);
    const forced = npmRun("restore", [archive, "--force"], installation);
    expect(forced.status, forced.stderr).toBe(0);
    expect(await sql(forcedDatabaseUrl, "SELECT count(*)::int AS count FROM markers")).toBe(markers);
    expect(existsSync(join(installation.mediaDir, "matches", String(matchId), "source", "vod.m3u8"))).toBe(true);
  }, 180_000);
});
