// The scheduler's "current match" editing state (spec section 3) as form
// values: defaults and Reset (dates today in the club's timezone), a match from
// the server turned back into the form, and the form turned into API input.
import { MATCH_DEFAULTS, todayIn, utcToZoned } from "@clubcast/shared";
import type { RouterInputs } from "../../lib/trpc.ts";
import type { Match } from "../../lib/matches.ts";

export interface MatchFormValues {
  /** Selects hold ids as text; "" is none. */
  home: string;
  away: string;
  hometeam: string;
  awayteam: string;
  field: string;
  /** YYYY-MM-DD and HH:mm in the club's timezone. */
  date: string;
  datestop: string;
  start: string;
  stop: string;
  is_private: boolean;
  is_scheduled: boolean;
  is_training: boolean;
  camera_view: string;
  camera_player_tracking: string;
  camera_focus: string;
  create_summary: boolean;
  shared_opponent: boolean;
  shared_with: string;
}

/** The choices offered for the camera settings; the defaults come first. */
export const CAMERA_OPTIONS = {
  camera_view: [MATCH_DEFAULTS.cameraView, "tactical", "panorama"],
  camera_player_tracking: [MATCH_DEFAULTS.cameraPlayerTracking, "manual", "off"],
  camera_focus: [MATCH_DEFAULTS.cameraFocus, "left", "right"],
} as const;

/**
 * A new match's editing state: the scheduling club at home (its admin's usual case), no teams or
 * field, today's dates, on the camera's schedule, the camera defaults.
 */
export function emptyMatchForm(club: { id: number; timezone: string }, now: Date = new Date()): MatchFormValues {
  const today = todayIn(club.timezone, now);
  return {
    home: String(club.id),
    away: "",
    hometeam: "",
    awayteam: "",
    field: "",
    date: today,
    datestop: today,
    start: "",
    stop: "",
    is_private: false,
    is_scheduled: true,
    is_training: false,
    camera_view: MATCH_DEFAULTS.cameraView,
    camera_player_tracking: MATCH_DEFAULTS.cameraPlayerTracking,
    camera_focus: MATCH_DEFAULTS.cameraFocus,
    create_summary: MATCH_DEFAULTS.createSummary,
    shared_opponent: false,
    shared_with: "",
  };
}

const idText = (id: number | null | undefined) => (id ? String(id) : "");

/** A match from the server as the form shows it, times in the club's timezone. */
export function formFromMatch(match: Match): MatchFormValues {
  const timeZone = match.club.timezone;
  const start = utcToZoned(new Date(match.starting_at.date), timeZone);
  const stop = utcToZoned(new Date(match.stopping_at.date), timeZone);
  return {
    home: idText(match.home.club?.id),
    away: idText(match.away.club?.id),
    hometeam: idText(match.home.team?.id),
    awayteam: idText(match.away.team?.id),
    field: idText(match.field?.id),
    date: start.date,
    datestop: stop.date,
    start: start.time,
    stop: stop.time,
    is_private: match.is_private,
    is_scheduled: match.is_scheduled,
    is_training: match.is_training,
    camera_view: match.camera_view,
    camera_player_tracking: match.camera_player_tracking,
    camera_focus: match.camera_focus,
    create_summary: match.create_summary,
    shared_opponent: match.shared_with.opponent,
    shared_with: idText(match.shared_with.club?.id),
  };
}

const idOrNull = (text: string) => (text ? Number(text) : null);

/** The editing fields every write sends (create and full edit): what an edit is checked with. */
export function editingInput(values: MatchFormValues) {
  return {
    home: idOrNull(values.home),
    away: idOrNull(values.away),
    hometeam: idOrNull(values.hometeam),
    awayteam: idOrNull(values.awayteam),
    field: Number(values.field),
    date: values.date,
    datestop: values.datestop,
    start: values.start,
    stop: values.stop,
    is_private: values.is_private,
    is_scheduled: values.is_scheduled,
    is_training: values.is_training,
    create_summary: values.create_summary,
    shared_opponent: values.shared_opponent,
    shared_with: idOrNull(values.shared_with),
    camera_view: values.camera_view,
    camera_player_tracking: values.camera_player_tracking,
    camera_focus: values.camera_focus,
  };
}

export function createMatchInput(values: MatchFormValues, club: number): RouterInputs["matches"]["create"] {
  return { ...editingInput(values), club };
}

export function updateMatchInput(
  values: MatchFormValues,
  match: Pick<Match, "id" | "club">,
): RouterInputs["matches"]["update"] {
  return { ...editingInput(values), club: match.club.id, match: match.id };
}
