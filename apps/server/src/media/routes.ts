// The HTTP side of media: playlists, segments, posters, downloads and club logos from the
// media store, as players and browsers fetch them (plain GETs without a bearer
// token; HEAD, Range and conditional requests). The media service decides which
// file a request may read; this only delivers it. Not /v1 JSON routes, so they
// are not in the route catalogue or the OpenAPI document.
import { constants } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { AppError, NotFoundError } from "@clubcast/domain/core/errors.ts";
import type { Services } from "@clubcast/domain/services.ts";
import type { MediaFile } from "@clubcast/domain/media/service.ts";
import { cacheControlOf as mediaCacheControl } from "@clubcast/media-store";
import { createPlaylistWaits, reloadRequestOf, type PlaylistWaits } from "./blocking-reload.ts";
import { asksForDeltaUpdate, deltaUpdateOf } from "./delta-update.ts";

type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

/**
 * The one byte range a Range header asks for (`bytes=a-b`, `bytes=a-`, `bytes=-n`),
 * "unsatisfiable" when it starts past the end, null to send the whole file
 * (no header, another unit, several ranges or a malformed one, as RFC 9110 allows).
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== "" && Number(to) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/** How long and by whom a file may be cached (one rule for the API, the store's URLs and a CDN: see media-store). */
export const cacheControlOf = (file: Pick<MediaFile, "type" | "signed">): string =>
  mediaCacheControl(file.type, file.signed);

/**
 * A live playlist asked for with `_HLS_msn`/`_HLS_part` (low-latency HLS) is answered once it lists that
 * segment or part (see ./blocking-reload.ts); a malformed or too distant request is a 400, as the spec says.
 * The signature of a signed URL covers its path: these query parameters come on top.
 */
async function awaitBlockingReload(request: FastifyRequest, file: MediaFile, waits: PlaylistWaits) {
  if (!file.type.playlist) return;
  const reload = reloadRequestOf(request.query as Record<string, unknown>);
  if (reload === null) return;
  if (reload === "malformed" || (await waits.until(file.path, reload)) === "too far") {
    throw new AppError(400, "validation.failed");
  }
}

/** The headers every media answer carries, whoever delivers it. */
function mediaHeaders(reply: FastifyReply, file: MediaFile) {
  return (
    reply
      // Players on other origins (a club's own site, the web client's dev server) may fetch it: the URL is the capability.
      .header("access-control-allow-origin", "*")
      // Their <img> and <video> load it without CORS; the same-origin default of the security headers would refuse.
      .header("cross-origin-resource-policy", "cross-origin")
      .header("access-control-expose-headers", "content-length, content-range, accept-ranges, etag")
      .header("content-type", file.type.contentType)
      .header("cache-control", cacheControlOf(file))
  );
}

/**
 * A file kept in the store (MEDIA_STORAGE=s3). Segments, posters, downloads and logos: a redirect to
 * the store's URL (a public match's by its CDN or public URL, a private one's pre-signed for a few
 * minutes), so their bytes never pass through the API; the redirect of a signed request is never kept
 * by a shared cache. Playlists are streamed from the store by the API: their relative uris must keep
 * resolving to the API's URLs, which carry the signature and the privacy check.
 */
async function deliverStored(request: FastifyRequest, reply: FastifyReply, file: MediaFile) {
  const stored = file.stored!;
  if (!file.type.playlist && stored.url) {
    return reply
      .status(302)
      .header("location", stored.url)
      .header("access-control-allow-origin", "*")
      .header("cache-control", file.signed ? "private, no-store" : "no-cache")
      .send();
  }
  const whole = await stored.open();
  const etag = `"${whole.etag}"`;
  mediaHeaders(reply, file)
    .header("accept-ranges", "bytes")
    .header("etag", etag)
    .header("last-modified", whole.lastModified.toUTCString());
  if (request.headers["if-none-match"] === etag) {
    whole.body.destroy();
    return reply.status(304).send();
  }
  const range = byteRangeOf(request.headers.range, whole.size);
  if (range === "unsatisfiable") {
    whole.body.destroy();
    return reply.status(416).header("content-range", `bytes */${whole.size}`).send();
  }
  if (request.method === "HEAD" || range) whole.body.destroy();
  const { start, end } = range ?? { start: 0, end: whole.size - 1 };
  reply.header("content-length", String(Math.max(0, end - start + 1)));
  if (range) reply.status(206).header("content-range", `bytes ${start}-${end}/${whole.size}`);
  if (request.method === "HEAD" || whole.size === 0) return reply.send();
  return reply.send(range ? (await stored.open(range)).body : whole.body);
}

