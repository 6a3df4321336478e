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
//   gateway/                               the gateway's own state (which camera records which match)
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from "node:fs";
import { lstat, readdir, realpath, stat } from "node:fs/promises";
import { isAbsolute, join, normalize, relative, resolve, sep } from "node:path";
import { MEDIA_FILES, type MediaStorageSettings } from "@clubcast/shared";
import { createObjectStorage } from "./objects.ts";

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

  function removeLogosBut(clubId: number, kept: string | null) {
    const dir = scopeDir({ kind: "clubs", id: clubId });
    if (!existsSync(dir)) return;
    for (const file of readdirSync(dir)) {
      if (file !== kept && LOGO_FILE.test(file)) rmSync(join(dir, file), { force: true });
    }
  }

  const objects = createObjectStorage(root, storage);

  return {
    root,
    /** Where finished media is kept, by key (the path below MEDIA_DIR): the disk or a bucket. */
    objects,
    /** The folder of a match's or preview's media (created on demand by writers). */
    dir: scopeDir,
    /** A file of a scope, e.g. file(match, MEDIA_FILES.poster). */
    file: (scope: MediaScope, name: string) => join(scopeDir(scope), name),
    has: (scope: MediaScope, name: string) => existsSync(join(scopeDir(scope), name)),
    readManifest,
    writeManifest,
    /** The asset update after a privacy change: the media follows the match. */
    setPrivacy: (matchId: number, isPrivate: boolean) =>
      writeManifest({ kind: "matches", id: matchId }, { is_private: isPrivate }),
    remove: (scope: MediaScope) => rmSync(scopeDir(scope), { recursive: true, force: true }),
    /**
     * The file a path below a scope names, or null when it would leave the scope
     * (`..`, absolute paths, NUL bytes), names the manifest or a hidden name (a dotfile such as the URL key).
     */
    resolveInside(scope: MediaScope, path: string): string | null {
      if (path.includes("\0") || isAbsolute(path) || isHidden(path)) return null;
      const base = scopeDir(scope);
      const file = normalize(join(base, path));
      const inside = relative(base, file);
      if (!inside || inside.startsWith("..") || isAbsolute(inside) || inside === MEDIA_FILES.manifest) return null;
      return file.startsWith(base + sep) ? file : null;
    },
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
     * Keeps `image` as the club's logo and removes the one before it; answers
     * the new file's name (below the club's folder), named by its content.
     */
    saveClubLogo(clubId: number, image: Buffer, extension: LogoExtension): string {
      const scope: MediaScope = { kind: "clubs", id: clubId };
      const name = `logo-${createHash("sha256").update(image).digest("hex").slice(0, 16)}.${extension}`;
      mkdirSync(scopeDir(scope), { recursive: true });
      writeFileAtomic(join(scopeDir(scope), name), image);
      removeLogosBut(clubId, name);
      return name;
    },
    /** Removes the club's logo files. */
    removeClubLogos: (clubId: number) => removeLogosBut(clubId, null),
    /** The club's logo file a name means, or null when the name is not one a logo is kept under. */
    clubLogoFile: (clubId: number, name: string): string | null =>
      LOGO_FILE.test(name) ? join(scopeDir({ kind: "clubs", id: clubId }), name) : null,
    /** The gateway's own state folder. */
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
