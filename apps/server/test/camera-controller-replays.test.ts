// Camera controllers retry after a lost answer: over generated sequences of their reports and of
// the camera's answers to stop commands (repeats included), a repeated report answers the same and
// has no second effect, no report changes a match on demand, and no stop leaves a match live. A
// recording of ours queues its after-recording jobs (download, keyframe index) once per recording.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import type { Configuration } from "@clubcast/db";
import { MEDIA_FILES } from "@clubcast/shared";
import type { CameraCommandJob } from "@clubcast/shared/jobs";
import type { TestApp } from "@clubcast/testkit/app";
import { createClubWithCamera, createMatch } from "@clubcast/testkit/factories";
import { api, startApiTestApp, type Api } from "@clubcast/testkit/api";

let t: TestApp;
let http: Api;
let configuration: Configuration;
let clientToken: string;

beforeAll(async () => {
  t = await startApiTestApp();
  http = api(t);
  const site = await createClubWithCamera(t.deps.prisma);
  configuration = site.configuration;
  clientToken = await http.cameraToken(site.controller);
});
afterAll(() => t.close());

type Step =
  | { kind: "streamReady"; url: string | null; repeat: boolean }
  | { kind: "recordingFinished"; video: string | null; repeat: boolean }
  /** A stop asked of the camera while the match is live, and what the camera answered. */
  | { kind: "stop"; answer: "confirmed" | "refused" | "unreachable" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("streamReady" as const),
    url: fc.constantFrom("http://camera.test/live/a.m3u8", "http://camera.test/live/b.m3u8", null),
    repeat: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("recordingFinished" as const),
    video: fc.constantFrom("http://camera.test/vod/a.m3u8", "http://camera.test/vod/b.m3u8", null),
    repeat: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("stop" as const), answer: fc.constantFrom("confirmed", "refused", "unreachable") }),
);

const stored = (id: number) =>
  t.deps.prisma.match.findUniqueOrThrow({
    where: { id },
    select: { status: true, liveHlsUrl: true, vodHlsUrl: true, recordingProblem: true },
  });

let stops = 0;

/** Sends a report once; answers its status, body and the events it published (through the outbox, or as signals). */
async function report(matchId: number, sent: Exclude<Step, { kind: "stop" }>) {
  const spies = [
    vi.spyOn(t.deps.outbox.events, "publish"),
    vi.spyOn(t.deps.outbox.events, "publishToViewers"),
    vi.spyOn(t.deps.signals, "signal"),
  ];
  try {
    const answer =
      sent.kind === "streamReady"
        ? await http.post("/v1/camera/stream-ready", { match_id: matchId, live_hls_url: sent.url }, clientToken)
        : await http.post(
            "/v1/camera/recording-finished",
            {
              match_id: matchId,
              started_at: "2026-11-28T10:00:00.000Z",
              ended_at: "2026-11-28T11:30:00.000Z",
              vod_hls_url: sent.video,
            },
            clientToken,
          );
    const events = spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    return { status: answer.statusCode, body: answer.json(), events };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe("camera-controller reports, replayed", () => {
  it("answer the same twice with one effect, never change a match on demand, and no stop leaves a match live", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("unscheduled", "scheduled", "live") as fc.Arbitrary<"unscheduled" | "scheduled" | "live">,
        fc.array(step, { minLength: 1, maxLength: 8 }),
        async (initial, steps) => {
          const match = await createMatch(t.deps.prisma, {
            clubId: configuration.clubId,
            fieldId: configuration.fieldId,
            configurationId: configuration.id,
            status: initial,
          });
          for (const s of steps) {
            const before = await stored(match.id);
            if (s.kind === "stop") {
              if (before.status !== "live") continue;
              const job: CameraCommandJob = {
                command: "stopRecording",
                matchId: match.id,
                configurationId: configuration.id,
                requestedBy: null,
                idempotencyKey: `replay-stop-${match.id}-${++stops}`,
              };
              const failure = { detail: "stopRecording failed" };
              if (s.answer === "confirmed") await t.services.matches.commandSucceeded(job);
              else await t.services.matches.commandFailed(job, failure);
              // The answer delivered again (a redelivered job) has no second effect.
              const after = await stored(match.id);
              if (s.answer === "confirmed") await t.services.matches.commandSucceeded(job);
              else await t.services.matches.commandFailed(job, failure);
              expect(await stored(match.id)).toEqual(after);
              expect(after.status).not.toBe("live");
              continue;
            }
            const first = await report(match.id, s);
            expect(first.status).toBe(200);
            const after = await stored(match.id);
            if (before.status === "vod") expect(after).toEqual(before);
            if (!s.repeat) continue;
            const again = await report(match.id, s);
            expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
            expect(again.events).toBe(0);
            expect(await stored(match.id)).toEqual(after);
          }
        },
      ),
      { numRuns: 60 },
    );
    // Up to 480 reports and answers, each a transaction and a delivery of its outbox row: slow on a loaded machine.
  }, 90_000);
});

describe("a recording of ours reported finished", () => {
  /** The after-recording jobs queued for the match (no worker runs here: they stay in the queue). */
  async function queuedWork(matchId: number) {
    const jobs = await t.deps.jobs.recordings.getJobs(["waiting", "delayed", "active", "completed", "failed"]);
    return jobs
      .filter((job) => job?.data.matchId === matchId)
      .map((job) => `${job.name} v${job.data.version}`)
      .sort();
  }

  it("queues its download, keyframe index and listening once per recording, however often and concurrently it is reported", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        fc.boolean(),
        async (reports, concurrently, restored) => {
          const match = await createMatch(t.deps.prisma, {
            clubId: configuration.clubId,
            fieldId: configuration.fieldId,
            configurationId: configuration.id,
            status: "live",
          });
          const video = `${t.config.publicUrl}/media/matches/${match.id}/${MEDIA_FILES.vodPlaylist}`;
          const finished = { kind: "recordingFinished" as const, video, repeat: false };
          const send = async (times: number) => {
            const answers = concurrently
              ? await Promise.all(Array.from({ length: times }, () => report(match.id, finished)))
              : [];
            for (let i = answers.length; i < times; i++) answers.push(await report(match.id, finished));
            for (const answer of answers) expect(answer.status).toBe(200);
          };
          await send(reports);
          expect(await queuedWork(match.id)).toEqual([
            "recording.download v1",
            "recording.index v1",
            "recording.moments v1",
          ]);
          const answer = (await http.get(`/v1/matches/${match.id}`, clientToken)).json();
          expect(answer.data).toMatchObject({ download_status: "preparing", download_url: null });
          if (!restored) return;
          // A restore asks the camera for the recording again: its report is a new recording.
          await t.deps.prisma.match.update({ where: { id: match.id }, data: { status: "processing" } });
          await send(reports);
          expect(await queuedWork(match.id)).toEqual([
            "recording.download v1",
            "recording.download v2",
            "recording.index v1",
            "recording.index v2",
            "recording.moments v1",
            "recording.moments v2",
          ]);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("queues nothing for a camera server's video, which has no download of ours", async () => {
    const match = await createMatch(t.deps.prisma, {
      clubId: configuration.clubId,
      fieldId: configuration.fieldId,
      configurationId: configuration.id,
      status: "live",
    });
    const sent = { kind: "recordingFinished" as const, video: "http://camera.test/vod/a.m3u8", repeat: true };
    expect((await report(match.id, sent)).status).toBe(200);
    expect(await queuedWork(match.id)).toEqual([]);
    expect(await stored(match.id)).toMatchObject({ status: "vod" });
    const row = await t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } });
    expect(row.downloadStatus).toBeNull();
  });
});
