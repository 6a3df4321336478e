// The typed camera-server protocol client against the simulator: answers,
// idempotency, the camera's rules, injected faults, timeouts and what errors
// carry; plus the simulator's media serving.
import { lookup } from "node:dns/promises";
import { createServer } from "node:net";
import { hostname } from "node:os";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CameraServerError,
  IDEMPOTENCY_HEADER,
  createAssetServerClient,
  createCameraServerClient,
} from "@clubcast/camera-protocol";
import {
  createSimulatorControl,
  type RunningSimulator,
  type SimulatorControl,
  startCameraSimulator,
} from "@clubcast/testkit/camera-sim";

let sim: RunningSimulator;
let control: SimulatorControl;
let camera: ReturnType<typeof createCameraServerClient>;
let keys = 0;
const key = () => `key-${++keys}`;
const span = { starting_at: "2030-05-01T14:00:00.000Z", stopping_at: "2030-05-01T15:30:00.000Z" };

beforeAll(async () => {
  sim = await startCameraSimulator({ video: false, log: () => {} });
  control = createSimulatorControl(sim.url);
  camera = createCameraServerClient(sim.url);
});
beforeEach(() => control.reset());
afterAll(() => sim?.close());

/** The error a call rejects with. */
async function failureOf(call: Promise<unknown>): Promise<CameraServerError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CameraServerError);
  return error as CameraServerError;
}

