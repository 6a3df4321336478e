// What a camera command does once a camera carried it out, whoever reports it (the worker's job, or
// the camera's own stream-ready report): the state-machine event it performs, the columns written
// with the status, the match.starting timer, and the news on the match's channel. A start takes
// effect here only by the stream-ready report: the worker's confirmation of one makes the match
// await its video (recording.ts).
import { CHANNELS, EVENTS, type MatchEvent } from "@clubcast/shared";
import type { CameraCommand } from "@clubcast/shared/jobs";
import type { BatchedTransitionData } from "../repository.ts";
import type { Notice } from "./notices.ts";

/** The state-machine event each camera command performs once the camera server confirmed it. */
export const COMMAND_EVENTS: Record<CameraCommand, MatchEvent> = {
  schedule: "schedule",
  unschedule: "unschedule",
  startRecording: "startRecording",
  stopRecording: "stopRecording",
  restore: "restore",
};

/** A command a camera carried out. */
export interface ConfirmedCommand {
  command: CameraCommand;
  /** The configuration that ran it; undefined keeps the match's. */
  configurationId?: number;
}

/** What a confirmed command writes besides the status: the configuration that ran it, and whether the camera has it scheduled. */
export function confirmedData({ command, configurationId }: ConfirmedCommand): BatchedTransitionData {
  return {
    ...(configurationId === undefined ? {} : { configurationId }),
    ...(command === "schedule" ? { isScheduled: true } : {}),
    ...(command === "unschedule" ? { isScheduled: false } : {}),
    // The camera delivers the recording again: whether it has a video is for its report to say.
    ...(command === "restore" ? { recordingProblem: null } : {}),
  };
}

/** What the match.starting timer does once a match moved: set for a scheduled start, cleared once there is none. */
export type StartingTimerChange = "set" | "clear" | null;

/**
 * The effects of a confirmed command that moved its match: the match.starting timer kept in step,
 * and its page and the lists showing it told to read it again: now live (the video replaces the
 * countdown), or otherwise moved on.
 */
export function confirmedEffects(
  command: CameraCommand,
  matchId: number,
): { timer: StartingTimerChange; news: Notice } {
  const timer =
    command === "schedule" ? "set" : command === "unschedule" || command === "stopRecording" ? "clear" : null;
  const channel = CHANNELS.match(matchId);
  const news: Notice =
    command === "startRecording"
      ? { channel, event: EVENTS.matchLive, payload: { match: matchId } }
      : { channel, event: EVENTS.matchChanged, payload: { match: matchId } };
  return { timer, news };
}
