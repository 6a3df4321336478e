// The worker against the camera-server simulator, end to end: requests through
// the REST API, jobs through BullMQ in Redis, outcomes through the service
// layer to the database and to sockets.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Job, Queue } from "bullmq";
import { CHANNELS, EVENTS, type EventPayloads } from "@clubcast/shared";
import {
  JOB_ATTEMPTS,
  OVERDUE_LIVE_GRACE_MS,
  OVERDUE_SWEEP_EVERY_MS,
  OVERDUE_SWEEP_SCHEDULER,
  LIVE_LISTENING_SCHEDULER,
  LIVE_LISTENING_EVERY_MS,
  PRIVACY_APPLIED_JOB,
  type CameraCommandJob,
  type PrivacyAppliedJob,
} from "@clubcast/shared/jobs";
import { createApiClient, createClub } from "@clubcast/testkit/factories";
import { connectSocket, nextEvent, signIn, subscribe } from "@clubcast/testkit/realtime";
import { cameraCommandProcessor, matchTimerProcessor, privacyAppliedProcessor } from "../src/processors.ts";
import { jobHandlers, runJobs, type JobHandlers } from "../src/workers.ts";
import { recordingMatches } from "@clubcast/domain/matches/lifecycle/recording.ts";
import { eventually } from "@clubcast/testkit";
import { CAMERA_ID, callsWithKey, startJobStack, type JobStack } from "./support.ts";

type UserMessage = EventPayloads["user.message"];

let stack: JobStack;

beforeAll(async () => {
  stack = await startJobStack();
  stack.startWorkers();
});
beforeEach(() => stack.control.reset());
afterAll(() => stack?.close());

/** The requester's socket on their user channel. */
async function requesterSocket() {
  const socket = await connectSocket(stack.url, stack.admin.token);
  expect(await subscribe(socket, CHANNELS.user(stack.admin.user.id))).toEqual({
    channel: CHANNELS.user(stack.admin.user.id),
  });
  return socket;
}

/**
 * Sends the requester a message of its own and waits for it. Outcomes were
 * published before, on the connection it takes too, so they have arrived by then.
 */
async function sentinelMessage(socket: Awaited<ReturnType<typeof requesterSocket>>) {
  const sentinel = nextEvent<UserMessage>(socket, EVENTS.userMessage, (m) => m.key === "notification.new");
  stack.t.deps.outbox.events.publish(CHANNELS.user(stack.admin.user.id), EVENTS.userMessage, {
    key: "notification.new",
    level: "success",
  });
  await sentinel;
}

const command = (matchId: number, path: string) =>
  stack.http.post(`/v1/clubs/${stack.club.id}/matches/${matchId}/${path}`, {}, stack.admin.token);

