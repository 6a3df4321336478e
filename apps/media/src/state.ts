// What the gateway must remember across a restart: which camera records which
// match, since when, in which mode, with which publisher sessions so far.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "@clubcast/media-store";
import type { Rendition } from "./playlists.ts";

export interface RecordingState {
  matchId: number;
  recordingId: string;
  startedAt: string;
  /** Fixed by the first session, so every session of a recording has the same renditions. */
  renditions: Rendition[] | null;
  sessions: number[];
  streamReadyReported: boolean;
  /** When a recording started by its schedule stops by itself (stopping_at); null when started by hand. */
  stopAt?: string | null;
}

export interface FinishedRecording {
  matchId: number;
  recordingId: string;
  startedAt: string;
  endedAt: string;
}

export interface CameraState {
  scheduled: Record<string, { startingAt: string; stoppingAt: string }>;
  recording: RecordingState | null;
  finished: Record<string, FinishedRecording>;
}

export interface GatewayState {
  cameras: Record<string, CameraState>;
}

export function createStateFile(dir: string) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "state.json");
  const state: GatewayState = existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as GatewayState)
    : { cameras: {} };
  return {
    state,
    camera(cameraId: string): CameraState {
      return (state.cameras[cameraId] ??= { scheduled: {}, recording: null, finished: {} });
    },
    /** Whole or not at all: a crash never leaves half a state behind. */
    save: () => writeFileAtomic(file, JSON.stringify(state, null, 2)),
  };
}
export type StateFile = ReturnType<typeof createStateFile>;
