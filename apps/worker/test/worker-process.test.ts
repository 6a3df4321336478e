// The real worker process: killed in the middle of a job it loses nothing and
// does nothing twice; stopped with SIGTERM it finishes the job in flight first.
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { eventually, exited } from "@clubcast/testkit";
import { callsWithKey, startJobStack, startQuickWorker, type JobStack } from "./support.ts";

let stack: JobStack;
const children: ChildProcess[] = [];

const startWorkerProcess = () => startQuickWorker(stack, children);

beforeAll(async () => {
  stack = await startJobStack();
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited(child);
  }
  await stack.control.reset();
});
afterAll(() => stack?.close());

/** A schedule command requested through the API; answers its job id (= idempotency key). */
async function requestSchedule(matchId: number): Promise<string> {
  const res = await stack.http.post(`/v1/clubs/${stack.club.id}/matches/${matchId}/schedule`, {}, stack.admin.token);
  expect(res.statusCode).toBe(202);
  return res.json().job_ids[0];
}

const jobOf = (jobId: string) => stack.t.deps.jobs.cameraCommands.getJob(jobId);

it("completes a job after its worker was killed with SIGKILL mid-call and restarted, with one effect at the camera", async () => {
  const match = await stack.createMatch({ status: "unscheduled" });
  await stack.control.setFaults({ delay_ms: 3000, path_prefix: "/cameras/" });
  const first = await startWorkerProcess();

  const jobId = await requestSchedule(match.id);
  await eventually(async () => (await callsWithKey(stack.control, jobId)).length > 0, "the camera call to arrive");
  first.kill("SIGKILL");
  expect(await exited(first)).toEqual({ code: null, signal: "SIGKILL" });
  expect(await (await jobOf(jobId))!.isCompleted()).toBe(false);

  await startWorkerProcess();
  await eventually(async () => (await jobOf(jobId))!.isCompleted(), "the job to complete after the restart");

  const calls = await callsWithKey(stack.control, jobId);
  expect(calls.filter((c) => c.outcome === "effect")).toHaveLength(1);
  expect(calls.map((c) => c.outcome).sort()).toEqual(["effect", "replay"]);
  expect(await stack.t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
    status: "scheduled",
    isScheduled: true,
  });
  expect((await jobOf(jobId))!.returnvalue).toMatchObject({
    done: true,
    applied: true,
    camera: { state: "scheduled" },
  });
});

it("finishes the job in flight before exiting on SIGTERM", async () => {
  const match = await stack.createMatch({ status: "unscheduled" });
  await stack.control.setFaults({ delay_ms: 1500, path_prefix: "/cameras/" });
  const worker = await startWorkerProcess();

  const jobId = await requestSchedule(match.id);
  await eventually(async () => (await callsWithKey(stack.control, jobId)).length > 0, "the camera call to arrive");
  worker.kill("SIGTERM");
  expect(await exited(worker)).toEqual({ code: 0, signal: null });

  expect(await (await jobOf(jobId))!.isCompleted()).toBe(true);
  expect((await callsWithKey(stack.control, jobId)).map((c) => c.outcome)).toEqual(["effect"]);
  expect((await stack.t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).status).toBe("scheduled");
});
