// The demo seed's live matches, as `npm start` shows them: each can be stopped. The seed's live
// match on FC Zuiderpark's Hoofdveld was never recorded by the camera simulator it is bound to, so
// its camera refuses the stop; the match ends anyway and the field's next match can start: live
// once the simulator, signed in as the seeded camera controller, reports its stream ready.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WorkerSettings } from "@clubcast/settings";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { api } from "@clubcast/testkit/api";
import { listen, signIn } from "@clubcast/testkit/realtime";
import { startCameraSimulator, type RunningSimulator } from "@clubcast/testkit/camera-sim";
import { eventually } from "@clubcast/testkit";
import { DEMO_CAMERA_CLIENT, seed } from "../../../prisma/seed.ts";
import { startWorkers, type RunningWorkers } from "../src/workers.ts";

let t: TestApp;
let sim: RunningSimulator;
let workers: RunningWorkers;

beforeAll(async () => {
  t = await startTestApp();
  // As under npm start: the simulator reports as the seeded camera controller (its heartbeat before
  // the seed is refused, and tried again later).
  const controller = {
    apiUrl: await listen(t),
    clientId: DEMO_CAMERA_CLIENT.clientId,
    clientSecret: DEMO_CAMERA_CLIENT.secret,
  };
  sim = await startCameraSimulator({ video: false, log: () => {}, controller });
  await seed(t.deps.prisma, { ...process.env, MEDIA_DIR: t.config.mediaDir, CAMERA_SIM_URL: sim.url });
  const settings: WorkerSettings = {
    assetServerUrl: sim.url,
    mediaGatewayUrl: sim.url,
    // The simulator runs on this machine, as under npm start.
    outboundAllowedHosts: ["127.0.0.1"],
    concurrency: 2,
    mediaConcurrency: 1,
    requestTimeoutMs: 5000,
    lockDurationMs: 30_000,
    stalledIntervalMs: 30_000,
  };
  workers = startWorkers(t.deps, t.services, settings);
});
afterAll(async () => {
  await workers?.close();
  await sim?.close();
  await t?.close();
});

describe("the demo seed's live matches", () => {
  it("can each be stopped, freeing their field for the next match", async () => {
    const { prisma } = t.deps;
    const http = api(t);
    const live = await prisma.match.findMany({ where: { status: "live" }, orderBy: { id: "asc" } });
    const simulated = await prisma.configuration.findFirstOrThrow({
      where: { barcode: DEMO_CAMERA_CLIENT.configurationBarcode },
    });
    expect(live.length).toBeGreaterThan(0);
    for (const match of live) {
      const admin = await signIn(t, { scope: "club", clubId: match.clubId });
      const stop = await http.post(`/v1/clubs/${match.clubId}/matches/${match.id}/stoprecording`, {}, admin.token);
      expect(stop.statusCode).toBe(202);
      const ended = await eventually(async () => {
        const now = await prisma.match.findUniqueOrThrow({ where: { id: match.id } });
        return now.status !== "live" && now;
      }, `match ${match.id} to end`);
      expect(ended).toMatchObject({ status: "processing", recordingProblem: "camera_lost", liveHlsUrl: null });

      // The field's camera is free: its next scheduled match starts recording.
      const next = await prisma.match.findFirst({
        where: { configurationId: match.configurationId, status: "scheduled" },
        orderBy: { startingAt: "asc" },
      });
      if (!next) continue;
      const start = await http.post(`/v1/clubs/${next.clubId}/matches/${next.id}/startrecording`, {}, admin.token);
      expect(start.statusCode).toBe(202);
      // Live with the stream the simulator reports for its own camera; the other demo cameras report
      // nothing, so their match records awaiting its video, never live without one.
      const reported = next.configurationId === simulated.id;
      const started = await eventually(async () => {
        const now = await prisma.match.findUniqueOrThrow({ where: { id: next.id } });
        return (reported ? now.status === "live" : now.startConfirmed) && now;
      }, `match ${next.id} to start`);
      expect(started.status).toBe(reported ? "live" : "scheduled");
    }
  });
});
