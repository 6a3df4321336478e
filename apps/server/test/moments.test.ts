// Match moments (issue 30), goals on the timeline, through the real API: a score
// entered during a live match is a timed event of its recording (placed by the
// session playlists' EXT-X-PROGRAM-DATE-TIME, less the club's entry delay), a
// goal's event makes a marker in the match's goals sequence, titled in the
// caller's language, and its clip, cut once the match is on demand. Goal
// markers follow the markers' access rules: whoever may annotate the match
// sees and moves them (the event moves too); to anyone else they don't exist.
// The match's summary plays the goals first, then the other markers, each in
// match order.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Match } from "@clubcast/db";
import { recordingTimeAt, type DatedSegment } from "@clubcast/shared";
import { clipCutJobId } from "@clubcast/shared/jobs";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import {
  createApiClient,
  createConfiguration,
  createField,
  createMatch,
  createTeam,
} from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
const DELAY_S = 8;

type Marker = { id: number; time_ms: number; label: string; goal: boolean };
type Sequence = { id: number; user: number | null; goals: boolean; markers: Marker[] };
type ScoreEvent = { id: number; time_ms: number; home: number; away: number; side: string | null };

let cameraToken: string;
let configurationId: number;

beforeAll(async () => {
  const { prisma } = t.deps;
  const field = await createField(prisma, cast.clubA.id);
  const configuration = await createConfiguration(prisma, { clubId: cast.clubA.id, fieldId: field.id });
  configurationId = configuration.id;
  const { client, secret } = await createApiClient(prisma, configuration.id);
  cameraToken = (await http.post("/v1/camera/token", { client_id: client.clientId, client_secret: secret })).json()
    .access_token;
  const settings = await http.put(
    `/v1/clubs/${cast.clubA.id}/moment-settings`,
    { goal_entry_delay_s: DELAY_S, half_length_min: 45, half_time_break_min: 15 },
    cast.adminA.token,
  );
  expect(settings.statusCode).toBe(200);
});

/** The camera controller's report that the match's recording is on demand. */
const finishRecording = (match: Match) =>
  http.post(
    "/v1/camera/recording-finished",
    {
      match_id: match.id,
      started_at: "2030-05-01T14:00:00Z",
      ended_at: "2030-05-01T15:45:00Z",
      vod_hls_url: "http://camera-server.test/vod/match.m3u8",
    },
    cameraToken,
  );

/**
 * The session playlists the gateway keeps of a live match that began `sinceMs` ago: 2 s segments, and a
 * reconnect (a second session) after a 20 s gap in the middle.
 */
