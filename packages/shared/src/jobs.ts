// BullMQ queue names and typed job payloads, shared by the server that
// enqueues and the worker that runs them.

export const QUEUES = {
  /** Commands to the camera server of a configuration. */
  cameraCommands: "camera-commands",
  /** The two external asset-update posts after a privacy change, and the job that awaits them. */
  assetUpdates: "asset-updates",
  /** Delayed jobs firing match.starting at a scheduled match's start. */
  matchTimers: "match-timers",
  /** Cutting a marker's clip out of its match's on-demand video (CLIP_CUT_JOB). */
  clipCuts: "clip-cuts",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** The job that cuts one version of a clip; a clip changed since it was queued makes it do nothing. */
export const CLIP_CUT_JOB = "clip.cut";

export interface ClipCutJob {
  clipId: number;
  /** The clip's version when queued (bumped by every change that needs a new cut). */
  version: number;
}

/** One job per clip version: queueing the same version twice adds nothing. */
export const clipCutJobId = (job: ClipCutJob) => `clip-${job.clipId}-v${job.version}`;

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
