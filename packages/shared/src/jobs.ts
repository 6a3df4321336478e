// The job registry: every BullMQ job of the platform declared once, with its
// queue, its name(s), its payload schema and the options it is added with.
// The server enqueues through it (packages/domain/src/jobs/queues.ts) and the worker
// runs a handler per registered job (apps/worker/src/workers.ts), both checking
// payloads against the schema.
import { z } from "zod";

export const QUEUES = {
  /** Commands to the camera server of a configuration. */
  cameraCommands: "camera-commands",
  /** The two external asset-update posts after a privacy change, and the job that awaits them. */
  assetUpdates: "asset-updates",
  /** Delayed jobs firing match.starting at a scheduled match's start. */
  matchTimers: "match-timers",
  /** Cutting a marker's clip out of its match's on-demand video. */
  clipCuts: "clip-cuts",
  /** Joining a match's ready clips into its highlight summary. */
  summaryBuilds: "summary-builds",
  /**
   * The work after a recording is on demand (its MP4 download, its keyframe index and the moments its
   * sound suggests), and the listening to a live match's latest sound.
   */
  recordings: "recordings",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * The queues whose jobs run ffmpeg: each job takes a core for seconds, so a worker runs few at once
 * (WORKER_MEDIA_CONCURRENCY). The others mostly wait for a camera or asset server's answer, and run
 * many at once (WORKER_CONCURRENCY).
 */
export const MEDIA_QUEUES: readonly QueueName[] = [QUEUES.clipCuts, QUEUES.summaryBuilds, QUEUES.recordings];

export const CAMERA_COMMANDS = ["schedule", "unschedule", "startRecording", "stopRecording", "restore"] as const;
export type CameraCommand = (typeof CAMERA_COMMANDS)[number];

export const ASSET_UPDATE_TARGETS = ["video", "thumbnail"] as const;
export type AssetUpdateTarget = (typeof ASSET_UPDATE_TARGETS)[number];

const rowId = z.number().int().positive();
/** Who asked; told the outcome through user.message (null: nobody to tell). */
const requestedBy = rowId.nullable();
/** Unique per requested call: a retried or duplicated job has no second effect at the external server. */
const idempotencyKey = z.string().min(1);

export const cameraCommandJob = z.object({
  command: z.enum(CAMERA_COMMANDS),
  matchId: rowId,
  configurationId: rowId,
  requestedBy,
  idempotencyKey,
});
export type CameraCommandJob = z.infer<typeof cameraCommandJob>;

export const assetUpdateJob = z.object({
  matchId: rowId,
  isPrivate: z.boolean(),
  target: z.enum(ASSET_UPDATE_TARGETS),
  requestedBy,
  idempotencyKey,
});
export type AssetUpdateJob = z.infer<typeof assetUpdateJob>;

export const privacyAppliedJob = z.object({ matchId: rowId, isPrivate: z.boolean(), requestedBy });
export type PrivacyAppliedJob = z.infer<typeof privacyAppliedJob>;

export const matchStartingJob = z.object({ matchId: rowId, startingAt: z.iso.datetime() });
export type MatchStartingJob = z.infer<typeof matchStartingJob>;

/** The sweep that ends overdue live matches (repeated every OVERDUE_SWEEP_EVERY_MS): no payload of its own. */
export const overdueMatchesJob = z.object({});
export type OverdueMatchesJob = z.infer<typeof overdueMatchesJob>;

/**
 * How long after its stopping time a live match without a publisher is stopped by the sweep: a
 * camera stops a scheduled match itself at that time and reports within minutes; one that has not
 * by then has lost the match (a restarted camera server, a lost report).
 */
export const OVERDUE_LIVE_GRACE_MS = 30 * 60_000;
/** How often the sweep looks for overdue live matches. */
export const OVERDUE_SWEEP_EVERY_MS = 60_000;
/** The id of the sweep's job scheduler: one per deployment, however many workers start. */
export const OVERDUE_SWEEP_SCHEDULER = "matches-overdue";

/** The sweep that has the live matches' latest sound listened to (every LIVE_LISTENING_EVERY_MS): no payload. */
export const liveListeningSweepJob = z.object({});
export type LiveListeningSweepJob = z.infer<typeof liveListeningSweepJob>;
/** How often a live match's sound is listened to for moments (issue 30: suggestions during the match). */
export const LIVE_LISTENING_EVERY_MS = 60_000;
/** The id of the live-listening sweep's job scheduler: one per deployment. */
export const LIVE_LISTENING_SCHEDULER = "moments-live";

export const clipCutJob = z.object({
  clipId: rowId,
  /** The clip's version when queued (bumped by every change that needs a new cut). */
  version: z.number().int().nonnegative(),
});
export type ClipCutJob = z.infer<typeof clipCutJob>;

export const summaryBuildJob = z.object({
  summaryId: rowId,
  /** The summary's version when queued (bumped by every change of its clips and by a rebuild asked by hand). */
  version: z.number().int().nonnegative(),
});
export type SummaryBuildJob = z.infer<typeof summaryBuildJob>;

/** The work after one recording of a match went on demand (the match's recording_version then). */
export const recordingJob = z.object({
  matchId: rowId,
  /** The match's recording version when queued: a restore that brought the recording again bumps it. */
  version: z.number().int().positive(),
});
export type RecordingJob = z.infer<typeof recordingJob>;

/**
 * One job of each kind per recording of a match: a replayed recording-finished report queues the
 * same ids again, which BullMQ ignores.
 */
export const recordingDownloadJobId = (job: RecordingJob) => `download-${job.matchId}-v${job.version}`;
export const recordingIndexJobId = (job: RecordingJob) => `index-${job.matchId}-v${job.version}`;
export const recordingMomentsJobId = (job: RecordingJob) => `moments-${job.matchId}-v${job.version}`;

/** One listening to the latest sound of a live match, by one sweep. */
export const liveMomentsJob = z.object({
  matchId: rowId,
  /** The recording version the match's recording will have on demand (its recording_version + 1 while live). */
  version: z.number().int().positive(),
  /** The sweep's turn (its time / LIVE_LISTENING_EVERY_MS): one job per match and turn, however often the sweep runs. */
  turn: z.number().int().nonnegative(),
});
export type LiveMomentsJob = z.infer<typeof liveMomentsJob>;
export const liveMomentsJobId = (job: LiveMomentsJob) => `moments-live-${job.matchId}-v${job.version}-t${job.turn}`;

/** The parent job of a privacy change's asset updates (a BullMQ flow). */
export const PRIVACY_APPLIED_JOB = "privacy-applied";

export const JOB_ATTEMPTS = 5;
export const JOB_BACKOFF = { type: "exponential", delay: 1000 } as const;
/** How long one call to a camera or asset server may take (the worker's default; CAMERA_SERVER_TIMEOUT_MS). */
export const EXTERNAL_CALL_TIMEOUT_MS = 10_000;

/**
 * The BullMQ options a job is added with (the part of BullMQ's JobsOptions the
 * registry sets; the web client imports this package, so not BullMQ's type).
 */
export interface JobOptions {
  attempts: number;
  backoff?: { type: "exponential" | "fixed"; delay: number };
  removeOnComplete: boolean | number;
  removeOnFail: boolean | number;
  /** For a flow's child: a final failure drops it from its parent, which then runs without it. */
  removeDependencyOnFailure?: boolean;
}

/** Retried with backoff; a failed job stays in its queue so system admins can see it. */
const RETRIED: JobOptions = {
  attempts: JOB_ATTEMPTS,
  backoff: JOB_BACKOFF,
  removeOnComplete: 1000,
  removeOnFail: false,
};

export interface JobDefinition<Queue extends QueueName, Payload extends z.ZodType, Name extends string> {
  queue: Queue;
  payload: Payload;
  /** The names its jobs carry in the queue (what the failed-jobs page shows); unique within the queue. */
  names: readonly [Name, ...Name[]];
  /** The name of one job, for a job declared under several names (one per camera command). */
  nameOf?: (payload: z.infer<Payload>) => Name;
  /** The job id, where one job per id is the point (a second add of the same id is ignored). */
  jobIdOf?: (payload: z.infer<Payload>) => string;
  options: JobOptions;
}

const defineJob = <Queue extends QueueName, Payload extends z.ZodType, Name extends string>(
  definition: JobDefinition<Queue, Payload, Name>,
) => definition;

/**
 * The id of the match.starting timer of one start of a match. Per start, not per match: setting the
 * timer of a new start needs no removal first (one Redis call instead of two on every schedule), and
 * a timer of a start that moved finds the start changed when it fires (its removal is tidying only).
 */
export const matchStartingJobId = (job: MatchStartingJob) =>
  `match-starting-${job.matchId}-${Date.parse(job.startingAt)}`;

/** One job per clip version: queueing the same version twice adds nothing. */
export const clipCutJobId = (job: ClipCutJob) => `clip-${job.clipId}-v${job.version}`;

/** One job per summary version: queueing the same version twice adds nothing, and an older one can be removed. */
export const summaryBuildJobId = (job: SummaryBuildJob) => `summary-${job.summaryId}-v${job.version}`;

export const JOBS = {
  /** A command to a camera server; its idempotency key is its job id, so a duplicate add is ignored. */
  cameraCommand: defineJob({
    queue: QUEUES.cameraCommands,
    payload: cameraCommandJob,
    names: CAMERA_COMMANDS,
    nameOf: (job) => job.command,
    jobIdOf: (job) => job.idempotencyKey,
    options: RETRIED,
  }),
  /** One of the two asset-update posts after a privacy change, a child of its privacyApplied job. */
  assetUpdate: defineJob({
    queue: QUEUES.assetUpdates,
    payload: assetUpdateJob,
    names: ASSET_UPDATE_TARGETS,
    nameOf: (job) => job.target,
    jobIdOf: (job) => job.idempotencyKey,
    // A child that fails for good must not keep its parent waiting forever.
    options: { ...RETRIED, removeDependencyOnFailure: true },
  }),
  /** The parent of a privacy change's asset updates: runs once they are done and tells the requester. */
  privacyApplied: defineJob({
    queue: QUEUES.assetUpdates,
    payload: privacyAppliedJob,
    names: [PRIVACY_APPLIED_JOB],
    options: { attempts: 1, removeOnComplete: 1000, removeOnFail: false },
  }),
  /** Fires match.starting at a scheduled match's start (added with a delay). */
  matchStarting: defineJob({
    queue: QUEUES.matchTimers,
    payload: matchStartingJob,
    names: ["match.starting"],
    jobIdOf: matchStartingJobId,
    options: { ...RETRIED, removeOnComplete: true },
  }),
  /**
   * Stops the live matches past their stopping time by OVERDUE_LIVE_GRACE_MS with no publisher
   * (repeated by the OVERDUE_SWEEP_SCHEDULER job scheduler; a failed sweep is tried at the next one).
   */
  overdueMatches: defineJob({
    queue: QUEUES.matchTimers,
    payload: overdueMatchesJob,
    names: ["matches.overdue"],
    options: { attempts: 1, removeOnComplete: true, removeOnFail: 100 },
  }),
  /**
   * Cuts one version of a clip; a clip changed since it was queued makes it do nothing. Added with a
   * priority, its rank among its club's waiting cuts: one club's flood never holds back another's cut.
   */
  clipCut: defineJob({
    queue: QUEUES.clipCuts,
    payload: clipCutJob,
    names: ["clip.cut"],
    jobIdOf: clipCutJobId,
    options: RETRIED,
  }),
  /** Builds one version of a match's summary (added with a quiet-period delay); an older version does nothing. */
  summaryBuild: defineJob({
    queue: QUEUES.summaryBuilds,
    payload: summaryBuildJob,
    names: ["summary.build"],
    jobIdOf: summaryBuildJobId,
    options: RETRIED,
  }),
  /**
   * Makes the MP4 download of a recording on demand from its video-on-demand in the media store
   * (download_status preparing → ready, or failed after its attempts); a later recording makes it do nothing.
   */
  recordingDownload: defineJob({
    queue: QUEUES.recordings,
    payload: recordingJob,
    names: ["recording.download"],
    jobIdOf: recordingDownloadJobId,
    options: RETRIED,
  }),
  /** Makes the keyframe index of a recording on demand, so the first clip cut need not probe the whole video. */
  recordingIndex: defineJob({
    queue: QUEUES.recordings,
    payload: recordingJob,
    names: ["recording.index"],
    jobIdOf: recordingIndexJobId,
    options: RETRIED,
  }),
  /**
   * Listens to a recording on demand (ffmpeg filters) and stores the moments its sound suggests
   * (whistles, crowd surges; issue 30), for a club that has suggestions on; a later recording makes it do nothing.
   */
  recordingMoments: defineJob({
    queue: QUEUES.recordings,
    payload: recordingJob,
    names: ["recording.moments"],
    jobIdOf: recordingMomentsJobId,
    options: RETRIED,
  }),
  /**
   * Posts a liveMoments job for each live match of a club with suggestions on (repeated by the
   * LIVE_LISTENING_SCHEDULER job scheduler; a failed sweep is tried at the next one).
   */
  liveListeningSweep: defineJob({
    queue: QUEUES.matchTimers,
    payload: liveListeningSweepJob,
    names: ["moments.live-sweep"],
    options: { attempts: 1, removeOnComplete: true, removeOnFail: 100 },
  }),
  /**
   * Listens to the latest closed segments of a live match and stores the moments they suggest, so
   * suggestions appear during the match. Not retried: the next turn listens to the same sound again
   * (its span overlaps), and the pass after the recording (recordingMoments) to all of it.
   */
  liveMoments: defineJob({
    queue: QUEUES.recordings,
    payload: liveMomentsJob,
    names: ["moments.live"],
    jobIdOf: liveMomentsJobId,
    options: { attempts: 1, removeOnComplete: true, removeOnFail: 100 },
  }),
};

/**
 * The longest a job added with `options` takes to end for good when each attempt runs into
 * `attemptTimeoutMs`: its attempts and BullMQ's backoff waits between them (exponential: delay, 2×delay, …).
 */
export function finalOutcomeWithinMs(options: JobOptions, attemptTimeoutMs: number): number {
  const retries = options.attempts - 1;
  const delay = options.backoff?.delay ?? 0;
  const waits = options.backoff?.type === "exponential" ? delay * (2 ** retries - 1) : delay * retries;
  return options.attempts * attemptTimeoutMs + waits;
}

/**
 * When a camera command's requester must have heard its outcome: a command still pending after this
 * is shown as failed (issue 16), since no worker took it or its outcome was lost.
 */
export const CAMERA_COMMAND_OUTCOME_WITHIN_MS = finalOutcomeWithinMs(
  JOBS.cameraCommand.options,
  EXTERNAL_CALL_TIMEOUT_MS,
);

export type JobKind = keyof typeof JOBS;
export type JobPayload<K extends JobKind> = z.infer<(typeof JOBS)[K]["payload"]>;
/** The payloads of the jobs one queue holds. */
export type QueuePayload<Q extends QueueName> = {
  [K in JobKind]: (typeof JOBS)[K]["queue"] extends Q ? JobPayload<K> : never;
}[JobKind];

export const JOB_KINDS = Object.keys(JOBS) as JobKind[];

/** The registry seen per kind (`REGISTRY[kind]` of a generic kind is typed, `JOBS[kind]` a union). */
const REGISTRY: { [K in JobKind]: JobDefinition<QueueName, z.ZodType<JobPayload<K>>, string> } = JOBS;

/** A job ready for BullMQ's Queue.add or a flow: its payload checked against its schema. */
export interface PlannedJob<K extends JobKind> {
  queueName: QueueName;
  name: string;
  data: JobPayload<K>;
  opts: JobOptions & { jobId?: string };
}

/** Why `data` is no payload of a `kind` job (each field that does not fit), or null when it is one. */
function payloadProblem(kind: JobKind, name: string, data: unknown): string | null {
  const checked = JOBS[kind].payload.safeParse(data);
  return checked.success ? null : `malformed ${name} payload: ${z.prettifyError(checked.error)}`;
}

/**
 * The job of `kind` with `payload`. A payload that does not fit the job's schema is a fault of the
 * enqueuing code, not of a request: it throws a plain Error (a ZodError would answer 422).
 */
export function planJob<K extends JobKind>(kind: K, payload: JobPayload<K>): PlannedJob<K> {
  const definition = REGISTRY[kind];
  const name = definition.nameOf?.(payload) ?? definition.names[0];
  const problem = payloadProblem(kind, name, payload);
  if (problem) throw new Error(problem);
  const jobId = definition.jobIdOf?.(payload);
  return {
    queueName: definition.queue,
    name,
    data: payload,
    opts: { ...definition.options, ...(jobId === undefined ? {} : { jobId }) },
  };
}

/**
 * The registered kind of a queue's job, its payload checked against that kind's schema; or why the
 * job is of none (no kind has its name in that queue, or its payload does not fit).
 */
export function recognizeJob(queue: string, name: string, data: unknown): { kind: JobKind } | { problem: string } {
  const kind = JOB_KINDS.find((k) => JOBS[k].queue === queue && (JOBS[k].names as readonly string[]).includes(name));
  if (!kind) return { problem: `no registered job is named ${name} in ${queue}` };
  const problem = payloadProblem(kind, name, data);
  return problem ? { problem } : { kind };
}

/** The queues the registered jobs use: each gets a worker. */
export const JOB_QUEUES: QueueName[] = [...new Set(JOB_KINDS.map((kind) => JOBS[kind].queue))];

/** How a camera or asset server call failed: refused (4xx), failed (worth a retry), no answer in time, or unreachable. */
export type CameraFailureCode = "refused" | "failed" | "timeout" | "unreachable";

/** A camera or asset server's failure as the requester may see it. */
export interface CameraFailure {
  code: CameraFailureCode;
  /** The server's own words (internal addresses hidden), or why no answer came: what a toast shows. */
  detail: string;
}

/** What the requester of a job that failed for good is told (user.message's detail and failure). */
export interface JobFailureReport {
  /** The whole sentence, e.g. "schedule failed: the camera server answered 409, response: …". */
  detail: string;
  /** Set when a camera or asset server failed the call. */
  failure?: CameraFailure;
}

/** BullMQ's key prefix, under the platform's Redis prefix (lets tests share one Redis). */
export const bullPrefix = (redisPrefix: string) => `${redisPrefix}bull`;
