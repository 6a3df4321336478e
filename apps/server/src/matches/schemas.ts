import { z } from "zod";
import { LIST_STATUSES, MATCH_DEFAULTS, MATCH_STATUSES } from "@clubcast/shared";
import { jobsAnswer } from "../core/answers.ts";
import { pageQuery, pagedSchema } from "../core/pagination.ts";
import { flag, idParam, integer, plainText, text } from "../core/schemas.ts";
import { matchMediaLinks } from "../media/schemas.ts";

/** An optional reference that may be cleared with null (or 0, as forms send it). */
const optionalRef = z
  .union([integer(0), z.null()])
  .transform((value) => (value ? value : null))
  .optional();

/** YYYY-MM-DD of a day that exists (no 2025-02-30). */
function isLocalDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}
const isLocalTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
const localDate = plainText.refine(isLocalDate, { params: { key: "match.invalid_date" } });
const localTime = plainText.refine(isLocalTime, { params: { key: "match.invalid_time" } });
const cameraSetting = text(50).min(1);

/** The editing fields of spec section 3's "Current match" other than club and status. */
const editingFields = {
  home: optionalRef,
  away: optionalRef,
  hometeam: optionalRef,
  awayteam: optionalRef,
  field: idParam,
  date: localDate,
  datestop: localDate,
  start: localTime,
  stop: localTime,
  is_private: flag,
  is_scheduled: flag,
  is_training: flag,
  create_summary: flag,
  shared_opponent: flag,
  shared_with: optionalRef,
  camera_view: cameraSetting,
  camera_player_tracking: cameraSetting,
  camera_focus: cameraSetting,
};

export const createMatchInput = z.strictObject({
  ...editingFields,
  club: idParam,
  /** Defaults to `date`. */
  datestop: localDate.optional(),
  is_private: flag.default(false),
  is_scheduled: flag.default(false),
  is_training: flag.default(false),
  create_summary: flag.default(MATCH_DEFAULTS.createSummary),
  shared_opponent: flag.default(false),
  camera_view: cameraSetting.default(MATCH_DEFAULTS.cameraView),
  camera_player_tracking: cameraSetting.default(MATCH_DEFAULTS.cameraPlayerTracking),
  camera_focus: cameraSetting.default(MATCH_DEFAULTS.cameraFocus),
});

/**
 * PUT of a club's match. With update_match_only=1 only sharing (shared_with,
 * shared_opponent) and privacy (is_private, is_scheduled) are taken; without it,
 * any editing field.
 */
export const updateMatchInput = z.strictObject({
  update_match_only: flag.optional(),
  ...z.object(editingFields).partial().shape,
});

/** The fields update_match_only may carry. */
export const UPDATE_ONLY_FIELDS = ["shared_with", "shared_opponent", "is_private", "is_scheduled"] as const;

export const matchListQuery = pageQuery.extend({
  status: z.enum(LIST_STATUSES),
  /** A sport's slug (the public sport page). */
  sport: text(100).min(1).optional(),
  /** Matches a club owns or plays in. */
  club: idParam.optional(),
});

export const scoreInput = z.strictObject({
  home: integer(0, 999),
  away: integer(0, 999),
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
export type StoredMatchAnswer = Omit<MatchAnswer, "poster_url" | "download_url">;
