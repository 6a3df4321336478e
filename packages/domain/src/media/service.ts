// Media: which file of the media store a /media request may read, the media
// links of a match answer (signed for private matches), and removing a match's
// media. The layout on disk belongs to @clubcast/media-store; signing to ./signing.ts.
//
// A match's media is private when the match is (the database) or its media is
// (the store's manifest, which the asset updates set after a privacy change):
// either says private, and only signed URLs reach it. Whatever is refused
// answers 404, never 403, so a private match's existence doesn't leak.
import { createReadStream } from "node:fs";
import { extname, normalize } from "node:path";
import type { Readable } from "node:stream";
import { isRenderedVideoFile, MEDIA_FILES } from "@clubcast/shared";
import { ObjectNotFoundError, type MediaScope, type ObjectStream } from "@clubcast/media-store";
import type { Deps } from "../deps.ts";
import { NotFoundError } from "../core/errors.ts";
import { createMediaUrlSigner, type MediaArchive } from "./signing.ts";
import {
  MEDIA_FILE_TYPES,
  archiveMediaRequest,
  type ArchiveMediaRequest,
  clubLogoRequest,
  type ClubLogoRequest,
  publicMediaRequest,
  signedMediaRequest,
  type MatchMediaLinks,
  type MediaFileType,
  type PublicMediaRequest,
  type SignedMediaRequest,
} from "./schemas.ts";

/** A file a media request may read. */
export interface MediaFile {
  /** Absolute path inside the scope's folder (it may still vanish: live segments rotate). */
  path: string;
  type: MediaFileType;
  /** Whether it was reached through a signed URL (a private match or a preview). */
  signed: boolean;
  /**
   * Set when the file is not on this machine's disk but in the store (MEDIA_STORAGE=s3): the routes
   * stream it from there or send the player to `url` (the store's public or pre-signed URL).
   */
  stored?: { url: string | null; open(range?: { start: number; end: number }): Promise<ObjectStream> };
}

/** What the links of a match's files depend on: its privacy and link epochs (see ./signing.ts). */
export interface LinkOwner {
  id: number;
  is_private: boolean;
  /** The match's link epoch. */
  link_epoch: number;
  /** A clip's or summary's link epoch, when the files are its own. */
  rendered_link_epoch?: number;
}

/** What a match answer carries that its media links depend on. */
export interface MatchForLinks extends Omit<LinkOwner, "rendered_link_epoch"> {
  live_hls_url: string | null;
  vod_hls_url: string | null;
  /** The worker writes it once the download is made: a new status looks at the folder again. */
  download_status: string | null;
}

/** The epoch a signed link carries: the match's, then the clip's or summary's whose file it opens. */
const epochOf = (matchEpoch: number, renderedEpoch?: number | null) =>
  renderedEpoch === undefined || renderedEpoch === null ? `${matchEpoch}` : `${matchEpoch}.${renderedEpoch}`;
/** Previews are revoked by their expiry only (club staff who manage streams see them). */
const PREVIEW_EPOCH = "0";

const notFound = () => new NotFoundError("not_found.generic");
/** A stored file deleted between its check and its reading is not found either. */
const gone = (error: unknown): never => {
  throw error instanceof ObjectNotFoundError ? notFound() : error;
};

/**
 * How long a match answer trusts what it found in the match's folder (a poster, a download) while the
 * match's media URLs and download status stay the same. The poster is made before the gateway reports
 * the recording finished, and that report changes the match's URLs; the download is made before the
 * worker marks it ready: the first answer after either looks again. Every answer (cached or not) names its matches' links, and the two
 * existence checks per match were the costliest part of a list page's answer.
 */
export const MEDIA_FILES_SEEN_FOR_MS = 1000;
/** Past this many remembered folders, the memory starts over (a page names 20 matches). */
const FOLDERS_REMEMBERED = 10_000;

