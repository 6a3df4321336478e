// Signed media URLs: how a private match's (or a preview's) video is handed to
// the viewers the API already let see it, without a bearer token on every
// segment request (players fetch playlists and segments by plain GETs).
//
//   {publicUrl}/media/signed/{expires}/{token}/{kind}/{id}/{path}
//
// The token sits in the PATH, not the query string, so the relative uris inside
// playlists (`source/vod.m3u8`, `s1-00003.ts`) resolve to URLs that carry it too.
// A URL opens one thing of its scope (a match or a preview), never the whole folder:
//
//   - a file (a poster, a download, one clip's video): token = signature, over that path;
//   - a master playlist (live.m3u8, vod.m3u8) with what it names: token = `{signature}.{live|vod}`,
//     opening that master playlist, its renditions' playlists of the same name
//     (`{rendition}/vod.m3u8`) and their segments (`{rendition}/*.ts`), nothing else.
//     A prefix over the playlist family rather than a signature per segment: playlists stay
//     the files the gateway writes (no rewriting per viewer, live ones change every second),
//     and hls.js resolves their relative uris to URLs carrying the token.
//
//   signature = base64url(HMAC-SHA256(secret, `${kind}/${id}/${grant}@${epoch}:${expires}`))
//
// with `grant` `file:{path}` or `hls:{live|vod}`, `expires` in Unix seconds, and `epoch`
// the link epoch of what is opened (a match's, then a clip's or summary's for its files):
// a counter the database bumps when the match turns private or public, or a clip turns
// private or loses a team's share (prisma/migrations/*_link_epochs). The epoch is not in
// the URL: the check signs again with the current one, so bumping it revokes every link
// handed out before, without waiting for the expiry, for the cost of reading the row the
// media request reads anyway. A zip of a club's clips or summaries (the tables' bulk
// download) is signed over what it holds:
//
//   {publicUrl}/media/archives/{expires}/{signature}/{kind}/{club}/{id-id-…}.zip
//   signature = base64url(HMAC-SHA256(secret, `archives/${kind}/${club}/${ids}:${expires}`))
//
// The secret is MEDIA_URL_SECRET, else a random
// key kept in MEDIA_DIR/.url-secret (mode 0600), created once by whichever
// process needs it first, so every server (and the gateway) sharing MEDIA_DIR
// signs and checks alike. Nothing here knows HTTP.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, posix } from "node:path";
import { MEDIA_FILES } from "@clubcast/shared";
import type { MediaScope } from "@clubcast/media-store";

/** The file under MEDIA_DIR holding the generated key (when MEDIA_URL_SECRET is not set). */
export const URL_SECRET_FILE = ".url-secret";

/** A signature as it appears in URLs: 32 bytes of HMAC-SHA256, base64url without padding. */
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A signed media URL's token: the signature, then the playlist family it opens, if any. */
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{43})(?:\.(live|vod))?$/;

/** The master playlists whose links open their renditions' playlists and segments too, by family. */
const PLAYLIST_FAMILIES = { [MEDIA_FILES.livePlaylist]: "live", [MEDIA_FILES.vodPlaylist]: "vod" } as const;
type PlaylistFamily = (typeof PLAYLIST_FAMILIES)[keyof typeof PLAYLIST_FAMILIES];
/** What a segment of a rendition is named (`{rendition}/s1-00003.ts`). */
const SEGMENT_FILE = /\.(ts|m4s)$/;

/** Whether a path (normalised, below the scope) is a master playlist of the family, one of its renditions' or a segment. */
function inFamily(family: PlaylistFamily, path: string): boolean {
  const playlist = `${family}.m3u8`;
  const names = path.split("/");
  if (names.length === 1) return names[0] === playlist;
  return names.length === 2 && (names[1] === playlist || SEGMENT_FILE.test(names[1]!));
}

