// BullMQ queue names and typed job payloads, shared by the server that
// enqueues and the worker that runs them.

export const QUEUES = {
  /** Commands to the camera server of a configuration. */
  cameraCommands: "camera-commands",
  /** The two external asset-update posts after a privacy change, and the job that awaits them. */
  assetUpdates: "asset-updates",
  /** Delayed jobs firing match.starting at a scheduled match's start. */
  matchTimers: "match-timers",
} as const;

export const CAMERA_COMMANDS = ["schedule", "unschedule", "startRecording", "stopRecording", "restore"] as const;
export type CameraCommand = (typeof CAMERA_COMMANDS)[number];

export interface CameraCommandJob {
  command: CameraCommand;
  matchId: number;
  configurationId: number;
  /** Who asked; told the outcome through user.message. */
  requestedBy: number | null;
  /** Unique per requested command: a retried or duplicated job has no second effect. */
  idempotencyKey: string;
}

export const ASSET_UPDATE_TARGETS = ["video", "thumbnail"] as const;
export type AssetUpdateTarget = (typeof ASSET_UPDATE_TARGETS)[number];

export interface AssetUpdateJob {
  matchId: number;
  isPrivate: boolean;
  target: AssetUpdateTarget;
  requestedBy: number | null;
  idempotencyKey: string;
}

/**
 * The parent of a privacy change's asset updates (a BullMQ flow): it runs once
 * they are done and tells the requester when both succeeded.
 */
export const PRIVACY_APPLIED_JOB = "privacy-applied";

export interface PrivacyAppliedJob {
  matchId: number;
  isPrivate: boolean;
  requestedBy: number | null;
}

export interface MatchStartingJob {
  matchId: number;
  startingAt: string;
}

export const JOB_ATTEMPTS = 5;
export const JOB_BACKOFF = { type: "exponential", delay: 1000 } as const;

/** The id of a match's match.starting timer; one per match, moved on reschedule. */
export const matchStartingJobId = (matchId: number) => `match-starting-${matchId}`;

/** BullMQ's key prefix, under the platform's Redis prefix (lets tests share one Redis). */
export const bullPrefix = (redisPrefix: string) => `${redisPrefix}bull`;
