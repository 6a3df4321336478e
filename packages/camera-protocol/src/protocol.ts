// The camera-server protocol, defined once: the paths, request and answer
// bodies of the external HTTP services the worker talks to. A camera server
// runs the cameras of one or more configurations (addressed by sa_camera_id);
// the asset server takes the two posts after a privacy change.
import type { AssetUpdateTarget, CameraCommand } from "@clubcast/shared/jobs";

/** Header carrying a command's idempotency key: a repeated key returns the first answer without a second effect. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export interface MatchRef {
  match_id: number;
}

export interface ScheduleRequest extends MatchRef {
  /** ISO 8601 instants. */
  starting_at: string;
  stopping_at: string;
}

/** Restoring a match's recording from the camera's storage, for the span it was recorded. */
export type RestoreRequest = ScheduleRequest;

/** The request body of each camera command. */
export interface CameraCommandRequests {
  schedule: ScheduleRequest;
  unschedule: MatchRef;
  startRecording: MatchRef;
  stopRecording: MatchRef;
  restore: RestoreRequest;
}

export const CAMERA_STATES = ["scheduled", "unscheduled", "recording", "stopped", "restoring"] as const;
export type CameraState = (typeof CAMERA_STATES)[number];

/** What every camera command answers (HTTP 200). */
export interface CameraCommandAnswer {
  camera_id: string;
  match_id: number;
  /** The camera's state for the match after the command. */
  state: CameraState;
  /** Set while and after recording: the camera server's id of the recording. */
  recording_id: string | null;
}

/** The body of a refused or failed command (HTTP 4xx/5xx). */
export interface CameraErrorAnswer {
  message: string;
}

/** The path of a command under the camera server's base URL. */
export const CAMERA_COMMAND_PATHS: Record<CameraCommand, string> = {
  schedule: "schedule",
  unschedule: "unschedule",
  startRecording: "recordings/start",
  stopRecording: "recordings/stop",
  restore: "restore",
};

export function cameraCommandPath(command: CameraCommand, cameraId: string): string {
  return `/cameras/${encodeURIComponent(cameraId)}/${CAMERA_COMMAND_PATHS[command]}`;
}

/** The camera commands by path segment, for servers routing a request. */
export function cameraCommandOfPath(segment: string): CameraCommand | null {
  const entry = Object.entries(CAMERA_COMMAND_PATHS).find(([, path]) => path === segment);
  return (entry?.[0] as CameraCommand | undefined) ?? null;
}

/** The state a camera is in after a successful command. */
export const STATE_AFTER: Record<CameraCommand, CameraState> = {
  schedule: "scheduled",
  unschedule: "unscheduled",
  startRecording: "recording",
  stopRecording: "stopped",
  restore: "restoring",
};

/** An asset update after a privacy change (POST {assetServerUrl}/assets/{target}). */
export interface AssetUpdateRequest {
  matchId: number;
  isPrivate: boolean;
}

export interface AssetUpdateAnswer {
  target: AssetUpdateTarget;
  matchId: number;
  isPrivate: boolean;
}

export const assetUpdatePath = (target: AssetUpdateTarget) => `/assets/${target}`;