describe("camera commands", () => {
  it("retries a failing camera server: fails twice, succeeds on the third attempt, then tells the requester", async () => {
    const match = await stack.createMatch({ status: "scheduled" });
    const socket = await requesterSocket();
    const told = nextEvent<UserMessage>(socket, EVENTS.userMessage, (m) => m.match === match.id, 15_000);
    await stack.control.setFaults({ fail_next: 2, fail_status: 503 });

    const res = await command(match.id, "startrecording");
    expect(res.statusCode).toBe(202);
    const jobId: string = res.json().job_ids[0];

    expect(await told).toEqual({ key: "match.recording_awaits_video", level: "success", match: match.id });
    const calls = await callsWithKey(stack.control, jobId);
    expect(calls.map((c) => [c.command, c.camera_id, c.outcome])).toEqual([
      ["startRecording", CAMERA_ID, "fault"],
      ["startRecording", CAMERA_ID, "fault"],
      ["startRecording", CAMERA_ID, "effect"],
    ]);
    expect(calls[2]!.body).toEqual({ match_id: match.id });
    const job = await eventually(async () => {
      const found = await stack.t.deps.jobs.cameraCommands.getJob(jobId);
      return (await found?.isCompleted()) && found;
    }, "the job to complete");
    expect(job.attemptsStarted).toBe(3);
    // The camera records it; live only once it reports its stream ready (this simulator reports nothing).
    expect(await stack.t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
      status: "scheduled",
      startConfirmed: true,
    });
  });

  it("fails at once when the camera server refuses, tells the requester its message, and keeps the job for monitoring", async () => {
    const match = await stack.createMatch({ status: "unscheduled" });
    const socket = await requesterSocket();
    const told = nextEvent<UserMessage>(socket, EVENTS.userMessage, (m) => m.match === match.id, 15_000);
    // Another admin of the same club, on their own channel: the failure is the requester's alone.
    const colleague = await signIn(stack.t, { scope: "club", clubId: stack.club.id });
    const colleagueSocket = await connectSocket(stack.url, colleague.token);
    await subscribe(colleagueSocket, CHANNELS.user(colleague.user.id));
    const colleagueHeard: UserMessage[] = [];
    colleagueSocket.on(EVENTS.userMessage, (m: UserMessage) => colleagueHeard.push(m));
    // The colleague sees the failure on the match's row: the club's channel, closed to another club's admin.
    expect(await subscribe(colleagueSocket, CHANNELS.club(stack.club.id))).toEqual({
      channel: CHANNELS.club(stack.club.id),
    });
    const onRow = nextEvent<EventPayloads["match.command_failed"]>(
      colleagueSocket,
      EVENTS.matchCommandFailed,
      (m) => m.match === match.id,
      15_000,
    );
    const outsider = await signIn(stack.t, { scope: "club", clubId: (await createClub(stack.t.deps.prisma)).id });
    const outsiderSocket = await connectSocket(stack.url, outsider.token);
    expect(await subscribe(outsiderSocket, CHANNELS.club(stack.club.id))).toMatchObject({ status: 404 });

    // The camera server refuses to schedule it (409): the match stays as it was.
    const refusal = `camera ${CAMERA_ID} has no free slot at that time`;
    await stack.control.setFaults({ fail_next: 1, fail_status: 409, fail_message: refusal });
    const res = await command(match.id, "schedule");
    expect(res.statusCode).toBe(202);
    const jobId: string = res.json().job_ids[0];

    const message = await told;
    expect(message).toMatchObject({ key: "match.operation_failed", level: "error", match: match.id });
    // The operation and the server's message, without the camera server's address.
    expect(message.detail).toBe(`schedule failed: the camera server answered 409, response: ${refusal}`);
    // The server's own words, structured: what the web client shows.
    expect(message.failure).toEqual({ code: "refused", detail: refusal });
    expect((await callsWithKey(stack.control, jobId)).map((c) => c.outcome)).toEqual(["fault"]);
    expect((await stack.t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).status).toBe("unscheduled");
    // Published before this message to the colleague, on the same connection: it would have arrived first.
    const colleagueSentinel = nextEvent<UserMessage>(colleagueSocket, EVENTS.userMessage, () => true);
    stack.t.deps.outbox.events.publish(CHANNELS.user(colleague.user.id), EVENTS.userMessage, {
      key: "notification.new",
      level: "success",
    });
    await colleagueSentinel;
    expect(colleagueHeard).toEqual([{ key: "notification.new", level: "success" }]);
    expect(await onRow).toEqual({
      club: stack.club.id,
      match: match.id,
      command: "schedule",
      detail: refusal,
    });

    const system = await signIn(stack.t, { scope: "system" });
    const failed = await eventually(async () => {
      const answer = await stack.http.get("/v1/monitoring/failed-jobs?limit=100", system.token);
      expect(answer.statusCode).toBe(200);
      return answer.json().data.find((job: { id: string }) => job.id === jobId);
    }, "the failed job in monitoring");
    expect(failed).toMatchObject({
      queue: "camera-commands",
      name: "schedule",
      data: { command: "schedule", matchId: match.id, requestedBy: stack.admin.user.id },
      attempts_made: 1,
      max_attempts: JOB_ATTEMPTS,
    });
    // System admins see where it failed.
    expect(failed.failed_reason).toContain(`HTTP 409 from ${stack.sim.url}/cameras/`);

    const trpc = await stack.http.query("failedJobs.list", { page: 1, limit: 100 }, system.token);
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data.data.map((job: { id: string }) => job.id)).toContain(jobId);
    expect((await stack.http.get("/v1/monitoring/failed-jobs", stack.admin.token)).statusCode).toBe(403);
    expect((await stack.http.get("/v1/monitoring/failed-jobs")).statusCode).toBe(401);
    expect((await stack.http.get("/v1/monitoring/failed-jobs?limit=101", system.token)).statusCode).toBe(422);
  });

  it("tells the requester on the last attempt of a retryable failure, not before", async () => {
    const match = await stack.createMatch({ status: "unscheduled" });
    const socket = await requesterSocket();
    const messages: UserMessage[] = [];
    socket.on(EVENTS.userMessage, (m: UserMessage) => messages.push(m));
    const process = cameraCommandProcessor(stack.t.deps, stack.t.services, stack.settings);
    const data: CameraCommandJob = {
      command: "schedule",
      matchId: match.id,
      configurationId: stack.configuration.id,
      requestedBy: stack.admin.user.id,
      idempotencyKey: `last-attempt-${match.id}`,
    };
    await stack.control.setFaults({ fail_next: 2, fail_status: 500, fail_message: "disk full" });
    const attempt = (attemptsMade: number) =>
      ({ data, attemptsMade, opts: { attempts: JOB_ATTEMPTS } }) as Job<CameraCommandJob>;

    await expect(process(attempt(JOB_ATTEMPTS - 2))).rejects.toThrow("response: disk full");
    const told = nextEvent<UserMessage>(socket, EVENTS.userMessage, (m) => m.match === match.id);
    await expect(process(attempt(JOB_ATTEMPTS - 1))).rejects.toThrow("response: disk full");
    expect(await told).toMatchObject({
      key: "match.operation_failed",
      level: "error",
      detail: "schedule failed: the camera server answered 500, response: disk full",
      failure: { code: "failed", detail: "disk full" },
    });
    expect(messages).toHaveLength(1);
    expect((await stack.t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).status).toBe("unscheduled");
  });

  it("ends a live match its camera is not recording (409): no video, the club told, the field free again", async () => {
    const live = await stack.createMatch({ status: "live" });
    const match = await stack.t.deps.prisma.match.update({
      where: { id: live.id },
      data: { liveHlsUrl: "http://camera.test/live/index.m3u8" },
    });
    const socket = await requesterSocket();
    expect(await subscribe(socket, CHANNELS.club(stack.club.id))).toEqual({ channel: CHANNELS.club(stack.club.id) });
    const told = nextEvent<UserMessage>(socket, EVENTS.userMessage, (m) => m.match === match.id, 15_000);
    const problem = nextEvent<EventPayloads["match.recording_problem"]>(
      socket,
      EVENTS.matchRecordingProblem,
      (m) => m.match === match.id,
      15_000,
    );

    // The simulator is not recording this match (as after a camera server's restart): it refuses the stop.
    const res = await command(match.id, "stoprecording");
    expect(res.statusCode).toBe(202);
    const jobId: string = res.json().job_ids[0];

    expect(await told).toMatchObject({ key: "match.recording_ended_without_camera", level: "error", match: match.id });
    expect(await problem).toEqual({ club: stack.club.id, match: match.id, problem: "camera_lost" });
    expect((await callsWithKey(stack.control, jobId)).map((c) => c.outcome)).toEqual(["refused"]);
    expect(await stack.t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
      status: "processing",
      recordingProblem: "camera_lost",
      liveHlsUrl: null,
    });
    // The camera is no longer busy with it: the next match on the field can start (the matches other
    // tests left recording on this camera, live or awaiting their video, are ended first, as this one was).
    await stack.t.deps.prisma.match.updateMany({
      where: { configurationId: stack.configuration.id, ...recordingMatches },
      data: { status: "processing" },
    });
    const next = await stack.createMatch({ status: "scheduled" });
    expect((await command(next.id, "startrecording")).statusCode).toBe(202);

    // A camera that still delivers the recording takes the match on demand.
    const { client, secret } = await createApiClient(stack.t.deps.prisma, stack.configuration.id);
    const token = await stack.http.post("/v1/camera/token", { client_id: client.clientId, client_secret: secret });
    const vod = "http://camera.test/vod/index.m3u8";
    const finished = await stack.http.post(
      "/v1/camera/recording-finished",
      {
        match_id: match.id,
        started_at: new Date(Date.now() - 3600_000).toISOString(),
        ended_at: new Date().toISOString(),
        vod_hls_url: vod,
      },
      token.json().access_token,
    );
    expect(finished.statusCode).toBe(200);
    expect(finished.json().data.match).toEqual({
      id: match.id,
      status: "vod",
      vod_hls_url: vod,
      recording_problem: null,
    });
  });

  it("ends a live match whose camera server cannot be reached once the stop's attempts are exhausted", async () => {
    const match = await stack.createMatch({ status: "live" });
    const process = cameraCommandProcessor(stack.t.deps, stack.t.services, stack.settings);
    const data: CameraCommandJob = {
      command: "stopRecording",
      matchId: match.id,
      configurationId: stack.configuration.id,
      requestedBy: stack.admin.user.id,
      idempotencyKey: `unreachable-stop-${match.id}`,
    };
    await stack.t.deps.prisma.configuration.update({
      where: { id: stack.configuration.id },
      data: { serverUrl: "http://127.0.0.1:9" },
    });
    try {
      const attempt = (attemptsMade: number) =>
        ({ data, attemptsMade, opts: { attempts: JOB_ATTEMPTS } }) as Job<CameraCommandJob>;
      await expect(process(attempt(0))).rejects.toThrow("No answer from");
      // Not before the last attempt: the camera may still answer.
      expect((await stack.t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).status).toBe("live");
      await expect(process(attempt(JOB_ATTEMPTS - 1))).rejects.toThrow("No answer from");
      expect(await stack.t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
        status: "processing",
        recordingProblem: "camera_lost",
      });
    } finally {
      await stack.t.deps.prisma.configuration.update({
        where: { id: stack.configuration.id },
        data: { serverUrl: stack.sim.url },
      });
    }
  });

  it("stops an overdue live match with no publisher by the sweep, which the worker repeats", async () => {
    const schedulers = await stack.t.deps.jobs.matchTimers.getJobSchedulers();
    expect(schedulers.map((scheduler) => [scheduler.key, scheduler.every])).toEqual(
      expect.arrayContaining([
        [OVERDUE_SWEEP_SCHEDULER, OVERDUE_SWEEP_EVERY_MS],
        // And the live-listening sweep (issue 30: suggestions during the match).
        [LIVE_LISTENING_SCHEDULER, LIVE_LISTENING_EVERY_MS],
      ]),
    );
    const now = Date.now();
    const at = (ms: number) => ({ startingAt: new Date(ms - 5400_000), stoppingAt: new Date(ms) });
    const { prisma } = stack.t.deps;
    const overdue = await prisma.match.update({
      where: { id: (await stack.createMatch({ status: "live" })).id },
      data: at(now - OVERDUE_LIVE_GRACE_MS - 60_000),
    });
    // Its camera confirmed a hand start but never sent a video: as overdue.
    const neverLive = await prisma.match.update({
      where: { id: (await stack.createMatch({ status: "scheduled" })).id },
      data: { ...at(now - OVERDUE_LIVE_GRACE_MS - 60_000), startConfirmed: true },
    });
    // Within its grace period: its camera may still be about to report it.
    const lateButGracious = await prisma.match.update({
      where: { id: (await stack.createMatch({ status: "live" })).id },
      data: at(now - OVERDUE_LIVE_GRACE_MS + 600_000),
    });
    const stopped = await stack.t.services.matches.stopOverdueMatches(new Date(now));
    expect(stopped).toEqual(expect.arrayContaining([overdue.id, neverLive.id]));
    expect(stopped).not.toContain(lateButGracious.id);
    // The simulator is not recording them: the stop is refused, and each match ends without its camera.
    for (const match of [overdue, neverLive]) {
      await eventually(
        async () => (await prisma.match.findUniqueOrThrow({ where: { id: match.id } })).status === "processing",
        "the overdue match to end",
      );
      expect(await prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
        recordingProblem: "camera_lost",
      });
    }
    expect((await prisma.match.findUniqueOrThrow({ where: { id: lateButGracious.id } })).status).toBe("live");
    // An ended match is not stopped again.
    await stack.t.services.matches.stopOverdueMatches(new Date(now));
    const stops = (await stack.control.calls()).filter(
      (call) => call.command === "stopRecording" && (call.body as { match_id?: number }).match_id === overdue.id,
    );
    expect(stops).toHaveLength(1);
  });

  it("gives a duplicated command no second effect, at the camera server or on the match", async () => {
    const match = await stack.createMatch({ status: "unscheduled" });
    const socket = await requesterSocket();
    const messages: UserMessage[] = [];
    socket.on(EVENTS.userMessage, (m: UserMessage) => m.match === match.id && messages.push(m));
    const data: CameraCommandJob = {
      command: "schedule",
      matchId: match.id,
      configurationId: stack.configuration.id,
      requestedBy: stack.admin.user.id,
      idempotencyKey: `duplicate-${match.id}`,
    };
    // Two deliveries of one command (as after a redelivery), under different job ids.
    const queue = stack.t.deps.jobs.cameraCommands;
    const jobs = await Promise.all([queue.add("schedule", data), queue.add("schedule", data)]);
    await eventually(async () => (await Promise.all(jobs.map((job) => job.isCompleted()))).every(Boolean), "both jobs");

    const calls = await callsWithKey(stack.control, data.idempotencyKey);
    expect(calls.map((c) => c.outcome).sort()).toEqual(["effect", "replay"]);
    const results = await Promise.all(jobs.map(async (job) => (await queue.getJob(job.id!))!.returnvalue));
    expect(results.map((r) => r.applied).sort()).toEqual([false, true]);
    expect(await stack.t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
      status: "scheduled",
      isScheduled: true,
    });
    await sentinelMessage(socket);
    expect(messages).toEqual([{ key: "match.scheduled", level: "success", match: match.id }]);
  });

  it("tells the camera to unschedule a scheduled match that is deleted, and leaves other deletions alone", async () => {
    const match = await stack.createMatch({ status: "unscheduled" });
    expect((await command(match.id, "schedule")).statusCode).toBe(202);
    await eventually(
      async () => (await stack.t.deps.prisma.match.findUnique({ where: { id: match.id } }))?.status === "scheduled",
      "the match to be scheduled",
    );
    const deleted = await stack.http.del(`/v1/clubs/${stack.club.id}/matches/${match.id}`, stack.admin.token);
    expect(deleted.statusCode).toBe(200);
    const unscheduled = await eventually(async () => {
      const calls = await stack.control.calls();
      return calls.find((call) => call.command === "unschedule" && call.outcome === "effect");
    }, "the unschedule call");
    expect(unscheduled).toMatchObject({ camera_id: CAMERA_ID, body: { match_id: match.id } });

    // An unscheduled match was never on the camera: deleting it sends nothing.
    await stack.control.reset();
    const draft = await stack.createMatch({ status: "unscheduled" });
    expect((await stack.http.del(`/v1/clubs/${stack.club.id}/matches/${draft.id}`, stack.admin.token)).statusCode).toBe(
      200,
    );
    expect(await stack.t.deps.jobs.cameraCommands.getJobCounts("waiting", "active", "delayed")).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
    });
    expect(await stack.control.calls()).toEqual([]);
  });

  it("fails a command whose configuration has no camera server, telling the requester why", async () => {
    const match = await stack.createMatch({ status: "unscheduled" });
    await stack.t.deps.prisma.configuration.update({
      where: { id: stack.configuration.id },
      data: { serverUrl: null },
    });
    try {
      const socket = await requesterSocket();
      const told = nextEvent<UserMessage>(socket, EVENTS.userMessage, (m) => m.match === match.id);
      expect((await command(match.id, "schedule")).statusCode).toBe(202);
      expect(await told).toMatchObject({
        key: "match.operation_failed",
        detail: `configuration ${stack.configuration.id} has no camera server (server_url and sa_camera_id)`,
      });
      expect(await stack.control.calls()).toEqual([]);
    } finally {
      await stack.t.deps.prisma.configuration.update({
        where: { id: stack.configuration.id },
        data: { serverUrl: stack.sim.url },
      });
    }
  });
});

