import { z } from "zod";
import { ingestAnswer } from "@clubcast/shared/schemas";
import { exactText, idParam } from "../core/schemas.ts";

/** What a media path may name below its scope: not empty, no NUL byte (the store checks the rest). */
const mediaPath = exactText(400).min(1);

/** GET /media/matches/{id}/{path}: a public match's file. */
export const publicMediaRequest = z.object({ id: idParam, path: mediaPath });

/** GET /media/clubs/{id}/{file}: a club's logo. */
export const clubLogoRequest = z.object({ id: idParam, file: mediaPath });

/** GET /media/signed/{expires}/{signature}/{kind}/{id}/{path}: a file through a signed URL. */
export const signedMediaRequest = z.object({
  expires: exactText(20),
  signature: exactText(100),
  kind: z.enum(["matches", "previews"]),
  id: idParam,
  path: mediaPath,
});

/** At most this many clips or summaries in one bulk action (and one zip): a sane size for one download. */
export const BULK_MAX_IDS = 100;

/** GET /media/archives/{expires}/{signature}/{kind}/{club}/{id-id-…}.zip: a zip through a signed URL. */
export const archiveMediaRequest = z.object({
  expires: exactText(20),
  signature: exactText(100),
  kind: z.enum(["clips", "summaries"]),
  club: idParam,
  ids: z
    .string()
    .regex(/^[1-9]\d{0,9}(-[1-9]\d{0,9})*\.zip$/)
    .transform((name) => name.slice(0, -".zip".length).split("-").map(Number))
    .pipe(z.array(z.number().int().max(2_147_483_647)).min(1).max(BULK_MAX_IDS)),
});

/** The kinds of file served, by extension; anything else (temporary files, the manifest) never is. */
export { MEDIA_FILE_TYPES, type MediaFileType } from "@clubcast/media-store";

/** The parts of a media URL's path, as they came (the service parses them). */
export type PublicMediaRequest = Record<keyof z.input<typeof publicMediaRequest>, string>;
export type ClubLogoRequest = Record<keyof z.input<typeof clubLogoRequest>, string>;
export type SignedMediaRequest = Record<keyof z.input<typeof signedMediaRequest>, string>;
export type ArchiveMediaRequest = Record<keyof z.input<typeof archiveMediaRequest>, string>;

/** The media links of a match answer (added when answering, never cached: signatures expire). */
export const matchMediaLinks = z.object({
  live_hls_url: z.string().nullable(),
  vod_hls_url: z.string().nullable(),
  /** The poster image, when the media store has one. */
  poster_url: z.string().nullable(),
  /** The MP4 download, when the media store has one. */
  download_url: z.string().nullable(),
});

export type MatchMediaLinks = z.infer<typeof matchMediaLinks>;

// A configuration's input carries it back, so it lives with the input schemas in @clubcast/shared.
export { ingestAnswer };

export type IngestAnswer = z.infer<typeof ingestAnswer>;
