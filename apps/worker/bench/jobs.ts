// `npm run bench:jobs`: 5,000 camera commands (schedule, one per match) requested as
// the matches service does (committed to the outbox, relayed to BullMQ) and run by
// the real worker process against the camera-server simulator.
// Prints jobs per second and the commands lost (no effect at the camera, or the
// match not moved on) or duplicated (a second effect at the camera). The
// baseline, measured in the same run: the same number of calls made directly
// to the simulator with the same concurrency, without queue, database or worker.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { randomBytes, randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { QUEUES, bullPrefix, type CameraCommandJob } from "@clubcast/shared/jobs";
import { createCameraServerClient } from "@clubcast/camera-protocol";
import { closeDeps, createDeps, loadConfig } from "@clubcast/domain";
import { loadWorkerSettings } from "@clubcast/settings";
import { clearRedisPrefix, dropDatabase, freshMigratedDatabase, printTable, sleep } from "@clubcast/testkit/bench";
import { createSimulatorControl, type SimCall, startCameraSimulator } from "@clubcast/testkit/camera-sim";

const DATABASE = process.env.BENCH_DATABASE ?? "clubcast_bench_jobs";
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 5000);
/** The worker's camera-command concurrency (WORKER_CONCURRENCY, else its default), the baseline's too. */
const CONCURRENCY = loadWorkerSettings().concurrency;
/** WORKER_CONCURRENCY's default until camera commands got their own (clip cuts now have WORKER_MEDIA_CONCURRENCY). */
const OLD_DEFAULT_CONCURRENCY = 10;
const CAMERA_ID = "bench-cam";
/** The queue's throughput as a share of direct calls to the simulator. */
const TARGET_SHARE_OF_DIRECT = 0.6;
const root = fileURLToPath(new URL("../../../", import.meta.url));

/** BENCH_PROFILE_DIR=dir writes the worker's CPU profile there (node --cpu-prof) when it exits. */
const profileArgs = process.env.BENCH_PROFILE_DIR
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
  : [];