describe("commands", () => {
  it("answers each command with the camera's state and records the call", async () => {
    const idempotencyKey = key();
    expect(await camera.send("schedule", "cam-7", { match_id: 3, ...span }, { idempotencyKey })).toEqual({
      camera_id: "cam-7",
      match_id: 3,
      state: "scheduled",
      recording_id: null,
    });
    const started = await camera.send("startRecording", "cam-7", { match_id: 3 }, { idempotencyKey: key() });
    expect(started).toMatchObject({ state: "recording", recording_id: expect.stringMatching(/^rec-cam-7-3-/) });
    const stopped = await camera.send("stopRecording", "cam-7", { match_id: 3 }, { idempotencyKey: key() });
    expect(stopped).toEqual({ ...started, state: "stopped" });
    // Another stop of the stopped recording (a second request, not a replayed key) answers the same.
    expect(await camera.send("stopRecording", "cam-7", { match_id: 3 }, { idempotencyKey: key() })).toEqual(stopped);

    const calls = await control.calls();
    expect(calls.map((c) => [c.method, c.path, c.command, c.outcome, c.status])).toEqual([
      ["POST", "/cameras/cam-7/schedule", "schedule", "effect", 200],
      ["POST", "/cameras/cam-7/recordings/start", "startRecording", "effect", 200],
      ["POST", "/cameras/cam-7/recordings/stop", "stopRecording", "effect", 200],
      ["POST", "/cameras/cam-7/recordings/stop", "stopRecording", "effect", 200],
    ]);
    expect(calls[0]).toMatchObject({ idempotency_key: idempotencyKey, body: { match_id: 3, ...span } });
  });

  it("answers a repeated idempotency key with the first answer and no second effect", async () => {
    const idempotencyKey = key();
    const first = await camera.send("startRecording", "cam-1", { match_id: 5 }, { idempotencyKey });
    const again = await camera.send("startRecording", "cam-1", { match_id: 5 }, { idempotencyKey });
    expect(again).toEqual(first);
    // Had the repeat recorded again, the camera would now be busy with a second recording of its own.
    expect((await control.calls()).map((c) => c.outcome)).toEqual(["effect", "replay"]);
  });

  it("makes a duplicate arriving while the first call is still slow wait for the same answer", async () => {
    await control.setFaults({ delay_ms: 500 });
    const idempotencyKey = key();
    const [a, b] = await Promise.all([
      camera.send("schedule", "cam-2", { match_id: 8, ...span }, { idempotencyKey }),
      camera.send("schedule", "cam-2", { match_id: 8, ...span }, { idempotencyKey }),
    ]);
    expect(a).toEqual(b);
    expect((await control.calls()).map((c) => c.outcome).sort()).toEqual(["effect", "replay"]);
  });

  it("refuses what a camera would refuse, with its message, and not worth retrying", async () => {
    await camera.send("startRecording", "cam-3", { match_id: 1 }, { idempotencyKey: key() });
    const busy = await failureOf(camera.send("startRecording", "cam-3", { match_id: 2 }, { idempotencyKey: key() }));
    expect(busy).toMatchObject({
      status: 409,
      serverMessage: "camera cam-3 is busy recording match 1",
      failure: { code: "refused", detail: "camera cam-3 is busy recording match 1" },
      retryable: false,
    });
    expect(busy.message).toBe(
      `HTTP 409 from ${sim.url}/cameras/cam-3/recordings/start, response: camera cam-3 is busy recording match 1`,
    );

    const notRecording = await failureOf(
      camera.send("stopRecording", "cam-3", { match_id: 2 }, { idempotencyKey: key() }),
    );
    expect(notRecording.serverMessage).toBe("camera cam-3 is not recording match 2");
    const backwards = { match_id: 4, starting_at: span.stopping_at, stopping_at: span.starting_at };
    const invalid = await failureOf(camera.send("schedule", "cam-3", backwards, { idempotencyKey: key() }));
    expect(invalid).toMatchObject({ status: 422, serverMessage: "stopping_at must be after starting_at" });
    expect((await control.calls()).map((c) => c.outcome)).toEqual(["effect", "refused", "refused", "refused"]);
  });

  it("fails the next calls as told, with the injected status and message, then recovers", async () => {
    await control.setFaults({ fail_next: 2, fail_status: 503, fail_message: "maintenance" });
    const idempotencyKey = key();
    for (let i = 0; i < 2; i++) {
      const error = await failureOf(camera.send("unschedule", "cam-4", { match_id: 9 }, { idempotencyKey }));
      expect(error).toMatchObject({
        status: 503,
        failure: { code: "failed", detail: "maintenance" },
        retryable: true,
      });
    }
    expect(await camera.send("unschedule", "cam-4", { match_id: 9 }, { idempotencyKey })).toMatchObject({
      state: "unscheduled",
    });
    expect((await control.calls()).map((c) => c.outcome)).toEqual(["fault", "fault", "effect"]);
  });

  it("limits faults to the paths named", async () => {
    await control.setFaults({ fail_next: 1, path_prefix: "/assets/" });
    expect(await camera.send("unschedule", "cam-4", { match_id: 9 }, { idempotencyKey: key() })).toMatchObject({
      state: "unscheduled",
    });
    const assets = createAssetServerClient(sim.url);
    await expect(assets.update("video", { matchId: 9, isPrivate: true }, { idempotencyKey: key() })).rejects.toThrow(
      CameraServerError,
    );
  });

  it("gives up on a slow server after the timeout, as a retryable failure without an answer", async () => {
    await control.setFaults({ delay_ms: 1000 });
    const impatient = createCameraServerClient(sim.url, { timeoutMs: 200 });
    const error = await failureOf(impatient.send("unschedule", "cam-5", { match_id: 1 }, { idempotencyKey: key() }));
    expect(error).toMatchObject({
      status: null,
      failure: { code: "timeout", detail: "no answer within 200 ms" },
      retryable: true,
    });
    expect(error.message).toContain("response: no answer within 200 ms");
  });

  it("reports an unreachable server as a retryable failure", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const nowhere = createCameraServerClient(`http://127.0.0.1:${port}`);
    const error = await failureOf(nowhere.send("unschedule", "cam-6", { match_id: 1 }, { idempotencyKey: key() }));
    expect(error).toMatchObject({
      status: null,
      failure: { code: "unreachable", detail: "the server could not be reached" },
      retryable: true,
    });
    expect(error.message).toContain(`No answer from http://127.0.0.1:${port}/cameras/cam-6/unschedule, response: `);
    // The reason names the address ("connect ECONNREFUSED 127.0.0.1:…"): logs keep it, the user is not told.
    expect(error.userMessage).toBe(
      "unschedule failed: no answer from the camera server, response: the server could not be reached",
    );
  });

  it("tells the user the operation and the server's message, never the server's address", async () => {
    await control.setFaults({ fail_next: 2, fail_status: 500, fail_message: "proxy http://10.1.2.3:9000/x failed" });
    const error = await failureOf(
      camera.send("schedule", "cam-8", { match_id: 2, ...span }, { idempotencyKey: key() }),
    );
    expect(error.message).toContain(`${sim.url}/cameras/cam-8/schedule`);
    expect(error.failure).toEqual({ code: "failed", detail: "proxy (address hidden) failed" });
    expect(error.userMessage).toBe(
      "schedule failed: the camera server answered 500, response: proxy (address hidden) failed",
    );
    const assets = createAssetServerClient(sim.url);
    const asset = await failureOf(assets.update("video", { matchId: 2, isPrivate: true }, { idempotencyKey: key() }));
    expect(asset.userMessage).toMatch(/^asset update \(video\) failed: the camera server answered 500, response: /);
    expect(asset.userMessage).not.toContain(new URL(sim.url).host);
  });
});

