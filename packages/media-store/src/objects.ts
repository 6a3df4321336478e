// Where finished media is kept: one interface, two drivers. The local disk (the default: files
// under MEDIA_DIR, the layout documented in ./index.ts) and S3-compatible object storage (AWS S3,
// Cloudflare R2, Garage, MinIO) through the AWS SDK, path-style. Keys are the paths below MEDIA_DIR
// ("matches/12/source/vod.m3u8"), so both drivers hold the same layout. Which driver runs is
// chosen by the settings (MEDIA_STORAGE, S3_*) and known here only.
//
// Both drivers replace an object whole or not at all: a reader sees the old playlist or the new one,
// never half of one (S3 PUTs are atomic; the disk writes a temporary file and renames it).
import { createReadStream, createWriteStream, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { copyFile, readFile, readdir, stat } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { MediaStorageSettings } from "@clubcast/shared";

/** What an object is, without its bytes. */
export interface ObjectInfo {
  key: string;
  size: number;
  /** Changes whenever the object is replaced (an S3 ETag; size and modification time on disk). */
  etag: string;
  lastModified: Date;
}

/** An object's bytes as a stream, possibly one byte range of it. */
export interface ObjectStream extends ObjectInfo {
  body: Readable;
}

export interface PutOptions {
  contentType?: string;
  /** The Cache-Control a CDN or browser fetching the object by its public or pre-signed URL sees. */
  cacheControl?: string;
}

/** The object a key names does not exist. */
export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
    this.name = "ObjectNotFoundError";
  }
}

/** A key is a relative path of plain names: no "..", no leading slash, no NUL, no hidden name, no empty name. */
export function isValidKey(key: string): boolean {
  if (!key || key.includes("\0") || key.includes("\\") || key.startsWith("/")) return false;
  return key.split("/").every((name) => name !== "" && name !== "." && name !== ".." && !name.startsWith("."));
}

function checkedKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A prefix is a key, or "" for everything, optionally ending in "/". */
function checkedPrefix(prefix: string): string {
  if (prefix === "") return prefix;
  checkedKey(prefix.replace(/\/$/, ""));
  return prefix;
}

export interface ObjectStorage {
  readonly driver: "local" | "s3";
  /** Stores `body` under `key`, replacing what was there whole or not at all. */
  put(key: string, body: Buffer | string, options?: PutOptions): Promise<void>;
  /** Stores the local file's bytes under `key` (it stays where it is). */
  putFile(key: string, file: string, options?: PutOptions): Promise<void>;
  /** The object's bytes; ObjectNotFoundError when there is none. */
  get(key: string): Promise<Buffer>;
  /** The object's bytes as a stream, `range` (inclusive) or all of them; ObjectNotFoundError when there is none. */
  stream(key: string, range?: { start: number; end: number }): Promise<ObjectStream>;
  /** Copies the object into a local file (written whole, then renamed into place). */
  download(key: string, file: string): Promise<void>;
  /** What the object is, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): Promise<ObjectInfo[]>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix`; answers how many. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * The URL anyone may fetch the object by (S3_PUBLIC_URL: a CDN or a public bucket), or null when the
   * store has none and the API delivers the object itself (the local disk).
   */
  publicUrl(key: string): string | null;
  /**
   * A URL that fetches the object for `ttlSeconds`, answered with `cacheControl`, or null when the store
   * hands out no such URLs and the API delivers the object itself (the local disk).
   */
  signedUrl(key: string, ttlSeconds: number, options?: { cacheControl?: string }): Promise<string | null>;
}

