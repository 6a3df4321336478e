// The "current match" editing fields of spec section 3, as the API takes them
// (create and edit) and as the scheduler's form checks them before sending.
import { z } from "zod";
import { MATCH_DEFAULTS } from "../constants.ts";
import { flag, idParam, integer, plainText, text } from "./core.ts";
import { fieldError } from "./issues.ts";

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
const localDate = plainText.refine(isLocalDate, fieldError("match.invalid_date"));
const localTime = plainText.refine(isLocalTime, fieldError("match.invalid_time"));
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

export const scoreInput = z.strictObject({
  home: integer(0, 999),
  away: integer(0, 999),
});
