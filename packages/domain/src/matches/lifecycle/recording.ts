// Which matches a camera records: live ones, and those awaiting their video. Every camera (a camera
// server, the media gateway) confirms a start before it has a stream: the match keeps its status
// (upcoming or unscheduled: no video, no "live") with startConfirmed until the camera's stream-ready
// report makes it live. One list of branches answers both for a match already read (the predicates)
// and for the database (the Prisma filters), so the two cannot disagree.
import { CHANNELS, EVENTS, transitionOf, type MatchStatus, type UserMessageKey } from "@clubcast/shared";
import type { Prisma } from "@clubcast/db";
import type { Notice } from "./notices.ts";

/** The columns that say whether a match records. */
export interface RecordingColumns {
  status: MatchStatus;
  startConfirmed: boolean;
}

/** One way a match records: its status is one of `statuses`, and startConfirmed is as given (if given). */
interface RecordingBranch {
  statuses: readonly MatchStatus[];
  startConfirmed?: true;
}

/** Awaiting its video: its camera confirmed the start and has not yet reported its stream ready. */
const AWAITING_VIDEO: RecordingBranch = { statuses: transitionOf("startRecording").from, startConfirmed: true };
/** Live: its stream was ready. */
const LIVE: RecordingBranch = { statuses: transitionOf("stopRecording").from };

const fits = (branch: RecordingBranch, match: RecordingColumns) =>
  branch.statuses.includes(match.status) && (branch.startConfirmed === undefined || match.startConfirmed);

const whereOf = (branches: RecordingBranch[]): Prisma.MatchWhereInput => ({
  OR: branches.map(({ statuses, startConfirmed }) => ({
    status: { in: [...statuses] },
    ...(startConfirmed === undefined ? {} : { startConfirmed }),
  })),
});

/** Whether a match awaits its video (its camera records it, its stream is not ready yet). It may be stopped. */
export const awaitsVideo = (match: RecordingColumns): boolean => fits(AWAITING_VIDEO, match);

/** Whether a match's camera records it: it is live, or awaits its video. Either may be stopped. */
export const isRecording = (match: RecordingColumns): boolean => [LIVE, AWAITING_VIDEO].some((b) => fits(b, match));

/** awaitsVideo as a Prisma filter. */
export const awaitingVideoMatches: Prisma.MatchWhereInput = whereOf([AWAITING_VIDEO]);

/** isRecording as a Prisma filter. */
export const recordingMatches: Prisma.MatchWhereInput = whereOf([LIVE, AWAITING_VIDEO]);

/**
 * A camera confirmed a start (written only on a match that may start, which then awaits its video):
 * the configuration that records it, whose stream-ready report is then taken; the requester hears
 * that the camera records, and the match's page and lists read it again (it may be stopped now).
 */
export function confirmedStartOf(
  matchId: number,
  configurationId: number,
): { data: { startConfirmed: true; configurationId: number }; message: UserMessageKey; news: Notice } {
  return {
    data: { startConfirmed: true, configurationId },
    message: "match.recording_awaits_video",
    news: { channel: CHANNELS.match(matchId), event: EVENTS.matchChanged, payload: { match: matchId } },
  };
}
