import { describe, expect, it } from "vitest";
import {
  JOBS,
  JOB_ATTEMPTS,
  JOB_KINDS,
  JOB_QUEUES,
  QUEUES,
  finalOutcomeWithinMs,
  planJob,
  recognizeJob,
  type CameraCommandJob,
} from "../src/jobs.ts";

const command: CameraCommandJob = {
  command: "stopRecording",
  matchId: 7,
  configurationId: 3,
  requestedBy: 12,
  idempotencyKey: "key-1",
};

describe("the job registry", () => {
  it("gives every job name to one registered job of its queue", () => {
    const named = JOB_KINDS.flatMap((kind) => JOBS[kind].names.map((name) => `${JOBS[kind].queue}/${name}`));
    expect(new Set(named).size).toBe(named.length);
  });

  it("has a job for every queue, so each gets a worker", () => {
    expect([...JOB_QUEUES].sort()).toEqual(Object.values(QUEUES).sort());
  });
});

describe("planJob", () => {
  it("names a camera command after its command, with its idempotency key as job id, retried", () => {
    expect(planJob("cameraCommand", command)).toEqual({
      queueName: "camera-commands",
      name: "stopRecording",
      data: command,
      opts: {
        jobId: "key-1",
        attempts: JOB_ATTEMPTS,
        backoff: { type: "exponential", delay: 1000 },
        removeOnComplete: 1000,
        removeOnFail: false,
      },
    });
  });

  it("gives a single-named job its name and the id that keeps it unique", () => {
    expect(planJob("clipCut", { clipId: 4, version: 2 })).toMatchObject({
      queueName: "clip-cuts",
      name: "clip.cut",
      opts: { jobId: "clip-4-v2" },
    });
    expect(planJob("matchStarting", { matchId: 5, startingAt: "2030-05-01T14:00:00.000Z" }).opts).toMatchObject({
      jobId: `match-starting-5-${Date.parse("2030-05-01T14:00:00.000Z")}`,
      removeOnComplete: true,
    });
    expect(planJob("privacyApplied", { matchId: 5, isPrivate: true, requestedBy: null }).opts).not.toHaveProperty(
      "jobId",
    );
  });

  it("refuses a payload that does not fit the job's schema, naming the fields", () => {
    const refused = (kind: "cameraCommand" | "matchStarting", payload: unknown) => () =>
      planJob(kind, payload as never);
    expect(refused("cameraCommand", { ...command, matchId: "7" })).toThrow(
      /^malformed stopRecording payload: .*matchId/s,
    );
    expect(refused("cameraCommand", { ...command, idempotencyKey: "" })).toThrow(/idempotencyKey/);
    expect(refused("cameraCommand", { ...command, requestedBy: undefined })).toThrow(/requestedBy/);
    expect(refused("matchStarting", { matchId: 5, startingAt: "tomorrow" })).toThrow(/startingAt/);
  });
});

describe("recognizeJob", () => {
  it("finds a job's registered kind by its queue and name", () => {
    expect(recognizeJob("camera-commands", "stopRecording", command)).toEqual({ kind: "cameraCommand" });
    expect(recognizeJob("asset-updates", "privacy-applied", { matchId: 1, isPrivate: false, requestedBy: 2 })).toEqual({
      kind: "privacyApplied",
    });
  });

  it("says why a job is of no registered kind: an unknown name, or a name of another queue", () => {
    expect(recognizeJob("camera-commands", "explode", command)).toEqual({
      problem: "no registered job is named explode in camera-commands",
    });
    expect(recognizeJob("clip-cuts", "stopRecording", command)).toEqual({
      problem: "no registered job is named stopRecording in clip-cuts",
    });
  });

  it("says which fields of a malformed payload do not fit", () => {
    const recognized = recognizeJob("camera-commands", "stopRecording", { ...command, configurationId: null });
    expect(recognized).toEqual({ problem: expect.stringMatching(/^malformed stopRecording payload: /) });
    expect("problem" in recognized && recognized.problem).toContain("configurationId");
  });
});

describe("finalOutcomeWithinMs", () => {
  it("adds every attempt's timeout and the backoff waits between attempts", () => {
    const base = { removeOnComplete: true, removeOnFail: false };
    expect(finalOutcomeWithinMs({ ...base, attempts: 1 }, 500)).toBe(500);
    expect(finalOutcomeWithinMs({ ...base, attempts: 3, backoff: { type: "fixed", delay: 100 } }, 500)).toBe(1700);
    // BullMQ's exponential backoff waits delay, 2×delay, 4×delay, … before the 2nd, 3rd, 4th attempt.
    expect(finalOutcomeWithinMs({ ...base, attempts: 4, backoff: { type: "exponential", delay: 100 } }, 500)).toBe(
      2700,
    );
  });
});
