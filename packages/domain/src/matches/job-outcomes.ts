// What the worker reports back about a match's jobs: camera commands confirmed or
// failed for good, privacy changes applied, a match's starting timer fired. Each
// outcome has its effect once, however often its job is delivered, and commits its
// state change, the timers it sets or clears and the events it tells in one
// transaction of the outbox (jobs/outbox.ts), delivered once committed.
import { transitionOf, type MatchStatus, type UserMessageKey } from "@clubcast/shared";
import { CHANNELS, EVENTS } from "@clubcast/shared";
import {
  type AssetUpdateJob,
  type CameraCommand,
  type CameraCommandJob,
  type MatchStartingJob,
  type PrivacyAppliedJob,
  type JobFailureReport,
} from "@clubcast/shared/jobs";
import type { Pool } from "pg";
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import { translate } from "../core/i18n.ts";
import type { OutboxPost } from "../jobs/outbox.ts";
import { refusedMessageOf } from "./camera-commands.ts";
import {
  SUCCEEDED_MESSAGES,
  commandFailedNotice,
  confirmationOf,
  finalFailureOf,
  requesterNotice,
  type Confirmation,
  type ConfirmedTransition,
} from "./lifecycle/camera-answer.ts";
import {
  COMMAND_EVENTS,
  confirmedData,
  confirmedEffects,
  type ConfirmedCommand,
  type StartingTimerChange,
} from "./lifecycle/confirmed-command.ts";
import { ENDING_WITHOUT_CAMERA, endedWithoutCameraEffects } from "./lifecycle/ended-without-camera.ts";
import { announce } from "./lifecycle/notices.ts";
import { awaitsVideo, confirmedStartOf } from "./lifecycle/recording.ts";
import {
  createMatchRepository,
  createTransitionBatcher,
  type BatchedTransitionResult,
  type TransitionResult,
} from "./repository.ts";
import type { MatchRow } from "./presenter.ts";

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
interface ReportedConfirmation extends ConfirmedCommand {
  matchId: number;
  /** The job outcome's key, claimed with the transition (a worker's outcome). */
  claim?: string;
}

/** A transition's answer as the camera-answer rule reads it: the status it moved to or was refused in. */
function withoutRow(result: BatchedTransitionResult): ConfirmedTransition {
  if (result.outcome === "moved") return { outcome: "moved", status: result.match.status };
  if (result.outcome === "refused") return { outcome: "refused", status: result.error.from };
  return result;
}