/** The CPU time a process has used, in ms (user and system, from /proc: Linux only; else null). */
function cpuMsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Runs `count` tasks with at most `concurrency` at a time. */
async function pool(count: number, concurrency: number, task: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** Effects and replays at the simulator per idempotency key. */
function effectsByKey(calls: SimCall[], keys: readonly string[]) {
  const effects = new Map<string, number>(keys.map((key) => [key, 0]));
  for (const call of calls) {
    if (call.outcome === "effect" && call.idempotency_key && effects.has(call.idempotency_key)) {
      effects.set(call.idempotency_key, effects.get(call.idempotency_key)! + 1);
    }
  }
  const counts = [...effects.values()];
  return { lost: counts.filter((n) => n === 0).length, duplicated: counts.filter((n) => n > 1).length };
}

async function main() {
  const prefix = `bench-jobs:${randomBytes(4).toString("hex")}:`;
  console.log(`Preparing ${DATABASE} with ${COMMANDS} matches…`);
  const databaseUrl = await freshMigratedDatabase(DATABASE);
  const config = { ...loadConfig(), databaseUrl, redisPrefix: prefix };
  const deps = createDeps(config);
  const sim = await startCameraSimulator({ video: false, log: () => {} });
  const control = createSimulatorControl(sim.url);

  const { prisma } = deps;
  const sport = await prisma.sport.create({ data: { slug: "football", name: "Football", type: "football" } });
  const club = await prisma.club.create({ data: { name: "Bench club", sportId: sport.id } });
  const configuration = await prisma.configuration.create({
    data: { clubId: club.id, serverUrl: sim.url, saCameraId: CAMERA_ID },
  });
  const requester = await prisma.user.create({
    data: {
      email: "bench-jobs@example.test",
      passwordHash: "-",
      firstName: "Bench",
      lastName: "Jobs",
      scope: "club",
      clubId: club.id,
    },
  });
  const startingAt = new Date(Date.now() + 24 * 3600_000);
  const stoppingAt = new Date(startingAt.getTime() + 5400_000);
  await prisma.match.createMany({
    data: Array.from({ length: COMMANDS }, () => ({
      clubId: club.id,
      configurationId: configuration.id,
      startingAt,
      stoppingAt,
    })),
  });
  const matchIds = (await prisma.match.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((m) => m.id);

  // ── baseline: direct calls to the simulator ──
  const camera = createCameraServerClient(sim.url);
  /** The commands sent straight to the simulator, `concurrency` at a time; a fresh key each. */
  async function directCalls(concurrency: number) {
    console.log(`Baseline: direct calls to the simulator (concurrency ${concurrency})…`);
    const keys = matchIds.map(() => randomUUID());
    const start = performance.now();
    await pool(COMMANDS, concurrency, (i) =>
      camera.send(
        "schedule",
        CAMERA_ID,
        { match_id: matchIds[i]!, starting_at: startingAt.toISOString(), stopping_at: stoppingAt.toISOString() },
        { idempotencyKey: keys[i]! },
      ),
    );
    const seconds = (performance.now() - start) / 1000;
    const effects = effectsByKey(await control.calls(), keys);
    await control.reset();
    return { concurrency, seconds, rate: COMMANDS / seconds, ...effects };
  }
  // The target's baseline runs at the worker's concurrency. Direct calls may go faster at another
  // (one process makes and answers them): the old default's is measured too and shown beside it.
  const direct = await directCalls(CONCURRENCY);
  const directElsewhere = CONCURRENCY === OLD_DEFAULT_CONCURRENCY ? null : await directCalls(OLD_DEFAULT_CONCURRENCY);

  // ── the queue: the real worker process ──
  console.log(`Through BullMQ and the worker process (concurrency ${CONCURRENCY})…`);
  const worker = spawn(process.execPath, [...profileArgs, "--import", "tsx", "apps/worker/src/main.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: config.redisUrl,
      REDIS_PREFIX: prefix,
      ASSET_SERVER_URL: sim.url,
      WORKER_CONCURRENCY: String(CONCURRENCY),
    },
  });
  await new Promise<void>((resolve, reject) => {
    worker.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("running the camera") && resolve());
    worker.once("exit", (code) => reject(new Error(`the worker exited (${code}) before it was ready`)));
  });

  const eventsConnection = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const events = new QueueEvents(QUEUES.cameraCommands, { connection: eventsConnection, prefix: bullPrefix(prefix) });
  await events.waitUntilReady();
  const finished = new Map<string, "completed" | "failed">();
  let completions = 0;
  events.on("completed", ({ jobId }) => {
    completions++;
    finished.set(jobId, "completed");
  });
  events.on("failed", ({ jobId }) => finished.set(jobId, "failed"));

  const jobs: Omit<CameraCommandJob, "idempotencyKey">[] = matchIds.map((matchId) => ({
    command: "schedule",
    matchId,
    configurationId: configuration.id,
    requestedBy: requester.id,
  }));
  /** Each command's idempotency key, as its request answered it. */
  const keys: string[] = [];
  const workerCpuBefore = cpuMsOf(worker.pid!);
  const queueStart = performance.now();
  // Requested the way the matches service does, 100 requests at a time: each commits its command to the
  // outbox, and this process's relay delivers the committed commands to BullMQ.
  await pool(jobs.length, 100, async (i) => {
    keys[i] = await deps.outbox.post((post) => post.cameraCommand(jobs[i]!));
  });
  const enqueueSeconds = (performance.now() - queueStart) / 1000;
  const deadline = Date.now() + 10 * 60_000;
  while (finished.size < jobs.length && Date.now() < deadline) await sleep(100);
  const queueSeconds = (performance.now() - queueStart) / 1000;
  const workerCpuAfter = cpuMsOf(worker.pid!);
  const workerCpuPerJob =
    workerCpuBefore === null || workerCpuAfter === null
      ? "n/a"
      : `${((workerCpuAfter - workerCpuBefore) / jobs.length).toFixed(2)} ms`;

  const queued = effectsByKey(await control.calls(), keys);
  const notScheduled = await prisma.match.count({ where: { id: { in: matchIds }, status: { not: "scheduled" } } });
  const failed = [...finished.values()].filter((state) => state === "failed").length;
  const completedTwice = completions - (finished.size - failed);
  const queueRate = jobs.length / queueSeconds;
  // Lost: no effect at the camera, or the match never moved on to scheduled.
  // Duplicated: a second effect at the camera, or a job that completed twice.
  const lost = Math.max(queued.lost, notScheduled);
  const duplicated = queued.duplicated + completedTwice;
  const directRow = (calls: Awaited<ReturnType<typeof directCalls>>) => [
    `baseline: direct calls to the simulator (concurrency ${calls.concurrency})`,
    COMMANDS,
    calls.seconds.toFixed(2),
    calls.rate.toFixed(0),
    `${(calls.rate / direct.rate).toFixed(2)}×`,
    "-",
    0,
    calls.lost,
    calls.duplicated,
  ];

  printTable(
    `Jobs benchmark: ${COMMANDS} camera commands, concurrency ${CONCURRENCY} (target: 0 lost, 0 duplicated)`,
    ["path", "commands", "seconds", "per second", "vs baseline", "worker CPU per job", "failed", "lost", "duplicated"],
    [
      directRow(direct),
      ...(directElsewhere ? [directRow(directElsewhere)] : []),
      [
        `outbox + BullMQ + worker process + service layer (concurrency ${CONCURRENCY})`,
        jobs.length,
        queueSeconds.toFixed(2),
        queueRate.toFixed(0),
        `${(queueRate / direct.rate).toFixed(2)}×`,
        workerCpuPerJob,
        failed,
        lost,
        duplicated,
      ],
    ],
  );
  console.log(`(committing the ${jobs.length} requests took ${enqueueSeconds.toFixed(2)} s of that)`);
  if (directElsewhere) {
    const fastest = Math.max(direct.rate, directElsewhere.rate);
    console.log(`(the queue reached ${(queueRate / fastest).toFixed(2)}× of the fastest direct calls measured)`);
  }
  const met = queueRate >= direct.rate * TARGET_SHARE_OF_DIRECT && lost === 0 && duplicated === 0 && failed === 0;
  console.log(
    `Jobs (target: ≥ ${TARGET_SHARE_OF_DIRECT * 100}% of direct calls at the same concurrency, 0 failed, 0 lost, 0 duplicated): ${met ? "met" : "NOT met"}`,
  );

  worker.kill("SIGTERM");
  await new Promise((resolve) => worker.once("exit", resolve));
  await events.close();
  eventsConnection.disconnect();
  await sim.close();
  await closeDeps(deps);
  await clearRedisPrefix(config.redisUrl, prefix);
  await dropDatabase(DATABASE);
}

await main();
