// A camera reports a match's live stream ready: which matches keep the URL it reports, and who hears
// of it. The report also starts a match not yet recording, as a confirmed startRecording does
// (confirmed-command.ts); a repeated report changes nothing and tells nobody.
import { CHANNELS, EVENTS, transitionOf, type MatchStatus } from "@clubcast/shared";
import type { Notice } from "./notices.ts";

/** A match keeps a reported live URL while it is about to record or records; a recorded match's URLs stay as they are. */
export const LIVE_URL_STATUSES: readonly MatchStatus[] = [...transitionOf("startRecording").from, "live"];

export interface StreamReadyReport {
  match: { id: number; clubId: number };
  /** The match's status after its URL changed to the reported one; null when the URL stayed as it was (or was not kept). */
  urlChangedAt: MatchStatus | null;
  /** Whether the report started the match now. */
  started: boolean;
  /** Whether the reported URL is the one the match had before. */
  sameUrl: boolean;
}

/**
 * Dashboards hear stream.ready once per URL, each only if its user may see the match (the matches
 * channel lets in every signed-in user); a start with the URL it already had is news too. A match
 * live before its stream was ready (a hand start) hears match.live now: its page has a video to
 * show. A match started by the report hears match.live from the start (confirmed-command.ts).
 */
export function streamReadyNotices({ match, urlChangedAt, started, sameUrl }: StreamReadyReport): Notice[] {
  const notices: Notice[] = [];
  if (urlChangedAt !== null || (started && sameUrl)) {
    notices.push({
      channel: CHANNELS.matches,
      event: EVENTS.streamReady,
      payload: { club: match.clubId, match: match.id },
      viewersOnly: true,
    });
  }
  if (urlChangedAt === "live") {
    notices.push({ channel: CHANNELS.match(match.id), event: EVENTS.matchLive, payload: { match: match.id } });
  }
  return notices;
}