describe("asset updates", () => {
  /** The completed job that awaited a match's asset updates. */
  const privacyAppliedJob = (matchId: number) =>
    eventually(async () => {
      const done = await stack.t.deps.jobs.assetUpdates.getJobs(["completed"]);
      return done.find((job) => job.name === PRIVACY_APPLIED_JOB && job.data.matchId === matchId);
    }, "the privacy-applied job to complete");

  it("posts the two asset updates with the match's id after a privacy toggle, then tells the requester once", async () => {
    const match = await stack.createMatch();
    const socket = await requesterSocket();
    const messages: UserMessage[] = [];
    socket.on(EVENTS.userMessage, (m: UserMessage) => m.match === match.id && messages.push(m));
    const told = nextEvent<UserMessage>(socket, EVENTS.userMessage, (m) => m.match === match.id);
    const res = await stack.http.put(
      `/v1/clubs/${stack.club.id}/matches/${match.id}`,
      { update_match_only: 1, is_private: 1 },
      stack.admin.token,
    );
    expect(res.statusCode).toBe(200);

    const posts = await eventually(async () => {
      const effects = (await stack.control.calls()).filter((c) => c.asset_target && c.outcome === "effect");
      return effects.length === 2 && effects;
    }, "two asset posts");
    expect(posts.map((c) => [c.path, c.body]).sort()).toEqual([
      ["/assets/thumbnail", { matchId: match.id, isPrivate: true }],
      ["/assets/video", { matchId: match.id, isPrivate: true }],
    ]);
    expect(new Set(posts.map((c) => c.idempotency_key)).size).toBe(2);
    expect(await told).toEqual({ key: "match.privacy_updated", level: "success", match: match.id });
    const parent = await privacyAppliedJob(match.id);
    expect(parent.returnvalue).toEqual({ told: true });
    // Run again, as after a stalled worker's redelivery: nothing is said twice.
    expect(await privacyAppliedProcessor(stack.t.services)(parent as Job<PrivacyAppliedJob>)).toEqual({ told: false });
    await sentinelMessage(socket);
    expect(messages).toHaveLength(1);
  });

  it("tells the requester when an asset update is refused", async () => {
    const match = await stack.createMatch();
    const socket = await requesterSocket();
    const told = nextEvent<UserMessage>(socket, EVENTS.userMessage, (m) => m.match === match.id);
    await stack.control.setFaults({
      fail_next: 1,
      fail_status: 422,
      fail_message: "unknown match",
      path_prefix: "/assets/video",
    });

    await stack.http.put(
      `/v1/clubs/${stack.club.id}/matches/${match.id}`,
      { update_match_only: 1, is_private: 1 },
      stack.admin.token,
    );
    expect(await told).toMatchObject({
      key: "match.operation_failed",
      detail: "asset update (video) failed: the camera server answered 422, response: unknown match",
      failure: { code: "refused", detail: "unknown match" },
    });
    // The job awaiting both runs without the failed one, and tells no success.
    expect((await privacyAppliedJob(match.id)).returnvalue).toEqual({ told: false });
  });
});

