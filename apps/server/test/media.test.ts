// Serving media (GET /media/...): public matches plainly, private matches and
// previews only through signed, expiring URLs whose signature sits in the path;
// everything refused is a 404 that says nothing. And the media links of match
// answers: signed for private matches after the read cache, never inside it.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Field, Match } from "@clubcast/db";
import { MEDIA_FILES } from "@clubcast/shared";
import { createMediaStore, type MediaScope } from "@clubcast/media-store";
import { createMediaUrlSigner, loadOrCreateUrlSecret, URL_SECRET_FILE } from "@clubcast/domain/media/signing.ts";
import { generousLoginLimits, useTestAppWithCast } from "@clubcast/testkit/api";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { createClub, createConfiguration, createField, createMatch, createUser } from "@clubcast/testkit/factories";
import { eventually } from "@clubcast/testkit";
import { checkDeltaUpdate } from "@clubcast/testkit/hls-playlist";
import { eventPlaylist, type LiveParts, type Segment } from "@clubcast/media/playlists";

const { t, http, cast } = useTestAppWithCast();

let field: Field;
let publicMatch: Match;
let privateMatch: Match;
/** Public in the database, private in the store's manifest (an asset update not yet undone). */
let manifestPrivateMatch: Match;
let bareMatch: Match;
let previewConfigurationId: number;
/** The origin of the listening server, for requests with raw (unnormalised) paths. */
let origin: string;

const SEGMENT = Buffer.from(Array.from({ length: 1880 }, (_, i) => i % 251));
const DOWNLOAD = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));
const POSTER = Buffer.from("\xff\xd8\xff\xe0 poster bytes", "latin1");
/** What must never come out of any request but the one for it. */
const SECRET_MARK = "PRIVATE-MATCH-ONLY";

const store = () => createMediaStore(t.config.mediaDir);
const scopeOf = (match: Match | number, kind: MediaScope["kind"] = "matches"): MediaScope => ({
  kind,
  id: typeof match === "number" ? match : match.id,
});

function writeFile(scope: MediaScope, path: string, contents: string | Buffer) {
  const file = join(store().dir(scope), path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, contents);
}

/** A match's (or preview's) media as the gateway writes it: master and media playlists, a segment, poster, download. */
function writeMedia(scope: MediaScope, options: { isPrivate?: boolean; mark?: string } = {}) {
  store().writeManifest(scope, { is_private: options.isPrivate ?? false, renditions: ["source"] });
  const master = `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2500000\nsource/live.m3u8\n${options.mark ?? ""}\n`;
  writeFile(scope, MEDIA_FILES.livePlaylist, master);
  writeFile(scope, MEDIA_FILES.vodPlaylist, master.replace("live.m3u8", "vod.m3u8"));
  const media = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\ns1-00003.ts\n";
  writeFile(scope, "source/live.m3u8", media);
  writeFile(scope, "source/vod.m3u8", `${media}#EXT-X-ENDLIST\n`);
  writeFile(scope, "source/s1-00003.ts", SEGMENT);
  writeFile(scope, MEDIA_FILES.poster, POSTER);
  writeFile(scope, MEDIA_FILES.download, DOWNLOAD);
}

