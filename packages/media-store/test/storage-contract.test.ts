// The storage contract: the local disk and an S3-compatible store (a real s3rver, started here)
// answer the same calls the same way, so nothing above packages/media-store needs to know which runs.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { startTestS3, type TestS3 } from "@clubcast/testkit/s3";
import {
  ObjectNotFoundError,
  createLocalStorage,
  createS3Storage,
  isValidKey,
  type ObjectStorage,
} from "../src/objects.ts";

let s3: TestS3;
const folders: string[] = [];
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const drivers: [string, () => ObjectStorage][] = [
  [
    "local",
    () => {
      const folder = mkdtempSync(join(tmpdir(), "clubcast-store-"));
      folders.push(folder);
      return createLocalStorage(folder);
    },
  ],
  ["s3", () => createS3Storage(s3.storage)],
];

describe.each(drivers)("the %s driver", (driver, make) => {
  let store: ObjectStorage;
  // Each driver's run in a prefix of its own: the S3 bucket is shared by the two runs of nothing else.
  const base = `matches/${driver === "local" ? 1 : 2}`;
  beforeAll(() => {
    store = make();
  });

  it("names itself", () => {
    expect(store.driver).toBe(driver);
  });

  it("puts and gets bytes and text", async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    await store.put(`${base}/source/s1-00000.ts`, bytes, { contentType: "video/mp2t" });
    await store.put(`${base}/vod.m3u8`, "#EXTM3U\n");
    expect(await store.get(`${base}/source/s1-00000.ts`)).toEqual(bytes);
    expect((await store.get(`${base}/vod.m3u8`)).toString()).toBe("#EXTM3U\n");
  });

  it("streams all of an object or one range of it, with its whole size", async () => {
    await store.put(`${base}/download.mp4`, "0123456789");
    const all = await store.stream(`${base}/download.mp4`);
    expect([await text(all.body), all.size]).toEqual(["0123456789", 10]);
    const part = await store.stream(`${base}/download.mp4`, { start: 2, end: 5 });
    expect([await text(part.body), part.size]).toEqual(["2345", 10]);
  });

  it("tells an object's size and version, and none for a missing one", async () => {
    await store.put(`${base}/poster.jpg`, "first");
    const first = await store.head(`${base}/poster.jpg`);
    expect(first).toMatchObject({ key: `${base}/poster.jpg`, size: 5 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.put(`${base}/poster.jpg`, "second!");
    const second = await store.head(`${base}/poster.jpg`);
    expect(second?.size).toBe(7);
    expect(second?.etag).not.toBe(first?.etag);
    expect(await store.head(`${base}/nothing.jpg`)).toBeNull();
  });

  it("answers not found for a missing object", async () => {
    await expect(store.get(`${base}/missing.ts`)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.stream(`${base}/missing.ts`)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.download(`${base}/missing.ts`, join(tmpdir(), "never"))).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
  });

  it("stores a local file and copies one back", async () => {
    const folder = mkdtempSync(join(tmpdir(), "clubcast-files-"));
    folders.push(folder);
    writeFileSync(join(folder, "in.mp4"), "a whole download");
    await store.putFile(`${base}/clips/1-1.mp4`, join(folder, "in.mp4"));
    await store.download(`${base}/clips/1-1.mp4`, join(folder, "deep", "out.mp4"));
    expect(readFileSync(join(folder, "deep", "out.mp4"), "utf8")).toBe("a whole download");
  });

  it("lists by prefix in key order, and deletes a prefix with all below it", async () => {
    const prefix = `${base}-list`;
    const keys = [`${prefix}/b/s1-2.ts`, `${prefix}/a.m3u8`, `${prefix}/b/s1-1.ts`, `${prefix}x/other.ts`];
    for (const key of keys) await store.put(key, key);
    expect((await store.list(`${prefix}/`)).map((entry) => entry.key)).toEqual([
      `${prefix}/a.m3u8`,
      `${prefix}/b/s1-1.ts`,
      `${prefix}/b/s1-2.ts`,
    ]);
    expect((await store.list(`${prefix}/b/`)).map((entry) => entry.size)).toEqual([
      `${prefix}/b/s1-1.ts`.length,
      `${prefix}/b/s1-2.ts`.length,
    ]);
    expect(await store.deletePrefix(`${prefix}/`)).toBe(3);
    expect(await store.list(`${prefix}/`)).toEqual([]);
    // Another match's objects whose key merely starts alike stay.
    expect((await store.list(`${prefix}x/`)).map((entry) => entry.key)).toEqual([`${prefix}x/other.ts`]);
    await store.delete(`${prefix}x/other.ts`);
    expect(await store.head(`${prefix}x/other.ts`)).toBeNull();
  });

  const playlistVersion = (n: number) =>
    `#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:${n}\n${`#EXTINF:1.0,\ns1-${n}.ts\n`.repeat(200)}`;

  it("replaces a playlist whole: each read after a rewrite sees that version, whole", async () => {
    const key = `${base}/source/vod.m3u8`;
    for (let n = 0; n < 5; n++) {
      // Longer, then shorter: a replacement leaves no tail of the one before.
      const text = n % 2 ? playlistVersion(n) : playlistVersion(n).slice(0, 100);
      await store.put(key, text);
      expect((await store.get(key)).toString()).toBe(text);
      expect((await store.head(key))?.size).toBe(Buffer.byteLength(text));
    }
  });

  // S3 itself replaces an object atomically; s3rver, the test server, rewrites its file in place,
  // so readers racing a rewrite are checked on the disk only.
  if (driver === "local") {
    it("replaces a playlist whole: a reader during many rewrites sees one version or another, never a mix", async () => {
      const key = `${base}/source/live.m3u8`;
      await store.put(key, playlistVersion(0));
      const versions = new Set([playlistVersion(0)]);
      let writing = true;
      const writer = (async () => {
        for (let n = 1; n <= 30; n++) {
          versions.add(playlistVersion(n));
          await store.put(key, playlistVersion(n));
        }
        writing = false;
      })();
      let reads = 0;
      while (writing) {
        expect(versions.has((await store.get(key)).toString())).toBe(true);
        reads++;
      }
      await writer;
      expect(reads).toBeGreaterThan(0);
    });
  }

  it("refuses keys that would leave the store or name hidden files", async () => {
    fc.assert(
      fc.property(
        fc.constantFrom("..", ".", "", ".url-secret", "/etc", "a\0b", "a\\b"),
        fc.constantFrom("", "matches/1/"),
        (bad, before) => !isValidKey(`${before}${bad}`) && !isValidKey(`${before}${bad}/x.ts`),
      ),
    );
    await expect(store.put("../escape.ts", "x")).rejects.toThrow(/not a storage key/);
    await expect(store.get("matches/1/../../x")).rejects.toThrow(/not a storage key/);
  });

  if (driver === "local") {
    it("hands out no URLs: the API delivers the files itself", async () => {
      expect(store.publicUrl(`${base}/vod.m3u8`)).toBeNull();
      expect(await store.signedUrl(`${base}/vod.m3u8`, 60)).toBeNull();
    });
  } else {
    it("serves an object by its public URL with the cache headers it was stored with", async () => {
      await store.put(`${base}/source/s1-00001.ts`, "segment", {
        contentType: "video/mp2t",
        cacheControl: "public, max-age=31536000, immutable",
      });
      const answer = await fetch(store.publicUrl(`${base}/source/s1-00001.ts`)!);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.get("content-type")).toBe("video/mp2t");
      expect(await answer.text()).toBe("segment");
    });

    it("serves an object by a pre-signed URL with the cache header asked for, until it expires", async () => {
      await store.put(`${base}/private.mp4`, "private bytes");
      const url = (await store.signedUrl(`${base}/private.mp4`, 1, { cacheControl: "private, no-store" }))!;
      expect(url).toContain("X-Amz-Signature=");
      const answer = await fetch(url);
      expect([answer.status, answer.headers.get("cache-control"), await answer.text()]).toEqual([
        200,
        "private, no-store",
        "private bytes",
      ]);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await fetch(url)).status).toBe(403);
    });
  }
});