async function deliver(request: FastifyRequest, reply: FastifyReply, file: MediaFile, waits?: PlaylistWaits) {
  if (waits) await awaitBlockingReload(request, file, waits);
  if (file.stored) return deliverStored(request, reply, file);
  let handle: FileHandle;
  try {
    // The store resolved every link on the way; O_NOFOLLOW keeps a link swapped in since then from being followed.
    handle = await open(file.path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    // Gone meanwhile (a rotated live segment), or a folder's name.
    throw new NotFoundError("not_found.generic");
  }
  let streaming = false;
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new NotFoundError("not_found.generic");
    // A live playlist asked for as a delta update (./delta-update.ts) is sent rewritten, whole.
    const delta =
      waits && file.type.playlist && asksForDeltaUpdate(request.query as Record<string, unknown>)
        ? deltaUpdateOf(await handle.readFile("utf8"))
        : null;
    const version = `${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}`;
    const etag = delta === null ? `W/"${version}"` : `W/"${version}-skip"`;
    mediaHeaders(reply, file)
      .header("accept-ranges", "bytes")
      .header("etag", etag)
      .header("last-modified", stat.mtime.toUTCString());
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    if (delta !== null) {
      reply.header("content-length", String(Buffer.byteLength(delta)));
      return request.method === "HEAD" ? reply.send() : reply.send(delta);
    }

    const range = byteRangeOf(request.headers.range, stat.size);
    if (range === "unsatisfiable") {
      return reply.status(416).header("content-range", `bytes */${stat.size}`).send();
    }
    const { start, end } = range ?? { start: 0, end: stat.size - 1 };
    reply.header("content-length", String(Math.max(0, end - start + 1)));
    if (range) reply.status(206).header("content-range", `bytes ${start}-${end}/${stat.size}`);
    if (request.method === "HEAD" || stat.size === 0) return reply.send();
    streaming = true;
    return reply.send(handle.createReadStream({ start, end, autoClose: true }));
  } finally {
    if (!streaming) await handle.close();
  }
}

/** Whether a request's URL is under /media (the paths this module answers). */
export const isMediaPath = (url: string) => url === "/media" || url.startsWith("/media/");

export function registerMediaRoutes(app: FastifyInstance, { media, clips, summaries }: Services): void {
  // HEAD is declared, not derived from GET: Fastify's derived HEAD would read the file to drop it.
  const methods: HTTPMethods[] = ["GET", "HEAD"];
  const waits = createPlaylistWaits();
  app.addHook("onClose", async () => waits.close());
  app.route<{ Params: { id: string; "*": string } }>({
    method: methods,
    url: "/media/matches/:id/*",
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const file = await media.publicFile({ id: request.params.id, path: request.params["*"] });
      return deliver(request, reply, file, waits);
    },
  });
  app.route<{ Params: { expires: string; signature: string; kind: string; id: string; "*": string } }>({
    method: methods,
    url: "/media/signed/:expires/:signature/:kind/:id/*",
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const { expires, signature, kind, id } = request.params;
      const file = await media.signedFile({ expires, signature, kind, id, path: request.params["*"] });
      return deliver(request, reply, file, waits);
    },
  });
  // The clips and summaries tables' bulk download: one zip, streamed as it is made (no length, no ranges).
  app.route<{ Params: { expires: string; signature: string; kind: string; club: string; ids: string } }>({
    method: "GET",
    url: "/media/archives/:expires/:signature/:kind/:club/:ids",
    handler: async (request, reply) => {
      const { kind, club, ids } = media.archiveOf(request.params);
      const zip = await (kind === "clips" ? clips : summaries).archive(club, ids);
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="clubcast-${kind}.zip"`)
        .header("cache-control", "private, no-store")
        .send(zip);
    },
  });
  app.route<{ Params: { id: string; file: string } }>({
    method: methods,
    url: "/media/clubs/:id/:file",
    exposeHeadRoute: false,
    handler: async (request, reply) => deliver(request, reply, await media.clubLogoFile(request.params)),
  });
  // Anything else under /media is not found, in the usual JSON shape (and not the web client's page).
  app.route({
    method: methods,
    url: "/media/*",
    exposeHeadRoute: false,
    handler: () => {
      throw new NotFoundError("not_found.generic");
    },
  });
}
