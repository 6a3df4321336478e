import { z } from "zod";
import { DOWNLOAD_STATUSES, LIST_STATUSES, MATCH_STATUSES, RECORDING_PROBLEMS } from "@clubcast/shared";
import { createMatchInput, scoreInput, UPDATE_ONLY_FIELDS, updateMatchInput } from "@clubcast/shared/schemas";
import { jobsAnswer } from "../core/answers.ts";
import { pageQuery, pagedSchema } from "../core/pagination.ts";
import { idParam, text } from "../core/schemas.ts";
import { matchMediaLinks } from "../media/schemas.ts";

// The editing inputs live in @clubcast/shared: the web's match form checks with them too.
export { createMatchInput, scoreInput, UPDATE_ONLY_FIELDS, updateMatchInput };

export const matchListQuery = pageQuery.extend({
  status: z.enum(LIST_STATUSES),
  /** A sport's slug (the public sport page). */
  sport: text(100).min(1).optional(),
  /** Matches a club owns or plays in. */
  club: idParam.optional(),
});

export const clubMatchParams = z.strictObject({ club: idParam, match: idParam });
export const restoreParams = clubMatchParams.extend({ configuration: idParam });

// ── answers (for the OpenAPI document) ──

const instant = z.object({ date: z.string(), timezone: z.string() });
const side = z.object({
  club: z.object({ id: z.number(), name: z.string(), logo: z.string().nullable() }).nullable(),
  team: z.object({ id: z.number(), fullname: z.string() }).nullable(),
  score: z.number().int(),
});

export const matchSchema = z.object({
  id: z.number().int(),
  status: z.enum(MATCH_STATUSES),
  list_status: z.enum(LIST_STATUSES).nullable(),
  starting_at: instant,
  stopping_at: instant,
  home: side,
  away: side,
  field: z.object({ id: z.number(), name: z.string() }).nullable(),
  club: z.object({ id: z.number(), name: z.string(), timezone: z.string() }),
  is_private: z.boolean(),
  is_scheduled: z.boolean(),
  is_training: z.boolean(),
  create_summary: z.boolean(),
  shared_with: z.object({
    opponent: z.boolean(),
    club: z.object({ id: z.number(), name: z.string() }).nullable(),
  }),
  camera_view: z.string(),
  camera_player_tracking: z.string(),
  camera_focus: z.string(),
  configuration_id: z.number().int().nullable(),
  /**
   * Why a recorded match has no video, else null: `no_video`, its recording finished without one
   * (nothing was published while it recorded). Such a match stays in `processing`, in no public list.
   */
  recording_problem: z.enum(RECORDING_PROBLEMS).nullable(),
  /**
   * Its camera confirmed the start and its video has not come yet (any camera): the match keeps
   * its status until the camera reports the stream's first segment, and may be stopped meanwhile.
   */
  awaiting_video: z.boolean(),
  /**
   * The MP4 download of an on-demand video recorded by our media gateway: `preparing` while the worker
   * makes it (download_url is null until then), `ready` once made, `failed` when its attempts failed;
   * null when the match has no download of ours (no video yet, or a camera server's video).
   */
  download_status: z.enum(DOWNLOAD_STATUSES).nullable(),
  /**
   * live_hls_url, vod_hls_url, poster_url, download_url: a private match's own media
   * (served under /media) as signed URLs that expire (MEDIA_URL_TTL_SECONDS).
   */
  ...matchMediaLinks.shape,
});

export const pagedMatches = pagedSchema(matchSchema);
/** A created or edited match, with the jobs the change started (camera commands, asset updates). */
export const matchChangeAnswer = jobsAnswer(matchSchema);
/** A camera command checked and queued: the match changes once the worker has run it. */
export const commandAnswer = jobsAnswer(z.null());

export type CreateMatchInput = z.infer<typeof createMatchInput>;
export type UpdateMatchInput = z.infer<typeof updateMatchInput>;
export type MatchListQuery = z.infer<typeof matchListQuery>;
export type ScoreInput = z.infer<typeof scoreInput>;
export type MatchAnswer = z.infer<typeof matchSchema>;
/**
 * A match answer without the links that depend on the moment of answering and
 * on the media store (poster_url, download_url, signed URLs): what the read cache keeps.
 */
export type StoredMatchAnswer = Omit<MatchAnswer, "poster_url" | "download_url"> & {
  /** What the match's signed links are signed with (media/signing.ts); never in an answer. */
  link_epoch: number;
};
