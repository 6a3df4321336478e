// Moments suggested from a match's sound (issue 30): what the worker proposes, the API lists and
// the annotation page shows for a person to accept (a marker, and with it a clip) or dismiss.

/** What was heard: a referee's whistle, or a surge of the crowd's noise. */
export const MOMENT_KINDS = ["whistle", "crowd"] as const;
export type MomentKind = (typeof MOMENT_KINDS)[number];

/** Where a suggestion stands: waiting for a person, accepted (it made a marker) or dismissed. */
export const SUGGESTION_STATES = ["pending", "accepted", "dismissed"] as const;
export type SuggestionState = (typeof SUGGESTION_STATES)[number];