const ownUrl = (match: Match, file: string) => `${t.config.publicUrl}/media/matches/${match.id}/${file}`;
/** The path and query of an absolute URL of ours, for inject. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(new URL(t.config.publicUrl).origin);
  return parsed.pathname + parsed.search;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

/** GET with the path sent exactly as given (no client-side normalisation of `..` or encodings). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}/`, { path, method: "GET" }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

beforeAll(async () => {
  const { prisma } = t.deps;
  field = await createField(prisma, cast.clubA.id);
  const vodMatch = (isPrivate: boolean) =>
    createMatch(prisma, { clubId: cast.clubA.id, fieldId: field.id, status: "vod", isPrivate });
  publicMatch = await vodMatch(false);
  privateMatch = await vodMatch(true);
  manifestPrivateMatch = await vodMatch(false);
  bareMatch = await vodMatch(false);
  for (const match of [publicMatch, privateMatch, manifestPrivateMatch]) {
    await prisma.match.update({
      where: { id: match.id },
      data: { liveHlsUrl: ownUrl(match, MEDIA_FILES.livePlaylist), vodHlsUrl: ownUrl(match, MEDIA_FILES.vodPlaylist) },
    });
  }
  writeMedia(scopeOf(publicMatch));
  writeMedia(scopeOf(privateMatch), { isPrivate: true, mark: SECRET_MARK });
  writeMedia(scopeOf(manifestPrivateMatch), { isPrivate: true, mark: SECRET_MARK });
  previewConfigurationId = (await createConfiguration(prisma, { clubId: cast.clubA.id })).id;
  writeMedia(scopeOf(previewConfigurationId, "previews"), { mark: SECRET_MARK });

  await t.app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe("a public match's media", () => {
  it("serves playlists uncached and segments by their relative uris", async () => {
    const master = await get(`/media/matches/${publicMatch.id}/live.m3u8`);
    expect(master.statusCode).toBe(200);
    expect(master.headers["content-type"]).toBe("application/vnd.apple.mpegurl");
    expect(master.headers["cache-control"]).toBe("no-cache");
    expect(master.body).toContain("source/live.m3u8");
    expect(master.headers["access-control-allow-origin"]).toBe("*");
    expect(master.headers["cross-origin-resource-policy"]).toBe("cross-origin");

    const media = await get(`/media/matches/${publicMatch.id}/source/vod.m3u8`);
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain("s1-00003.ts");

    const segment = await get(`/media/matches/${publicMatch.id}/source/s1-00003.ts`);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers["content-type"]).toBe("video/mp2t");
    expect(segment.headers["cache-control"]).toMatch(/^public, max-age=\d+, immutable$/);
    expect(segment.rawPayload.equals(SEGMENT)).toBe(true);

    const poster = await get(`/media/matches/${publicMatch.id}/poster.jpg`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers["content-type"]).toBe("image/jpeg");
    expect(poster.rawPayload.equals(POSTER)).toBe(true);
  });

  it("serves byte ranges of the download, answers HEAD and conditional requests", async () => {
    const url = `/media/matches/${publicMatch.id}/download.mp4`;
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("video/mp4");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers["content-length"]).toBe(String(DOWNLOAD.length));
    expect(whole.rawPayload.equals(DOWNLOAD)).toBe(true);

    const middle = await get(url, { range: "bytes=100-199" });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers["content-range"]).toBe(`bytes 100-199/${DOWNLOAD.length}`);
    expect(middle.headers["content-length"]).toBe("100");
    expect(middle.rawPayload.equals(DOWNLOAD.subarray(100, 200))).toBe(true);

    const open = await get(url, { range: "bytes=4000-" });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(DOWNLOAD.subarray(4000))).toBe(true);

    const tail = await get(url, { range: "bytes=-10" });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers["content-range"]).toBe(
      `bytes ${DOWNLOAD.length - 10}-${DOWNLOAD.length - 1}/${DOWNLOAD.length}`,
    );
    expect(tail.rawPayload.equals(DOWNLOAD.subarray(-10))).toBe(true);

    const beyond = await get(url, { range: `bytes=${DOWNLOAD.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${DOWNLOAD.length}`);

    // Several ranges or a malformed one: the whole file.
    expect((await get(url, { range: "bytes=0-1,5-6" })).statusCode).toBe(200);
    expect((await get(url, { range: "pages=1-2" })).statusCode).toBe(200);

    const head = await t.app.inject({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(DOWNLOAD.length));
    expect(head.rawPayload.length).toBe(0);

    const again = await get(url, { "if-none-match": String(whole.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("answers 404 for a missing file, a missing match and files that are never served", async () => {
    for (const url of [
      `/media/matches/${publicMatch.id}/source/s1-99999.ts`,
      `/media/matches/${publicMatch.id}/source`,
      `/media/matches/${publicMatch.id}/manifest.json`,
      `/media/matches/${publicMatch.id}/`,
      `/media/matches/2147483000/live.m3u8`,
      `/media/matches/${bareMatch.id}/live.m3u8`,
      `/media/elsewhere/live.m3u8`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: "Not found." });
    }
  });
});

describe("a private match's media", () => {
  const privatePaths = (match: Match) => [
    `/media/matches/${match.id}/live.m3u8`,
    `/media/matches/${match.id}/vod.m3u8`,
    `/media/matches/${match.id}/source/vod.m3u8`,
    `/media/matches/${match.id}/source/s1-00003.ts`,
    `/media/matches/${match.id}/poster.jpg`,
    `/media/matches/${match.id}/download.mp4`,
  ];

  it("is not found without a signature, whether the match or its manifest says private, signed in or not", async () => {
    for (const match of [privateMatch, manifestPrivateMatch]) {
      for (const url of privatePaths(match)) {
        for (const token of [undefined, cast.adminA.token, cast.system.token]) {
          const res = await http.get(url, token);
          expect(res.statusCode, url).toBe(404);
          expect(res.json()).toEqual({ message: "Not found." });
        }
      }
    }
  });

  it("plays through the signed URL of the match answer, segments included by their relative uris", async () => {
    const answer = (await http.get(`/v1/matches/${privateMatch.id}`, cast.adminA.token)).json().data;
    const signedPrefix = `${t.config.publicUrl}/media/signed/`;
    expect(answer.vod_hls_url).toMatch(
      new RegExp(`^${signedPrefix}\\d+/[A-Za-z0-9_-]{43}\\.vod/matches/${privateMatch.id}/vod\\.m3u8$`),
    );

    const master = await get(pathOf(answer.vod_hls_url));
    expect(master.statusCode).toBe(200);
    expect(master.headers["content-type"]).toBe("application/vnd.apple.mpegurl");
    // Never kept by a shared cache: a private match's playlists are not stored at all, its segments only privately.
    expect(master.headers["cache-control"]).toBe("private, no-store");
    const mediaUrl = new URL("source/vod.m3u8", answer.vod_hls_url).href;
    const media = await get(pathOf(mediaUrl));
    expect(media.statusCode).toBe(200);
    expect(media.headers["cache-control"]).toBe("private, no-store");
    const segment = await get(pathOf(new URL("s1-00003.ts", mediaUrl).href));
    expect(segment.statusCode).toBe(200);
    expect(segment.headers["cache-control"]).toMatch(/^private, max-age=\d+, immutable$/);
    expect(segment.rawPayload.equals(SEGMENT)).toBe(true);
    const revalidated = await get(pathOf(new URL("s1-00003.ts", mediaUrl).href), {
      "if-none-match": segment.headers.etag!,
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers["cache-control"]).toMatch(/^private, /);

    const download = await get(pathOf(answer.download_url), { range: "bytes=0-9" });
    expect(download.statusCode).toBe(206);
    expect(download.headers["cache-control"]).toBe("private, no-cache");
    expect(download.rawPayload.equals(DOWNLOAD.subarray(0, 10))).toBe(true);
    const poster = await get(pathOf(answer.poster_url));
    expect(poster.statusCode).toBe(200);
    expect(poster.headers["cache-control"]).toBe("private, no-cache");
  });

  it("opens with a playlist's link only that playlist, its renditions' playlists and segments", async () => {
    const answer = (await http.get(`/v1/matches/${privateMatch.id}`, cast.adminA.token)).json().data;
    const vod = answer.vod_hls_url as string;
    for (const path of ["vod.m3u8", "source/vod.m3u8", "source/s1-00003.ts"]) {
      expect((await get(pathOf(new URL(path, vod).href))).statusCode, path).toBe(200);
    }
    for (const path of [
      "live.m3u8",
      "source/live.m3u8",
      "poster.jpg",
      "download.mp4",
      "s1-00003.ts",
      "a/b/s1-00003.ts",
    ]) {
      expect((await get(pathOf(new URL(path, vod).href))).statusCode, path).toBe(404);
    }
    // The poster's link opens the poster only.
    expect((await get(pathOf(answer.poster_url))).statusCode).toBe(200);
    for (const path of ["download.mp4", "vod.m3u8", "source/s1-00003.ts"]) {
      expect((await get(pathOf(new URL(path, answer.poster_url).href))).statusCode, path).toBe(404);
    }
  });

  it("stops opening once the match turns public and private again, without waiting for the expiry", async () => {
    const { prisma } = t.deps;
    const before = (await http.get(`/v1/matches/${privateMatch.id}`, cast.adminA.token)).json().data;
    expect((await get(pathOf(before.vod_hls_url))).statusCode).toBe(200);
    await prisma.match.update({ where: { id: privateMatch.id }, data: { isPrivate: false } });
    await prisma.match.update({ where: { id: privateMatch.id }, data: { isPrivate: true } });
    for (const key of ["vod_hls_url", "live_hls_url", "poster_url", "download_url"]) {
      expect((await get(pathOf(before[key]))).statusCode, key).toBe(404);
    }
    const after = (await http.get(`/v1/matches/${privateMatch.id}`, cast.adminA.token)).json().data;
    expect((await get(pathOf(after.vod_hls_url))).statusCode).toBe(200);
  });

  it("refuses a wrong, expired or borrowed signature with the same 404", async () => {
    const scope = scopeOf(privateMatch);
    const valid = pathOf(await t.services.media.scopeFileUrl(scope, "live.m3u8"));
    expect((await get(valid)).statusCode).toBe(200);

    const [, , , expires, signature] = valid.split("/") as string[];
    const flipped = signature!.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    const expired = pathOf(
      await t.services.media.scopeFileUrl(scope, "live.m3u8", Date.now() - t.config.mediaUrlTtlSeconds * 1000 - 1000),
    );
    const otherMatch = pathOf(await t.services.media.scopeFileUrl(scopeOf(publicMatch), "live.m3u8"));
    const refused = [
      valid.replace(signature!, flipped),
      valid.replace(signature!, signature!.slice(0, -1)),
      valid.replace(`/${expires}/`, `/${Number(expires) + 1}/`),
      expired,
      // Another match's signature for this match's files.
      otherMatch.replace(`/matches/${publicMatch.id}/`, `/matches/${privateMatch.id}/`),
      // A match's signature for the preview of the same id.
      valid.replace("/matches/", "/previews/"),
      valid.replace("/matches/", "/gateway/"),
    ];
    for (const url of refused) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: "Not found." });
    }
  });

  it("keeps a signature from reaching outside its match", async () => {
    const valid = await t.services.media.scopeFileUrl(scopeOf(publicMatch), "live.m3u8");
    const base = pathOf(valid).replace(/live\.m3u8$/, "");
    for (const path of [
      `../${privateMatch.id}/live.m3u8`,
      `..%2F${privateMatch.id}%2Flive.m3u8`,
      `%2e%2e/${privateMatch.id}/live.m3u8`,
      `%2E%2E%2F%2E%2E%2F%2E%2E%2F${URL_SECRET_FILE}`,
      `source/../../${privateMatch.id}/vod.m3u8`,
      `live.m3u8%00.ts`,
      `%2Fetc%2Fpasswd.m3u8`,
    ]) {
      const res = await rawGet(base + path);
      expect(res.status, path).toBe(404);
      expect(res.body).not.toContain(SECRET_MARK);
    }
  });
});

describe("blocking playlist reloads (low-latency HLS)", () => {
  /** A live media playlist as the gateway writes it: one segment of two parts, then `pending` parts of the next. */
  const livePlaylist = (pending: number) =>
    [
      "#EXTM3U",
      "#EXT-X-VERSION:6",
      "#EXT-X-TARGETDURATION:1",
      "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.500",
      "#EXT-X-PART-INF:PART-TARGET=0.500",
      "#EXT-X-MEDIA-SEQUENCE:3",
      '#EXT-X-PART:DURATION=0.500,URI="s1-00003.0.ts",INDEPENDENT=YES',
      '#EXT-X-PART:DURATION=0.500,URI="s1-00003.1.ts"',
      "#EXTINF:1.000,",
      "s1-00003.ts",
      ...Array.from({ length: pending }, (_, at) => `#EXT-X-PART:DURATION=0.500,URI="s1-00004.${at}.ts"`),
      `#EXT-X-PRELOAD-HINT:TYPE=PART,URI="s1-00004.${pending}.ts"`,
      "",
    ].join("\n");
  /** Replaced whole, as the gateway does. */
  const writeLive = (match: Match, pending: number) => {
    const file = join(store().dir(scopeOf(match)), "source/live.m3u8");
    writeFileSync(`${file}.tmp`, livePlaylist(pending));
    renameSync(`${file}.tmp`, file);
  };
  const timed = async (url: string) => {
    const started = Date.now();
    const res = await get(url);
    return { res, ms: Date.now() - started };
  };

  it("holds a reload until the part asked for is listed, and answers one already listed at once", async () => {
    writeLive(publicMatch, 1);
    const url = `/media/matches/${publicMatch.id}/source/live.m3u8`;
    const listed = await timed(`${url}?_HLS_msn=4&_HLS_part=0`);
    expect(listed.res.statusCode).toBe(200);
    expect(listed.ms).toBeLessThan(500);
    // Many viewers wait on the same playlist; the part comes 400 ms later.
    const waiting = Array.from({ length: 20 }, () => timed(`${url}?_HLS_msn=4&_HLS_part=1`));
    await sleep(400);
    writeLive(publicMatch, 2);
    for (const { res, ms } of await Promise.all(waiting)) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain('URI="s1-00004.1.ts"');
      expect(ms).toBeGreaterThanOrEqual(350);
      expect(ms).toBeLessThan(2000);
    }
    // A whole segment asked for: answered once it is listed.
    expect((await timed(`${url}?_HLS_msn=3`)).res.statusCode).toBe(200);
  });

  it("answers the playlist as it is after three target durations without the part", async () => {
    writeLive(publicMatch, 1);
    const { res, ms } = await timed(`/media/matches/${publicMatch.id}/source/live.m3u8?_HLS_msn=5&_HLS_part=0`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(livePlaylist(1));
    expect(ms).toBeGreaterThanOrEqual(2900);
    expect(ms).toBeLessThan(4500);
  });

  it("answers 400 for malformed delivery directives and for a segment too far ahead (generated)", async () => {
    writeLive(publicMatch, 1);
    const url = `/media/matches/${publicMatch.id}/source/live.m3u8`;
    const notDecimal = fc.string({ maxLength: 8 }).filter((value) => !/^\d{1,15}$/.test(value));
    await fc.assert(
      fc.asyncProperty(notDecimal, fc.boolean(), async (value, asPart) => {
        const query = asPart
          ? `_HLS_msn=4&_HLS_part=${encodeURIComponent(value)}`
          : `_HLS_msn=${encodeURIComponent(value)}`;
        expect((await get(`${url}?${query}`)).statusCode, query).toBe(400);
      }),
      { seed: 2802, numRuns: 40 },
    );
    for (const query of ["_HLS_part=1", "_HLS_msn=6", "_HLS_msn=60&_HLS_part=0"]) {
      expect((await get(`${url}?${query}`)).statusCode, query).toBe(400);
    }
    // A video-on-demand playlist has nothing to wait for.
    expect((await timed(`/media/matches/${publicMatch.id}/source/vod.m3u8?_HLS_msn=9`)).ms).toBeLessThan(500);
  });

  it("answers a reload asking for a delta update once the part is listed, with the older segments skipped", async () => {
    // A live match's event playlist as the gateway writes it: two minutes since kick-off, then parts.
    const segments: Segment[] = Array.from({ length: 120 }, (_, at) => ({
      duration: 1,
      uri: `s1-${String(at).padStart(5, "0")}.ts`,
      discontinuity: false,
    }));
    const parts = (pending: number): LiveParts => ({
      partTarget: 0.5,
      ofSegments: segments.slice(-4).map((segment) => [
        { uri: segment.uri.replace(".ts", ".0.ts"), duration: 0.5, independent: true },
        { uri: segment.uri.replace(".ts", ".1.ts"), duration: 0.5, independent: false },
      ]),
      pending: Array.from({ length: pending }, (_, at) => ({
        uri: `s1-00120.${at}.ts`,
        duration: 0.5,
        independent: at === 0,
      })),
      pendingDiscontinuity: false,
      next: `s1-00120.${pending}.ts`,
    });
    const file = join(store().dir(scopeOf(publicMatch)), "source/live.m3u8");
    const write = (pending: number) => {
      writeFileSync(`${file}.tmp`, eventPlaylist(segments, parts(pending)));
      renameSync(`${file}.tmp`, file);
    };
    write(1);
    const url = `/media/matches/${publicMatch.id}/source/live.m3u8`;
    const waiting = timed(`${url}?_HLS_msn=120&_HLS_part=1&_HLS_skip=YES`);
    await sleep(300);
    write(2);
    const { res, ms } = await waiting;
    expect(res.statusCode).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(250);
    const full = eventPlaylist(segments, parts(2));
    const { update } = checkDeltaUpdate(full, res.body);
    expect(update.pending.map((part) => part.uri)).toEqual(["s1-00120.0.ts", "s1-00120.1.ts"]);
    expect(update.skipped).toBe(120 - 6);
    expect(res.headers["content-length"]).toBe(String(Buffer.byteLength(res.body)));
    // Its validator differs from the whole playlist's, which a plain reload still gets.
    const whole = await get(url);
    expect(whole.body).toBe(full);
    expect(whole.headers.etag).not.toBe(res.headers.etag);
  });

  it("holds a private match's reload through its signed URL, the directives on top of the signature", async () => {
    writeLive(privateMatch, 1);
    const master = await t.services.media.scopeFileUrl(scopeOf(privateMatch), "live.m3u8");
    const media = pathOf(new URL("source/live.m3u8", master).href);
    const waiting = timed(`${media}?_HLS_msn=4&_HLS_part=1`);
    await sleep(300);
    writeLive(privateMatch, 2);
    const { res, ms } = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body).toContain('URI="s1-00004.1.ts"');
    expect(ms).toBeGreaterThanOrEqual(250);
    // A wrong signature is refused before anything waits.
    const [, , , , signature] = media.split("/") as string[];
    const wrong = media.replace(
      signature!,
      signature!.replace(/^./, (c) => (c === "A" ? "B" : "A")),
    );
    const refused = await timed(`${wrong}?_HLS_msn=9&_HLS_part=0`);
    expect(refused.res.statusCode).toBe(404);
    expect(refused.ms).toBeLessThan(500);
  });
});

