// The stack the worker tests run against: a real API server (its own database
// and Redis prefix, listening for sockets), the camera-server simulator, a club
// whose camera configuration points at the simulator, and its admin signed in.
import type { ChildProcess } from "node:child_process";
import type { Club, Configuration, Match } from "@clubcast/db";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { spawnWorker, workerReady } from "@clubcast/testkit/worker";
import { createClubWithCamera, createMatch } from "@clubcast/testkit/factories";
import { api, generousLoginLimits, type Member } from "@clubcast/testkit/api";
import { disconnectAllSockets, listen, signIn } from "@clubcast/testkit/realtime";
import {
  createSimulatorControl,
  type RunningSimulator,
  type SimCall,
  type SimulatorControl,
  startCameraSimulator,
} from "@clubcast/testkit/camera-sim";
import type { AppConfig, WorkerSettings } from "@clubcast/settings";
import { startWorkers, type RunningWorkers } from "../src/workers.ts";

export const CAMERA_ID = "cam-1";

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
  /** Settings of the API's own (a shorter summary quiet period). */
  config?: Partial<AppConfig>;
}

export async function startJobStack(options: JobStackOptions = {}): Promise<JobStack> {
  const t = await startTestApp({
    ...generousLoginLimits,
    ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
    ...options.config,
  });
  const url = await listen(t);
  const { prisma } = t.deps;
  const { club, field, configuration: draft, controller } = await createClubWithCamera(prisma);
  const simLog: string[] = [];
  const sim = await startCameraSimulator({
    video: options.video ?? false,
    log: (line) => simLog.push(line),
    controller: options.controller
      ? { apiUrl: url, clientId: controller.client.clientId, clientSecret: controller.secret }
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
    // The simulator runs on this machine, as under npm start.
    outboundAllowedHosts: ["127.0.0.1"],
    concurrency: 5,
    mediaConcurrency: 2,
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

/** The simulator's calls carrying one idempotency key. */
export async function callsWithKey(control: SimulatorControl, key: string): Promise<SimCall[]> {
  return (await control.calls()).filter((call) => call.idempotency_key === key);
}

/** The real worker process over the stack's database and Redis prefix. */
export function spawnWorkerProcess(stack: JobStack, env: Record<string, string> = {}): ChildProcess {
  return spawnWorker({
    DATABASE_URL: stack.t.config.databaseUrl,
    REDIS_URL: stack.t.config.redisUrl,
    REDIS_PREFIX: stack.t.config.redisPrefix,
    SMTP_URL: stack.t.config.smtpUrl,
    ASSET_SERVER_URL: stack.sim.url,
    MEDIA_DIR: stack.t.config.mediaDir,
    ...env,
  });
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
