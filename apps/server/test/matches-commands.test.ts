// Camera commands: checked against the state machine when asked (409/422),
// enqueued as BullMQ jobs, and their outcomes applied once by the service the
// worker calls.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Configuration, Field, Match, MatchStatus } from "@clubcast/db";
import { CHANNELS, MATCH_STATUSES, canTransition } from "@clubcast/shared";
import {
  JOB_ATTEMPTS,
  JOB_BACKOFF,
  matchStartingJobId,
  type CameraCommand,
  type CameraCommandJob,
  type JobFailureReport,
} from "@clubcast/shared/jobs";
import { createMember, type Member, useTestAppWithCast } from "@clubcast/testkit/api";
import { listenToChannels, type ChannelListener } from "./support/channel-listener.ts";
import { createConfiguration, createField, createMatch } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
let fieldA: Field;
let mainConfigA: Configuration;
let spareConfigA: Configuration;
let configB: Configuration;
let schedulerPlayerA: Member;
let adminInbox: ChannelListener;

beforeAll(async () => {
  const { prisma } = t.deps;
  fieldA = await createField(prisma, cast.clubA.id);
  mainConfigA = await createConfiguration(prisma, { clubId: cast.clubA.id, fieldId: fieldA.id });
  spareConfigA = await createConfiguration(prisma, { clubId: cast.clubA.id, fieldId: fieldA.id, isMain: false });
  configB = await createConfiguration(prisma, { clubId: cast.clubB.id });
  schedulerPlayerA = await createMember(t, { scope: "player", clubId: cast.clubA.id, permissions: ["scheduler.all"] });
  adminInbox = await listenToChannels(t, [CHANNELS.user(cast.adminA.user.id)]);
});
afterAll(() => adminInbox.close());

const matchOfA = (status: MatchStatus = "unscheduled", data: Partial<Parameters<typeof createMatch>[1]> = {}) =>
  createMatch(t.deps.prisma, { clubId: cast.clubA.id, fieldId: fieldA.id, status, ...data });
const row = (id: number) => t.deps.prisma.match.findUniqueOrThrow({ where: { id } });
const commandUrl = (match: Match, path: string, club = match.clubId) => `/v1/clubs/${club}/matches/${match.id}/${path}`;
const commandJob = (id: string) => t.deps.jobs.cameraCommands.getJob(id);
const commandJobCount = () => t.deps.jobs.cameraCommands.getJobCountByTypes("waiting", "delayed", "active");
/** The match.starting timer of a match's start (timers are per start). */
const timerOf = (match: { id: number; startingAt: Date }) =>
  t.deps.jobs.matchTimers.getJob(matchStartingJobId({ matchId: match.id, startingAt: match.startingAt.toISOString() }));

/** The REST path and the service command of each camera operation. */
const OPERATIONS: { path: () => string; command: CameraCommand }[] = [
  { path: () => "schedule", command: "schedule" },
  { path: () => "unschedule", command: "unschedule" },
  { path: () => "startrecording", command: "startRecording" },
  { path: () => "stoprecording", command: "stopRecording" },
  { path: () => `restore/${mainConfigA.id}`, command: "restore" },
];
const EVENT_OF: Record<CameraCommand, Parameters<typeof canTransition>[1]> = {
  schedule: "schedule",
  unschedule: "unschedule",
  startRecording: "startRecording",
  stopRecording: "stopRecording",
  restore: "restore",
};