describe("a preview's media", () => {
  it("is served only through a signed URL", async () => {
    const url = await t.services.media.scopeFileUrl(
      scopeOf(previewConfigurationId, "previews"),
      MEDIA_FILES.livePlaylist,
    );
    expect(url.startsWith(`${t.config.publicUrl}/media/signed/`)).toBe(true);
    const res = await get(pathOf(url));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SECRET_MARK);
    const segment = await get(pathOf(new URL("source/s1-00003.ts", url).href));
    expect(segment.statusCode).toBe(200);
    expect((await get(`/media/previews/${previewConfigurationId}/live.m3u8`)).statusCode).toBe(404);
  });
});

describe("media paths that name nothing servable", () => {
  it("answer 404: traversal, NUL bytes, non-decimal ids, the manifest and the URL secret", async () => {
    store().writeManifest(scopeOf(publicMatch), {});
    expect(existsSync(join(t.config.mediaDir, URL_SECRET_FILE))).toBe(true);
    const id = publicMatch.id;
    for (const path of [
      `/media/matches/${id}/../${privateMatch.id}/live.m3u8`,
      `/media/matches/${id}/..%2F${privateMatch.id}%2Flive.m3u8`,
      `/media/matches/${id}/%2e%2e/%2e%2e/${URL_SECRET_FILE}`,
      `/media/matches/${id}/%2e%2e%2f%2e%2e%2f${URL_SECRET_FILE}`,
      `/media/matches/${id}/source/%2e%2e/%2e%2e/${privateMatch.id}/live.m3u8`,
      `/media/matches/${id}/live.m3u8%00`,
      `/media/matches/${id}/%00/live.m3u8`,
      `/media/matches/${id}/manifest.json`,
      `/media/matches/${id}/%2Fetc%2Fpasswd`,
      `/media/matches/${id}/..\\..\\${privateMatch.id}\\live.m3u8`,
      `/media/matches/0${id}/live.m3u8`,
      `/media/matches/+${id}/live.m3u8`,
      `/media/matches/${id}.0/live.m3u8`,
      `/media/matches/0x${id.toString(16)}/live.m3u8`,
      `/media/matches/${id}e0/live.m3u8`,
      `/media/matches/%20${id}/live.m3u8`,
      `/media/matches/-1/live.m3u8`,
      `/media/matches/0/live.m3u8`,
      `/media/matches/99999999999999999999/live.m3u8`,
      `/media/matches/${privateMatch.id}/live.m3u8`,
      `/media/${URL_SECRET_FILE}`,
      `/media/matches/%E0%A4%A/live.m3u8`,
      `/media/matches/${id}/%E0%A4%A.m3u8`,
      `/media/signed/${"1".repeat(600)}/x/matches/${id}/live.m3u8`,
    ]) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body), path).toHaveProperty("message");
      expect(res.body, path).not.toContain(SECRET_MARK);
      expect(res.body, path).not.toContain(t.config.mediaDir);
    }
  });

  it("answer 404 for links planted in MEDIA_DIR (a tampered backup), to server files or to the URL secret", async () => {
    const dir = store().dir(scopeOf(publicMatch));
    const secret = join(t.config.mediaDir, URL_SECRET_FILE);
    loadOrCreateUrlSecret(t.config.mediaDir);
    const hostname = readFileSync("/etc/hostname", "utf8");
    const planted = {
      "planted-hostname.jpg": "/etc/hostname",
      "planted-secret.jpg": secret,
      "planted-secret-relative.ts": `../../${URL_SECRET_FILE}`,
      "planted-folder": "/etc",
    };
    for (const [name, target] of Object.entries(planted)) {
      rmSync(join(dir, name), { force: true });
      symlinkSync(target, join(dir, name));
    }
    try {
      for (const path of [
        "planted-hostname.jpg",
        "planted-secret.jpg",
        "planted-secret-relative.ts",
        "planted-folder/hostname.jpg",
      ]) {
        const res = await rawGet(`/media/matches/${publicMatch.id}/${path}`);
        expect(res.status, path).toBe(404);
        expect(res.body, path).not.toContain(readFileSync(secret, "utf8").trim());
        if (hostname.trim()) expect(res.body, path).not.toContain(hostname.trim());
      }
      // The same through a signed URL of a private match.
      const privateDir = store().dir(scopeOf(privateMatch));
      rmSync(join(privateDir, "planted-hostname.jpg"), { force: true });
      symlinkSync("/etc/hostname", join(privateDir, "planted-hostname.jpg"));
      const signed = await rawGet(
        pathOf(await t.services.media.scopeFileUrl(scopeOf(privateMatch), "planted-hostname.jpg")),
      );
      expect(signed.status).toBe(404);
    } finally {
      for (const name of Object.keys(planted)) rmSync(join(dir, name), { force: true });
    }
    // A regular file inside MEDIA_DIR still plays.
    expect((await rawGet(`/media/matches/${publicMatch.id}/${MEDIA_FILES.poster}`)).status).toBe(200);
  });

  it("never answer 200 or 5xx for garbage in the signature, expiry, scope, id or path", async () => {
    const segment = fc.oneof(
      fc.constantFrom("..", ".", "%2e%2e", "%2E%2e%2f", "%2F", "%00", "%5C..%5C", "", "manifest.json", URL_SECRET_FILE),
      fc.constantFrom("live.m3u8", "vod.m3u8", "source", "s1-00003.ts", "poster.jpg", "download.mp4"),
      fc.constantFrom(String(privateMatch.id), String(publicMatch.id), "matches", "previews", "signed"),
      fc.string({ unit: "binary", maxLength: 12 }).map(encodeURIComponent),
    );
    const path = fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => parts.join("/"));
    const genuine = pathOf(await t.services.media.scopeFileUrl(scopeOf(privateMatch), "x")).split("/");
    const expires = fc.oneof(
      fc.constant(genuine[3]!),
      fc.string({ maxLength: 14 }).map(encodeURIComponent),
      fc.bigInt({ min: -10n, max: 10n ** 14n }).map(String),
    );
    const signature = fc.oneof(
      fc.string({ unit: "binary", minLength: 0, maxLength: 60 }).map(encodeURIComponent),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    );
    const kind = fc.constantFrom("matches", "previews", "gateway", "..", "%2e%2e", "matches%2F..");
    const id = fc.oneof(
      fc.constantFrom(String(privateMatch.id), String(previewConfigurationId), `0${privateMatch.id}`, "-1", "1e3"),
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
    );

    await fc.assert(
      fc.asyncProperty(expires, signature, kind, id, path, async (e, s, k, i, p) => {
        const res = await rawGet(`/media/signed/${e}/${s}/${k}/${i}/${p}`);
        return res.status !== 200 && res.status < 500 && !res.body.includes(SECRET_MARK);
      }),
      { numRuns: 300 },
    );
    // Unsigned: a private match's files never, a public match's only its own.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(privateMatch.id, manifestPrivateMatch.id, publicMatch.id),
        path,
        async (m, p) => {
          const res = await rawGet(`/media/matches/${m}/${p}`);
          if (res.status >= 500 || res.body.includes(SECRET_MARK)) return false;
          return res.status !== 200 || m === publicMatch.id;
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("media links in match answers", () => {
  it("are plain for a public match, with its poster and download", async () => {
    const answer = (await http.get(`/v1/matches/${publicMatch.id}`)).json().data;
    expect(answer.live_hls_url).toBe(ownUrl(publicMatch, "live.m3u8"));
    expect(answer.vod_hls_url).toBe(ownUrl(publicMatch, "vod.m3u8"));
    expect(answer.poster_url).toBe(ownUrl(publicMatch, "poster.jpg"));
    expect(answer.download_url).toBe(ownUrl(publicMatch, "download.mp4"));
    expect((await get(pathOf(answer.download_url))).statusCode).toBe(200);
  });

  it("are null without a poster or download, and other servers' URLs stay as they are", async () => {
    const { prisma } = t.deps;
    const simulated = await createMatch(prisma, {
      clubId: cast.clubA.id,
      status: "vod",
      isPrivate: true,
      vodHlsUrl: "http://127.0.0.1:4100/assets/7/index.m3u8",
    });
    const answer = (await http.get(`/v1/matches/${simulated.id}`, cast.adminA.token)).json().data;
    expect(answer.vod_hls_url).toBe("http://127.0.0.1:4100/assets/7/index.m3u8");
    expect(answer.live_hls_url).toBeNull();
    expect(answer.poster_url).toBeNull();
    expect(answer.download_url).toBeNull();

    const bare = (await http.get(`/v1/matches/${bareMatch.id}`)).json().data;
    expect(bare.poster_url).toBeNull();
    expect(bare.download_url).toBeNull();

    // Only a poster: the poster alone, once the answers look again (within MEDIA_FILES_SEEN_FOR_MS).
    writeFile(scopeOf(bareMatch), MEDIA_FILES.poster, POSTER);
    const withPoster = await eventually(async () => {
      const answer = (await http.get(`/v1/matches/${bareMatch.id}`)).json().data;
      return answer.poster_url !== null && answer;
    }, "the answer to name the new poster");
    expect(withPoster.poster_url).toBe(ownUrl(bareMatch, "poster.jpg"));
    expect(withPoster.download_url).toBeNull();
  });

  it("never sign another match's media into a private match's answer", async () => {
    const borrowing = await createMatch(t.deps.prisma, {
      clubId: cast.clubA.id,
      status: "vod",
      isPrivate: true,
      vodHlsUrl: ownUrl(privateMatch, "vod.m3u8"),
    });
    const answer = (await http.get(`/v1/matches/${borrowing.id}`, cast.adminA.token)).json().data;
    expect(answer.vod_hls_url).toBe(ownUrl(privateMatch, "vod.m3u8"));
    expect((await get(pathOf(answer.vod_hls_url))).statusCode).toBe(404);
  });

  it("are signed for a private match (database or manifest), in lists and over tRPC", async () => {
    const signed = new RegExp(
      `^${t.config.publicUrl}/media/signed/\\d+/[A-Za-z0-9_-]{43}(\\.(live|vod))?/matches/\\d+/`,
    );
    const list = (await http.get(`/v1/clubs/${cast.clubA.id}/recorded?limit=100`, cast.adminA.token)).json();
    for (const match of [privateMatch, manifestPrivateMatch]) {
      const answer = list.data.find((m: { id: number }) => m.id === match.id);
      for (const key of ["live_hls_url", "vod_hls_url", "poster_url", "download_url"]) {
        expect(answer[key], `${match.id} ${key}`).toMatch(signed);
        expect((await get(pathOf(answer[key]))).statusCode, `${match.id} ${key}`).toBe(200);
      }
    }
    const listed = list.data.find((m: { id: number }) => m.id === publicMatch.id);
    expect(listed.poster_url).toBe(ownUrl(publicMatch, "poster.jpg"));

    const viaTrpc = await http.query("matches.byId", { id: privateMatch.id }, cast.adminA.token);
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json().result.data.data.download_url).toMatch(signed);
  });
});

describe("deleting a match", () => {
  it("deletes its media once the match is gone, and keeps it when the deletion is refused", async () => {
    const { prisma } = t.deps;
    const doomed = await createMatch(prisma, { clubId: cast.clubA.id, isPrivate: true });
    writeMedia(scopeOf(doomed), { isPrivate: true });
    const folder = store().dir(scopeOf(doomed));
    expect(existsSync(join(folder, "source/s1-00003.ts"))).toBe(true);

    const res = await http.del(`/v1/matches/${doomed.id}`, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(existsSync(folder)).toBe(false);

    const inClub = await createMatch(prisma, { clubId: cast.clubA.id });
    writeMedia(scopeOf(inClub));
    expect((await http.del(`/v1/clubs/${cast.clubA.id}/matches/${inClub.id}`, cast.adminA.token)).statusCode).toBe(200);
    expect(existsSync(store().dir(scopeOf(inClub)))).toBe(false);

    const live = await createMatch(prisma, { clubId: cast.clubA.id, status: "live" });
    writeMedia(scopeOf(live));
    expect((await http.del(`/v1/matches/${live.id}`, cast.adminA.token)).statusCode).toBe(409);
    expect(existsSync(join(store().dir(scopeOf(live)), MEDIA_FILES.livePlaylist))).toBe(true);

    // Another club's administrator finds nothing, and nothing is deleted.
    expect((await http.del(`/v1/matches/${live.id}`, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.del(`/v1/matches/${publicMatch.id}`, cast.adminB.token)).statusCode).toBe(404);
    expect(existsSync(store().dir(scopeOf(publicMatch)))).toBe(true);
  });
});

describe("the URL secret", () => {
  it("is made once in MEDIA_DIR, readable by its owner only, and shared by every server there", async () => {
    const file = join(t.config.mediaDir, URL_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readFileSync(file, "utf8").trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    // Another server over the same MEDIA_DIR signs alike.
    const other = createMediaUrlSigner({ ...t.config });
    const { linkEpoch } = await t.deps.prisma.match.findUniqueOrThrow({ where: { id: privateMatch.id } });
    const url = other.signedUrl(scopeOf(privateMatch), "live.m3u8", String(linkEpoch));
    expect((await get(pathOf(url))).statusCode).toBe(200);
    expect(readFileSync(file, "utf8").trim()).toBe(key);
  });

  it("is MEDIA_URL_SECRET when set", async () => {
    const configured = createMediaUrlSigner({ ...t.config, mediaUrlSecret: "a configured secret of some length" });
    const { linkEpoch } = await t.deps.prisma.match.findUniqueOrThrow({ where: { id: privateMatch.id } });
    const url = configured.signedUrl(scopeOf(privateMatch), "live.m3u8", String(linkEpoch));
    expect((await get(pathOf(url))).statusCode).toBe(404);
  });
});

describe("signed URLs in cached match lists", () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await startTestApp({ ...generousLoginLimits, mediaUrlTtlSeconds: 2 });
  });
  afterAll(() => short?.close());

  it("are signed when answering, so a list served from the cache plays after its first URLs expired", async () => {
    const { prisma } = short.deps;
    const club = await createClub(prisma);
    const member = await createUser(prisma, { scope: "clubmember", clubId: club.id });
    const token = (await short.services.auth.issueToken({ userId: member.id })).access_token;
    const match = await createMatch(prisma, { clubId: club.id, status: "vod", isPrivate: true });
    const vodUrl = `${short.config.publicUrl}/media/matches/${match.id}/vod.m3u8`;
    await prisma.match.update({ where: { id: match.id }, data: { vodHlsUrl: vodUrl } });
    const shortStore = createMediaStore(short.config.mediaDir);
    shortStore.writeManifest(scopeOf(match), { is_private: true });
    writeFileSync(shortStore.file(scopeOf(match), MEDIA_FILES.vodPlaylist), "#EXTM3U\n");

    const listed = async () => {
      const res = await short.app.inject({
        method: "GET",
        url: `/v1/clubs/${club.id}/recorded`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data[0].vod_hls_url as string;
    };
    const play = async (url: string) =>
      (await short.app.inject({ method: "GET", url: new URL(url).pathname })).statusCode;

    const first = await listed();
    expect(await play(first)).toBe(200);
    const expires = Number(new URL(first).pathname.split("/")[3]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expires * 1000 - Date.now()) + 50));

    // No write in between: the page comes from the read cache, its links signed anew.
    const second = await listed();
    expect(second).not.toBe(first);
    expect(await play(first)).toBe(404);
    expect(await play(second)).toBe(200);
  });
});
