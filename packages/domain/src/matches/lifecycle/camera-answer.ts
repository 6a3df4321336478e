// What a camera's answer to a command comes to, and who is told: the camera carried it out (the
// match moved now, showed it already, or had moved elsewhere), the answer was handled before (a
// redelivered job), or the command failed for good (refused, or no answer after every attempt).
import { CHANNELS, EVENTS, alreadyTransitioned, type MatchStatus, type UserMessageKey } from "@clubcast/shared";
import type { CameraCommand, JobFailureReport } from "@clubcast/shared/jobs";
import { COMMAND_EVENTS } from "./confirmed-command.ts";
import type { Notice } from "./notices.ts";

/** What the requester hears of a command the camera carried out. */
export const SUCCEEDED_MESSAGES: Record<CameraCommand, UserMessageKey> = {
  schedule: "match.scheduled",
  unschedule: "match.unscheduled",
  startRecording: "match.recording_started",
  stopRecording: "match.recording_stopped",
  restore: "match.restored",
};

/** What the confirmed command's conditional transition did (the repository's answer, without the row). */
export type ConfirmedTransition =
  | { outcome: "moved" | "refused"; status: MatchStatus }
  | { outcome: "missing" }
  /** Its job's outcome was claimed before: a redelivered job. */
  | { outcome: "claimed before" };

export type Confirmation =
  /** Handled before, or the match is gone: nothing happens and nobody is told. */
  | { kind: "duplicate" }
  /** The match moved now (confirmed-command.ts says what else happens): the requester hears it succeeded. */
  | { kind: "confirmed"; status: MatchStatus }
  /** The match already shows the command's effect (the camera's own report came first): no failure, only late. */
  | { kind: "late"; status: MatchStatus }
  /** The match moved elsewhere meanwhile (e.g. recording started by hand): the requester and the club hear the refusal. */
  | { kind: "moved on"; status: MatchStatus };

/** A camera carried out `command`; its transition answered `transition`. */
export function confirmationOf(command: CameraCommand, transition: ConfirmedTransition): Confirmation {
  switch (transition.outcome) {
    case "missing":
    case "claimed before":
      return { kind: "duplicate" };
    case "moved":
      return { kind: "confirmed", status: transition.status };
    case "refused":
      return alreadyTransitioned(transition.status, COMMAND_EVENTS[command])
        ? { kind: "late", status: transition.status }
        : { kind: "moved on", status: transition.status };
  }
}

/**
 * A command that failed for good: a stop still ends the match without its camera
 * (ended-without-camera.ts), since a camera that is not recording it (a restarted camera server) or
 * cannot be reached must not keep it live, and its field busy, forever; any other failure is told.
 */
export const finalFailureOf = (command: CameraCommand): "end without camera" | "tell failure" =>
  command === "stopRecording" ? "end without camera" : "tell failure";

/** A requester hears about the match on their own channel (nobody, for the sweep's commands). */
export function requesterNotice(
  job: { matchId: number; requestedBy: number | null },
  message: { key: UserMessageKey; level: "success" | "error" } & Partial<JobFailureReport>,
): Notice | null {
  if (job.requestedBy === null) return null;
  return {
    channel: CHANNELS.user(job.requestedBy),
    event: EVENTS.userMessage,
    payload: { ...message, match: job.matchId },
  };
}

/** The club's scheduler staff see a command that failed for good on the match's row too. */
export function commandFailedNotice(
  match: { id: number; clubId: number },
  command: CameraCommand,
  detail: string,
): Notice {
  return {
    channel: CHANNELS.club(match.clubId),
    event: EVENTS.matchCommandFailed,
    payload: { club: match.clubId, match: match.id, command, detail },
  };
}
