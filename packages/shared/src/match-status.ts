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

const TRANSITIONS: Record<MatchEvent, Partial<Record<MatchStatus, MatchStatus>>> = {
  schedule: { unscheduled: "scheduled" },
  unschedule: { scheduled: "unscheduled" },
  startRecording: { unscheduled: "live", scheduled: "live" },
  stopRecording: { live: "processing" },
  finishProcessing: { processing: "vod" },
  restore: { processing: "processing", vod: "processing" },
};

/** The statuses a match may be created in. */
export const INITIAL_MATCH_STATUSES: readonly MatchStatus[] = ["unscheduled", "scheduled", "processing"];

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
  return TRANSITIONS[event][from] !== undefined;
}

/** The status after `event`, or InvalidMatchTransitionError. */
export function nextMatchStatus(from: MatchStatus, event: MatchEvent): MatchStatus {
  const to = TRANSITIONS[event][from];
  if (to === undefined) throw new InvalidMatchTransitionError(from, event);
  return to;
}

/** Every allowed (from, event, to) triple, for tests and documentation. */
export function allowedTransitions(): { from: MatchStatus; event: MatchEvent; to: MatchStatus }[] {
  return MATCH_EVENTS.flatMap((event) =>
    Object.entries(TRANSITIONS[event]).map(([from, to]) => ({
      from: from as MatchStatus,
      event,
      to: to as MatchStatus,
    })),
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
