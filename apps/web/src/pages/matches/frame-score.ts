// The score shown with the player is the score of the frame it shows (match
// moments, issue 30): from the match's score changes timed in its recording, so
// an on-demand viewer sees 0–0 until the first goal's frame, and a live viewer
// sees the goal, then the new score. Lists keep the final score.
import { scoreAt, type TimedScore } from "@clubcast/shared";
import type { Match } from "../../lib/matches.ts";
import type { Frame } from "./VideoPlayer.tsx";

/** A score change as the API gives it: its time in the recording and when it happened (ISO). */
export interface ScoreEvent extends TimedScore {
  happened_at: string;
}

/**
 * What the scoreboard shows: the score of the frame shown, by its time in an on-demand video or its
 * date in a live one; the match's own score where nothing is timed (no changes were entered live, or
 * a live player has no dated frame yet); null while an on-demand match's changes are still loading.
 */
export function frameScore(
  match: Pick<Match, "status" | "home" | "away">,
  events: ScoreEvent[] | undefined,
  frame: Frame | null,
): { home: number; away: number } | null {
  const final = { home: match.home.score, away: match.away.score };
  if (events === undefined) return match.status === "vod" ? null : final;
  if (!events.length) return final;
  if (match.status === "vod") return scoreAt(events, frame?.timeMs ?? 0);
  if (match.status === "live" && frame?.date != null) {
    const dated = events.map((event) => ({ ...event, time_ms: Date.parse(event.happened_at) }));
    return scoreAt(dated, frame.date);
  }
  return final;
}
