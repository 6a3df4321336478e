// What the worker reports back about a match's jobs: camera commands confirmed or
// failed for good, and privacy changes applied. Each outcome has its effect once,
// however often its job is delivered.
import {
  CHANNELS,
  ENDED_WITHOUT_CAMERA,
  EVENTS,
  GATEWAY_CAMERA_TYPE,
  alreadyTransitioned,
  awaitsVideo,
  transitionOf,
  type MatchStatus,
  type UserMessageKey,
} from "@clubcast/shared";
import {
  type AssetUpdateJob,
  type CameraCommand,
  type CameraCommandJob,
  type PrivacyAppliedJob,
  type JobFailureReport,
} from "@clubcast/shared/jobs";
import type { Pool } from "pg";
import { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import { translate } from "../core/i18n.ts";
import { queryPrepared } from "../core/prepared.ts";
import { COMMAND_EVENTS, SUCCEEDED_MESSAGES, refusedMessageOf } from "./camera-commands.ts";
import {
  createMatchRepository,
  createTransitionBatcher,
  type BatchedTransitionData,
  type BatchedTransitionResult,
} from "./repository.ts";

export interface CommandOutcome {
  /** False for a duplicate outcome, or when the match moved on (or went) meanwhile. */
  applied: boolean;
  status?: MatchStatus;
}

/** How long a handled job outcome is kept, so a redelivered job has no second effect. */
const OUTCOME_MEMORY_DAYS = 7;

/** Deletes the job outcomes kept longer than OUTCOME_MEMORY_DAYS; answers how many (the worker runs it hourly). */
export async function forgetOldJobOutcomes(pool: Pool): Promise<number> {
  const { rowCount } = await pool.query(
    "DELETE FROM job_outcomes WHERE claimed_at < now() - make_interval(days => $1)",
    [OUTCOME_MEMORY_DAYS],
  );
  return rowCount ?? 0;
}

const outcomeKey = (job: CameraCommandJob) => `match-command-outcome:${job.idempotencyKey}`;

/** A command a camera carried out: confirmed to the worker, or reported by the camera itself. */
interface ConfirmedCommand {
  matchId: number;
  command: CameraCommand;
  /** The configuration that ran it; undefined keeps the match's. */
  configurationId?: number;
  /** The job outcome's key, claimed with the transition (a worker's outcome). */
  claim?: string;
}

/** What a confirmed command writes besides the status: the configuration that ran it, and whether the camera has it scheduled. */
function confirmedData({ command, configurationId }: ConfirmedCommand): BatchedTransitionData {
  return {
    ...(configurationId === undefined ? {} : { configurationId }),
    ...(command === "schedule" ? { isScheduled: true } : {}),
    ...(command === "unschedule" ? { isScheduled: false } : {}),
    // The camera delivers the recording again: whether it has a video is for its report to say.
    ...(command === "restore" ? { recordingProblem: null } : {}),
  };
}

export function createMatchJobOutcomes(deps: Deps) {
  const { prisma, pool, jobs, events } = deps;
  const matches = createMatchRepository(prisma);
  // Outcomes arrive in bursts (a worker runs many jobs at once): their transitions commit together.
  const transition = createTransitionBatcher(matches, pool);

  /** Claims the one outcome kept under `key` (job_outcomes); false when it was already handled. */
  async function claimOutcome(key: string): Promise<boolean> {
    const claimed = await queryPrepared(
      pool,
      Prisma.sql`INSERT INTO job_outcomes (key) VALUES (${key}) ON CONFLICT DO NOTHING RETURNING key`,
    );
    return claimed.length === 1;
  }

  function tellRequester(
    job: { matchId: number; requestedBy: number | null },
    message: { key: UserMessageKey; level: "success" | "error" } & Partial<JobFailureReport>,
  ) {
    if (job.requestedBy === null) return;
    events.publish(CHANNELS.user(job.requestedBy), EVENTS.userMessage, { ...message, match: job.matchId });
  }

  async function localeOf(userId: number | null) {
    const user = userId ? await prisma.user.findUnique({ where: { id: userId }, select: { locale: true } }) : null;
    return user?.locale ?? "en";
  }

  /**
   * A camera carried out a command: move the match through the state machine (a conditional
   * transition, claiming the job's outcome when there is one, both committed together, so a
   * duplicate or a raced outcome has no second effect), keep its match.starting timer in step and
   * tell the match's page that it is live or moved on. The one place a confirmed command takes effect, whoever
   * reports it: the worker (commandSucceeded) or the camera itself (cameraStartedRecording).
   */
  async function applyConfirmed(confirmed: ConfirmedCommand): Promise<BatchedTransitionResult> {
    const result = await transition({
      matchId: confirmed.matchId,
      event: COMMAND_EVENTS[confirmed.command],
      data: confirmedData(confirmed),
      ...(confirmed.claim === undefined ? {} : { claim: confirmed.claim }),
    });
    if (result.outcome !== "moved") return result;
    const { match } = result;
    if (confirmed.command === "schedule") await jobs.setMatchStartingTimer(match.id, match.startingAt);
    if (confirmed.command === "unschedule" || confirmed.command === "stopRecording") {
      await jobs.clearMatchStartingTimer(match.id, match.startingAt);
    }
    // Its page and the lists showing it read it again: now live (the video replaces the countdown), or otherwise moved on.
    const news = confirmed.command === "startRecording" ? EVENTS.matchLive : EVENTS.matchChanged;
    events.publish(CHANNELS.match(match.id), news, { match: match.id });
    return result;
  }

  /**
   * The camera server confirmed a command (applyConfirmed) and the requester is told. A retry after
   * the commit finds the outcome claimed: the timer and the message are not made again. A match
   * that already shows the command's effect (the camera reported its stream ready, or its
   * recording finished, before the worker heard back) is no failure. A media gateway's start makes
   * the match await its video (awaitVideo), not live.
   */
  async function commandSucceeded(job: CameraCommandJob): Promise<CommandOutcome> {
    if (job.command === "startRecording" && (await isGateway(job.configurationId))) return awaitVideo(job);
    if (job.command === "stopRecording") await liveIfAwaitingVideo(job.matchId);
    const result = await applyConfirmed({
      matchId: job.matchId,
      command: job.command,
      configurationId: job.configurationId,
      claim: outcomeKey(job),
    });
    if (result.outcome === "claimed before" || result.outcome === "missing") return { applied: false };
    if (result.outcome === "refused") return confirmedFrom(job, result.error.from);
    tellRequester(job, { key: SUCCEEDED_MESSAGES[job.command], level: "success" });
    return { applied: true, status: result.match.status };
  }

  /** A confirmation the match's status refused: late when the match already shows its effect, else a failure told. */
  async function confirmedFrom(job: CameraCommandJob, status: MatchStatus): Promise<CommandOutcome> {
    if (alreadyTransitioned(status, COMMAND_EVENTS[job.command])) {
      tellRequester(job, { key: SUCCEEDED_MESSAGES[job.command], level: "success" });
      return { applied: false, status };
    }
    // The match moved on before the camera confirmed (e.g. recording started by hand).
    const detail = translate(await localeOf(job.requestedBy), refusedMessageOf(job.command), { status });
    tellRequester(job, { key: "match.operation_failed", level: "error", detail });
    await tellClub(job, detail);
    return { applied: false, status };
  }

  async function isGateway(configurationId: number): Promise<boolean> {
    const configuration = await prisma.configuration.findUnique({
      where: { id: configurationId },
      select: { cameraType: true },
    });
    return configuration?.cameraType === GATEWAY_CAMERA_TYPE;
  }

  /**
   * A media gateway confirmed a hand start: it records, but the match turns live only with its first
   * playable segment (the gateway's stream-ready report, cameraStartedRecording), as on a schedule. Until
   * then it keeps its status, awaiting its video (startConfirmed, with the configuration recording it, whose
   * report is then taken), and may be stopped. The mark is idempotent and written again on a redelivery;
   * the requester hears it once.
   */
  async function awaitVideo(job: CameraCommandJob): Promise<CommandOutcome> {
    const [marked] = await prisma.match.updateManyAndReturn({
      where: { id: job.matchId, status: { in: [...transitionOf("startRecording").from] } },
      data: { startConfirmed: true, configurationId: job.configurationId },
      select: { status: true },
    });
    if (!(await claimOutcome(outcomeKey(job)))) return { applied: false };
    if (!marked) {
      // Live already (its stream was ready first), or moved on.
      const match = await prisma.match.findUnique({ where: { id: job.matchId }, select: { status: true } });
      return match ? confirmedFrom(job, match.status) : { applied: false };
    }
    tellRequester(job, { key: "match.recording_awaits_video", level: "success" });
    // Its page and the lists read it again: it may be stopped now.
    events.publish(CHANNELS.match(job.matchId), EVENTS.matchChanged, { match: job.matchId });
    return { applied: true, status: marked.status };
  }

  /**
   * A match awaiting its video is stopped as a live one is (isRecording): it turns live first, with no
   * news, since it ends at once. Any other match is left as it is.
   */
  async function liveIfAwaitingVideo(matchId: number): Promise<void> {
    const match = await prisma.match.findUnique({
      where: { id: matchId },
      select: { status: true, startConfirmed: true },
    });
    if (match && awaitsVideo(match)) await matches.transition(matchId, "startRecording");
  }

  /**
   * A camera started recording a match by itself (at its schedule's start) and reports its stream
   * ready: the same effect as a confirmed startRecording, without a job or a requester.
   */
  function cameraStartedRecording(matchId: number): Promise<BatchedTransitionResult> {
    return applyConfirmed({ matchId, command: "startRecording" });
  }

  /** The club's scheduler staff see a failed command on the match's row too (the match may be gone by now). */
  async function tellClub(job: CameraCommandJob, detail: string) {
    const match = await prisma.match.findUnique({ where: { id: job.matchId }, select: { clubId: true } });
    if (!match) return;
    events.publish(CHANNELS.club(match.clubId), EVENTS.matchCommandFailed, {
      club: match.clubId,
      match: job.matchId,
      command: job.command,
      detail,
    });
  }

  /**
   * Ends a live match (or one awaiting its video) its camera did not stop (ENDED_WITHOUT_CAMERA): live → processing marked
   * camera_lost, without a live URL, its starting timer cleared; the club's staff hear the problem and
   * the requester (if any) that it ended without a video. A match no longer live (its camera reported
   * meanwhile) is left as it is. A camera that still delivers the recording later takes it on demand
   * (recording-finished goes on from processing).
   */
  async function endWithoutCamera(job: { matchId: number; requestedBy: number | null }): Promise<CommandOutcome> {
    const { event, problem } = ENDED_WITHOUT_CAMERA;
    await liveIfAwaitingVideo(job.matchId);
    const result = await matches.transition(job.matchId, event, {
      recordingProblem: problem,
      liveHlsUrl: null,
    });
    if (result.outcome !== "moved") {
      return { applied: false, ...(result.outcome === "refused" ? { status: result.error.from } : {}) };
    }
    const { match } = result;
    await jobs.clearMatchStartingTimer(match.id, match.startingAt);
    events.publish(CHANNELS.club(match.clubId), EVENTS.matchRecordingProblem, {
      club: match.clubId,
      match: match.id,
      problem,
    });
    const detail = translate(await localeOf(job.requestedBy), "match.ended_without_camera");
    tellRequester(job, { key: "match.recording_ended_without_camera", level: "error", detail });
    return { applied: true, status: match.status };
  }

  /**
   * The command failed for good (refused, or attempts exhausted): tell the requester why, and the
   * club's staff. A stop still ends the match (endWithoutCamera): a camera that is not recording it (a
   * restarted camera server) or cannot be reached must not keep it live, and its field busy, forever.
   */
  async function commandFailed(job: CameraCommandJob, report: JobFailureReport): Promise<CommandOutcome> {
    if (!(await claimOutcome(outcomeKey(job)))) return { applied: false };
    if (job.command === "stopRecording") return endWithoutCamera(job);
    tellRequester(job, { key: "match.operation_failed", level: "error", ...report });
    await tellClub(job, report.failure?.detail ?? report.detail);
    return { applied: true };
  }

  /**
   * A privacy change's asset updates all succeeded (`flowJobId` is the job that
   * awaited them): the requester hears it once, however often that job runs.
   */
  async function privacyApplied(flowJobId: string, job: PrivacyAppliedJob): Promise<CommandOutcome> {
    if (job.requestedBy === null) return { applied: false };
    if (!(await claimOutcome(`privacy-applied:${flowJobId}`))) return { applied: false };
    tellRequester(job, { key: "match.privacy_updated", level: "success" });
    return { applied: true };
  }

  /** An asset update failed for good (attempts exhausted or refused): tell the requester why. */
  function assetUpdateFailed(job: AssetUpdateJob, report: JobFailureReport): void {
    tellRequester(job, { key: "match.operation_failed", level: "error", ...report });
  }

  return {
    commandSucceeded,
    cameraStartedRecording,
    commandFailed,
    endWithoutCamera,
    privacyApplied,
    assetUpdateFailed,
  };
}
