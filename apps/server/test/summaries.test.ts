// Highlight summaries (issue 14): a match's ready clips make its summary, built
// by the worker's summary.build a quiet period after they change (one build for
// a burst of changes) or at once when a club admin asks; who sees it follows the
// match's privacy, and another club's summaries are never visible or changeable.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Match, Team } from "@clubcast/db";
import { defaultClipWindow } from "@clubcast/shared";
import { summaryBuildJobId } from "@clubcast/shared/jobs";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createMatch, createTeam } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
let home: Team;
let away: Team;

beforeAll(async () => {
  home = await createTeam(t.deps.prisma, cast.clubA.id);
  away = await createTeam(t.deps.prisma, cast.clubA.id);
});

type Summary = {
  id: number;
  match: { id: number; home_team: number | null; away_team: number | null };
  state: string;
  progress: number;
  video_url: string | null;
  poster_url: string | null;
};

const vodOf = (clubId: number, columns: Partial<Match> = {}) =>
  createMatch(t.deps.prisma, { clubId, status: "vod", ...columns });

/** A clip of the match turned ready, as a finished cut tells it (in a transaction of the outbox). */
const clipReady = (matchId: number) =>
  t.deps.outbox.transaction((tx, post) => t.services.summaries.clipReady(tx, post, matchId));

/** A file below the match's media folder, as a build or a cut leaves it. */
function mediaFile(matchId: number, path: string) {
  const file = join(t.config.mediaDir, "matches", String(matchId), path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, "not really a video");
  return file;
}

/** A marker on the match and its clip, queued for cutting. */
async function queuedClip(match: Match, timeMs: number) {
  const sequence = await http.post(`/v1/matches/${match.id}/sequences`, {}, cast.adminA.token);
  const marker = await http.post(
    `/v1/sequences/${sequence.json().data.id}/markers`,
    { time_ms: timeMs, label: "Goal" },
    cast.adminA.token,
  );
  expect(marker.statusCode).toBe(201);
  return t.deps.prisma.clip.findUniqueOrThrow({ where: { markerId: marker.json().data.id } });
}

/** A marker on the match and its clip, cut: the clip service is told its files are ready, as the worker does. */
async function readyClip(match: Match, timeMs = 30_000) {
  const clip = await queuedClip(match, timeMs);
  const videoPath = `clips/${clip.id}-1.mp4`;
  mediaFile(match.id, videoPath);
  const finished = await t.services.clips.cutFinished(
    { clipId: clip.id, version: 1 },
    {
      matchId: match.id,
      window: defaultClipWindow(timeMs),
      frameRate: 25,
      videoPath,
      posterPath: `clips/${clip.id}-1.jpg`,
    },
  );
  expect(finished.applied).toBe(true);
  return clip;
}

const summaryOf = (matchId: number) => t.deps.prisma.summary.findUnique({ where: { matchId } });
const buildJob = (summaryId: number, version: number) =>
  t.deps.jobs.summaryBuilds.getJob(summaryBuildJobId({ summaryId, version }));

/** The match's summary built: its files in place and the worker's outcome told. */
async function built(match: Match) {
  const summary = (await summaryOf(match.id))!;
  const files = {
    videoPath: `summaries/${summary.id}-${summary.version}.mp4`,
    posterPath: `summaries/${summary.id}-${summary.version}.jpg`,
  };
  mediaFile(match.id, files.videoPath);
  mediaFile(match.id, files.posterPath);
  const job = { summaryId: summary.id, version: summary.version };
  expect(await t.services.summaries.buildStarting(job)).not.toBeNull();
  expect((await t.services.summaries.buildFinished(job, { matchId: match.id, ...files })).applied).toBe(true);
  return files;
}

