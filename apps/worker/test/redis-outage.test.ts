// The real worker process through a Redis outage, with a Redis of this file's
// own: it says once that Redis is gone and once that it is back (not per
// reconnect attempt, no unhandled error events), and runs jobs again without a
// restart, scheduling its repeatable jobs again (a restarted Redis may have lost
// them). A worker started while Redis is away schedules its repeatable jobs
// once Redis is back (it used to run without the overdue-matches sweep).
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { OVERDUE_SWEEP_EVERY_MS, OVERDUE_SWEEP_SCHEDULER } from "@clubcast/shared/jobs";
import { eventually, exited, startThrowawayRedis, type ThrowawayRedis } from "@clubcast/testkit";
import { workerReady } from "@clubcast/testkit/worker";
import { spawnWorkerProcess, startJobStack, type JobStack } from "./support.ts";

let redisServer: ThrowawayRedis;
let stack: JobStack;
/** Every worker process started here, for the clean-up. */
const children: ChildProcess[] = [];
/** The worker started while Redis is up, and what it has written. */
let worker: ChildProcess;
let output: () => string;

/** A real worker process, and all it has written so far. */
function spawnLoggedWorker(): { worker: ChildProcess; output: () => string } {
  const child = spawnWorkerProcess(stack);
  children.push(child);
  let written = "";
  for (const stream of [child.stdout!, child.stderr!]) stream.on("data", (chunk: Buffer) => (written += chunk));
  return { worker: child, output: () => written };
}

beforeAll(async () => {
  redisServer = await startThrowawayRedis();
  stack = await startJobStack({ redisUrl: redisServer.url });
  ({ worker, output } = spawnLoggedWorker());
  await workerReady(worker);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await Promise.all(children.map((child) => exited(child)));
  if (!redisServer.running) await redisServer.start();
  // The stack's own connections reconnect on their own backoff; its cleanup needs them back.
  if (stack)
    await eventually(async () => stack.t.deps.redis.status === "ready", "the stack's Redis connection to be back");
  await stack?.close();
  await redisServer.stop();
});

/** The overdue-matches sweep's schedule in Redis, or undefined. */
function sweep() {
  const { jobs } = stack.t.deps;
  return jobs.viaRedis(() => jobs.matchTimers.getJobScheduler(OVERDUE_SWEEP_SCHEDULER)).catch(() => undefined);
}

it("logs a Redis outage once each way and runs jobs again once Redis is back, without a restart", async () => {
  expect(await eventually(sweep, "the worker to schedule the sweep")).toMatchObject({ every: OVERDUE_SWEEP_EVERY_MS });
  await redisServer.stop();
  // Long enough for many reconnect attempts of each of its connections.
  await sleep(4000);
  // Empty, as a Redis restarted without its data: the worker schedules the sweep again.
  await redisServer.start();
  expect(await eventually(sweep, "the worker to schedule the sweep again", 30_000)).toMatchObject({
    every: OVERDUE_SWEEP_EVERY_MS,
  });

  const match = await stack.createMatch({ status: "unscheduled" });
  const scheduled = await eventually(async () => {
    const res = await stack.http.post(`/v1/clubs/${stack.club.id}/matches/${match.id}/schedule`, {}, stack.admin.token);
    return res.statusCode === 202 && res;
  }, "the API to queue the command again");
  const jobId: string = scheduled.json().job_ids[0];
  await eventually(async () => (await stack.t.deps.jobs.cameraCommands.getJob(jobId))?.isCompleted(), "the job to run");
  expect((await stack.t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).status).toBe("scheduled");

  expect(worker.exitCode).toBeNull();
  // The worker's lines come through a pipe: the job may be seen done before they are read.
  await eventually(async () => output().includes("[worker] Redis is back"), "the worker to say Redis is back");
  const lines = output().split("\n");
  expect(lines.filter((line) => line.includes("[worker] lost Redis"))).toHaveLength(1);
  expect(lines.filter((line) => line.includes("[worker] Redis is back"))).toHaveLength(1);
  // Nothing else about it: no error per reconnect attempt, no unhandled error event.
  const complaints = lines.filter(
    (line) => /missing 'error' handler|Unhandled error event|ECONNREFUSED/.test(line) && !line.includes("lost Redis"),
  );
  expect(complaints).toEqual([]);
});

it("schedules the overdue-matches sweep once Redis is back when it started without Redis, saying so once", async () => {
  await redisServer.stop();
  const late = spawnLoggedWorker();
  const waiting = "[worker] could not schedule the sweeps (overdue matches, live listening) yet";
  await eventually(async () => late.output().includes(waiting), "the worker to find Redis away", 30_000);
  // Long enough for the first retry (a second) to fail too: each attempt waits 1.5 s for Redis.
  await sleep(3000);
  // Empty: the sweep scheduled by the first worker went with the Redis that stopped.
  await redisServer.start();

  expect(await eventually(sweep, "the worker to schedule the sweep", 30_000)).toMatchObject({
    every: OVERDUE_SWEEP_EVERY_MS,
  });
  await eventually(
    async () =>
      late.output().includes("[worker] scheduled the sweeps (overdue matches, live listening), Redis being back"),
    "the worker to say it scheduled the sweep",
  );
  expect(
    late
      .output()
      .split("\n")
      .filter((line) => line.includes(waiting)),
  ).toHaveLength(1);
  expect(late.worker.exitCode).toBeNull();
}, 60_000);