/** Files under `root`, by key; what this process writes goes to a temporary name first. */
export function createLocalStorage(rootDir: string): ObjectStorage {
  const root = resolve(rootDir);
  mkdirSync(root, { recursive: true });
  const fileOf = (key: string) => join(root, checkedKey(key));
  const temporaryOf = (file: string) => `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;

  async function info(key: string): Promise<ObjectInfo | null> {
    try {
      const stats = await stat(fileOf(key));
      if (!stats.isFile()) return null;
      return { key, ...infoOf(stats) };
    } catch {
      return null;
    }
  }
  const infoOf = (stats: { size: number; mtimeMs: number; mtime: Date }) => ({
    size: stats.size,
    etag: `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`,
    lastModified: stats.mtime,
  });

  async function walk(dir: string, into: string[]): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path, into);
      else if (entry.isFile() && !entry.name.endsWith(".tmp")) into.push(relative(root, path).split(sep).join("/"));
    }
  }

  async function list(prefix: string): Promise<ObjectInfo[]> {
    checkedPrefix(prefix);
    // Walk only the folder the prefix is in.
    const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    const keys: string[] = [];
    await walk(join(root, folder), keys);
    const found = await Promise.all(keys.filter((key) => key.startsWith(prefix)).map(info));
    return found.filter((entry): entry is ObjectInfo => entry !== null).sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  async function writeWhole(key: string, write: (temporary: string) => Promise<void>) {
    const file = fileOf(key);
    mkdirSync(dirname(file), { recursive: true });
    const temporary = temporaryOf(file);
    try {
      await write(temporary);
      renameSync(temporary, file);
    } finally {
      rmSync(temporary, { force: true });
    }
  }

  return {
    driver: "local",
    put: (key, body) => writeWhole(key, async (temporary) => writeFileSync(temporary, body)),
    putFile: (key, file) => writeWhole(key, (temporary) => copyFile(file, temporary)),
    async get(key) {
      const file = fileOf(key);
      try {
        return await readFile(file);
      } catch {
        throw new ObjectNotFoundError(key);
      }
    },
    async stream(key, range) {
      const found = await info(key);
      if (!found) throw new ObjectNotFoundError(key);
      return { ...found, body: createReadStream(fileOf(key), range) };
    },
    async download(key, file) {
      const found = await info(key);
      if (!found) throw new ObjectNotFoundError(key);
      mkdirSync(dirname(file), { recursive: true });
      const temporary = temporaryOf(file);
      try {
        await copyFile(fileOf(key), temporary);
        renameSync(temporary, file);
      } finally {
        rmSync(temporary, { force: true });
      }
    },
    head: (key) => info(checkedKey(key)),
    list,
    delete: async (key) => rmSync(fileOf(key), { force: true }),
    async deletePrefix(prefix) {
      const found = await list(prefix);
      for (const entry of found) rmSync(fileOf(entry.key), { force: true });
      // A prefix naming a folder takes the folder with it.
      if (prefix.endsWith("/")) rmSync(join(root, prefix), { recursive: true, force: true });
      return found.length;
    },
    // The API delivers the files itself (apps/server's media routes).
    publicUrl(key) {
      checkedKey(key);
      return null;
    },
    async signedUrl(key) {
      checkedKey(key);
      return null;
    },
  };
}

/** Whether an SDK error means the object (or bucket) is not there. */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404;
}

/** Objects in one bucket of an S3-compatible store, addressed path-style (Garage, MinIO and s3rver need it). */
export function createS3Storage(settings: Extract<MediaStorageSettings, { driver: "s3" }>): ObjectStorage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    // Checksums only where S3 requires them: the SDK's default (a streamed body with a checksum
    // trailer) is not understood by every S3-compatible store.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;

  async function head(key: string): Promise<ObjectInfo | null> {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
      return {
        key,
        size: answer.ContentLength ?? 0,
        etag: (answer.ETag ?? "").replace(/"/g, ""),
        lastModified: answer.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function getObject(key: string, range?: { start: number; end: number }) {
    try {
      return await client.send(
        new GetObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async function list(prefix: string): Promise<ObjectInfo[]> {
    const found: ObjectInfo[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: checkedPrefix(prefix) || undefined, ContinuationToken }),
      );
      for (const entry of page.Contents ?? []) {
        found.push({
          key: entry.Key!,
          size: entry.Size ?? 0,
          etag: (entry.ETag ?? "").replace(/"/g, ""),
          lastModified: entry.LastModified ?? new Date(0),
        });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  const put = async (key: string, Body: Buffer | string | Readable, options: PutOptions = {}, length?: number) => {
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: checkedKey(key),
        Body,
        ContentLength: length,
        ContentType: options.contentType,
        CacheControl: options.cacheControl,
      }),
    );
  };

  return {
    driver: "s3",
    put: (key, body, options) => put(key, body, options),
    async putFile(key, file, options) {
      const { size } = await stat(file);
      await put(key, createReadStream(file), options, size);
    },
    async get(key) {
      const answer = await getObject(key);
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async stream(key, range) {
      const answer = await getObject(key, range);
      const total = answer.ContentRange ? Number(answer.ContentRange.split("/")[1]) : answer.ContentLength;
      return {
        key,
        size: total ?? 0,
        etag: (answer.ETag ?? "").replace(/"/g, ""),
        lastModified: answer.LastModified ?? new Date(0),
        body: answer.Body as Readable,
      };
    },
    async download(key, file) {
      const answer = await getObject(key);
      mkdirSync(dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        await pipeline(answer.Body as Readable, createWriteStream(temporary));
        renameSync(temporary, file);
      } finally {
        rmSync(temporary, { force: true });
      }
    },
    head,
    list,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async deletePrefix(prefix) {
      const found = await list(prefix);
      for (let at = 0; at < found.length; at += 1000) {
        const Objects = found.slice(at, at + 1000).map(({ key }) => ({ Key: key }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
      return found.length;
    },
    publicUrl: (key) => (settings.publicUrl ? `${settings.publicUrl}/${checkedKey(key)}` : null),
    signedUrl: (key, ttlSeconds, options = {}) =>
      getSignedUrl(
        client,
        new GetObjectCommand({ Bucket, Key: checkedKey(key), ResponseCacheControl: options.cacheControl }),
        { expiresIn: ttlSeconds },
      ),
  };
}

/** The driver the settings choose. */
export function createObjectStorage(mediaDir: string, settings: MediaStorageSettings): ObjectStorage {
  return settings.driver === "s3" ? createS3Storage(settings) : createLocalStorage(mediaDir);
}