export function createMatchJobOutcomes(deps: Deps) {
  const { prisma, outbox } = deps;
  // Outcomes arrive in bursts (a worker runs many jobs at once): their transitions commit together.
  const transition = createTransitionBatcher(outbox);

  /** Claims the one outcome kept under `key` (job_outcomes) in `tx`; false when it was already handled. */
  async function claimOutcome(tx: Prisma.TransactionClient, key: string): Promise<boolean> {
    const { count } = await tx.jobOutcome.createMany({ data: { key }, skipDuplicates: true });
    return count === 1;
  }

  function tellRequester(
    post: OutboxPost,
    job: { matchId: number; requestedBy: number | null },
    message: { key: UserMessageKey; level: "success" | "error" } & Partial<JobFailureReport>,
  ) {
    const notice = requesterNotice(job, message);
    if (notice) announce(post.events, notice);
  }

  async function localeOf(userId: number | null) {
    const user = userId ? await prisma.user.findUnique({ where: { id: userId }, select: { locale: true } }) : null;
    return user?.locale ?? "en";
  }

  function changeStartingTimer(post: OutboxPost, match: { id: number; startingAt: Date }, change: StartingTimerChange) {
    if (change === "set") post.setMatchStartingTimer(match.id, match.startingAt);
    if (change === "clear") post.clearMatchStartingTimer(match.id, match.startingAt);
  }

  /**
   * A camera carried out a command: move the match through the state machine (a conditional
   * transition, claiming the job's outcome when there is one), and post its effects
   * (confirmed-command.ts) and what `then` posts of the result, all committed together, so a
   * duplicate or a raced outcome has no second effect. A confirmed command takes effect here, or,
   * when the camera itself reports it, in cameraStartedRecording: both post postConfirmedEffects.
   */
  function applyConfirmed(
    confirmed: ReportedConfirmation,
    then?: (result: BatchedTransitionResult, post: OutboxPost) => Promise<void>,
  ): Promise<BatchedTransitionResult> {
    return transition({
      matchId: confirmed.matchId,
      event: COMMAND_EVENTS[confirmed.command],
      data: confirmedData(confirmed),
      ...(confirmed.claim === undefined ? {} : { claim: confirmed.claim }),
      effects: async (result, post) => {
        if (result.outcome === "moved") postConfirmedEffects(post, confirmed.command, result.match);
        await then?.(result, post);
      },
    });
  }

  /** What a confirmed command that moved its match posts (confirmed-command.ts): its timer and its news. */
  function postConfirmedEffects(post: OutboxPost, command: CameraCommand, match: MatchRow) {
    const { timer, news } = confirmedEffects(command, match.id);
    changeStartingTimer(post, match, timer);
    announce(post.events, news);
  }

  /**
   * The camera confirmed a command (applyConfirmed) and the requester is told what it came to
   * (camera-answer.ts), in the same commit. A retry after the commit finds the outcome claimed: the
   * timer and the message are not made again. A confirmed start makes the match await its video
   * (awaitVideo), not live, whatever the camera: no video, no "live".
   */
  async function commandSucceeded(job: CameraCommandJob): Promise<CommandOutcome> {
    if (job.command === "startRecording") return awaitVideo(job);
    if (job.command === "stopRecording") await liveIfAwaitingVideo(prisma, job.matchId);
    let outcome: CommandOutcome = { applied: false };
    const confirmed = { matchId: job.matchId, command: job.command, configurationId: job.configurationId };
    await applyConfirmed({ ...confirmed, claim: outcomeKey(job) }, async (result, post) => {
      outcome = await tellConfirmation(post, job, confirmationOf(job.command, withoutRow(result)));
    });
    return outcome;
  }

  /** Posts what the requester (and, when the match moved on, the club) is told of a confirmed command. */
  async function tellConfirmation(
    post: OutboxPost,
    job: CameraCommandJob,
    confirmation: Confirmation,
  ): Promise<CommandOutcome> {
    switch (confirmation.kind) {
      case "duplicate":
        return { applied: false };
      case "confirmed":
      case "late":
        tellRequester(post, job, { key: SUCCEEDED_MESSAGES[job.command], level: "success" });
        return { applied: confirmation.kind === "confirmed", status: confirmation.status };
      case "moved on": {
        const { status } = confirmation;
        const detail = translate(await localeOf(job.requestedBy), refusedMessageOf(job.command), { status });
        tellRequester(post, job, { key: "match.operation_failed", level: "error", detail });
        await tellClub(post, job, detail);
        return { applied: false, status };
      }
    }
  }

  /**
   * A camera confirmed a start: it records, but the match turns live only with its first playable
   * segment (the camera's stream-ready report, cameraStartedRecording), as on a schedule. Until then
   * it keeps its status, awaiting its video (lifecycle/recording.ts), and may be stopped. The mark,
   * the claim and the messages commit together; the requester hears it once.
   */
  function awaitVideo(job: CameraCommandJob): Promise<CommandOutcome> {
    return outbox.transaction(async (tx, post) => {
      if (!(await claimOutcome(tx, outcomeKey(job)))) return { applied: false };
      const { data, message, news } = confirmedStartOf(job.matchId, job.configurationId);
      const [marked] = await tx.match.updateManyAndReturn({
        where: { id: job.matchId, status: { in: [...transitionOf("startRecording").from] } },
        data,
        select: { status: true },
      });
      if (!marked) {
        // Live already (its stream was ready first), or moved on.
        const match = await tx.match.findUnique({ where: { id: job.matchId }, select: { status: true } });
        const transition: ConfirmedTransition = match
          ? { outcome: "refused", status: match.status }
          : { outcome: "missing" };
        return tellConfirmation(post, job, confirmationOf(job.command, transition));
      }
      tellRequester(post, job, { key: message, level: "success" });
      announce(post.events, news);
      return { applied: true, status: marked.status };
    });
  }

  /**
   * A match awaiting its video is stopped as a live one is (isRecording): it turns live first, with no
   * news, since it ends at once. Any other match is left as it is.
   */
  async function liveIfAwaitingVideo(db: Prisma.TransactionClient, matchId: number): Promise<void> {
    const match = await db.match.findUnique({
      where: { id: matchId },
      select: { status: true, startConfirmed: true },
    });
    if (match && awaitsVideo(match)) await createMatchRepository(db).transition(matchId, "startRecording");
  }

  /**
   * A camera started recording a match by itself (at its schedule's start) and reports its stream
   * ready: the same effect as a confirmed startRecording, without a job or a requester, in `tx` with
   * the report's own change (camera-controller/service.ts).
   */
  async function cameraStartedRecording(
    tx: Prisma.TransactionClient,
    post: OutboxPost,
    matchId: number,
  ): Promise<TransitionResult> {
    const command = "startRecording";
    const result = await createMatchRepository(tx).transition(
      matchId,
      COMMAND_EVENTS[command],
      confirmedData({ command }),
    );
    if (result.outcome === "moved") postConfirmedEffects(post, command, result.match);
    return result;
  }

  /** The club's scheduler staff see a failed command on the match's row too (the match may be gone by now). */
  async function tellClub(post: OutboxPost, job: CameraCommandJob, detail: string) {
    const match = await prisma.match.findUnique({ where: { id: job.matchId }, select: { id: true, clubId: true } });
    if (match) announce(post.events, commandFailedNotice(match, job.command, detail));
  }

  /**
   * Ends a live match (or one awaiting its video) its camera did not stop (ended-without-camera.ts) in
   * `tx`; the requester (if any) hears that it ended without a video. A match no longer live (its
   * camera reported meanwhile) is left as it is.
   */
  async function endWithoutCameraIn(
    tx: Prisma.TransactionClient,
    post: OutboxPost,
    job: { matchId: number; requestedBy: number | null },
  ): Promise<CommandOutcome> {
    const { event, data } = ENDING_WITHOUT_CAMERA;
    await liveIfAwaitingVideo(tx, job.matchId);
    const result: TransitionResult = await createMatchRepository(tx).transition(job.matchId, event, data);
    if (result.outcome !== "moved") {
      return { applied: false, ...(result.outcome === "refused" ? { status: result.error.from } : {}) };
    }
    const match: MatchRow = result.match;
    const { timer, news } = endedWithoutCameraEffects(match);
    changeStartingTimer(post, match, timer);
    announce(post.events, news);
    const detail = translate(await localeOf(job.requestedBy), "match.ended_without_camera");
    tellRequester(post, job, { key: "match.recording_ended_without_camera", level: "error", detail });
    return { applied: true, status: match.status };
  }

  /** endWithoutCameraIn, in a transaction of its own (the overdue sweep). */
  function endWithoutCamera(job: { matchId: number; requestedBy: number | null }): Promise<CommandOutcome> {
    return outbox.transaction((tx, post) => endWithoutCameraIn(tx, post, job));
  }

  /** The command failed for good (refused, or attempts exhausted): what it comes to is finalFailureOf's. */
  function commandFailed(job: CameraCommandJob, report: JobFailureReport): Promise<CommandOutcome> {
    return outbox.transaction(async (tx, post) => {
      if (!(await claimOutcome(tx, outcomeKey(job)))) return { applied: false };
      if (finalFailureOf(job.command) === "end without camera") return endWithoutCameraIn(tx, post, job);
      tellRequester(post, job, { key: "match.operation_failed", level: "error", ...report });
      await tellClub(post, job, report.failure?.detail ?? report.detail);
      return { applied: true };
    });
  }

  /**
   * A privacy change's asset updates all succeeded (`flowJobId` is the job that
   * awaited them): the requester hears it once, however often that job runs.
   */
  async function privacyApplied(flowJobId: string, job: PrivacyAppliedJob): Promise<CommandOutcome> {
    if (job.requestedBy === null) return { applied: false };
    return outbox.transaction(async (tx, post) => {
      if (!(await claimOutcome(tx, `privacy-applied:${flowJobId}`))) return { applied: false };
      tellRequester(post, job, { key: "match.privacy_updated", level: "success" });
      return { applied: true };
    });
  }

  /** An asset update failed for good (attempts exhausted or refused): tell the requester why. */
  async function assetUpdateFailed(job: AssetUpdateJob, report: JobFailureReport): Promise<void> {
    await outbox.post((post) => tellRequester(post, job, { key: "match.operation_failed", level: "error", ...report }));
  }

  /**
   * A match's starting timer fired: its pages hear that it starts, unless it was unscheduled, is
   * recording already, was deleted or moved to another start since the timer was set.
   */
  async function matchStarting({ matchId, startingAt }: MatchStartingJob): Promise<{ published: boolean }> {
    const match = await prisma.match.findUnique({ where: { id: matchId }, select: { status: true, startingAt: true } });
    if (match?.status !== "scheduled" || match.startingAt.toISOString() !== startingAt) return { published: false };
    await outbox.post((post) =>
      post.events.publish(CHANNELS.match(matchId), EVENTS.matchStarting, { match: matchId, starting_at: startingAt }),
    );
    return { published: true };
  }

  return {
    commandSucceeded,
    cameraStartedRecording,
    commandFailed,
    endWithoutCamera,
    privacyApplied,
    assetUpdateFailed,
    matchStarting,
  };
}