describe("a match's summary", () => {
  it("is queued, after the quiet period, once a clip is ready; ten quick changes leave one build", async () => {
    const match = await vodOf(cast.clubA.id);
    await readyClip(match);
    const first = (await summaryOf(match.id))!;
    expect(first).toMatchObject({ state: "queued", version: 1 });
    const job = await buildJob(first.id, 1);
    expect(job?.delay).toBe(t.config.summaryQuietMs);
    expect(await job?.isDelayed()).toBe(true);

    for (let i = 0; i < 10; i++) await clipReady(match.id);
    const waiting = (await t.deps.jobs.summaryBuilds.getDelayed()).filter((j) => j.data.summaryId === first.id);
    expect(waiting.map((j) => j.data.version)).toEqual([11]);
  });

  it("is rebuilt when a clip goes, and none is made for a match without create_summary", async () => {
    const match = await vodOf(cast.clubA.id);
    const clip = await readyClip(match);
    expect((await http.del(`/v1/clips/${clip.id}`, cast.adminA.token)).statusCode).toBe(204);
    expect((await summaryOf(match.id))?.version).toBe(2);
    // A clip not cut yet is in no summary: it goes without a rebuild.
    const uncut = await queuedClip(match, 60_000);
    expect((await http.del(`/v1/clips/${uncut.id}`, cast.adminA.token)).statusCode).toBe(204);
    expect((await summaryOf(match.id))?.version).toBe(2);

    const without = await vodOf(cast.clubA.id, { createSummary: false });
    await readyClip(without);
    expect(await summaryOf(without.id)).toBeNull();
  });

  it("goes, files and all, when its build finds no ready clip left", async () => {
    const match = await vodOf(cast.clubA.id);
    const clip = await readyClip(match);
    const files = await built(match);
    expect((await http.del(`/v1/clips/${clip.id}`, cast.adminA.token)).statusCode).toBe(204);
    const summary = (await summaryOf(match.id))!;
    expect(await t.services.summaries.buildStarting({ summaryId: summary.id, version: summary.version })).toBeNull();
    expect(await summaryOf(match.id)).toBeNull();
    expect(existsSync(join(t.config.mediaDir, "matches", String(match.id), files.videoPath))).toBe(false);
  });

  it("keeps nothing of a build of an older version, and replaces the last video with a newer one", async () => {
    const match = await vodOf(cast.clubA.id);
    await readyClip(match);
    const first = await built(match);
    const summary = (await summaryOf(match.id))!;
    await clipReady(match.id);

    const stale = { videoPath: "summaries/stale.mp4", posterPath: "summaries/stale.jpg" };
    const staleFile = mediaFile(match.id, stale.videoPath);
    const job = { summaryId: summary.id, version: summary.version };
    expect((await t.services.summaries.buildFinished(job, { matchId: match.id, ...stale })).applied).toBe(false);
    expect(existsSync(staleFile)).toBe(false);
    // The last video plays on while the next one builds.
    expect(await summaryOf(match.id)).toMatchObject({ state: "queued", videoPath: first.videoPath });

    await built(match);
    expect(existsSync(join(t.config.mediaDir, "matches", String(match.id), first.videoPath))).toBe(false);
    expect(await summaryOf(match.id)).toMatchObject({ state: "ready", version: summary.version + 1 });
  });
});

describe("GET /v1/matches/:id/summary", () => {
  const pathOf = (url: string) => new URL(url).pathname;

  it("shows a public match's summary to a visitor, with plain media URLs", async () => {
    const match = await vodOf(cast.clubA.id, { homeTeamId: home.id });
    await readyClip(match);
    const { videoPath } = await built(match);
    const res = await http.get(`/v1/matches/${match.id}/summary`);
    expect(res.statusCode).toBe(200);
    const summary = res.json().data as Summary;
    expect(summary).toMatchObject({ match: { id: match.id, home_team: home.id }, state: "ready", progress: 100 });
    expect(pathOf(summary.video_url!)).toBe(`/media/matches/${match.id}/${videoPath}`);
    expect((await http.get(pathOf(summary.video_url!))).statusCode).toBe(200);

    const trpc = await http.query("summaries.ofMatch", { id: match.id });
    expect(trpc.json().result.data.data.id).toBe(summary.id);
  });

  it("follows a private match's privacy: signed URLs for its club, 404 for a visitor and another club", async () => {
    const match = await vodOf(cast.clubA.id, { isPrivate: true });
    await readyClip(match);
    const { videoPath } = await built(match);
    const res = await http.get(`/v1/matches/${match.id}/summary`, cast.playerA.token);
    expect(res.statusCode).toBe(200);
    const url = pathOf((res.json().data as Summary).video_url!);
    expect(url).toMatch(new RegExp(`^/media/signed/\\d+/[\\w-]+/matches/${match.id}/${videoPath}$`));
    expect((await http.get(url)).statusCode).toBe(200);
    expect((await http.get(`/media/matches/${match.id}/${videoPath}`)).statusCode).toBe(404);

    for (const token of [undefined, cast.adminB.token]) {
      const refused = await http.get(`/v1/matches/${match.id}/summary`, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: "No match found" });
    }
  });

  it("answers null for a match without a summary yet, counting the clips it waits for", async () => {
    const match = await vodOf(cast.clubA.id);
    const rest = await http.get(`/v1/matches/${match.id}/summary`);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ data: null });
    const trpc = await http.query("summaries.ofMatch", { id: match.id });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual({ data: null });

    await readyClip(match);
    await queuedClip(match, 60_000);
    await queuedClip(match, 90_000);
    const waiting = await http.get(`/v1/matches/${match.id}/summary`);
    expect(waiting.json().data).toMatchObject({ state: "queued", clips_waiting: 2 });

    // The OpenAPI document says so too.
    const document = (await http.get("/v1/openapi.json")).json();
    const answer = document.paths["/v1/matches/{id}/summary"].get.responses["200"].content["application/json"].schema;
    expect(answer.properties.data).toMatchObject({ nullable: true });
  });

  it("answers 404 for a match that doesn't exist, and 422 for a malformed id", async () => {
    const missing = await http.get(`/v1/matches/999999/summary`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "No match found" });
    const malformed = await http.get(`/v1/matches/abc/summary`);
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toEqual(["id"]);
  });
});

