// The match state machine: the only place that knows which status changes are allowed.
//
//   unscheduled ──schedule──▶ scheduled ──startRecording──▶ live ──stopRecording──▶ processing ──finishProcessing──▶ vod
//        ▲                        │                                                    ▲                               │
//        └───────unschedule───────┘            unscheduled ──startRecording──▶ live    └──────────restore──────────────┘
//
// A match made from an offline recording starts in `processing`.
// A recording that finished without a video leaves its match in `processing`, marked with a
// recording problem (finishedRecordingOf): it never becomes an on-demand match.

export const MATCH_STATUSES = ["unscheduled", "scheduled", "live", "processing", "vod"] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const MATCH_EVENTS = [
  "schedule",
  "unschedule",
  "startRecording",
  "stopRecording",
  "finishProcessing",
  "restore",
] as const;
export type MatchEvent = (typeof MATCH_EVENTS)[number];

/**
 * Each event leads to one status, from any of the listed ones. One destination per
 * event is what lets a write move a match with one conditional update
 * (`status IN from`), without reading its status first.
 */
const TRANSITIONS: Record<MatchEvent, { from: readonly MatchStatus[]; to: MatchStatus }> = {
  schedule: { from: ["unscheduled"], to: "scheduled" },
  unschedule: { from: ["scheduled"], to: "unscheduled" },
  startRecording: { from: ["unscheduled", "scheduled"], to: "live" },
  stopRecording: { from: ["live"], to: "processing" },
  finishProcessing: { from: ["processing"], to: "vod" },
  restore: { from: ["processing", "vod"], to: "processing" },
};

/** The statuses a match may be created in. */
export const INITIAL_MATCH_STATUSES = [
  "unscheduled",
  "scheduled",
  "processing",
] as const satisfies readonly MatchStatus[];
export type InitialMatchStatus = (typeof INITIAL_MATCH_STATUSES)[number];

/** The statuses in which a match's schedule, teams and field may still be edited. */
export const EDITABLE_MATCH_STATUSES: readonly MatchStatus[] = ["unscheduled", "scheduled"];

/** The statuses of a recorded match: its recording is being processed or is on demand. */
export const RECORDED_MATCH_STATUSES: readonly MatchStatus[] = ["processing", "vod"];

export class InvalidMatchTransitionError extends Error {
  readonly code = "INVALID_MATCH_TRANSITION";
  constructor(
    readonly from: MatchStatus,
    readonly event: MatchEvent,
  ) {
    super(`A ${from} match cannot be ${EVENT_PAST_TENSE[event]}.`);
    this.name = "InvalidMatchTransitionError";
  }
}

const EVENT_PAST_TENSE: Record<MatchEvent, string> = {
  schedule: "scheduled",
  unschedule: "unscheduled",
  startRecording: "started recording",
  stopRecording: "stopped recording",
  finishProcessing: "finished processing",
  restore: "restored",
};

export function canTransition(from: MatchStatus, event: MatchEvent): boolean {
  return TRANSITIONS[event].from.includes(from);
}

/** The status after `event`, or InvalidMatchTransitionError. */
export function nextMatchStatus(from: MatchStatus, event: MatchEvent): MatchStatus {
  if (!canTransition(from, event)) throw new InvalidMatchTransitionError(from, event);
  return TRANSITIONS[event].to;
}

/** The statuses `event` moves a match from, and the one it moves it to. */
export function transitionOf(event: MatchEvent): { from: readonly MatchStatus[]; to: MatchStatus } {
  return TRANSITIONS[event];
}

/** Every allowed (from, event, to) triple, for tests and documentation. */
export function allowedTransitions(): { from: MatchStatus; event: MatchEvent; to: MatchStatus }[] {
  return MATCH_EVENTS.flatMap((event) =>
    TRANSITIONS[event].from.map((from) => ({ from, event, to: TRANSITIONS[event].to })),
  );
}

/**
 * Whether a match in `status` already shows the effect of `event`: it has reached the event's
 * destination, or moved on from it along the recording (live → processing → vod). A camera's
 * confirmation arriving after that (a hand start confirmed after the camera reported its stream,
 * a hand stop confirmed after it reported the recording finished) is no failure, only late.
 */
export function alreadyTransitioned(status: MatchStatus, event: MatchEvent): boolean {
  const to = TRANSITIONS[event].to;
  if (status === to) return true;
  const recording = RECORDING_ORDER.indexOf(to);
  return recording >= 0 && RECORDING_ORDER.indexOf(status) > recording;
}

/** A recorded match's statuses in the order it goes through them. */
const RECORDING_ORDER: readonly MatchStatus[] = ["live", "processing", "vod"];

/**
 * Why a recorded match has no video: `no_video`, the camera reported its recording finished
 * without one (nothing was published while the match recorded); `camera_lost`, the match was ended
 * without its camera: the camera refused or never answered the stop (it was not recording the match,
 * e.g. after a restart), or the match ran past its stopping time with no camera report
 * (endedWithoutCamera). A camera reporting the recording later with a video still takes it on demand.
 */
export const RECORDING_PROBLEMS = ["no_video", "camera_lost"] as const;
export type RecordingProblem = (typeof RECORDING_PROBLEMS)[number];

/**
 * Where a recorded match's MP4 download stands: `preparing` from the moment its video of ours is on
 * demand until the worker's recording.download job has made it (`ready`) or failed for good (`failed`).
 * A match whose video is not in our media store (a camera server's) has none (null).
 */
export const DOWNLOAD_STATUSES = ["preparing", "ready", "failed"] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

/**
 * What a finished recording does to its match, the one rule for it: with a video the match goes
 * on demand (finishProcessing); without one it stays out of every list of playable matches, in
 * `processing`, with the problem that says why — never `vod` with a video that isn't there. A
 * recording reported again later with a video (after a restore) still takes it on demand.
 */
export function finishedRecordingOf(
  vodHlsUrl: string | null,
): { event: "finishProcessing"; problem: null } | { event: null; problem: RecordingProblem } {
  return vodHlsUrl === null ? { event: null, problem: "no_video" } : { event: "finishProcessing", problem: null };
}

/**
 * A live match ended without its camera's confirmation: stopped (live → processing) and marked
 * `camera_lost`, so it never stays live when its camera cannot stop it.
 */
export const ENDED_WITHOUT_CAMERA = { event: "stopRecording", problem: "camera_lost" } as const satisfies {
  event: MatchEvent;
  problem: RecordingProblem;
};

/** The public list statuses of spec section 4, and which stored statuses each shows. */
export const LIST_STATUSES = ["live", "upcoming", "vod"] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];
export const LIST_STATUS_MEMBERS: Record<ListStatus, readonly MatchStatus[]> = {
  live: ["live"],
  upcoming: ["scheduled"],
  vod: ["vod"],
};

export function listStatusOf(status: MatchStatus): ListStatus | null {
  for (const list of LIST_STATUSES) if (LIST_STATUS_MEMBERS[list].includes(status)) return list;
  return null;
}