describe("a camera server URL a system admin chose", () => {
  const secret = "aws-secret-AKIA1234 from the metadata service";
  /** The simulator's origin stands for a server of someone else's: allowed to be called, not trusted. */
  const chosen = (url: string, trustedOrigins: string[] = []) =>
    createCameraServerClient(url, { allowedHosts: ["127.0.0.1"], trustedOrigins });
  const schedule = (client: ReturnType<typeof createCameraServerClient>) =>
    failureOf(client.send("schedule", "cam-9", { match_id: 3, ...span }, { idempotencyKey: key() }));

  it("never passes its answer's text to the user, only the class of its status, in our words", async () => {
    for (const status of [409, 500]) {
      await control.setFaults({ fail_next: 1, fail_status: status, fail_message: secret });
      const error = await schedule(chosen(sim.url));
      expect(error.message).toContain(secret); // the log and the failed-jobs page keep it
      expect(error.userMessage).not.toContain("AKIA1234");
      expect(error.failure.detail).not.toContain("AKIA1234");
      expect(error.failure.detail).toBe(`the server answered with a ${Math.floor(status / 100)}xx error`);
    }
    // The platform's own gateway's words do reach the club ("not enough free disk space").
    await control.setFaults({ fail_next: 1, fail_status: 409, fail_message: "disk full" });
    expect((await schedule(chosen(sim.url, [new URL(sim.url).origin]))).failure.detail).toBe("disk full");
  });

  it("is not called when it names, or its host name resolves to, a private address", async () => {
    const name = hostname();
    // This machine's own name resolves to loopback here: a name pointing inside passes the form check only.
    expect((await lookup(name)).address).toMatch(/^127\./);
    for (const url of [
      "http://169.254.169.254/latest",
      "http://2130706433",
      `http://${name}:${new URL(sim.url).port}`,
    ]) {
      const error = await schedule(chosen(url));
      expect(error.status, url).toBeNull();
      expect(error.failure, url).toEqual({ code: "refused", detail: "the server's address is not allowed" });
      expect(error.retryable, url).toBe(false);
    }
    expect(await control.calls()).toEqual([]);
  });
});

describe("assets and media", () => {
  it("records asset updates and refuses malformed ones", async () => {
    const assets = createAssetServerClient(sim.url);
    expect(await assets.update("thumbnail", { matchId: 12, isPrivate: false }, { idempotencyKey: key() })).toEqual({
      target: "thumbnail",
      matchId: 12,
      isPrivate: false,
    });
    const malformed = await fetch(`${sim.url}/assets/video`, {
      method: "POST",
      headers: { "content-type": "application/json", [IDEMPOTENCY_HEADER]: key() },
      body: JSON.stringify({ matchId: "12", isPrivate: false }),
    });
    expect(malformed.status).toBe(422);
    expect((await fetch(`${sim.url}/assets/poster`, { method: "POST", body: "{}" })).status).toBe(404);
    expect((await control.calls()).map((c) => [c.asset_target, c.outcome])).toEqual([
      ["thumbnail", "effect"],
      ["video", "refused"],
    ]);
  });

  it("answers CORS preflights and keeps media requests inside the media folder", async () => {
    const preflight = await fetch(`${sim.url}/media/x/live/index.m3u8`, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect((await fetch(`${sim.url}/media/nothing/live/index.m3u8`)).status).toBe(404);
    expect((await fetch(`${sim.url}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});