/** A path below a scope as links name it: "clips//1.mp4" and "./clips/1.mp4" are "clips/1.mp4". */
const normalPath = (path: string) => posix.normalize(path).replace(/^\.\//, "");
/** Expiry in Unix seconds, decimal (no sign, no exponent, no leading zero). */
const EXPIRES_PATTERN = /^[1-9]\d{0,11}$/;

/** A zip of some of a club's clips or summaries. */
export interface MediaArchive {
  kind: "clips" | "summaries";
  club: number;
  ids: number[];
}

export interface MediaSigningSettings {
  publicUrl: string;
  mediaDir: string;
  mediaUrlSecret: string | null;
  mediaUrlTtlSeconds: number;
}

/**
 * The key in MEDIA_DIR/.url-secret, created when missing. Concurrent creators
 * race safely: each writes a private temporary file and hard-links it into
 * place; link() fails for all but the first, and everyone reads the winner's key.
 */
export function loadOrCreateUrlSecret(mediaDir: string): string {
  const file = join(mediaDir, URL_SECRET_FILE);
  const read = () => {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length < 32) throw new Error(`${file} holds no usable key: delete it to have a new one made`);
    return secret;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(mediaDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(temporary, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
  return read();
}

export function createMediaUrlSigner(settings: MediaSigningSettings) {
  let secret: string | null = settings.mediaUrlSecret;
  // Read (or made) on first use, so a server that never signs never touches MEDIA_DIR for it.
  const key = () => (secret ??= loadOrCreateUrlSecret(settings.mediaDir));

  const signText = (text: string, expires: number) =>
    createHmac("sha256", key()).update(`${text}:${expires}`).digest("base64url");
  const grantText = (scope: MediaScope, grant: string, epoch: string) => `${scope.kind}/${scope.id}/${grant}@${epoch}`;
  const archiveText = ({ kind, club, ids }: MediaArchive) => `archives/${kind}/${club}/${ids.join("-")}`;

  /** Whether `expires` and `signature`, as they came in a URL, sign `text` at `now` (ms), in constant time. */
  function verifyText(text: string, expires: string, signature: string, now: number): boolean {
    if (!EXPIRES_PATTERN.test(expires) || !SIGNATURE_PATTERN.test(signature)) return false;
    const expiresAt = Number(expires);
    if (expiresAt * 1000 <= now) return false;
    const expected = Buffer.from(signText(text, expiresAt));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Unix seconds at which a URL signed at `now` (ms) stops working. */
  const expiryFrom = (now: number) => Math.floor(now / 1000) + settings.mediaUrlTtlSeconds;

  return {
    /**
     * A signed URL of a file of a match or preview, valid for MEDIA_URL_TTL_SECONDS and until `epoch`
     * (see linkEpoch) changes. `path` is relative to the scope's folder, as in URLs (e.g. "live.m3u8"):
     * a master playlist's URL opens what it names too, any other file's only that file.
     */
    signedUrl(scope: MediaScope, path: string, epoch: string, now = Date.now()): string {
      const expires = expiryFrom(now);
      const file = normalPath(path);
      const family = PLAYLIST_FAMILIES[file as keyof typeof PLAYLIST_FAMILIES];
      const grant = family ? `hls:${family}` : `file:${file}`;
      const signature = signText(grantText(scope, grant, epoch), expires);
      const token = family ? `${signature}.${family}` : signature;
      return `${settings.publicUrl}/media/signed/${expires}/${token}/${scope.kind}/${scope.id}/${path}`;
    },

    /** The unsigned URL of a public match's file. */
    publicUrl(matchId: number, path: string): string {
      return `${settings.publicUrl}/media/matches/${matchId}/${path}`;
    },

    /** The prefix of the unsigned URLs of a match's files ("…/media/matches/{id}/"). */
    publicPrefix(matchId: number): string {
      return `${settings.publicUrl}/media/matches/${matchId}/`;
    },

    /**
     * Whether `expires` and `token`, as they came in a URL, open `path` of the scope at `now` (ms)
     * with the scope's current `epoch`. The comparison takes the same time whatever the signature.
     */
    verify(scope: MediaScope, path: string, expires: string, token: string, epoch: string, now = Date.now()): boolean {
      const [, signature = "", family] = TOKEN_PATTERN.exec(token) ?? [];
      const file = normalPath(path);
      if (family && !inFamily(family as PlaylistFamily, file)) return false;
      const grant = family ? `hls:${family}` : `file:${file}`;
      return verifyText(grantText(scope, grant, epoch), expires, signature, now);
    },

    /** A signed URL of a zip of a club's clips or summaries, valid for MEDIA_URL_TTL_SECONDS. */
    archiveUrl(archive: MediaArchive, now = Date.now()): string {
      const expires = expiryFrom(now);
      const { kind, club, ids } = archive;
      const signature = signText(archiveText(archive), expires);
      return `${settings.publicUrl}/media/archives/${expires}/${signature}/${kind}/${club}/${ids.join("-")}.zip`;
    },

    /** Whether an archive URL's `expires` and `signature` grant that archive at `now` (ms). */
    verifyArchive(archive: MediaArchive, expires: string, signature: string, now = Date.now()): boolean {
      return verifyText(archiveText(archive), expires, signature, now);
    },
  };
}

export type MediaUrlSigner = ReturnType<typeof createMediaUrlSigner>;
