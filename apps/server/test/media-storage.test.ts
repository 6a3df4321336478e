// Media in S3-compatible object storage (MEDIA_STORAGE=s3) through the real API, against a real
// S3-protocol server (s3rver) started here: a finished recording the media gateway published to
// the bucket plays from there by the URLs the API gives (playlists through the API, segments and
// posters by the store's public or pre-signed URLs); a private match's media is refused without a
// signature and served with one; deleting a match deletes its objects. The API's own MEDIA_DIR holds
// none of it: everything comes from the bucket.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_FILES } from "@clubcast/shared";
import { createMediaStore, type MediaScope } from "@clubcast/media-store";
import { api, createCast, generousLoginLimits, type Cast } from "@clubcast/testkit/api";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { createMatch } from "@clubcast/testkit/factories";
import { eventually, freePort } from "@clubcast/testkit";
import { startTestS3, type TestS3 } from "@clubcast/testkit/s3";
import { startWorkers, type RunningWorkers } from "@clubcast/testkit/worker";

const run = promisify(execFile);

let s3: TestS3;
let t: TestApp;
let cast: Cast;
let http: ReturnType<typeof api>;
/** The gateway's own disk: it writes the recording there and publishes it to the bucket. */
let gatewayDir: string;
let publicMatchId: number;
let privateMatchId: number;

/** Two seconds of HLS as the gateway lays a recording on demand out: vod.m3u8 → source/vod.m3u8 → source/s1-*.ts. */
async function recordInto(scope: MediaScope) {
  const gatewayStore = createMediaStore(gatewayDir, s3.storage);
  const dir = gatewayStore.dir(scope);
  mkdirSync(join(dir, "source"), { recursive: true });
  await run("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-t", "2"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-f", "hls", "-hls_time", "1"],
    ...["-hls_playlist_type", "vod", "-hls_segment_filename", join(dir, "source", "s1-%05d.ts")],
    join(dir, "source", "vod.m3u8"),
  ]);
  writeFileSync(join(dir, MEDIA_FILES.vodPlaylist), "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=300000\nsource/vod.m3u8\n");
  await run("ffmpeg", [
    "-v",
    "error",
    "-i",
    join(dir, "source", "s1-00000.ts"),
    "-frames:v",
    "1",
    join(dir, "poster.jpg"),
  ]);
  await gatewayStore.publishRecording(scope);
}

