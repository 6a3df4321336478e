// Where the platform keeps video: one module, so object storage can replace
// the disk later without touching the gateway or the API.
//
// Layout under MEDIA_DIR:
//   matches/{matchId}/manifest.json        who the media belongs to and its privacy (asset updates set it)
//   matches/{matchId}/live.m3u8            master playlist of the live stream (while recording)
//   matches/{matchId}/vod.m3u8             master playlist of the video-on-demand (once finished)
//   matches/{matchId}/{rendition}/live.m3u8, vod.m3u8   media playlists of one rendition
//   matches/{matchId}/{rendition}/s{session}-{n}.ts     segments; a publisher's reconnect is a new session
//   matches/{matchId}/poster.jpg, download.mp4
//   matches/{matchId}/vod-index.json       the worker's keyframe index of the video-on-demand (never served)
//   previews/{configurationId}/...         a publisher's live preview before kick-off (same shape as a match)
//   clubs/{clubId}/logo-{digest}.{png|jpg|webp}   a club's uploaded logo; a new logo gets a new name, so no
//                                          cache ever shows the old one, and replaces the file before it
//   gateway/                               the gateways' work folders (nginx, spools), one per RTMP port
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  statfsSync,
  writeFileSync,
} from "node:fs";
import { lstat, readdir, realpath, stat } from "node:fs/promises";
import { isAbsolute, join, normalize, posix, relative, resolve, sep } from "node:path";
import { MEDIA_FILES, type MediaStorageSettings } from "@clubcast/shared";
import { createObjectStorage } from "./objects.ts";
import { createPublishQueue, type PublishQueueOptions } from "./publish-queue.ts";

export { createPublishQueue, type PublishQueue, type PublishQueueStats } from "./publish-queue.ts";

export {
  ObjectNotFoundError,
  createLocalStorage,
  createObjectStorage,
  createS3Storage,
  isValidKey,
  type ObjectInfo,
  type ObjectStorage,
  type ObjectStream,
  type PutOptions,
} from "./objects.ts";

/** The kinds of media owner: a match, a configuration's pre-match preview, or a club (its logo). */
export type MediaScope =
  { kind: "matches"; id: number } | { kind: "previews"; id: number } | { kind: "clubs"; id: number };

/** The image formats a club logo is kept in (raster only: an SVG may carry script). */
export type LogoExtension = "png" | "jpg" | "webp";

const LOGO_FILE = /^logo-[0-9a-f]{16}\.(png|jpg|webp)$/;

export interface MediaManifest {
  is_private: boolean;
  /** Rendition folder names, best first (e.g. ["source"] in passthrough, ["720p", "360p"] transcoded). */
  renditions: string[];
  updated_at: string;
}

export interface DiskUse {
  /** Bytes under MEDIA_DIR. */
  media_bytes: number;
  free_bytes: number;
  total_bytes: number;
}

