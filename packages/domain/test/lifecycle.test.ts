// The match lifecycle's rules (src/matches/lifecycle/) driven together without Postgres or Redis:
// generated sequences of commands, camera answers (delivered, refused, lost, repeated, late), the
// camera's own reports (stream-ready before or after the start's confirmation, heard, lost or
// repeated) and overdue sweeps, over one match of generated audience and a cast of users of three
// clubs. The harness plays the services' part as they do (conditional transitions, a job's
// outcome claimed once, one queued job per idempotency key, a job retried while its answer is lost);
// the rules decide everything else: the next status, the timer, the notices and who hears them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PERMISSIONS,
  canTransition,
  nextMatchStatus,
  parseChannel,
  type MatchEvent,
  type MatchStatus,
  type RecordingProblem,
  type UserMessageKey,
  finishedRecordingOf,
} from "@clubcast/shared";
import type { CameraCommand, CameraCommandJob, JobFailureReport } from "@clubcast/shared/jobs";
import { anonymousContext, type AuthUser, type RequestContext } from "../src/core/context.ts";
import { authorize } from "../src/core/policy.ts";
import { maySee, type MatchAudience } from "../src/matches/lifecycle/audience.ts";
import {
  SUCCEEDED_MESSAGES,
  commandFailedNotice,
  confirmationOf,
  finalFailureOf,
  requesterNotice,
  type ConfirmedTransition,
} from "../src/matches/lifecycle/camera-answer.ts";
import {
  COMMAND_EVENTS,
  confirmedData,
  confirmedEffects,
  type StartingTimerChange,
} from "../src/matches/lifecycle/confirmed-command.ts";
import { ENDING_WITHOUT_CAMERA, endedWithoutCameraEffects } from "../src/matches/lifecycle/ended-without-camera.ts";
import type { Notice } from "../src/matches/lifecycle/notices.ts";
import { overdueBefore, overdueStop } from "../src/matches/lifecycle/overdue-stop.ts";
import { awaitsVideo, confirmedStartOf, isRecording } from "../src/matches/lifecycle/recording.ts";
import { recordingFinishedEffects } from "../src/matches/lifecycle/recording-finished.ts";
import { LIVE_URL_STATUSES, streamReadyNotices } from "../src/matches/lifecycle/stream-ready.ts";
import { viewerOf } from "../src/matches/visibility.ts";

// ── the cast ──

const CLUBS = [1, 2, 3] as const;
const member = (id: number, scope: AuthUser["scope"], clubId: number | null, permissions: string[] = []): AuthUser => ({
  id,
  email: `user${id}@example.test`,
  scope,
  clubId,
  teamIds: [],
  permissions,
});
const CAST: AuthUser[] = [
  ...CLUBS.flatMap((clubId) =>
    (["clubmember", "player", "trainer", "club"] as const).map((scope, i) => member(clubId * 10 + i, scope, clubId)),
  ),
  member(40, "clubmember", 2, [PERMISSIONS.schedulerAll]),
  member(41, "player", null),
  member(42, "system", null),
];
const contextOf = (user: AuthUser | null): RequestContext => ({ ...anonymousContext(), user });
const allows = (check: () => unknown) => {
  try {
    check();
    return true;
  } catch {
    return false;
  }
};

// ── the world: one match, its camera, the queue ──

const MATCH_ID = 1;
const CONFIGURATION_ID = 7;
const KICK_OFF = new Date("2026-05-01T14:00:00Z");
const MINUTE = 60_000;
/** Attempts of a camera command job before it fails for good (its answers all lost). */
const ATTEMPTS = 3;

interface ModelMatch extends MatchAudience {
  id: number;
  status: MatchStatus;
  startConfirmed: boolean;
  isScheduled: boolean;
  configurationId: number | null;
  liveHlsUrl: string | null;
  vodHlsUrl: string | null;
  recordingProblem: RecordingProblem | null;
  startingAt: Date;
  stoppingAt: Date;
}

