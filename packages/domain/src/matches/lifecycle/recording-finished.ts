// A camera reports a match's recording finished: who hears of what the report changed. With a video
// the match went on demand (the clips of markers placed while it recorded can be cut now); without
// one it stays in processing with its recording problem, which the club's staff are told. A replayed
// report changed nothing and tells nobody.
import { CHANNELS, EVENTS, type MatchStatus, type RecordingProblem } from "@clubcast/shared";
import type { Notice } from "./notices.ts";

export function recordingFinishedEffects(
  match: { id: number; clubId: number; status: MatchStatus; recordingProblem: RecordingProblem | null },
  changed: boolean,
): { notices: Notice[]; onDemand: boolean } {
  if (!changed) return { notices: [], onDemand: false };
  // Its page turns on demand (or says nothing was recorded) without a reload.
  const notices: Notice[] = [
    { channel: CHANNELS.match(match.id), event: EVENTS.matchChanged, payload: { match: match.id } },
  ];
  if (match.recordingProblem) {
    notices.push({
      channel: CHANNELS.club(match.clubId),
      event: EVENTS.matchRecordingProblem,
      payload: { club: match.clubId, match: match.id, problem: match.recordingProblem },
    });
  }
  return { notices, onDemand: match.status === "vod" };
}