describe("requesting a camera command", () => {
  it("answers 202 with the job id and enqueues a typed, retried CameraCommandJob, changing nothing yet", async () => {
    const match = await matchOfA("unscheduled");
    const res = await http.post(commandUrl(match, "schedule"), {}, cast.adminA.token);
    expect(res.statusCode).toBe(202);
    const { data, message, job_ids: jobIds } = res.json();
    expect(data).toBeNull();
    expect(message).toBe("The match is being scheduled.");
    expect(jobIds).toHaveLength(1);
    const [jobId] = jobIds;
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);

    const job = await commandJob(jobId);
    expect(job).toBeDefined();
    expect(job!.name).toBe("schedule");
    expect(job!.data).toEqual({
      command: "schedule",
      matchId: match.id,
      configurationId: mainConfigA.id,
      requestedBy: cast.adminA.user.id,
      idempotencyKey: jobId,
    } satisfies CameraCommandJob);
    expect(job!.opts).toMatchObject({ attempts: JOB_ATTEMPTS, backoff: JOB_BACKOFF, removeOnFail: false });
    expect(await job!.getState()).toBe("waiting");
    expect((await row(match.id)).status).toBe("unscheduled");
  });

  it("gives every request its own idempotency key", async () => {
    const match = await matchOfA("unscheduled");
    const first = await http.post(commandUrl(match, "schedule"), {}, cast.adminA.token);
    const second = await http.post(commandUrl(match, "schedule"), {}, cast.adminA.token);
    expect(first.json().job_ids[0]).not.toBe(second.json().job_ids[0]);
  });

  it("sends each operation to the match's own configuration when it has one, else to its field's main one", async () => {
    const scheduled = await matchOfA("scheduled", { configurationId: spareConfigA.id });
    const res = await http.post(commandUrl(scheduled, "startrecording"), {}, cast.adminA.token);
    expect(res.statusCode).toBe(202);
    expect((await commandJob(res.json().job_ids[0]))!.data).toMatchObject({
      command: "startRecording",
      configurationId: spareConfigA.id,
    });

    const live = await matchOfA("live");
    const stop = await http.post(commandUrl(live, "stoprecording"), {}, cast.adminA.token);
    expect((await commandJob(stop.json().job_ids[0]))!.data).toMatchObject({
      command: "stopRecording",
      configurationId: mainConfigA.id,
    });
    const unschedule = await http.post(commandUrl(await matchOfA("scheduled"), "unschedule"), {}, cast.adminA.token);
    expect((await commandJob(unschedule.json().job_ids[0]))!.data.command).toBe("unschedule");
  });

  it("refuses (409) to start recording on a camera that is recording another match, and enqueues nothing", async () => {
    const recording = await matchOfA("live", { configurationId: spareConfigA.id });
    const next = await matchOfA("scheduled", { configurationId: spareConfigA.id });
    const before = await commandJobCount();
    const refused = await http.post(commandUrl(next, "startrecording"), {}, cast.adminA.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `The camera is busy recording match ${recording.id}: stop that recording first.`,
    );
    expect(await commandJobCount()).toBe(before);
    expect((await row(next.id)).status).toBe("scheduled");

    // Once that recording is over, the camera is free again.
    await t.deps.prisma.match.update({ where: { id: recording.id }, data: { status: "processing" } });
    expect((await http.post(commandUrl(next, "startrecording"), {}, cast.adminA.token)).statusCode).toBe(202);
  });

  it("restores from the configuration in the path, which must be the club's", async () => {
    const vod = await matchOfA("vod");
    const res = await http.post(commandUrl(vod, `restore/${spareConfigA.id}`), {}, cast.adminA.token);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe("Match restore started");
    expect((await commandJob(res.json().job_ids[0]))!.data).toMatchObject({
      command: "restore",
      configurationId: spareConfigA.id,
    });

    const before = await commandJobCount();
    const foreign = await http.post(commandUrl(vod, `restore/${configB.id}`), {}, cast.adminA.token);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toHaveProperty("configuration");
    expect(await commandJobCount()).toBe(before);
  });

  it("answers 422 on 'configuration' when the match has no camera, and enqueues nothing", async () => {
    const bareField = await createField(t.deps.prisma, cast.clubA.id);
    const withoutCamera = await matchOfA("unscheduled", { fieldId: bareField.id });
    const withoutField = await matchOfA("unscheduled", { fieldId: null });
    const before = await commandJobCount();
    for (const match of [withoutCamera, withoutField]) {
      const res = await http.post(commandUrl(match, "schedule"), {}, cast.adminA.token);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: "This match has no camera configuration: give its field a main configuration first.",
        errors: {
          configuration: ["This match has no camera configuration: give its field a main configuration first."],
        },
        issues: { configuration: [{ key: "match.no_configuration", params: { field: "configuration" } }] },
      });
    }
    expect(await commandJobCount()).toBe(before);
  });

  it("refuses with 409 every operation the state machine doesn't allow from the match's status", async () => {
    const matches = Object.fromEntries(
      await Promise.all(MATCH_STATUSES.map(async (status) => [status, await matchOfA(status)] as const)),
    );
    const before = await commandJobCount();
    let refusals = 0;
    for (const status of MATCH_STATUSES) {
      for (const { path, command } of OPERATIONS) {
        if (canTransition(status, EVENT_OF[command])) continue;
        const match = matches[status]!;
        const res = await http.post(commandUrl(match, path()), {}, cast.adminA.token);
        expect(res.statusCode, `${command} from ${status}`).toBe(409);
        expect(res.json().message).toMatch(new RegExp(`^This match is ${status}: `));
        refusals++;
      }
    }
    // 5 statuses x 5 operations, of which 7 transitions are allowed.
    expect(refusals).toBe(18);
    expect(await commandJobCount()).toBe(before);
    for (const status of MATCH_STATUSES) expect((await row(matches[status]!.id)).status).toBe(status);
  });

  it("explains a refusal in the caller's language", async () => {
    const live = await matchOfA("live");
    const res = await t.app.inject({
      method: "POST",
      url: commandUrl(live, "schedule"),
      headers: { authorization: `Bearer ${cast.adminA.token}`, "accept-language": "de" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Dieses Spiel ist live: nur ein ungeplantes Spiel kann eingeplant werden.");
  });

  it("lets club admins, system admins and holders of scheduler.all ask; refuses players and trainers (403)", async () => {
    for (const member of [cast.adminA, cast.system, schedulerPlayerA]) {
      const res = await http.post(commandUrl(await matchOfA("unscheduled"), "schedule"), {}, member.token);
      expect(res.statusCode).toBe(202);
    }
    const match = await matchOfA("unscheduled");
    for (const member of [cast.playerA, cast.trainerA]) {
      expect((await http.post(commandUrl(match, "schedule"), {}, member.token)).statusCode).toBe(403);
    }
    expect((await http.post(commandUrl(match, "schedule"), {})).statusCode).toBe(401);
  });

  it("answers 404 to another club's admin, whichever club the path names", async () => {
    const match = await matchOfA("unscheduled");
    const before = await commandJobCount();
    for (const club of [cast.clubA.id, cast.clubB.id]) {
      const res = await http.post(commandUrl(match, "schedule", club), {}, cast.adminB.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "No match found" });
    }
    expect(await commandJobCount()).toBe(before);
  });

  it("works the same over tRPC", async () => {
    const match = await matchOfA("unscheduled");
    const res = await http.mutation("matches.schedule", { club: cast.clubA.id, match: match.id }, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    const [jobId] = res.json().result.data.job_ids;
    expect((await commandJob(jobId))!.data).toMatchObject({ command: "schedule", matchId: match.id });

    const refused = await http.mutation(
      "matches.stopRecording",
      { club: cast.clubA.id, match: match.id },
      cast.adminA.token,
    );
    expect(refused.statusCode).toBe(409);
    const restore = await http.mutation(
      "matches.restore",
      { club: cast.clubA.id, match: (await matchOfA("vod")).id, configuration: mainConfigA.id },
      cast.adminA.token,
    );
    expect(restore.statusCode).toBe(200);
  });
});

describe("command outcomes (called by the worker)", () => {
  const jobFor = (match: Match, command: CameraCommand, requestedBy: number | null = cast.adminA.user.id) =>
    ({
      command,
      matchId: match.id,
      configurationId: mainConfigA.id,
      requestedBy,
      idempotencyKey: crypto.randomUUID(),
    }) satisfies CameraCommandJob;
  const messagesAbout = (matchId: number) => adminInbox.events("user.message").filter((m) => m.match === matchId);

  it("schedules the match, sets is_scheduled, creates its match.starting timer and tells the requester", async () => {
    const startingAt = new Date(Date.now() + 2 * 3600_000);
    const match = await matchOfA("unscheduled", { startingAt });
    const res = await http.post(commandUrl(match, "schedule"), {}, cast.adminA.token);
    const job = (await commandJob(res.json().job_ids[0]))!;

    expect(await t.services.matches.commandSucceeded(job.data)).toEqual({ applied: true, status: "scheduled" });
    expect(await row(match.id)).toMatchObject({
      status: "scheduled",
      isScheduled: true,
      configurationId: mainConfigA.id,
    });
    const timer = (await timerOf(match))!;
    expect(await timer.getState()).toBe("delayed");
    expect(timer.data).toEqual({ matchId: match.id, startingAt: startingAt.toISOString() });
    expect(Math.abs(timer.timestamp + timer.delay - startingAt.getTime())).toBeLessThan(1000);

    await adminInbox.settle();
    expect(messagesAbout(match.id)).toEqual([{ key: "match.scheduled", level: "success", match: match.id }]);
  });

  it("has no second effect when the same outcome arrives twice", async () => {
    const match = await matchOfA("unscheduled");
    const job = jobFor(match, "schedule");
    await t.services.matches.commandSucceeded(job);
    const firstTimer = (await timerOf(match))!;
    expect(await t.services.matches.commandSucceeded(job)).toEqual({ applied: false });
    expect(await t.services.matches.commandFailed(job, { detail: "late failure" })).toEqual({ applied: false });

    expect((await row(match.id)).status).toBe("scheduled");
    expect((await timerOf(match))!.timestamp).toBe(firstTimer.timestamp);
    await adminInbox.settle();
    expect(messagesAbout(match.id)).toEqual([{ key: "match.scheduled", level: "success", match: match.id }]);
  });

  it("has no second effect for a restore (processing to processing) delivered twice either", async () => {
    const match = await matchOfA("vod");
    const job = jobFor(match, "restore");
    expect(await t.services.matches.commandSucceeded(job)).toEqual({ applied: true, status: "processing" });
    expect(await t.services.matches.commandSucceeded(job)).toEqual({ applied: false });
    await adminInbox.settle();
    expect(messagesAbout(match.id)).toEqual([{ key: "match.restored", level: "success", match: match.id }]);
  });

  it("unschedules: clears is_scheduled and removes the timer", async () => {
    const match = await matchOfA("unscheduled");
    await t.services.matches.commandSucceeded(jobFor(match, "schedule"));
    expect(await timerOf(match)).toBeDefined();

    expect(await t.services.matches.commandSucceeded(jobFor(match, "unschedule"))).toEqual({
      applied: true,
      status: "unscheduled",
    });
    expect(await row(match.id)).toMatchObject({ status: "unscheduled", isScheduled: false });
    expect(await timerOf(match)).toBeUndefined();
    await adminInbox.settle();
    expect(messagesAbout(match.id).map((m) => m.key)).toEqual(["match.scheduled", "match.unscheduled"]);
  });

  it("starts recording, live only once the camera's stream is ready, and stops it", async () => {
    const match = await matchOfA("scheduled");
    await t.services.matches.commandSucceeded(jobFor(match, "startRecording"));
    expect(await row(match.id)).toMatchObject({ status: "scheduled", startConfirmed: true });
    await t.deps.outbox.transaction((tx, post) => t.services.matches.cameraStartedRecording(tx, post, match.id));
    expect((await row(match.id)).status).toBe("live");
    await t.services.matches.commandSucceeded(jobFor(match, "stopRecording"));
    expect((await row(match.id)).status).toBe("processing");
    await adminInbox.settle();
    expect(messagesAbout(match.id).map((m) => m.key)).toEqual([
      "match.recording_awaits_video",
      "match.recording_stopped",
    ]);
  });

  it("leaves a match that moved on meanwhile alone and tells the requester why", async () => {
    const match = await matchOfA("live");
    expect(await t.services.matches.commandSucceeded(jobFor(match, "schedule"))).toEqual({
      applied: false,
      status: "live",
    });
    expect(await row(match.id)).toMatchObject({ status: "live", isScheduled: false });
    expect(await timerOf(match)).toBeUndefined();
    await adminInbox.settle();
    expect(messagesAbout(match.id)).toEqual([
      {
        key: "match.operation_failed",
        level: "error",
        match: match.id,
        detail: "This match is live: only an unscheduled match can be scheduled.",
      },
    ]);
  });

  it("applies an outcome without a requester without telling anyone", async () => {
    const match = await matchOfA("unscheduled");
    expect(await t.services.matches.commandSucceeded(jobFor(match, "schedule", null))).toMatchObject({ applied: true });
    await adminInbox.settle();
    expect(messagesAbout(match.id)).toEqual([]);
  });

  it("tells the requester of a failed command the camera server's failure, once", async () => {
    const match = await matchOfA("unscheduled");
    const job = jobFor(match, "schedule");
    const report = {
      detail: "schedule failed: the camera server answered 409, response: camera offline",
      failure: { code: "refused", detail: "camera offline" },
    } satisfies JobFailureReport;
    expect(await t.services.matches.commandFailed(job, report)).toEqual({ applied: true });
    expect(await t.services.matches.commandFailed(job, report)).toEqual({ applied: false });
    expect((await row(match.id)).status).toBe("unscheduled");
    await adminInbox.settle();
    expect(messagesAbout(match.id)).toEqual([
      { key: "match.operation_failed", level: "error", match: match.id, ...report },
    ]);
  });
});