type Outcome = { kind: "succeeded" } | { kind: "failed"; report: JobFailureReport };

interface World {
  match: ModelMatch;
  /**
   * The match's camera (null: none, so no command can go anywhere). recording: it records the match
   * (a stop is carried out); publishing: it sends the match's video (the sweep leaves the match).
   */
  camera: { recording: boolean; publishing: boolean } | null;
  now: Date;
  /** The job outcomes handled (job_outcomes). */
  claims: Set<string>;
  /** The idempotency keys queued so far: BullMQ's job ids, a second add of one is ignored. */
  queued: Set<string>;
  pending: { job: CameraCommandJob; attempts: number }[];
  /** The jobs done, with the outcome the worker reported: a late redelivery reports it again. */
  done: { job: CameraCommandJob; outcome: Outcome }[];
  timer: Date | null;
  requests: number;
  /** Whether the API heard a stream-ready report for the match (or it was live from the start). */
  videoHeard: boolean;
}

/** What one report made happen besides the match's row. */
interface Effects {
  notices: Notice[];
  timer: StartingTimerChange[];
}
const noEffects = (): Effects => ({ notices: [], timer: [] });

function changeTimer(world: World, effects: Effects, change: StartingTimerChange) {
  if (change === null) return;
  world.timer = change === "set" ? world.match.startingAt : null;
  effects.timer.push(change);
}

/** The repository's conditional transition: `status IN from`, else refused with the status found. */
function transition(match: ModelMatch, event: MatchEvent, data: Partial<ModelMatch> = {}) {
  if (!canTransition(match.status, event)) return { outcome: "refused", status: match.status } as const;
  Object.assign(match, data, { status: nextMatchStatus(match.status, event) });
  return { outcome: "moved", status: match.status } as const;
}

// ── the services' part (job-outcomes.ts, overdue.ts, camera-controller/service.ts) ──

const outcomeKey = (job: CameraCommandJob) => `match-command-outcome:${job.idempotencyKey}`;

function applyConfirmed(
  world: World,
  effects: Effects,
  command: CameraCommand,
  job?: CameraCommandJob,
): ConfirmedTransition {
  if (job) {
    if (world.claims.has(outcomeKey(job))) return { outcome: "claimed before" };
    world.claims.add(outcomeKey(job));
  }
  const data = confirmedData(job ? { command, configurationId: job.configurationId } : { command });
  const result = transition(world.match, COMMAND_EVENTS[command], data);
  if (result.outcome === "moved") {
    const { timer, news } = confirmedEffects(command, world.match.id);
    changeTimer(world, effects, timer);
    effects.notices.push(news);
  }
  return result;
}

type Requested = Pick<CameraCommandJob, "matchId" | "requestedBy">;

function tellRequester(effects: Effects, job: Requested, key: UserMessageKey, level: "success" | "error" = "error") {
  const notice = requesterNotice(job, { key, level });
  if (notice) effects.notices.push(notice);
}

/** A match awaiting its video is stopped as a live one: it turns live first, with no news (liveIfAwaitingVideo). */
function liveIfAwaitingVideo(world: World) {
  if (awaitsVideo(world.match)) transition(world.match, "startRecording");
}

/** A camera confirmed a start: the match awaits its video (awaitVideo), live only by a stream-ready report. */
function awaitVideo(world: World, effects: Effects, job: CameraCommandJob): ConfirmedTransition {
  const { data, message, news } = confirmedStartOf(job.matchId, job.configurationId);
  const marked = canTransition(world.match.status, "startRecording");
  if (marked) Object.assign(world.match, data);
  if (world.claims.has(outcomeKey(job))) return { outcome: "claimed before" };
  world.claims.add(outcomeKey(job));
  if (!marked) return { outcome: "refused", status: world.match.status };
  tellRequester(effects, job, message, "success");
  effects.notices.push(news);
  return { outcome: "moved", status: world.match.status };
}