describe("GET /v1/clubs/:club/summaries", () => {
  it("pages a club's summaries, newest first, by match and by team; never another club's", async () => {
    const ofHome = await vodOf(cast.clubA.id, { homeTeamId: home.id });
    const ofAway = await vodOf(cast.clubA.id, { awayTeamId: away.id, isPrivate: true });
    const other = await vodOf(cast.clubB.id);
    for (const match of [ofHome, ofAway]) await readyClip(match);
    await clipReady(other.id);

    const page = await http.get(`/v1/clubs/${cast.clubA.id}/summaries`, cast.adminA.token);
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toMatchObject({ per_page: 20, current_page: 1 });
    const ids = (page.json().data as Summary[]).map((s) => s.match.id);
    expect(ids.indexOf(ofAway.id)).toBeLessThan(ids.indexOf(ofHome.id));
    expect(ids).not.toContain(other.id);

    const byMatch = await http.get(`/v1/clubs/${cast.clubA.id}/summaries?match=${ofHome.id}`, cast.adminA.token);
    expect((byMatch.json().data as Summary[]).map((s) => s.match.id)).toEqual([ofHome.id]);
    const byTeam = await http.get(`/v1/clubs/${cast.clubA.id}/summaries?team=${away.id}`, cast.adminA.token);
    expect((byTeam.json().data as Summary[]).map((s) => s.match.id)).toEqual([ofAway.id]);
    const trpc = await http.query("summaries.ofClub", { club: cast.clubA.id, team: away.id }, cast.adminA.token);
    expect(trpc.json().result.data.data.map((s: Summary) => s.match.id)).toEqual([ofAway.id]);

    const none = await http.get(`/v1/clubs/${cast.clubA.id}/summaries?match=${other.id}`, cast.adminA.token);
    expect(none.json()).toMatchObject({ data: [], message: "No summaries found" });
  });

  it("is the club staff's: 403 for a player, 404 for another club's admin, 422 naming a bad filter", async () => {
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/summaries`, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/summaries`)).statusCode).toBe(401);
    const other = await http.get(`/v1/clubs/${cast.clubA.id}/summaries`, cast.adminB.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "No club found" });
    for (const [query, field] of [
      ["match=abc", "match"],
      ["team=0", "team"],
      ["limit=101", "limit"],
    ] as const) {
      const res = await http.get(`/v1/clubs/${cast.clubA.id}/summaries?${query}`, cast.adminA.token);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });
});

describe("POST /v1/matches/:id/summary", () => {
  it("queues a build of a new version at once for a club admin: 202 with its job id", async () => {
    const match = await vodOf(cast.clubA.id);
    await readyClip(match);
    const res = await http.post(`/v1/matches/${match.id}/summary`, {}, cast.adminA.token);
    expect(res.statusCode).toBe(202);
    const summary = (await summaryOf(match.id))!;
    expect(summary.version).toBe(2);
    expect(res.json()).toMatchObject({
      data: { id: summary.id, state: "queued" },
      message: "The summary is being rebuilt.",
      job_ids: [summaryBuildJobId({ summaryId: summary.id, version: 2 })],
    });
    const job = await buildJob(summary.id, 2);
    expect(job?.delay ?? 0).toBe(0);
    // The build waiting for the quiet period after the clip turned ready is dropped.
    expect(await buildJob(summary.id, 1)).toBeUndefined();

    const trpc = await http.mutation("summaries.rebuild", { id: match.id }, cast.adminA.token);
    expect(trpc.json().result.data.job_ids).toEqual([summaryBuildJobId({ summaryId: summary.id, version: 3 })]);
  });

  it("answers 403 for a player, 404 for another club's admin and a missing match", async () => {
    const match = await vodOf(cast.clubA.id);
    await readyClip(match);
    expect((await http.post(`/v1/matches/${match.id}/summary`, {}, cast.playerA.token)).statusCode).toBe(403);
    const other = await http.post(`/v1/matches/${match.id}/summary`, {}, cast.adminB.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "No match found" });
    expect((await http.post(`/v1/matches/999999/summary`, {}, cast.adminA.token)).statusCode).toBe(404);
    expect((await summaryOf(match.id))?.version).toBe(1);
  });

  it("answers 422 naming create_summary when it is off, and clips when none is ready", async () => {
    const off = await vodOf(cast.clubA.id, { createSummary: false });
    const turnedOff = await http.post(`/v1/matches/${off.id}/summary`, {}, cast.adminA.token);
    expect(turnedOff.statusCode).toBe(422);
    expect(Object.keys(turnedOff.json().errors)).toEqual(["create_summary"]);

    const bare = await vodOf(cast.clubA.id);
    const noClips = await http.post(`/v1/matches/${bare.id}/summary`, {}, cast.adminA.token);
    expect(noClips.statusCode).toBe(422);
    expect(Object.keys(noClips.json().errors)).toEqual(["clips"]);
    expect(await summaryOf(bare.id)).toBeNull();
  });
});
