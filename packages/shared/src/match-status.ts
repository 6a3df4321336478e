// The match state machine: the only place that knows which status changes are allowed.
//
//   unscheduled ──schedule──▶ scheduled ──startRecording──▶ live ──stopRecording──▶ processing ──finishProcessing──▶ vod
//        ▲                        │                                                    ▲                               │
//        └───────unschedule───────┘            unscheduled ──startRecording──▶ live    └──────────restore──────────────┘
//
// A match made from an offline recording starts in `processing`.

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