function endWithoutCamera(world: World, effects: Effects, job: Requested) {
  const { event, data } = ENDING_WITHOUT_CAMERA;
  liveIfAwaitingVideo(world);
  if (transition(world.match, event, data).outcome !== "moved") return;
  const { timer, news } = endedWithoutCameraEffects(world.match);
  changeTimer(world, effects, timer);
  effects.notices.push(news);
  tellRequester(effects, job, "match.recording_ended_without_camera");
}

/** The worker reports a job's outcome (commandSucceeded, commandFailed). */
function reportOutcome(world: World, job: CameraCommandJob, outcome: Outcome): Effects {
  const effects = noEffects();
  if (outcome.kind === "succeeded") {
    if (job.command === "stopRecording") liveIfAwaitingVideo(world);
    const transition =
      job.command === "startRecording"
        ? awaitVideo(world, effects, job)
        : applyConfirmed(world, effects, job.command, job);
    const confirmation = confirmationOf(job.command, transition);
    // A confirmed start told the requester already that the match awaits its video.
    if (confirmation.kind === "late" || (confirmation.kind === "confirmed" && job.command !== "startRecording")) {
      tellRequester(effects, job, SUCCEEDED_MESSAGES[job.command], "success");
    }
    if (confirmation.kind === "moved on") {
      tellRequester(effects, job, "match.operation_failed");
      effects.notices.push(commandFailedNotice(world.match, job.command, "moved on"));
    }
    return effects;
  }
  if (world.claims.has(outcomeKey(job))) return effects;
  world.claims.add(outcomeKey(job));
  if (finalFailureOf(job.command) === "end without camera") {
    endWithoutCamera(world, effects, job);
  } else {
    tellRequester(effects, job, "match.operation_failed");
    effects.notices.push(commandFailedNotice(world.match, job.command, outcome.report.detail));
  }
  return effects;
}

function enqueue(world: World, job: CameraCommandJob) {
  if (world.queued.has(job.idempotencyKey)) return;
  world.queued.add(job.idempotencyKey);
  world.pending.push({ job, attempts: 0 });
}

/** A scheduler asks for a command (matches/commands.ts and the planner of camera-commands.ts). */
function request(world: World, command: CameraCommand, user: AuthUser) {
  if (!allows(() => authorize(contextOf(user), "scheduler", world.match.clubId))) return;
  // A match its camera records may be stopped, live or awaiting its video (assertCommandAllowed).
  const allowed =
    command === "stopRecording" ? isRecording(world.match) : canTransition(world.match.status, COMMAND_EVENTS[command]);
  if (!allowed || world.camera === null) return;
  enqueue(world, {
    command,
    matchId: world.match.id,
    configurationId: CONFIGURATION_ID,
    requestedBy: user.id,
    idempotencyKey: `request-${world.requests++}`,
  });
}

/** The camera runs a command: whether it carried it out (it cannot stop a recording it does not make). */
function cameraRuns(world: World, command: CameraCommand): boolean {
  const camera = world.camera!;
  if (command === "startRecording") camera.recording = true;
  if (command === "stopRecording") {
    if (!camera.recording) return false;
    Object.assign(camera, { recording: false, publishing: false });
  }
  return true;
}

type Answer = "delivered" | "refused" | "lost" | "repeated";

/** The worker runs a pending job and the camera's answer is `answer`; the worker reports its outcome (twice, repeated). */
function runJob(trace: Trace, world: World, index: number, answer: Answer) {
  const [entry] = world.pending.splice(index, 1);
  const { job } = entry!;
  let outcome: Outcome;
  if (answer === "refused") {
    outcome = { kind: "failed", report: { detail: `${job.command} failed: the camera server answered 503` } };
  } else {
    const carriedOut = cameraRuns(world, job.command);
    if (answer === "lost" && ++entry!.attempts < ATTEMPTS) {
      world.pending.splice(index, 0, entry!);
      return;
    }
    outcome =
      answer !== "lost" && carriedOut
        ? { kind: "succeeded" }
        : { kind: "failed", report: { detail: `${job.command} failed: the camera server answered 409` } };
  }
  world.done.push({ job, outcome });
  // The worker's answer to an outcome is whether it applied: a repeated one is the same report, not the same answer.
  reported(trace, world, "repeated outcome", answer === "repeated", () => ({
    answer: null,
    effects: reportOutcome(world, job, outcome),
  }));
}