describe("the job registry", () => {
  /** The job once it has failed (read after its state, so not mid-run). */
  async function failedJob(queue: Queue, id: string) {
    await eventually(async () => (await queue.getJobState(id)) === "failed", `job ${id} to fail`);
    return (await queue.getJob(id))!;
  }

  it("refuses to start while a registered job has no handler", () => {
    const { clipCut, ...withoutClipCut } = jobHandlers(stack.t.deps, stack.t.services, stack.settings);
    expect(clipCut).toBeTypeOf("function");
    // @ts-expect-error a handler table without a registered job does not compile
    const incomplete: JobHandlers = withoutClipCut;
    expect(() => runJobs(stack.t.deps, incomplete, stack.settings)).toThrow(
      "[worker] no handler for the registered jobs clipCut (clip.cut in clip-cuts): refusing to start",
    );
  });

  it("fails a job whose payload does not fit its schema at once, without running it", async () => {
    const match = await stack.createMatch({ status: "unscheduled" });
    // Added past the enqueue side's check, as by an older server or by hand.
    const malformed = { command: "schedule", matchId: match.id, configurationId: "one", requestedBy: null };
    const queue = stack.t.deps.jobs.cameraCommands;
    const added = await queue.add("schedule", malformed as never, { attempts: JOB_ATTEMPTS });
    const failed = await failedJob(queue, added.id!);
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toMatch(/^malformed schedule payload: /);
    expect(failed.failedReason).toContain("configurationId");
    expect(failed.failedReason).toContain("idempotencyKey");
    expect(await stack.control.calls()).toEqual([]);
  });

  it("fails a job of a name no registered job has at once", async () => {
    const queue = stack.t.deps.jobs.clipCuts;
    const added = await queue.add("clip.explode", { clipId: 1, version: 1 }, { attempts: JOB_ATTEMPTS });
    const failed = await failedJob(queue, added.id!);
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toBe("no registered job is named clip.explode in clip-cuts");
  });
});

