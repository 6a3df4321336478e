// How a live match its camera did not stop ends anyway (ENDED_WITHOUT_CAMERA): live → processing,
// marked camera_lost and without a live URL, its match.starting timer cleared, and the club's staff
// told of the problem. A camera that still delivers the recording later takes it on demand
// (recording-finished goes on from processing).
import { CHANNELS, ENDED_WITHOUT_CAMERA, EVENTS } from "@clubcast/shared";
import type { Notice } from "./notices.ts";

/** The event that ends the match, and what it writes with the status. */
export const ENDING_WITHOUT_CAMERA = {
  event: ENDED_WITHOUT_CAMERA.event,
  data: { recordingProblem: ENDED_WITHOUT_CAMERA.problem, liveHlsUrl: null },
} as const;

/** The effects once the match ended: its timer cleared, and the club's staff told of the problem. */
export function endedWithoutCameraEffects(match: { id: number; clubId: number }): { timer: "clear"; news: Notice } {
  return {
    timer: "clear",
    news: {
      channel: CHANNELS.club(match.clubId),
      event: EVENTS.matchRecordingProblem,
      payload: { club: match.clubId, match: match.id, problem: ENDED_WITHOUT_CAMERA.problem },
    },
  };
}