/** The camera publishes the match and reports its stream ready: streamReady of the camera controller. */
function streamReady(world: World, url: string | null) {
  const effects = noEffects();
  const { match } = world;
  const before = { status: match.status, liveHlsUrl: match.liveHlsUrl };
  world.videoHeard = true;
  const keeps =
    LIVE_URL_STATUSES.includes(match.status) && (url === null ? match.liveHlsUrl !== null : match.liveHlsUrl !== url);
  if (keeps) match.liveHlsUrl = url;
  const started =
    canTransition(before.status, "startRecording") &&
    applyConfirmed(world, effects, "startRecording").outcome === "moved";
  const urlChangedAt = keeps ? match.status : null;
  effects.notices.push(...streamReadyNotices({ match, urlChangedAt, started, sameUrl: before.liveHlsUrl === url }));
  return { answer: { status: match.status, liveHlsUrl: match.liveHlsUrl }, effects };
}

/** The camera reports the recording finished, with a video or without: finishMatchRecording. */
function recordingFinished(world: World, vodHlsUrl: string | null) {
  const { match } = world;
  Object.assign(world.camera!, { recording: false, publishing: false });
  transition(match, "startRecording");
  transition(match, "stopRecording");
  const finishing = finishedRecordingOf(vodHlsUrl);
  let changed = false;
  if (finishing.event) {
    changed = transition(match, finishing.event, { vodHlsUrl, recordingProblem: null }).outcome === "moved";
  } else if (match.status === "processing" && match.recordingProblem === null) {
    Object.assign(match, { recordingProblem: finishing.problem, vodHlsUrl: null, liveHlsUrl: null });
    changed = true;
  }
  const { notices } = recordingFinishedEffects(match, changed);
  const answer = { status: match.status, vodHlsUrl: match.vodHlsUrl, recordingProblem: match.recordingProblem };
  return { answer, effects: { notices, timer: [] } };
}

/** The overdue sweep at `world.now` (overdue.ts), then every job it left answered. */
function sweep(trace: Trace, world: World, answers: Answer[]) {
  const effects = noEffects();
  const { match } = world;
  if (isRecording(match) && match.stoppingAt < overdueBefore(world.now)) {
    const publishing = new Set(world.camera?.publishing ? [CONFIGURATION_ID] : []);
    const stop = overdueStop(match, match.configurationId, publishing);
    if (stop.kind === "end without camera") endWithoutCamera(world, effects, { matchId: match.id, requestedBy: null });
    if (stop.kind === "stop") {
      const { configurationId, idempotencyKey } = stop;
      enqueue(world, {
        command: "stopRecording",
        matchId: match.id,
        configurationId,
        requestedBy: null,
        idempotencyKey,
      });
    }
  }
  trace.notices.push(...effects.notices);
  // Each run of a job either ends it or spends one of its ATTEMPTS: the queue drains.
  for (let i = 0; world.pending.length > 0; i++) runJob(trace, world, 0, answers[i % answers.length] ?? "delivered");
}

// ── the generated runs ──