describe("match timers", () => {
  it("publishes match.starting on the match's channel when a match scheduled to start in a second starts", async () => {
    const match = await stack.createMatch({ status: "unscheduled", startingAt: new Date(Date.now() + 1000) });
    const viewer = await connectSocket(stack.url);
    await subscribe(viewer, CHANNELS.match(match.id));
    const starting = nextEvent<EventPayloads["match.starting"]>(viewer, EVENTS.matchStarting, () => true, 15_000);

    expect((await command(match.id, "schedule")).statusCode).toBe(202);
    expect(await starting).toEqual({ match: match.id, starting_at: match.startingAt.toISOString() });
    expect((await stack.t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).status).toBe("scheduled");
  });

  it("publishes nothing for a match no longer scheduled, or moved to another start", async () => {
    const processTimer = matchTimerProcessor(stack.t.services);
    const unscheduled = await stack.createMatch({ status: "unscheduled" });
    const moved = await stack.createMatch({ status: "scheduled" });
    const timer = (matchId: number, startingAt: Date) =>
      ({ data: { matchId, startingAt: startingAt.toISOString() } }) as Job;

    expect(await processTimer(timer(unscheduled.id, unscheduled.startingAt))).toEqual({ published: false });
    expect(await processTimer(timer(moved.id, new Date(moved.startingAt.getTime() - 60_000)))).toEqual({
      published: false,
    });
    expect(await processTimer(timer(moved.id + 100_000, moved.startingAt))).toEqual({ published: false });
    expect(await processTimer(timer(moved.id, moved.startingAt))).toEqual({ published: true });
  });
});
