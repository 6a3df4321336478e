// The camera side of a browser test: the camera-server simulator (with HLS
// video from ffmpeg, reporting streams and recordings back to the platform as
// the configuration's camera controller) and the real worker process over the
// platform's database and queues, as the worker's own tests run them.
import type { ChildProcess } from "node:child_process";
import { exited } from "@clubcast/testkit";
import { startCameraSimulator, type RunningSimulator } from "@clubcast/testkit/camera-sim";
import { createApiClient, createConfiguration } from "@clubcast/testkit/factories";
import { spawnWorker, workerReady } from "@clubcast/testkit/worker";
import type { Platform } from "./platform.ts";

const CAMERA_ID = "cam-1";

export interface CameraStack {
  simulator: RunningSimulator;
  configurationId: number;
  /** What the simulator and the worker said, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

/** A main camera configuration on `fieldId` pointing at a fresh simulator, and the worker running. */
export async function startCameras(platform: Platform, clubId: number, fieldId: number): Promise<CameraStack> {
  const { prisma } = platform;
  const draft = await createConfiguration(prisma, { clubId, fieldId, isMain: true });
  const credentials = await createApiClient(prisma, draft.id);
  const lines: string[] = [];
  const simulator = await startCameraSimulator({
    video: true,
    log: (line) => lines.push(`[sim] ${line}`),
    controller: { apiUrl: platform.url, clientId: credentials.client.clientId, clientSecret: credentials.secret },
  });
  await prisma.configuration.update({
    where: { id: draft.id },
    data: { serverUrl: simulator.url, saCameraId: CAMERA_ID, saCameraName: "Main camera" },
  });

  const worker: ChildProcess = spawnWorker({ ...platform.env, ASSET_SERVER_URL: simulator.url, LOG_LEVEL: "warn" });
  worker.stderr!.on("data", (chunk: Buffer) => lines.push(`[worker] ${chunk.toString().trim()}`));
  try {
    await workerReady(worker);
  } catch (error) {
    await simulator.close();
    throw error;
  }
  return {
    simulator,
    configurationId: draft.id,
    log: () => lines.join("\n"),
    async stop() {
      const done = exited(worker);
      worker.kill("SIGTERM");
      await done;
      await simulator.close();
    },
  };
}