const club = fc.constantFrom(...CLUBS);
const clubOrNone = fc.constantFrom(...CLUBS, null);
const answer = fc.constantFrom<Answer>("delivered", "refused", "lost", "repeated");
const scenario = fc.record({
  match: fc.record({
    isPrivate: fc.boolean(),
    clubId: club,
    homeClubId: clubOrNone,
    awayClubId: clubOrNone,
    sharedWithClubId: clubOrNone,
    sharedOpponent: fc.boolean(),
    status: fc.constantFrom<MatchStatus>("unscheduled", "scheduled", "live", "processing"),
  }),
  camera: fc.option(fc.record({ recording: fc.boolean() }), { freq: 4 }),
  steps: fc.array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant("command" as const),
          // A start as often as the others together: the match then awaits its video, until its stream is heard.
          command: fc.oneof(
            fc.constant<CameraCommand>("startRecording"),
            fc.constantFrom<CameraCommand>("schedule", "unschedule", "stopRecording"),
          ),
          // Anyone of the cast, or as often the system admin (the cast's last), who may always ask.
          by: fc.oneof(fc.nat(CAST.length - 1), fc.constant(CAST.length - 1)),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant("answer" as const),
          job: fc.nat(),
          answer: fc.oneof(answer, fc.constant("late" as const)),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant("streamReady" as const),
          url: fc.constantFrom(null, "https://camera.test/a.m3u8", "https://camera.test/b.m3u8"),
          twice: fc.boolean(),
          // The camera publishes, but its report never reaches the API (it tries again with a later one).
          lost: fc.boolean(),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant("recordingFinished" as const),
          video: fc.boolean(),
          twice: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("cameraRestart" as const) }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant("sweep" as const),
          minutesLater: fc.integer({ min: 0, max: 60 }),
          answers: fc.array(answer, { maxLength: 6 }),
        }),
      },
    ),
    { maxLength: 25 },
  ),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never;

/** What a run shows: every notice, every report made again, and the match after each sweep. */
interface Trace {
  notices: Notice[];
  replays: { report: string; sameAnswer: boolean; again: Effects; before: ModelMatch; after: ModelMatch }[];
  /** Each sweep: whether it found the match recording past its stopping time with no publisher, and the match after its jobs. */
  sweeps: { due: boolean; after: ModelMatch }[];
  /** The steps after which the match was live though the API never heard its stream was ready. */
  liveWithoutVideo: string[];
}

/** Reports `report` twice when asked: the second's answer, effects and the match it leaves are the replay. */
function reported<A>(
  trace: Trace,
  world: World,
  name: string,
  twice: boolean,
  report: () => { answer: A; effects: Effects },
) {
  const first = report();
  trace.notices.push(...first.effects.notices);
  if (!twice) return;
  const before = { ...world.match };
  const second = report();
  trace.notices.push(...second.effects.notices);
  const sameAnswer = JSON.stringify(second.answer) === JSON.stringify(first.answer);
  trace.replays.push({ report: name, sameAnswer, again: second.effects, before, after: { ...world.match } });
}

function run({ match, camera, steps }: Scenario): Trace {
  const world: World = {
    match: {
      ...match,
      id: MATCH_ID,
      startConfirmed: false,
      isScheduled: match.status === "scheduled",
      configurationId: camera ? CONFIGURATION_ID : null,
      liveHlsUrl: null,
      vodHlsUrl: null,
      recordingProblem: null,
      startingAt: KICK_OFF,
      stoppingAt: new Date(KICK_OFF.getTime() + 90 * MINUTE),
    },
    camera: camera && { recording: match.status === "live" && camera.recording, publishing: false },
    // Ten minutes before its stopping time: a sweep or two later it is overdue.
    now: new Date(KICK_OFF.getTime() + 80 * MINUTE),
    claims: new Set(),
    queued: new Set(),
    pending: [],
    done: [],
    timer: null,
    requests: 0,
    // A match live from the start had its stream ready before the run.
    videoHeard: match.status === "live",
  };
  if (world.camera) world.camera.publishing = world.camera.recording;
  const trace: Trace = { notices: [], replays: [], sweeps: [], liveWithoutVideo: [] };
  for (const step of steps) {
    switch (step.kind) {
      case "command":
        request(world, step.command, CAST[step.by]!);
        break;
      case "answer": {
        if (step.answer === "late") {
          // A job's outcome delivered again after it was handled (the worker's retry after a lost ack).
          const late = world.done[step.job % Math.max(world.done.length, 1)];
          if (late) {
            const before = { ...world.match };
            const again = reportOutcome(world, late.job, late.outcome);
            trace.notices.push(...again.notices);
            trace.replays.push({ report: "late outcome", sameAnswer: true, again, before, after: { ...world.match } });
          }
          break;
        }
        if (world.pending.length > 0) runJob(trace, world, step.job % world.pending.length, step.answer);
        break;
      }
      case "streamReady":
        if (!world.camera) break;
        Object.assign(world.camera, { recording: true, publishing: true });
        if (!step.lost) reported(trace, world, "stream ready", step.twice, () => streamReady(world, step.url));
        break;
      case "recordingFinished": {
        const url = step.video ? "https://camera.test/vod.m3u8" : null;
        if (world.camera) reported(trace, world, "recording finished", step.twice, () => recordingFinished(world, url));
        break;
      }
      case "cameraRestart":
        if (world.camera) Object.assign(world.camera, { recording: false, publishing: false });
        break;
      case "sweep": {
        world.now = new Date(world.now.getTime() + step.minutesLater * MINUTE);
        const { match, camera } = world;
        // A start confirmed by the jobs the sweep drains is the next sweep's.
        const due = isRecording(match) && match.stoppingAt < overdueBefore(world.now) && !camera?.publishing;
        sweep(trace, world, step.answers);
        trace.sweeps.push({ due, after: { ...world.match } });
        break;
      }
    }
    if (world.match.status === "live" && !world.videoHeard) trace.liveWithoutVideo.push(JSON.stringify(step));
  }
  return trace;
}