function recordLive(match: Match, sinceMs: number): DatedSegment[] {
  const dir = join(t.config.mediaDir, "matches", String(match.id), "source");
  mkdirSync(dir, { recursive: true });
  const start = Date.now() - sinceMs;
  const all: DatedSegment[] = [];
  const half = Math.floor((sinceMs - 20_000) / 2 / 2000);
  [0, 1].forEach((index) => {
    const first = start + index * (half * 2000 + 20_000);
    const segments = Array.from({ length: half }, (_, at) => ({
      duration: 2,
      uri: `s${index + 1}-${String(at).padStart(5, "0")}.ts`,
      programDateTime: first + at * 2000,
    }));
    all.push(...segments);
    const lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:2", "#EXT-X-MEDIA-SEQUENCE:0"];
    for (const segment of segments) {
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.programDateTime).toISOString()}`);
      lines.push("#EXTINF:2.000000,", segment.uri);
    }
    writeFileSync(join(dir, `s${index + 1}.m3u8`), `${lines.join("\n")}\n`);
  });
  return all;
}

async function liveMatch() {
  const { prisma } = t.deps;
  const home = await createTeam(prisma, cast.clubA.id, { fullname: "FC Zuiderpark" });
  return createMatch(prisma, {
    clubId: cast.clubA.id,
    homeTeamId: home.id,
    configurationId,
    status: "live",
  });
}

/** Enters a score; answers the wall-clock window it was entered in. */
async function score(match: Match, home: number, away: number, token: string) {
  const before = Date.now();
  const res = await http.post(`/v1/clubs/${cast.clubA.id}/matches/${match.id}/score`, { home, away }, token);
  expect(res.statusCode).toBe(200);
  return { before, after: Date.now() };
}

const events = async (match: Match, token?: string) =>
  (await http.get(`/v1/matches/${match.id}/score-events`, token)).json().data as ScoreEvent[];
const goalsOf = async (match: Match, token: string, headers?: Record<string, string>) =>
  ((await http.get(`/v1/matches/${match.id}/sequences`, token, headers)).json().data as Sequence[]).find(
    (sequence) => sequence.goals,
  );

describe("a score entered during a live match", () => {
  it("is a timed event of the recording, the entry delay before it was entered, across a reconnect gap", async () => {
    const match = await liveMatch();
    // 30 min in: the second session's moments are 20 s of gap behind the wall clock.
    const segments = recordLive(match, 30 * 60_000 + 20_000);
    const entered = await score(match, 1, 0, cast.trainerA.token);
    const [event] = await events(match);
    expect(event).toMatchObject({ home: 1, away: 0, side: "home" });
    const earliest = recordingTimeAt(segments, entered.before - DELAY_S * 1000)!;
    const latest = recordingTimeAt(segments, entered.after - DELAY_S * 1000)!;
    expect(event!.time_ms).toBeGreaterThanOrEqual(earliest);
    expect(event!.time_ms).toBeLessThanOrEqual(latest);
    // Not the wall clock since the start: the gap is no part of the recording.
    expect(entered.before - DELAY_S * 1000 - (Date.now() - 30 * 60_000 - 20_000) - event!.time_ms).toBeGreaterThan(
      19_000,
    );
  });

  it("makes a goal marker titled in the caller's language, and its clip, cut once the match is on demand", async () => {
    const match = await liveMatch();
    recordLive(match, 20 * 60_000);
    await score(match, 1, 0, cast.trainerA.token);
    // The camera controller enters the second goal.
    await score(match, 2, 0, cameraToken);
    const goals = await goalsOf(match, cast.adminA.token);
    expect(goals).toMatchObject({ user: null, goals: true });
    expect(goals!.markers).toHaveLength(2);
    const [first, second] = goals!.markers;
    const minute = Math.floor(second!.time_ms / 60_000) + 1;
    expect(second!.label).toBe(`Goal 2–0 · FC Zuiderpark · ${minute}′`);
    expect(first!.goal).toBe(true);
    const inDutch = await goalsOf(match, cast.adminA.token, { "accept-language": "nl" });
    expect(inDutch!.markers[1]!.label).toBe(`Doelpunt 2–0 · FC Zuiderpark · ${minute}′`);
    const inGerman = await goalsOf(match, cast.adminA.token, { "accept-language": "de" });
    expect(inGerman!.markers[1]!.label).toBe(`Tor 2–0 · FC Zuiderpark · ${minute}′`);

    const clips = (await http.get(`/v1/matches/${match.id}/clips`, cast.adminA.token)).json().data as {
      id: number;
      marker: { id: number; label: string };
      state: string;
    }[];
    expect(clips.map((clip) => clip.marker.label)).toEqual(goals!.markers.map((marker) => marker.label));
    expect(clips.every((clip) => clip.state === "queued")).toBe(true);
    const queued = async (clipId: number) =>
      (await t.deps.jobs.clipCuts.getJob(clipCutJobId({ clipId, version: 1 }))) !== undefined;
    expect(await queued(clips[0]!.id)).toBe(false);
    expect((await finishRecording(match)).statusCode).toBe(200);
    for (const clip of clips) expect(await queued(clip.id)).toBe(true);
  });

  it("corrected, is an event without a marker: the score of the frame goes back", async () => {
    const match = await liveMatch();
    recordLive(match, 10 * 60_000);
    await score(match, 0, 1, cast.trainerA.token);
    await score(match, 0, 0, cast.trainerA.token);
    expect((await events(match)).map((event) => [event.home, event.away, event.side])).toEqual([
      [0, 1, "away"],
      [0, 0, null],
    ]);
    expect((await goalsOf(match, cast.adminA.token))!.markers).toHaveLength(1);
  });

  it("of a match not live is the match's score only", async () => {
    const match = await createMatch(t.deps.prisma, { clubId: cast.clubA.id, status: "vod" });
    await score(match, 3, 2, cast.adminA.token);
    expect(await events(match)).toEqual([]);
    expect(await goalsOf(match, cast.adminA.token)).toBeUndefined();
  });
});

describe("goal markers", () => {
  it("move with their score event when one who may annotate the match drags them; to others they don't exist", async () => {
    const match = await liveMatch();
    recordLive(match, 10 * 60_000);
    await score(match, 1, 0, cast.trainerA.token);
    const marker = (await goalsOf(match, cast.adminA.token))!.markers[0]!;

    // A player sees the match but may not annotate it: no goals sequence, and its marker is not found.
    expect(await goalsOf(match, cast.playerA.token)).toBeUndefined();
    for (const token of [cast.playerA.token, cast.adminB.token]) {
      expect((await http.put(`/v1/markers/${marker.id}`, { time_ms: 1000 }, token)).statusCode).toBe(404);
      expect((await http.del(`/v1/markers/${marker.id}`, token)).statusCode).toBe(404);
    }
    expect((await events(match))[0]!.time_ms).toBe(marker.time_ms);

    const moved = await http.put(`/v1/markers/${marker.id}`, { time_ms: 61_000 }, cast.adminA.token);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ time_ms: 61_000, goal: true, label: "Goal 1–0 · FC Zuiderpark · 2′" });
    expect((await events(match))[0]!.time_ms).toBe(61_000);
    // Anyone who sees the match reads its timed score (a visitor too, of a public match).
    expect((await events(match))[0]).toMatchObject({ home: 1, away: 0 });
  });
});

describe("the summary of a match with goals", () => {
  type Clip = { id: number; marker: { id: number; label: string; time_ms: number } };

  /** Cuts the match's clips as the worker's clip.cut jobs do (a video of `durationMs` at 25 fps), each once ready. */
  async function cutAll(match: Match, clipIds: number[], durationMs: number) {
    const jobs = (await t.deps.jobs.clipCuts.getJobs(["prioritized", "waiting", "delayed"])).filter((job) =>
      clipIds.includes(job.data.clipId),
    );
    expect(jobs.map((job) => job.data.clipId).sort()).toEqual([...clipIds].sort());
    for (const { data } of jobs) {
      const plan = (await t.services.clips.cutStarting(data))!;
      const fit = await t.services.clips.fitToVideo(data, { durationMs, fps: 25 });
      if (!("window" in fit)) throw new Error(fit.reason);
      for (const file of [plan.files.video, plan.files.poster]) {
        const path = join(t.config.mediaDir, "matches", String(match.id), file);
        mkdirSync(join(path, ".."), { recursive: true });
        writeFileSync(path, "not really a video");
      }
      const done = await t.services.clips.cutFinished(data, {
        matchId: match.id,
        window: fit.window,
        frameRate: 25,
        videoPath: plan.files.video,
        posterPath: plan.files.poster,
      });
      expect(done.applied).toBe(true);
    }
  }

  it("plays the goals first, then the other markers, each in match order", async () => {
    const match = await liveMatch();
    recordLive(match, 20 * 60_000);
    // The analyst marks two moments by hand during the match, the later one first.
    const sequence = (await http.post(`/v1/matches/${match.id}/sequences`, {}, cast.adminA.token)).json().data.id;
    for (const [time_ms, label] of [
      [900_000, "Free kick"],
      [60_000, "Early chance"],
    ] as const) {
      const marker = await http.post(`/v1/sequences/${sequence}/markers`, { time_ms, label }, cast.adminA.token);
      expect(marker.statusCode).toBe(201);
    }
    // Both goals are entered late in the match; the first is dragged back to where it was scored.
    await score(match, 1, 0, cast.trainerA.token);
    await score(match, 2, 0, cast.trainerA.token);
    const [first, second] = (await goalsOf(match, cast.adminA.token))!.markers;
    expect(second!.time_ms).toBeGreaterThan(900_000);
    const dragged = await http.put(`/v1/markers/${first!.id}`, { time_ms: 300_000 }, cast.adminA.token);
    expect(dragged.statusCode).toBe(200);

    // The final whistle: the clips are cut, and with each one ready the summary is queued anew.
    expect((await finishRecording(match)).statusCode).toBe(200);
    const clips = (await http.get(`/v1/matches/${match.id}/clips`, cast.adminA.token)).json().data as Clip[];
    // The annotation page lists them in video order.
    expect(clips.map((clip) => clip.marker.time_ms)).toEqual([60_000, 300_000, 900_000, second!.time_ms]);
    await cutAll(
      match,
      clips.map((clip) => clip.id),
      20 * 60_000,
    );
    const summary = (await http.get(`/v1/matches/${match.id}/summary`, cast.adminA.token)).json().data;
    expect(summary).toMatchObject({ state: "queued", clips_waiting: 0 });

    // Its build joins the clips in this order.
    const builds = (await t.deps.jobs.summaryBuilds.getDelayed()).filter((job) => job.data.summaryId === summary.id);
    expect(builds).toHaveLength(1);
    const plan = (await t.services.summaries.buildStarting(builds[0]!.data))!;
    const labelOf = new Map(clips.map((clip) => [clip.id, clip.marker.label]));
    const played = plan.clips.map((clip) => labelOf.get(Number(/(\d+)-\d+\.mp4$/.exec(clip.path)![1])));
    const minute = Math.floor(second!.time_ms / 60_000) + 1;
    expect(played).toEqual([
      "Goal 1–0 · FC Zuiderpark · 6′",
      `Goal 2–0 · FC Zuiderpark · ${minute}′`,
      "Early chance",
      "Free kick",
    ]);
  });
});

describe("the club's moment settings", () => {
  it("are its administrators', and refuse values out of bounds naming the field", async () => {
    const read = await http.get(`/v1/clubs/${cast.clubA.id}/moment-settings`, cast.adminA.token);
    expect(read.json().data).toEqual({ goal_entry_delay_s: DELAY_S, half_length_min: 45, half_time_break_min: 15 });
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/moment-settings`, cast.trainerA.token)).statusCode).toBe(403);
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/moment-settings`, cast.adminB.token)).statusCode).toBe(404);
    const bad = await http.put(
      `/v1/clubs/${cast.clubA.id}/moment-settings`,
      { goal_entry_delay_s: -1, half_length_min: 45, half_time_break_min: 15 },
      cast.adminA.token,
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["goal_entry_delay_s"]);
    const trpc = await http.query("moments.settings", { club: cast.clubA.id }, cast.adminA.token);
    expect(trpc.json().result.data.data.half_length_min).toBe(45);
  });
});
