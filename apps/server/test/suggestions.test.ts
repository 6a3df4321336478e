// Moments suggested from a match's sound (issue 30): who may annotate the match lists them,
// accepts one (a marker of theirs, and with it a clip) or dismisses it, once; REST and tRPC. A
// live match's are accepted during it: the clip waits for the recording, cut once on demand.
import { beforeAll, describe, expect, it } from "vitest";
import type { Match } from "@clubcast/db";
import { MEDIA_FILES } from "@clubcast/shared";
import { clipCutJobId, recordingMomentsJobId, type LiveMomentsJob } from "@clubcast/shared/jobs";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createApiClient, createConfiguration, createField, createMatch } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
let publicVod: Match;
let privateVodA: Match;

beforeAll(async () => {
  publicVod = await createMatch(t.deps.prisma, { clubId: cast.clubB.id, status: "vod" });
  privateVodA = await createMatch(t.deps.prisma, { clubId: cast.clubA.id, status: "vod", isPrivate: true });
});

/** Suggestions of the match's current recording, as the worker's recording.moments job stores them. */
async function suggest(match: Match, moments: { timeMs: number; kind: "whistle" | "crowd"; confidence?: number }[]) {
  const { recordingVersion } = await t.deps.prisma.match.findUniqueOrThrow({ where: { id: match.id } });
  await t.services.suggestions.heard(
    { matchId: match.id, version: recordingVersion },
    moments.map((m) => ({ confidence: 0.8, ...m })),
  );
  return t.deps.prisma.momentSuggestion.findMany({
    where: { matchId: match.id, recordingVersion, timeMs: { in: moments.map((m) => m.timeMs) } },
    orderBy: { timeMs: "asc" },
  });
}

const accept = (id: number, token?: string) => http.post(`/v1/suggestions/${id}/accept`, {}, token);
const dismiss = (id: number, token?: string) => http.post(`/v1/suggestions/${id}/dismiss`, {}, token);

