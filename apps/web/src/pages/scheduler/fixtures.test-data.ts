// Matches and clubs as the API answers them, for the match pages' component tests.
import type { Match } from "../../lib/matches.ts";
import type { ClubDetails } from "../../lib/working-club.tsx";

export const CLUB: ClubDetails = {
  id: 3,
  name: "VV Groen Wit",
  logo: null,
  timezone: "Europe/Amsterdam",
  country: "Netherlands",
  country_short: "NL",
  activated: 1,
  sport_id: 1,
  sport: { id: 1, slug: "football", name: "Football", type: "football" },
};

let nextId = 100;

export function fakeMatch(overrides: Partial<Match> = {}): Match {
  const id = overrides.id ?? nextId++;
  return {
    id,
    status: "scheduled",
    list_status: "upcoming",
    starting_at: { date: "2025-06-14T12:30:00.000Z", timezone: CLUB.timezone },
    stopping_at: { date: "2025-06-14T14:00:00.000Z", timezone: CLUB.timezone },
    home: { club: { id: CLUB.id, name: CLUB.name, logo: null }, team: { id: 7, fullname: "Groen Wit 1" }, score: 0 },
    away: { club: { id: 4, name: "VV De Zwaluwen", logo: null }, team: null, score: 0 },
    field: { id: 11, name: "Hoofdveld" },
    club: { id: CLUB.id, name: CLUB.name, timezone: CLUB.timezone },
    is_private: false,
    is_scheduled: true,
    is_training: false,
    create_summary: true,
    shared_with: { opponent: false, club: null },
    camera_view: "media",
    camera_player_tracking: "auto",
    camera_focus: "centre",
    configuration_id: 21,
    recording_problem: null,
    awaiting_video: false,
    download_status: null,
    live_hls_url: null,
    vod_hls_url: null,
    poster_url: null,
    download_url: null,
    ...overrides,
  };
}

/** A page of `rows` as the paged lists answer it; an empty one may say the server's 'No … found' `message`. */
export function pageOf<T>(rows: T[], message?: string) {
  return {
    data: rows,
    ...(message === undefined ? {} : { message }),
    meta: {
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: rows.length,
      from: rows.length ? 1 : null,
      to: rows.length ? rows.length : null,
    },
  };
}