export function createMediaService(deps: Deps) {
  const { prisma, config } = deps;
  const store = deps.mediaStore;
  const signer = createMediaUrlSigner(config);
  const matchScope = (id: number): MediaScope => ({ kind: "matches", id });

  /**
   * Which of a poster and a download a match's folder holds, as seen within MEDIA_FILES_SEEN_FOR_MS
   * by an answer with the same media URLs and download status.
   */
  const seenFolders = new Map<number, { poster: boolean; download: boolean; seenWith: string; until: number }>();
  function filesOfMatch(match: MatchForLinks): { poster: boolean; download: boolean } {
    const now = performance.now();
    const seenWith = `${match.live_hls_url} ${match.vod_hls_url} ${match.download_status}`;
    const seen = seenFolders.get(match.id);
    if (seen && seen.until > now && seen.seenWith === seenWith) return seen;
    if (seenFolders.size >= FOLDERS_REMEMBERED) seenFolders.clear();
    const scope = matchScope(match.id);
    const files = {
      poster: store.has(scope, MEDIA_FILES.poster),
      download: store.has(scope, MEDIA_FILES.download),
      seenWith,
      until: now + MEDIA_FILES_SEEN_FOR_MS,
    };
    seenFolders.set(match.id, files);
    return files;
  }

  /** The file `path` names below the scope, if it is of a kind that is served. */
  function fileOf(scope: MediaScope, path: string, signed: boolean): MediaFile {
    const type = MEDIA_FILE_TYPES[extname(path).slice(1).toLowerCase() as keyof typeof MEDIA_FILE_TYPES];
    // resolveInside refuses `..`, absolute paths, NUL bytes, hidden names and the manifest.
    const file = type ? store.resolveInside(scope, path) : null;
    if (!type || !file) throw notFound();
    return { path: file, type, signed };
  }

  /**
   * The file as it is served: where it really is, once the store has found it a regular file inside
   * MEDIA_DIR (what the gateway on this machine writes: the live edge), else the store's object of it.
   */
  async function servable(file: MediaFile, scope: MediaScope, path: string): Promise<MediaFile> {
    const real = await store.servableFile(file.path);
    if (real) return { ...file, path: real };
    const stored = await store.storedFile(scope, normalize(path));
    if (!stored) throw notFound();
    const url = await store.urlOf(stored, file.signed);
    return { ...file, stored: { url, open: (range) => store.streamStored(stored, range).catch(gone) } };
  }

  /** GET /media/matches/{id}/{path}: a file of a public match (404 for a private or missing one). */
  async function publicFile(request: PublicMediaRequest): Promise<MediaFile> {
    const parsed = publicMediaRequest.safeParse(request);
    if (!parsed.success) throw notFound();
    const { id, path } = parsed.data;
    const scope = matchScope(id);
    // The path is checked before anything is read.
    const file = fileOf(scope, path, false);
    const match = await prisma.match.findUnique({ where: { id }, select: { isPrivate: true } });
    if (!match || match.isPrivate || store.readManifest(scope)?.is_private) throw notFound();
    // The stored path, however the request spelled it ("clips//1-1.mp4", "./clips/1-1.mp4").
    if (await madePrivate(id, normalize(path))) throw notFound();
    return servable(file, scope, path);
  }

  /** Whether `path` is a file of a clip or summary of the match that was made private. */
  async function madePrivate(matchId: number, path: string): Promise<boolean> {
    // A playlist, part or segment (most requests: LL-HLS viewers poll them) is no clip's or summary's.
    if (!isRenderedVideoFile(path)) return false;
    const of = { matchId, isPrivate: true, OR: [{ videoPath: path }, { posterPath: path }] };
    const [clips, summaries] = await Promise.all([
      prisma.clip.count({ where: of }),
      prisma.summary.count({ where: of }),
    ]);
    return clips + summaries > 0;
  }

  /** GET /media/archives/…: which zip a signed archive URL grants (404 for a wrong or expired one). */
  function archiveOf(request: ArchiveMediaRequest, now = Date.now()): MediaArchive {
    const parsed = archiveMediaRequest.safeParse(request);
    if (!parsed.success) throw notFound();
    const { expires, signature, ...archive } = parsed.data;
    if (!signer.verifyArchive(archive, expires, signature, now)) throw notFound();
    return archive;
  }

  /**
   * How to read a match's file whole (a clip for a zip): from this disk when it is here, else from the store
   * (an API server on another machine than the worker that made it); null when neither has it.
   */
  async function matchFileReader(matchId: number, path: string): Promise<(() => Promise<Readable>) | null> {
    const scope = matchScope(matchId);
    const located = async () => servable(fileOf(scope, path, true), scope, path);
    const file = await located().catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (!file) return null;
    const { stored } = file;
    return stored ? async () => (await stored.open()).body : async () => createReadStream(file.path);
  }

  /** GET /media/signed/{expires}/{token}/{kind}/{id}/{path}: a file through a signed URL. */
  async function signedFile(request: SignedMediaRequest, now = Date.now()): Promise<MediaFile> {
    const parsed = signedMediaRequest.safeParse(request);
    if (!parsed.success) throw notFound();
    const { expires, signature, kind, id, path } = parsed.data;
    const scope: MediaScope = { kind, id };
    // The path is checked before anything is read.
    const file = fileOf(scope, path, true);
    const epoch = kind === "previews" ? PREVIEW_EPOCH : await currentEpoch(id, normalize(path));
    if (epoch === null || !signer.verify(scope, path, expires, signature, epoch, now)) throw notFound();
    return servable(file, scope, path);
  }

  /** The link epoch of a match's file now (null for a missing match): the match's, and its clip's or summary's. */
  async function currentEpoch(matchId: number, path: string): Promise<string | null> {
    const of = { matchId, OR: [{ videoPath: path }, { posterPath: path }] };
    const select = { linkEpoch: true };
    // A playlist, part or segment (most requests: LL-HLS viewers poll them) is no clip's or summary's.
    const rendered = isRenderedVideoFile(path);
    const [match, clip, summary] = await Promise.all([
      prisma.match.findUnique({ where: { id: matchId }, select }),
      rendered ? prisma.clip.findFirst({ where: of, select }) : null,
      rendered ? prisma.summary.findFirst({ where: of, select }) : null,
    ]);
    return match && epochOf(match.linkEpoch, (clip ?? summary)?.linkEpoch);
  }

  /** GET /media/clubs/{id}/{file}: a club's logo, public like the club's name (its public page shows it). */
  async function clubLogoFile(request: ClubLogoRequest): Promise<MediaFile> {
    const parsed = clubLogoRequest.safeParse(request);
    const file = parsed.success ? store.clubLogoFile(parsed.data.id, parsed.data.file) : null;
    if (!parsed.success || !file) throw notFound();
    const type = MEDIA_FILE_TYPES[extname(file).slice(1) as keyof typeof MEDIA_FILE_TYPES];
    return servable({ path: file, type, signed: false }, { kind: "clubs", id: parsed.data.id }, parsed.data.file);
  }

  /** The path below the match's folder that `url` names, when it is one of our unsigned media URLs. */
  function ownMediaPath(matchId: number, url: string | null): string | null {
    const prefix = signer.publicPrefix(matchId);
    if (!url?.startsWith(prefix)) return null;
    const path = url.slice(prefix.length);
    return path && !/[?#]/.test(path) ? path : null;
  }

  /** Whether `vodHlsUrl` is a match's video-on-demand in our media store (the gateway's), which a download is made from. */
  const isOwnVideo = (matchId: number, vodHlsUrl: string | null) =>
    ownMediaPath(matchId, vodHlsUrl) === MEDIA_FILES.vodPlaylist;

  /**
   * The media links of a match answer, at the moment of answering (never kept
   * in the read cache: signatures expire, posters and downloads appear without
   * a database write). The match's own media URLs, a poster and a download are
   * signed when the match is private, plain otherwise; URLs elsewhere (a camera
   * server's, another match's) stay as they are. At most two existence checks
   * per match a second (filesOfMatch), and a manifest read only for a public
   * match with media of ours.
   */
  function matchLinks(match: MatchForLinks, now = Date.now()): MatchMediaLinks {
    const live = ownMediaPath(match.id, match.live_hls_url);
    const vod = ownMediaPath(match.id, match.vod_hls_url);
    const files = filesOfMatch(match);
    const poster = files.poster ? MEDIA_FILES.poster : null;
    const download = files.download ? MEDIA_FILES.download : null;
    const links = { live_hls_url: match.live_hls_url, vod_hls_url: match.vod_hls_url };
    if (live === null && vod === null && poster === null && download === null) {
      return { ...links, poster_url: null, download_url: null };
    }
    const [liveUrl, vodUrl, posterUrl, downloadUrl] = matchFileUrls(match, [live, vod, poster, download], now);
    return {
      live_hls_url: live === null ? links.live_hls_url : liveUrl!,
      vod_hls_url: vod === null ? links.vod_hls_url : vodUrl!,
      poster_url: posterUrl!,
      download_url: downloadUrl!,
    };
  }

  /**
   * URLs of files below a match's folder (null stays null): signed when the
   * match or its media is private, plain otherwise. Reads the manifest once.
   */
  function matchFileUrls(owner: LinkOwner, paths: (string | null)[], now = Date.now()): (string | null)[] {
    const scope = matchScope(owner.id);
    if (paths.every((path) => path === null)) return paths;
    const isPrivate = owner.is_private || store.readManifest(scope)?.is_private === true;
    const epoch = epochOf(owner.link_epoch, owner.rendered_link_epoch);
    return paths.map((path) =>
      path === null ? null : isPrivate ? signer.signedUrl(scope, path, epoch, now) : signer.publicUrl(owner.id, path),
    );
  }

  /** A signed URL of a file of a match or a configuration's preview, e.g. a publisher's live playlist. */
  async function scopeFileUrl(scope: MediaScope, path: string, now = Date.now()): Promise<string> {
    if (scope.kind !== "matches") return signer.signedUrl(scope, path, PREVIEW_EPOCH, now);
    const match = await prisma.match.findUnique({ where: { id: scope.id }, select: { linkEpoch: true } });
    return signer.signedUrl(scope, path, epochOf(match?.linkEpoch ?? 0), now);
  }

  /** Deletes files below a match's folder (paths as stored with a clip); a path leaving the folder is ignored. */
  async function removeMatchFiles(matchId: number, paths: (string | null)[]): Promise<void> {
    await store.removeFiles(
      matchScope(matchId),
      paths.filter((path): path is string => path !== null),
    );
  }

  /** Deletes a match's media, on this disk and in the store (after the match itself is gone). */
  async function removeMatchMedia(matchId: number): Promise<void> {
    seenFolders.delete(matchId);
    // The match is gone already: a store that fails now leaves objects no URL names, not a failed deletion.
    await store
      .remove(matchScope(matchId))
      .catch((error: Error) => console.error(`[media] match ${matchId}'s stored media stays: ${error.message}`));
  }

  return {
    publicFile,
    signedFile,
    clubLogoFile,
    matchLinks,
    isOwnVideo,
    matchFileUrls,
    removeMatchMedia,
    removeMatchFiles,
    archiveOf,
    archiveUrl: signer.archiveUrl,
    matchFileReader,
    scopeFileUrl,
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
