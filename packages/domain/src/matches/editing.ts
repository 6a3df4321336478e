// The "current match" editing fields (spec section 3) -> match columns, with the
// checks every writer of them shares: references within the club, and local
// start/stop in the club's timezone that end after they begin.
import type { PrismaClient } from "@clubcast/db";
import { zonedToUtc } from "@clubcast/shared";
import { ValidationError, type FieldErrors } from "../core/errors.ts";
import type { MessageKey } from "../core/i18n.ts";

export interface MatchReferences {
  field?: number | null;
  home?: number | null;
  away?: number | null;
  hometeam?: number | null;
  awayteam?: number | null;
  shared_with?: number | null;
}

/**
 * The field must be the club's; a side's team must be one of that side's club
 * (the scheduling club's when the side names no club), so a match never shows
 * one club's badge above another club's team; clubs must exist, and a match
 * is never shared with its own club. All failures in one 422.
 */
export async function checkReferences(prisma: PrismaClient, clubId: number, refs: MatchReferences): Promise<void> {
  const clubIds = [refs.home, refs.away, refs.shared_with].filter((id): id is number => !!id);
  const teamIds = [refs.hometeam, refs.awayteam].filter((id): id is number => !!id);
  const [field, clubs, teams] = await Promise.all([
    refs.field ? prisma.field.findUnique({ where: { id: refs.field }, select: { clubId: true } }) : null,
    clubIds.length ? prisma.club.findMany({ where: { id: { in: clubIds } }, select: { id: true } }) : [],
    teamIds.length ? prisma.team.findMany({ where: { id: { in: teamIds } }, select: { id: true, clubId: true } }) : [],
  ]);
  const errors: FieldErrors = {};
  const fail = (name: string, key: MessageKey) => {
    errors[name] = [{ key, params: { field: name.replace(/_/g, " ") } }];
  };
  const clubExists = (id: number) => clubs.some((club) => club.id === id);
  const teamClub = (id: number) => teams.find((team) => team.id === id)?.clubId;

  if (refs.field && field?.clubId !== clubId) fail("field", field ? "match.not_of_club" : "validation.invalid_value");
  if (refs.home && !clubExists(refs.home)) fail("home", "validation.invalid_value");
  if (refs.away && !clubExists(refs.away)) fail("away", "validation.invalid_value");
  if (refs.shared_with === clubId) fail("shared_with", "match.shared_with_own_club");
  else if (refs.shared_with && !clubExists(refs.shared_with)) fail("shared_with", "validation.invalid_value");
  for (const [name, teamId, sideClubId, notOfSide] of [
    ["hometeam", refs.hometeam, refs.home, "match.team_not_of_home_club"],
    ["awayteam", refs.awayteam, refs.away, "match.team_not_of_away_club"],
  ] as const) {
    if (!teamId) continue;
    const owner = teamClub(teamId);
    if (owner === undefined) fail(name, "validation.invalid_value");
    else if (sideClubId ? owner !== sideClubId : owner !== clubId)
      fail(name, sideClubId ? notOfSide : "match.not_of_club");
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

export interface LocalSchedule {
  date: string;
  datestop: string;
  start: string;
  stop: string;
}

/** Start and stop as UTC instants; a stop not after the start is a 422 on `stop`. */
export function scheduleInstants(local: LocalSchedule, timeZone: string): { startingAt: Date; stoppingAt: Date } {
  const startingAt = zonedToUtc({ date: local.date, time: local.start }, timeZone);
  const stoppingAt = zonedToUtc({ date: local.datestop, time: local.stop }, timeZone);
  if (stoppingAt <= startingAt) throw ValidationError.field("stop", "match.stop_before_start");
  return { startingAt, stoppingAt };
}

export interface EditingFlags {
  home?: number | null;
  away?: number | null;
  hometeam?: number | null;
  awayteam?: number | null;
  field?: number;
  is_private?: boolean;
  is_training?: boolean;
  create_summary?: boolean;
  shared_opponent?: boolean;
  shared_with?: number | null;
  camera_view?: string;
  camera_player_tracking?: string;
  camera_focus?: string;
}

/** Match columns of the editing fields present in `input` (absent ones are left out). */
export function editingColumns(input: EditingFlags) {
  return {
    homeClubId: input.home,
    awayClubId: input.away,
    homeTeamId: input.hometeam,
    awayTeamId: input.awayteam,
    fieldId: input.field,
    isPrivate: input.is_private,
    isTraining: input.is_training,
    createSummary: input.create_summary,
    sharedOpponent: input.shared_opponent,
    sharedWithClubId: input.shared_with,
    cameraView: input.camera_view,
    cameraPlayerTracking: input.camera_player_tracking,
    cameraFocus: input.camera_focus,
  };
}