describe("suggested moments", () => {
  it("lists a match's suggestions of its current recording in video order, to who may annotate it", async () => {
    const match = await createMatch(t.deps.prisma, { clubId: cast.clubA.id, status: "vod" });
    await suggest(match, [
      { timeMs: 90_000, kind: "crowd", confidence: 0.61 },
      { timeMs: 15_500, kind: "whistle", confidence: 0.9 },
    ]);
    // A retried job stores nothing twice.
    await suggest(match, [{ timeMs: 15_500, kind: "whistle", confidence: 0.9 }]);
    // An earlier recording's (before a restore) are not listed.
    await t.deps.prisma.match.update({ where: { id: match.id }, data: { recordingVersion: { increment: 1 } } });
    await t.deps.prisma.momentSuggestion.updateMany({
      where: { matchId: match.id, timeMs: 90_000 },
      data: { recordingVersion: 1 },
    });
    const res = await http.get(`/v1/matches/${match.id}/suggestions`, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ match: match.id, time_ms: 90_000, kind: "crowd", confidence: 0.61, state: "pending" }),
    ]);
    expect(res.json().data[0].marker).toBeNull();
    // tRPC answers the same.
    const viaTrpc = await http.query("suggestions.ofMatch", { id: match.id }, cast.adminA.token);
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json().result.data.data).toEqual(res.json().data);
  });

  it("answers an empty list with its message in the caller's language", async () => {
    const res = await http.get(`/v1/matches/${publicVod.id}/suggestions`, cast.adminB.token, {
      "accept-language": "nl",
    });
    expect(res.json()).toEqual({ data: [], message: "Geen voorgestelde momenten gevonden" });
  });

  it("accepts a suggestion once: a marker of the caller's at its time, titled by its kind, and its clip", async () => {
    const [whistle] = await suggest(publicVod, [{ timeMs: 42_000, kind: "whistle" }]);
    const res = await accept(whistle!.id, cast.adminB.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { id: whistle!.id, state: "accepted" }, message: /Moment accepted/ });
    const marker = await t.deps.prisma.marker.findUniqueOrThrow({
      where: { id: res.json().data.marker },
      include: { sequence: true, clip: true },
    });
    expect(marker).toMatchObject({ timeMs: 42_000, label: "Whistle (suggested)", clipLength: 20 });
    expect(marker.sequence).toMatchObject({ matchId: publicVod.id, userId: cast.adminB.user.id });
    expect(marker.clip).not.toBeNull();
    // Decided: a second acceptance or a dismissal is refused, naming the field.
    for (const again of [accept(whistle!.id, cast.adminB.token), dismiss(whistle!.id, cast.adminB.token)]) {
      const refused = await again;
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: "This suggestion has already been accepted.",
        errors: { id: ["This suggestion has already been accepted."] },
      });
    }
    // The next acceptance goes into the same sequence of the caller's.
    const [crowd] = await suggest(publicVod, [{ timeMs: 50_000, kind: "crowd" }]);
    const second = await http.mutation("suggestions.accept", { id: crowd!.id }, cast.adminB.token);
    expect(second.statusCode).toBe(200);
    const next = await t.deps.prisma.marker.findUniqueOrThrow({ where: { id: second.json().result.data.data.marker } });
    expect(next).toMatchObject({ sequenceId: marker.sequenceId, label: "Crowd (suggested)" });
  });

  it("accepts one of two acceptances at once, and makes one marker", async () => {
    const [moment] = await suggest(publicVod, [{ timeMs: 61_000, kind: "whistle" }]);
    const answers = await Promise.all([accept(moment!.id, cast.adminB.token), accept(moment!.id, cast.system.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.deps.prisma.marker.count({ where: { sequence: { matchId: publicVod.id }, timeMs: 61_000 } })).toBe(
      1,
    );
  });

  it("dismisses a suggestion once; a dismissed one cannot be accepted", async () => {
    const [moment] = await suggest(publicVod, [{ timeMs: 70_000, kind: "crowd" }]);
    const res = await dismiss(moment!.id, cast.adminB.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { state: "dismissed", marker: null }, message: "Suggestion dismissed" });
    const refused = await accept(moment!.id, cast.adminB.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This suggestion has already been dismissed.");
    expect(await t.deps.prisma.marker.count({ where: { sequence: { matchId: publicVod.id }, timeMs: 70_000 } })).toBe(
      0,
    );
  });

  it("leaves a suggestion pending when its marker cannot be made (past the video's end: 422)", async () => {
    const short = await createMatch(t.deps.prisma, { clubId: cast.clubB.id, status: "vod" });
    await t.deps.prisma.match.update({ where: { id: short.id }, data: { vodDurationMs: 30_000, vodFrameRate: 25 } });
    const [late] = await suggest(short, [{ timeMs: 45_000, kind: "whistle" }]);
    const res = await accept(late!.id, cast.adminB.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.time_ms).toBeDefined();
    expect(await t.deps.prisma.momentSuggestion.findUnique({ where: { id: late!.id } })).toMatchObject({
      state: "pending",
      markerId: null,
    });
  });

  it("answers 404 where the caller may not see the match, 403 where they may not annotate it, 401 anonymous", async () => {
    const [hidden] = await suggest(privateVodA, [{ timeMs: 5_000, kind: "whistle" }]);
    const [seen] = await suggest(publicVod, [{ timeMs: 8_000, kind: "whistle" }]);
    // Another club's private match: not there.
    expect((await http.get(`/v1/matches/${privateVodA.id}/suggestions`, cast.adminB.token)).statusCode).toBe(404);
    for (const refused of [accept(hidden!.id, cast.adminB.token), dismiss(hidden!.id, cast.loner.token)]) {
      const res = await refused;
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("No suggested moment found");
    }
    expect((await accept(999_999, cast.system.token)).statusCode).toBe(404);
    expect((await http.get("/v1/matches/999999/suggestions", cast.system.token)).statusCode).toBe(404);
    // Seen but not theirs to annotate: members of the club, another club's staff.
    for (const caller of [cast.playerA, cast.trainerA]) {
      expect((await http.get(`/v1/matches/${privateVodA.id}/suggestions`, caller.token)).statusCode).toBe(403);
      expect((await accept(hidden!.id, caller.token)).statusCode).toBe(403);
    }
    const other = await dismiss(seen!.id, cast.adminA.token);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/Only the staff of the match's club/);
    expect((await http.get(`/v1/matches/${publicVod.id}/suggestions`)).statusCode).toBe(401);
    expect(await t.deps.prisma.momentSuggestion.findUnique({ where: { id: seen!.id } })).toMatchObject({
      state: "pending",
    });
  });

  it("answers 422 naming the field for an id that is none", async () => {
    const res = await http.post("/v1/suggestions/abc/accept", {}, cast.adminB.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id).toBeDefined();
  });

  it("listens only to recordings of clubs with suggestions on (the club settings' suggest_moments)", async () => {
    const match = await createMatch(t.deps.prisma, { clubId: cast.clubA.id, status: "vod" });
    const job = { matchId: match.id, version: match.recordingVersion };
    expect(await t.services.suggestions.wantsListening(job)).toBe(true);
    const off = await http.put(`/v1/clubs/${cast.clubA.id}`, { suggest_moments: false }, cast.adminA.token);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.suggest_moments).toBe(0);
    expect(await t.services.suggestions.wantsListening(job)).toBe(false);
    const on = await http.put(`/v1/clubs/${cast.clubA.id}`, { suggest_moments: 1 }, cast.adminA.token);
    expect(on.json().data.suggest_moments).toBe(1);
    expect(await t.services.suggestions.wantsListening(job)).toBe(true);
    // A recording that is no longer the match's (restored since) is not listened to.
    expect(await t.services.suggestions.wantsListening({ ...job, version: job.version + 1 })).toBe(false);
    const refused = await http.put(`/v1/clubs/${cast.clubA.id}`, { suggest_moments: "maybe" }, cast.adminA.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.suggest_moments).toBeDefined();
  });
});