beforeAll(async () => {
  s3 = await startTestS3();
  gatewayDir = mkdtempSync(join(tmpdir(), "clubcast-gateway-"));
  const port = await freePort();
  t = await startTestApp({
    ...generousLoginLimits,
    publicUrl: `http://127.0.0.1:${port}`,
    mediaStorage: s3.storage,
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  http = api(t);
  cast = await createCast(t, http);
  const { prisma } = t.deps;
  for (const isPrivate of [false, true]) {
    const match = await createMatch(prisma, { clubId: cast.clubA.id, status: "vod", isPrivate });
    await prisma.match.update({
      where: { id: match.id },
      data: { vodHlsUrl: `${t.config.publicUrl}/media/matches/${match.id}/${MEDIA_FILES.vodPlaylist}` },
    });
    await recordInto({ kind: "matches", id: match.id });
    if (isPrivate) privateMatchId = match.id;
    else publicMatchId = match.id;
  }
}, 60_000);

let workers: RunningWorkers | null = null;

afterAll(async () => {
  await workers?.close();
  await t?.close();
  await s3?.close();
  rmSync(gatewayDir, { recursive: true, force: true });
});

const segmentBytes = (matchId: number) =>
  readFileSync(join(gatewayDir, "matches", String(matchId), "source", "s1-00000.ts"));

/** The match answer once its poster (learnt from the bucket in the background) is in it. */
const answerWithPoster = (matchId: number) =>
  eventually(async () => {
    const answer = (await http.get(`/v1/matches/${matchId}`, cast.adminA.token)).json().data;
    return answer.poster_url === null ? null : (answer as { vod_hls_url: string; poster_url: string });
  }, `match ${matchId}'s poster in its answer`);

/** How long ffprobe finds the video at `url` (it follows the playlists and the redirects as a player does). */
async function probedSeconds(url: string): Promise<number> {
  const { stdout } = await run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", url]);
  return Number(stdout.trim());
}

describe("with MEDIA_STORAGE=s3", () => {
  it("keeps nothing of the recordings on the API's disk: they are in the bucket", async () => {
    const keys = (await createMediaStore(t.config.mediaDir, s3.storage).objects.list(`matches/${publicMatchId}/`)).map(
      (info) => info.key,
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        `matches/${publicMatchId}/vod.m3u8`,
        `matches/${publicMatchId}/source/vod.m3u8`,
        `matches/${publicMatchId}/source/s1-00000.ts`,
        `matches/${publicMatchId}/poster.jpg`,
      ]),
    );
    expect(createMediaStore(t.config.mediaDir).has({ kind: "matches", id: publicMatchId }, "vod.m3u8")).toBe(false);
  });

  it("plays a public match on demand: playlists through the API, segments by the store's public URL", async () => {
    const answer = await answerWithPoster(publicMatchId);
    expect(answer.vod_hls_url).toBe(`${t.config.publicUrl}/media/matches/${publicMatchId}/vod.m3u8`);
    const master = await fetch(answer.vod_hls_url);
    expect(master.status).toBe(200);
    expect(master.headers.get("cache-control")).toBe("no-cache");
    expect(await master.text()).toContain("source/vod.m3u8");
    const mediaUrl = new URL("source/vod.m3u8", answer.vod_hls_url).href;
    const media = await fetch(mediaUrl);
    expect([media.status, media.headers.get("content-type")]).toEqual([200, "application/vnd.apple.mpegurl"]);
    expect(await media.text()).toContain("s1-00000.ts");

    const segmentUrl = new URL("s1-00000.ts", mediaUrl).href;
    const redirect = await fetch(segmentUrl, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe(
      `${s3.storage.publicUrl}/matches/${publicMatchId}/source/s1-00000.ts`,
    );
    const segment = await fetch(segmentUrl);
    expect(segment.headers.get("cache-control")).toMatch(/^public, max-age=\d+, immutable$/);
    expect(Buffer.from(await segment.arrayBuffer()).equals(segmentBytes(publicMatchId))).toBe(true);

    const poster = await fetch(answer.poster_url);
    expect([poster.status, poster.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect(await probedSeconds(answer.vod_hls_url)).toBeGreaterThan(1.5);
  });

  it("refuses a private match's media without a signature and serves it with one, by pre-signed URLs", async () => {
    for (const path of ["vod.m3u8", "source/vod.m3u8", "source/s1-00000.ts", "poster.jpg"]) {
      const refused = await fetch(`${t.config.publicUrl}/media/matches/${privateMatchId}/${path}`, {
        redirect: "manual",
      });
      expect(refused.status, path).toBe(404);
    }
    const answer = await answerWithPoster(privateMatchId);
    expect(answer.vod_hls_url).toContain("/media/signed/");
    const master = await fetch(answer.vod_hls_url);
    expect([master.status, master.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
    const mediaUrl = new URL("source/vod.m3u8", answer.vod_hls_url).href;
    const segmentUrl = new URL("s1-00000.ts", mediaUrl).href;
    const redirect = await fetch(segmentUrl, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("cache-control")).toBe("private, no-store");
    const location = redirect.headers.get("location")!;
    // Pre-signed and short-lived, never the store's public URL.
    expect(location).toContain("X-Amz-Signature=");
    expect(location).toMatch(/X-Amz-Expires=300\b/);
    const segment = await fetch(location);
    expect(segment.headers.get("cache-control")).toMatch(/^private, /);
    expect(Buffer.from(await segment.arrayBuffer()).equals(segmentBytes(privateMatchId))).toBe(true);
    // A tampered signature in the API's link is refused like no signature.
    const tampered = answer.vod_hls_url.replace(
      /\/signed\/(\d+)\/(.)/,
      (_, expires, first) => `/signed/${expires}/${first === "A" ? "B" : "A"}`,
    );
    expect((await fetch(tampered)).status).toBe(404);
    expect(await probedSeconds(answer.vod_hls_url)).toBeGreaterThan(1.5);
  });

  it("cuts a clip from the recording in the bucket and keeps it there", async () => {
    // The worker shares no disk with the gateway: it copies the recording from the bucket.
    workers = startWorkers(t.deps, t.services, {
      assetServerUrl: t.config.publicUrl,
      mediaGatewayUrl: t.config.publicUrl,
      outboundAllowedHosts: ["127.0.0.1"],
      concurrency: 2,
      mediaConcurrency: 1,
      requestTimeoutMs: 5000,
      lockDurationMs: 30_000,
      stalledIntervalMs: 30_000,
    });
    const sequence = await http.post(`/v1/matches/${publicMatchId}/sequences`, {}, cast.adminA.token);
    expect(sequence.statusCode).toBe(201);
    const marker = await http.post(
      `/v1/sequences/${sequence.json().data.id}/markers`,
      { time_ms: 1000, label: "a moment" },
      cast.adminA.token,
    );
    expect(marker.statusCode).toBe(201);
    const clip = await eventually(
      async () => {
        const clips = (await http.get(`/v1/matches/${publicMatchId}/clips`, cast.adminA.token)).json().data as {
          id: number;
          state: string;
          failure_reason: string | null;
          video_url: string | null;
        }[];
        return clips.find((one) => one.state === "ready" || one.state === "failed");
      },
      "the clip cut",
      60_000,
    );
    expect([clip.state, clip.failure_reason]).toEqual(["ready", null]);
    const path = new URL(clip.video_url!).pathname.replace(`/media/matches/${publicMatchId}/`, "");
    const objects = createMediaStore(t.config.mediaDir, s3.storage).objects;
    expect((await objects.head(`matches/${publicMatchId}/${path}`))?.size).toBeGreaterThan(1000);
    // Served from the bucket once this disk's copy is gone, as on another API server.
    rmSync(join(t.config.mediaDir, "matches", String(publicMatchId), path));
    const served = await fetch(clip.video_url!);
    expect(served.url.startsWith(s3.storage.publicUrl!)).toBe(true);
    expect(await probedSeconds(clip.video_url!)).toBeGreaterThan(0.5);

    // The clips table's zip holds it too, read from the bucket.
    const download = await http.post(
      `/v1/clubs/${cast.clubA.id}/clips/download`,
      { ids: [clip.id] },
      cast.adminA.token,
    );
    expect(download.statusCode).toBe(200);
    expect(download.json().data.failed).toEqual([]);
    const { pathname, search } = new URL(download.json().data.url as string);
    const zip = await http.get(pathname + search);
    expect([zip.statusCode, zip.headers["content-type"]]).toEqual([200, "application/zip"]);
    const folder = mkdtempSync(join(tmpdir(), "clubcast-zip-"));
    try {
      writeFileSync(join(folder, "clips.zip"), zip.rawPayload);
      await run("unzip", ["-q", join(folder, "clips.zip"), "-d", join(folder, "out")]);
      const [name] = download.json().data.files as { name: string }[];
      expect(await probedSeconds(join(folder, "out", name!.name))).toBeGreaterThan(0.5);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("keeps a club's logo in the bucket, serves it from there, and removes the one before", async () => {
    const objects = createMediaStore(t.config.mediaDir, s3.storage).objects;
    const put = async (image: Buffer) => {
      const res = await http.put(
        `/v1/clubs/${cast.clubA.id}/logo`,
        { image: image.toString("base64") },
        cast.adminA.token,
      );
      expect(res.statusCode).toBe(200);
      return res.json().data.logo as string;
    };
    const first = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 1)]);
    const firstUrl = await put(first);
    const key = `clubs/${cast.clubA.id}/${firstUrl.slice(firstUrl.lastIndexOf("/") + 1)}`;
    expect((await objects.get(key)).equals(first)).toBe(true);
    // Another API server, without the file on its disk, sends the browser to the bucket.
    rmSync(join(t.config.mediaDir, "clubs"), { recursive: true, force: true });
    const served = await fetch(firstUrl);
    expect(served.url).toBe(`${s3.storage.publicUrl}/${key}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(first)).toBe(true);
    const second = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 2)]);
    await put(second);
    expect((await objects.list(`clubs/${cast.clubA.id}/`)).length).toBe(1);
    expect(await objects.head(key)).toBeNull();
  });

  it("deletes a match's objects with the match", async () => {
    const objects = createMediaStore(t.config.mediaDir, s3.storage).objects;
    expect((await objects.list(`matches/${privateMatchId}/`)).length).toBeGreaterThan(2);
    expect((await http.del(`/v1/matches/${privateMatchId}`, cast.adminA.token)).statusCode).toBe(200);
    expect(await objects.list(`matches/${privateMatchId}/`)).toEqual([]);
    expect((await objects.list(`matches/${publicMatchId}/`)).length).toBeGreaterThan(2);
  });
});
