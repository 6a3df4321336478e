// Moments suggested from a match's sound (issue 30): what the worker proposes, the API lists and
// the annotation page shows for a person to accept (a marker, and with it a clip) or dismiss.

/** What was heard: a referee's whistle, or a surge of the crowd's noise. */
export const MOMENT_KINDS = ["whistle", "crowd"] as const;
export type MomentKind = (typeof MOMENT_KINDS)[number];

/** Where a suggestion stands: waiting for a person, accepted (it made a marker) or dismissed. */
export const SUGGESTION_STATES = ["pending", "accepted", "dismissed"] as const;
export type SuggestionState = (typeof SUGGESTION_STATES)[number];

/**
 * Two suggestions of one kind this close (ms) are one moment: a match listened to in chunks while
 * live, then as a whole after it, hears a moment at times a window apart (the chunks' windows start
 * elsewhere), and stores it once. Within the ±2 s the suggestions are tested against.
 */
export const SAME_SUGGESTION_MS = 2000;