// ── who hears a notice: the channel rules of realtime/service.ts (authorizeChannel) ──

const LISTENERS: (AuthUser | null)[] = [null, ...CAST];

function listenersOf(notice: Notice, match: MatchAudience): (AuthUser | null)[] {
  const channel = parseChannel(notice.channel);
  switch (channel?.kind) {
    case "match":
      return LISTENERS.filter((user) => maySee(viewerOf(contextOf(user)), match));
    case "matches":
      return LISTENERS.filter(
        (user) =>
          allows(() => authorize(contextOf(user), "dashboard")) &&
          (!notice.viewersOnly || maySee(viewerOf(contextOf(user)), match)),
      );
    case "user":
      return CAST.filter((user) => user.id === channel.userId);
    case "club":
      return CAST.filter((user) => allows(() => authorize(contextOf(user), "scheduler", channel.clubId)));
    default:
      throw new Error(`a lifecycle notice on ${notice.channel}`);
  }
}

const RUNS = { numRuns: 300 };

describe("the match lifecycle over generated commands and camera answers", () => {
  it("announces every event about the match only to users who may see it", () => {
    fc.assert(
      fc.property(scenario, (generated) => {
        const match = { ...generated.match, id: MATCH_ID };
        for (const notice of run(generated).notices) {
          expect(notice.payload).toMatchObject({ match: MATCH_ID });
          for (const listener of listenersOf(notice, match)) {
            expect(maySee(viewerOf(contextOf(listener)), match), `${notice.event} on ${notice.channel}`).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it("gives a repeated report the same answer and no second effect", () => {
    fc.assert(
      fc.property(scenario, (generated) => {
        for (const replay of run(generated).replays) {
          expect(replay.sameAnswer, replay.report).toBe(true);
          expect(replay.again, replay.report).toEqual(noEffects());
          expect(replay.after, replay.report).toEqual(replay.before);
        }
      }),
      RUNS,
    );
  });

  it("leaves no match recording past its stopping time without a publisher once the sweep's commands are answered", () => {
    fc.assert(
      fc.property(scenario, (generated) => {
        for (const { due, after } of run(generated).sweeps) {
          // Live, or awaiting a video that never came: neither waits forever.
          if (due)
            expect(isRecording(after), `${after.status} match, awaiting its video: ${awaitsVideo(after)}`).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it("makes no match live before the API heard its stream is ready, whatever its camera confirmed", () => {
    fc.assert(
      fc.property(scenario, (generated) => {
        expect(run(generated).liveWithoutVideo).toEqual([]);
      }),
      RUNS,
    );
  });
});
