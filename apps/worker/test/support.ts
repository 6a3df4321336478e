// The stack the worker tests run against: a real API server (its own database
// and Redis prefix, listening for sockets), the camera-server simulator, a club
// whose camera configuration points at the simulator, and its admin signed in.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Club, Configuration, Match } from "@clubcast/db";
import { startTestApp, type TestApp } from "../../server/test/support/app.ts";
import {
  createApiClient,
  createClub,
  createConfiguration,
  createField,
  createMatch,
} from "../../server/test/support/factories.ts";
import { api, generousLoginLimits, type Member } from "../../server/test/support/api.ts";
import { disconnectAllSockets, listen, signIn } from "../../server/test/support/realtime.ts";
import { startCameraSimulator, type RunningSimulator } from "../../camera-sim/src/simulator.ts";
import { createSimulatorControl, type SimCall, type SimulatorControl } from "../../camera-sim/src/control.ts";
import type { WorkerSettings } from "../src/settings.ts";
import { startWorkers, type RunningWorkers } from "../src/workers.ts";

export const CAMERA_ID = "cam-1";
const root = fileURLToPath(new URL("../../../", import.meta.url));

export interface JobStack {
  t: TestApp;
  /** Where the API (and its sockets) listen. */
  url: string;
  http: ReturnType<typeof api>;
  sim: RunningSimulator;
  control: SimulatorControl;
  /** What the simulator logged (failed reports to the API, ...). */
  simLog: string[];
  club: Club;
  configuration: Configuration;
  admin: Member;
  settings: WorkerSettings;
  /** A match of the club on the simulator's camera, starting in an hour unless told. */
  createMatch(data?: { status?: Match["status"]; startingAt?: Date }): Promise<Match>;
  /** Workers in this process (the crash tests run the real worker process instead). */
  startWorkers(): RunningWorkers;
  close(): Promise<void>;
}

export interface JobStackOptions {
  /** Real HLS video from the simulator (needs ffmpeg). */
  video?: boolean;
  /** The simulator reports streams and recordings to the API as the configuration's camera controller. */
  controller?: boolean;
  /** A Redis of the test's own (default: the run's). */
  redisUrl?: string;
}

export async function startJobStack(options: JobStackOptions = {}): Promise<JobStack> {
  const t = await startTestApp({ ...generousLoginLimits, ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}) });
  const url = await listen(t);
  const { prisma } = t.deps;
  const club = await createClub(prisma);
  const field = await createField(prisma, club.id);
  const draft = await createConfiguration(prisma, { clubId: club.id, fieldId: field.id });
  const credentials = options.controller ? await createApiClient(prisma, draft.id) : null;
  const simLog: string[] = [];
  const sim = await startCameraSimulator({
    video: options.video ?? false,
    log: (line) => simLog.push(line),
    controller: credentials
      ? { apiUrl: url, clientId: credentials.client.clientId, clientSecret: credentials.secret }
      : null,
  });
  const configuration = await prisma.configuration.update({
    where: { id: draft.id },
    data: { serverUrl: sim.url, saCameraId: CAMERA_ID },
  });
  const http = api(t);
  const admin = await signIn(t, { scope: "club", clubId: club.id });
  const settings: WorkerSettings = {
    assetServerUrl: sim.url,
    // The simulator speaks the camera-server protocol too; no configuration here is a gateway one.
    mediaGatewayUrl: sim.url,
    concurrency: 5,
    requestTimeoutMs: 5000,
    lockDurationMs: 30_000,
    stalledIntervalMs: 30_000,
  };
  const running: RunningWorkers[] = [];

  return {
    t,
    url,
    http,
    sim,
    control: createSimulatorControl(sim.url),
    simLog,
    club,
    configuration,
    admin,
    settings,
    async createMatch(data = {}) {
      const match = await createMatch(prisma, {
        clubId: club.id,
        fieldId: field.id,
        configurationId: configuration.id,
        ...(data.status ? { status: data.status } : {}),
      });
      if (!data.startingAt) return match;
      return prisma.match.update({
        where: { id: match.id },
        data: { startingAt: data.startingAt, stoppingAt: new Date(data.startingAt.getTime() + 5400_000) },
      });
    },
    startWorkers() {
      const workers = startWorkers(t.deps, t.services, settings);
      running.push(workers);
      return workers;
    },
    async close() {
      disconnectAllSockets();
      await Promise.all(running.map((workers) => workers.close()));
      await sim.close();
      await t.close();
    },
  };
}

/** Polls until `probe` answers something truthy (the simulator and the database are other processes' views). */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The simulator's calls carrying one idempotency key. */
export async function callsWithKey(control: SimulatorControl, key: string): Promise<SimCall[]> {
  return (await control.calls()).filter((call) => call.idempotency_key === key);
}

/** The real worker process (`npm start -w @clubcast/worker`'s entry) over the stack's database and Redis prefix. */
export function spawnWorkerProcess(stack: JobStack, env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/worker/src/main.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DATABASE_URL: stack.t.config.databaseUrl,
      REDIS_URL: stack.t.config.redisUrl,
      REDIS_PREFIX: stack.t.config.redisPrefix,
      SMTP_URL: stack.t.config.smtpUrl,
      ASSET_SERVER_URL: stack.sim.url,
      MEDIA_DIR: stack.t.config.mediaDir,
      ...env,
    },
  });
  return child;
}

/** Short locks, so the job of a killed worker is taken back within seconds rather than 30. */
export const QUICK_RECOVERY = { WORKER_LOCK_MS: "2000", WORKER_STALLED_INTERVAL_MS: "1000" };

/** The real worker process with QUICK_RECOVERY, once it runs its queues; added to `children` for the clean-up. */
export async function startQuickWorker(stack: JobStack, children: ChildProcess[]): Promise<ChildProcess> {
  const child = spawnWorkerProcess(stack, QUICK_RECOVERY);
  children.push(child);
  await workerReady(child);
  return child;
}

/** Resolves once the worker process says it runs its queues. */
export function workerReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("running the camera, asset, timer and clip queues")) resolve();
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code, signal) =>
      reject(new Error(`worker exited (${code ?? signal}) before it was ready:\n${output}`)),
    );
  });
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}