describe("a suggestion of a match still live", () => {
  let configurationId: number;
  let cameraToken: string;

  beforeAll(async () => {
    const { prisma } = t.deps;
    const field = await createField(prisma, cast.clubA.id);
    const configuration = await createConfiguration(prisma, { clubId: cast.clubA.id, fieldId: field.id });
    configurationId = configuration.id;
    cameraToken = await http.cameraToken(await createApiClient(prisma, configuration.id));
  });

  /**
   * Suggestions a live match's latest sound gives, stored as the worker's moments.live job stores them:
   * the job the live-listening sweep posts for the match (with the recording it is making), answered
   * in video order.
   */
  async function suggestLive(match: Match, moments: { timeMs: number; kind: "whistle" | "crowd" }[]) {
    expect(await t.services.suggestions.listenToLiveMatches()).toContain(match.id);
    const posted = await t.deps.jobs.recordings.getJobs(["waiting", "prioritized", "delayed"]);
    const job = posted.find((queued) => queued?.name === "moments.live" && queued.data.matchId === match.id)!
      .data as LiveMomentsJob;
    expect(await t.services.suggestions.wantsLiveListening(job)).toBe(true);
    const stored = await t.services.suggestions.heard(
      job,
      moments.map((m) => ({ confidence: 0.8, ...m })),
    );
    const rows = await t.deps.prisma.momentSuggestion.findMany({
      where: { matchId: match.id, recordingVersion: job.version, timeMs: { in: moments.map((m) => m.timeMs) } },
      orderBy: { timeMs: "asc" },
    });
    return { stored, rows, job };
  }

  type Listed = { id: number; state: string; marker: number | null };
  const listed = async (match: Match) => {
    const res = await http.get(`/v1/matches/${match.id}/suggestions`, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    return (res.json().data as Listed[]).map((s) => ({ id: s.id, state: s.state, marker: s.marker }));
  };
  const cutQueued = async (clipId: number) =>
    (await t.deps.jobs.clipCuts.getJob(clipCutJobId({ clipId, version: 1 }))) !== undefined;

  it("is accepted during the match: one marker at its time, its clip cut from the recording once on demand", async () => {
    const match = await createMatch(t.deps.prisma, {
      clubId: cast.clubA.id,
      configurationId,
      status: "live",
    });
    const heard = await suggestLive(match, [
      { timeMs: 754_000, kind: "whistle" },
      { timeMs: 1_203_500, kind: "crowd" },
    ]);
    const [whistle, crowd] = heard.rows;
    expect(await listed(match)).toEqual([
      { id: whistle!.id, state: "pending", marker: null },
      { id: crowd!.id, state: "pending", marker: null },
    ]);

    // A double click on the annotation page (tRPC) and a client's retry (REST) at once: one is accepted.
    const answers = await Promise.all([
      http.mutation("suggestions.accept", { id: whistle!.id }, cast.adminA.token),
      http.mutation("suggestions.accept", { id: whistle!.id }, cast.adminA.token),
      accept(whistle!.id, cast.adminA.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json();
    const accepted = "result" in won ? won.result.data : won;
    expect(accepted).toMatchObject({ data: { id: whistle!.id, state: "accepted" }, message: /Moment accepted/ });
    const markerId = accepted.data.marker as number;
    // A retry after the answer was lost: refused, still one marker.
    const retried = await accept(whistle!.id, cast.adminA.token);
    expect(retried.statusCode).toBe(409);
    expect(retried.json().message).toBe("This suggestion has already been accepted.");

    // The annotation page's markers: one, at the suggestion's time, titled by its kind.
    const sequences = (await http.get(`/v1/matches/${match.id}/sequences`, cast.adminA.token)).json().data as {
      user: number | null;
      markers: { id: number; time_ms: number; label: string; goal: boolean }[];
    }[];
    expect(sequences.flatMap((sequence) => sequence.markers)).toEqual([
      expect.objectContaining({ id: markerId, time_ms: 754_000, label: "Whistle (suggested)", goal: false }),
    ]);
    expect(sequences[0]!.user).toBe(cast.adminA.user.id);
    // Its clip is there, placed as for a match on demand, and waits for the recording: no cut yet.
    const clipsNow = (await http.get(`/v1/matches/${match.id}/clips`, cast.adminA.token)).json().data as {
      id: number;
      marker: { id: number };
      start_ms: number;
      end_ms: number;
      state: string;
    }[];
    expect(clipsNow).toEqual([
      expect.objectContaining({
        marker: expect.objectContaining({ id: markerId }),
        start_ms: 739_000,
        end_ms: 759_000,
      }),
    ]);
    const clip = clipsNow[0]!;
    expect(clip.state).toBe("queued");
    expect(await cutQueued(clip.id)).toBe(false);

    // It left the pending list; the next turn's chunk (they overlap) hears the whistle again: not suggested again.
    const again = await suggestLive(match, [{ timeMs: 755_000, kind: "whistle" }]);
    expect(again.stored).toBe(0);
    const decided = [
      { id: whistle!.id, state: "accepted", marker: markerId },
      { id: crowd!.id, state: "pending", marker: null },
    ];
    expect(await listed(match)).toEqual(decided);

    // The final whistle: the gateway's recording goes on demand, and the clip's cut is queued, from it.
    const video = `${t.config.publicUrl}/media/matches/${match.id}/${MEDIA_FILES.vodPlaylist}`;
    const finished = await http.post(
      "/v1/camera/recording-finished",
      {
        match_id: match.id,
        started_at: "2030-05-01T14:00:00Z",
        ended_at: "2030-05-01T15:45:00Z",
        vod_hls_url: video,
      },
      cameraToken,
    );
    expect(finished.statusCode).toBe(200);
    expect(finished.json().data.match).toMatchObject({ status: "vod", vod_hls_url: video });
    expect(await cutQueued(clip.id)).toBe(true);
    expect(await t.services.clips.cutStarting({ clipId: clip.id, version: 1 })).toMatchObject({
      matchId: match.id,
      vodHlsUrl: video,
    });

    // The pass after the recording (its recording.moments job) hears it all again: the same decisions, listed
    // of the on-demand recording, which the live listening heard.
    const after = { matchId: match.id, version: heard.job.version };
    expect((await t.deps.jobs.recordings.getJob(recordingMomentsJobId(after)))?.data).toEqual(after);
    expect(await t.services.suggestions.wantsListening(after)).toBe(true);
    const pass = await t.services.suggestions.heard(after, [
      { timeMs: 754_500, kind: "whistle", confidence: 0.9 },
      { timeMs: 1_203_000, kind: "crowd", confidence: 0.7 },
    ]);
    expect(pass).toBe(0);
    expect(await listed(match)).toEqual(decided);
    expect(await t.deps.prisma.marker.count({ where: { sequence: { matchId: match.id } } })).toBe(1);
  });
});