/** Writes a file whole or not at all: readers never see half a playlist. */
export function writeFileAtomic(file: string, contents: string | Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/** Whether a relative path has a hidden name (".url-secret", ".cache/x") on its way. */
const isHidden = (path: string) =>
  path.split(/[\\/]/).some((name) => name.startsWith(".") && name !== "." && name !== "..");

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await bytesUnder(path);
    else if (entry.isFile()) total += (await stat(path).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** The kinds of file the media routes serve, by extension: their content type and whether they are playlists. */
export const MEDIA_FILE_TYPES = {
  m3u8: { contentType: "application/vnd.apple.mpegurl", playlist: true },
  ts: { contentType: "video/mp2t", playlist: false },
  m4s: { contentType: "video/iso.segment", playlist: false },
  mp4: { contentType: "video/mp4", playlist: false },
  jpg: { contentType: "image/jpeg", playlist: false },
  png: { contentType: "image/png", playlist: false },
  webp: { contentType: "image/webp", playlist: false },
} as const;

export type MediaFileType = (typeof MEDIA_FILE_TYPES)[keyof typeof MEDIA_FILE_TYPES];

/** The type of a file by its name's extension, or null for a kind that is never served. */
export function mediaFileTypeOf(name: string): MediaFileType | null {
  const extension = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return Object.hasOwn(MEDIA_FILE_TYPES, extension)
    ? MEDIA_FILE_TYPES[extension as keyof typeof MEDIA_FILE_TYPES]
    : null;
}

/** Segments never change under their name; posters and downloads may be remade, playlists change all the time. */
const SEGMENT_MAX_AGE_SECONDS = 3600;

/**
 * How long and by whom a file may be cached, wherever it is served from (the API, the store's public
 * URL or CDN, a pre-signed URL). A file reached through a signed URL (a private match's, a preview's, a
 * private clip's) is `private`, whatever its kind: a shared cache (a club's proxy, a CDN) must never
 * keep it, or it would go on serving it after the signature expired or to whoever else asks that
 * cache. Its playlists are not stored at all (they name the segments, and a live one changes every
 * second); its posters and downloads are revalidated. A segment never changes under its name
 * (`immutable`) and is cached for SEGMENT_MAX_AGE_SECONDS, by anyone when its match is public; a public
 * match's playlists, posters and downloads are revalidated on every use (`no-cache`), so a match made
 * private stops playing from a shared cache at the next playlist reload.
 */
export function cacheControlOf(type: MediaFileType, signed: boolean): string {
  const revalidated = type.contentType === "image/jpeg" || type.contentType === "video/mp4";
  const segment = `max-age=${SEGMENT_MAX_AGE_SECONDS}, immutable`;
  if (signed) {
    if (type.playlist) return "private, no-store";
    return revalidated ? "private, no-cache" : `private, ${segment}`;
  }
  if (type.playlist || revalidated) return "no-cache";
  return `public, ${segment}`;
}

/** How long a pre-signed URL of the store, handed out by the API's media routes, works: one fetch's start. */
export const STORED_URL_TTL_SECONDS = 300;

/** How long the answer "this file is (not) in the store" is trusted by has() before it is asked again. */
const PRESENCE_FOR_MS = 1000;

/** A file kept in the store rather than on this machine's disk: the API streams or redirects to it. */
export interface StoredFile {
  key: string;
}

/**
 * The media store of MEDIA_DIR. `storage` (MEDIA_STORAGE, S3_*) says where finished media is kept:
 * the same disk by default, or an S3-compatible bucket (see ./objects.ts).
 */
export function createMediaStore(rootDir: string, storage: MediaStorageSettings = { driver: "local" }) {
  const root = resolve(rootDir);
  mkdirSync(root, { recursive: true });
  /** MEDIA_DIR with its own links resolved (it may itself be a link to a mounted disk). */
  const realRoot = realpathSync(root);

  const scopeDir = (scope: MediaScope) => join(root, scope.kind, String(scope.id));
  const manifestFile = (scope: MediaScope) => join(scopeDir(scope), MEDIA_FILES.manifest);

  function readManifest(scope: MediaScope): MediaManifest | null {
    try {
      return JSON.parse(readFileSync(manifestFile(scope), "utf8")) as MediaManifest;
    } catch {
      return null;
    }
  }

  function writeManifest(scope: MediaScope, changes: Partial<MediaManifest>): MediaManifest {
    const manifest: MediaManifest = {
      is_private: false,
      renditions: [],
      ...readManifest(scope),
      ...changes,
      updated_at: new Date().toISOString(),
    };
    mkdirSync(scopeDir(scope), { recursive: true });
    writeFileAtomic(manifestFile(scope), JSON.stringify(manifest, null, 2));
    return manifest;
  }

  /**
   * The file a path below a scope names, or null when it would leave the scope
   * (`..`, absolute paths, NUL bytes), names the manifest or a hidden name (a dotfile such as the URL key).
   */
  function resolveInside(scope: MediaScope, path: string): string | null {
    if (path.includes("\0") || isAbsolute(path) || isHidden(path)) return null;
    const base = scopeDir(scope);
    const file = normalize(join(base, path));
    const inside = relative(base, file);
    if (!inside || inside.startsWith("..") || isAbsolute(inside) || inside === MEDIA_FILES.manifest) return null;
    return file.startsWith(base + sep) ? file : null;
  }

  async function removeLogosBut(clubId: number, kept: string | null): Promise<void> {
    const dir = scopeDir({ kind: "clubs", id: clubId });
    if (existsSync(dir)) {
      for (const file of readdirSync(dir)) {
        if (file !== kept && LOGO_FILE.test(file)) rmSync(join(dir, file), { force: true });
      }
    }
    if (!remote) return;
    for (const { key } of await objects.list(`clubs/${clubId}/`)) {
      const name = key.slice(key.lastIndexOf("/") + 1);
      if (name !== kept && LOGO_FILE.test(name)) await objects.delete(key);
    }
  }

  const objects = createObjectStorage(root, storage);
  /** Whether finished media lives elsewhere than this disk (the bucket), besides what the gateway writes here. */
  const remote = objects.driver !== "local";
  /** The key of a file of a scope: its path below MEDIA_DIR. */
  const keyOf = (scope: MediaScope, name: string) => `${scope.kind}/${scope.id}/${posix.normalize(name)}`;
  const putOptions = (name: string) => {
    const type = mediaFileTypeOf(name);
    return type ? { contentType: type.contentType, cacheControl: cacheControlOf(type, false) } : {};
  };

  /** What has() last learnt from the bucket, by key, and until when it is trusted. */
  const presence = new Map<string, { found: boolean; until: number; asking: boolean }>();
  function storedPresence(key: string): boolean {
    const known = presence.get(key);
    if (known && (known.until > performance.now() || known.asking)) return known.found;
    if (presence.size > 10_000) presence.clear();
    const entry = { found: known?.found ?? false, until: 0, asking: true };
    presence.set(key, entry);
    objects
      .head(key)
      .then((info) => Object.assign(entry, { found: info !== null }))
      .catch(() => undefined)
      .finally(() => Object.assign(entry, { asking: false, until: performance.now() + PRESENCE_FOR_MS }));
    return entry.found;
  }
  const learnt = (key: string, found: boolean) =>
    presence.set(key, { found, until: performance.now() + PRESENCE_FOR_MS, asking: false });

  /** The version (ETag) of each object this process copied from the bucket onto this disk, by key. */
  const copied = new Map<string, string>();

  /**
   * Makes this disk's copy of a scope's file current with the bucket; whether there is one. A file on
   * this disk this process did not copy (the gateway's own, on its machine) is newer than the bucket's
   * and stays; one it copied is copied again once the bucket's changed (a playlist whose tail came in).
   */
  async function syncFile(scope: MediaScope, name: string): Promise<boolean> {
    const file = join(scopeDir(scope), name);
    const key = keyOf(scope, name);
    const here = existsSync(file);
    if (here && !copied.has(key)) return true;
    const info = await objects.head(key);
    if (!info) return here;
    if (here && copied.get(key) === info.etag) return true;
    await objects.download(key, file);
    copied.set(key, info.etag);
    return true;
  }

  /**
   * The path on this disk of a scope's file, with what a playlist names (its renditions' playlists and
   * their segments), copied from the store when the store is a bucket; null when neither has it.
   */
  async function localCopy(scope: MediaScope, name: string): Promise<string | null> {
    const file = join(scopeDir(scope), name);
    if (!remote) return existsSync(file) ? file : null;
    if (!(await syncFile(scope, name))) return null;
    if (!name.endsWith(".m3u8")) return file;
    for (const child of namedBy(scope, name)) {
      if (child.endsWith(".m3u8")) await localCopy(scope, child);
      else if (!existsSync(join(scopeDir(scope), child))) await syncFile(scope, child);
    }
    return file;
  }

  /** Copies files of a scope from this disk into the bucket (nothing to do when the store is this disk). */
  async function publish(scope: MediaScope, names: string[]): Promise<void> {
    if (!remote) return;
    for (const name of names) {
      await objects.putFile(keyOf(scope, name), join(scopeDir(scope), name), putOptions(name));
      learnt(keyOf(scope, name), true);
    }
  }

  /** The uris a playlist file of a scope names (its renditions' playlists, or segments), relative to the scope. */
  function namedBy(scope: MediaScope, playlist: string): string[] {
    let text: string;
    try {
      text = readFileSync(join(scopeDir(scope), playlist), "utf8");
    } catch {
      return [];
    }
    return text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#") && !line.includes("://"))
      .map((uri) => posix.join(posix.dirname(playlist), uri));
  }

  /**
   * Copies a recording on demand from this disk into the bucket: the segments its playlists name and
   * its poster first, then the renditions' playlists, then the master playlist, so no playlist in the
   * bucket names a segment that is not there yet. Segments already in the bucket (same size) are not
   * sent again, so publishing a recording whose tail came in later sends only the tail. Answers how
   * many segments it sent.
   */
  async function publishRecording(scope: MediaScope): Promise<number> {
    if (!remote) return 0;
    const master = MEDIA_FILES.vodPlaylist;
    const renditions = namedBy(scope, master);
    const segments = renditions.flatMap((rendition) => namedBy(scope, rendition));
    const stored = new Map((await objects.list(`${scope.kind}/${scope.id}/`)).map((info) => [info.key, info.size]));
    const sizeHere = (name: string) => statSync(join(scopeDir(scope), name), { throwIfNoEntry: false })?.size;
    const sent = segments.filter((name) => stored.get(keyOf(scope, name)) !== sizeHere(name));
    const poster = existsSync(join(scopeDir(scope), MEDIA_FILES.poster)) ? [MEDIA_FILES.poster] : [];
    await publish(scope, [...sent, ...poster]);
    await publish(scope, renditions);
    await publish(scope, [master]);
    return sent.length;
  }

  return {
    root,
    /** Where finished media is kept, by key (the path below MEDIA_DIR): the disk or a bucket. */
    objects,
    /** The folder of a match's or preview's media (created on demand by writers). */
    dir: scopeDir,
    /** A file of a scope, e.g. file(match, MEDIA_FILES.poster). */
    file: (scope: MediaScope, name: string) => join(scopeDir(scope), name),
    /**
     * Whether a scope's file is on this disk or in the store. The bucket's answer is learnt in the
     * background and trusted for a second (a first question answers what is on this disk).
     */
    has: (scope: MediaScope, name: string) =>
      existsSync(join(scopeDir(scope), name)) || (remote && storedPresence(keyOf(scope, name))),
    publish,
    publishRecording,
    localCopy,
    /**
     * A queue that copies closed files of scopes (live segments) into the store in the background,
     * never holding up the caller (see ./publish-queue.ts); it keeps nothing with the local driver.
     */
    publishQueue: (options?: PublishQueueOptions) =>
      createPublishQueue<{ scope: MediaScope; name: string }>(
        remote,
        ({ scope, name }) => publish(scope, [name]),
        ({ scope, name }) => keyOf(scope, name),
        options,
      ),
    /**
     * A scope's file that is in the store but not on this disk (the API hands it out from there),
     * or null: not in the store, or the store is this disk (the file is served from MEDIA_DIR).
     */
    async storedFile(scope: MediaScope, path: string): Promise<StoredFile | null> {
      if (!remote) return null;
      const key = keyOf(scope, path);
      const info = await objects.head(key);
      learnt(key, info !== null);
      return info ? { key } : null;
    },
    /**
     * Where a stored file is fetched: a public match's by the store's public URL (a CDN), else by a
     * pre-signed URL valid STORED_URL_TTL_SECONDS whose answer carries the cache headers of the file's
     * kind and privacy (cacheControlOf). Null when the store hands out no URLs (the API delivers it).
     */
    async urlOf(file: StoredFile, signed: boolean): Promise<string | null> {
      const type = mediaFileTypeOf(file.key);
      const cacheControl = type ? cacheControlOf(type, signed) : "private, no-store";
      return (
        (signed ? null : objects.publicUrl(file.key)) ??
        objects.signedUrl(file.key, STORED_URL_TTL_SECONDS, { cacheControl })
      );
    },
    /** A stored file's bytes as a stream, `range` (inclusive) or all. */
    streamStored: (file: StoredFile, range?: { start: number; end: number }) => objects.stream(file.key, range),
    readManifest,
    writeManifest,
    /** The asset update after a privacy change: the media follows the match. */
    setPrivacy: (matchId: number, isPrivate: boolean) =>
      writeManifest({ kind: "matches", id: matchId }, { is_private: isPrivate }),
    /** Deletes what this disk holds of a scope (a preview's sliding window: never in the store). */
    removeHere: (scope: MediaScope) => rmSync(scopeDir(scope), { recursive: true, force: true }),
    /** Deletes all of a scope's media, on this disk and in the store. */
    async remove(scope: MediaScope): Promise<void> {
      rmSync(scopeDir(scope), { recursive: true, force: true });
      if (remote) await objects.deletePrefix(`${scope.kind}/${scope.id}/`);
      for (const key of presence.keys()) if (key.startsWith(`${scope.kind}/${scope.id}/`)) presence.delete(key);
    },
    /** Deletes files of a scope (paths below its folder; one leaving it is ignored), on this disk and in the store. */
    async removeFiles(scope: MediaScope, paths: string[]): Promise<void> {
      for (const path of paths) {
        const file = resolveInside(scope, path);
        if (!file) continue;
        rmSync(file, { force: true });
        if (remote) await objects.delete(keyOf(scope, relative(scopeDir(scope), file).split(sep).join("/")));
        presence.delete(keyOf(scope, path));
      }
    },
    resolveInside,
    /**
     * Where `file` (a path below MEDIA_DIR) really is, when that is a regular file inside MEDIA_DIR
     * with no hidden name on its way; null otherwise. Files are served only through this: a link
     * planted in MEDIA_DIR (a tampered backup, a shared disk) never hands out what it points to,
     * inside MEDIA_DIR (the URL key) or outside it (/etc/hostname).
     */
    async servableFile(file: string): Promise<string | null> {
      try {
        const real = await realpath(file);
        const inside = relative(realRoot, real);
        if (!inside || inside.startsWith("..") || isAbsolute(inside) || isHidden(inside)) return null;
        return (await lstat(real)).isFile() ? real : null;
      } catch {
        return null;
      }
    },
    /**
     * Keeps `image` as the club's logo (on this disk and in the store) and removes the one before it;
     * answers the new file's name (below the club's folder), named by its content.
     */
    async saveClubLogo(clubId: number, image: Buffer, extension: LogoExtension): Promise<string> {
      const scope: MediaScope = { kind: "clubs", id: clubId };
      const name = `logo-${createHash("sha256").update(image).digest("hex").slice(0, 16)}.${extension}`;
      mkdirSync(scopeDir(scope), { recursive: true });
      writeFileAtomic(join(scopeDir(scope), name), image);
      await publish(scope, [name]);
      await removeLogosBut(clubId, name);
      return name;
    },
    /** Removes the club's logo files. */
    removeClubLogos: (clubId: number) => removeLogosBut(clubId, null),
    /** The club's logo file a name means, or null when the name is not one a logo is kept under. */
    clubLogoFile: (clubId: number, name: string): string | null =>
      LOGO_FILE.test(name) ? join(scopeDir({ kind: "clubs", id: clubId }), name) : null,
    /** The gateways' work folders (their state is in the database). */
    gatewayDir: () => join(root, "gateway"),
    async diskUse(): Promise<DiskUse> {
      const fs = statfsSync(root);
      return {
        media_bytes: await bytesUnder(root),
        free_bytes: fs.bavail * fs.bsize,
        total_bytes: fs.blocks * fs.bsize,
      };
    },
    /** Free bytes on the media disk (cheap: no walk). */
    freeBytes: () => {
      const fs = statfsSync(root);
      return fs.bavail * fs.bsize;
    },
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
