// Clips (issue 14): every marker has a clip by the shared rule, queued for the
// worker's clip.cut; a club's staff list and delete them, a marker's owner (staff) sets
// the window frame-accurately; media links follow the match's privacy.
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Match, Team } from "@clubcast/db";
import { CLIP_MAX_MS } from "@clubcast/shared";
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
let home: Team;
let away: Team;
let publicVod: Match;
let privateVod: Match;
let otherVod: Match;

beforeAll(async () => {
  const { prisma } = t.deps;
  home = await createTeam(prisma, cast.clubA.id);
  away = await createTeam(prisma, cast.clubA.id);
  publicVod = await createMatch(prisma, { clubId: cast.clubA.id, status: "vod", homeTeamId: home.id });
  privateVod = await createMatch(prisma, {
    clubId: cast.clubA.id,
    status: "vod",
    isPrivate: true,
    awayTeamId: away.id,
  });
  otherVod = await createMatch(prisma, { clubId: cast.clubB.id, status: "vod" });
});

type Clip = {
  id: number;
  marker: { id: number; label: string; time_ms: number };
  match: { id: number };
  start_ms: number;
  end_ms: number;
  length_ms: number;
  custom: boolean;
  state: string;
  video_url: string | null;
  poster_url: string | null;
};

/** A marker of `token`'s user on the match, and its clip. */
async function mark(match: Match, timeMs: number, token = cast.adminA.token) {
  const sequence = await http.post(`/v1/matches/${match.id}/sequences`, {}, token);
  expect(sequence.statusCode).toBe(201);
  const marker = await http.post(
    `/v1/sequences/${sequence.json().data.id}/markers`,
    { time_ms: timeMs, label: "Goal" },
    token,
  );
  expect(marker.statusCode).toBe(201);
  const clips = (await http.get(`/v1/matches/${match.id}/clips`, token)).json().data as Clip[];
  const markerId = marker.json().data.id as number;
  return { markerId, clip: clips.find((c) => c.marker.id === markerId)! };
}

const queued = async (clipId: number, version: number) =>
  (await t.deps.jobs.clipCuts.getJob(clipCutJobId({ clipId, version }))) !== undefined;

describe("a marker's clip", () => {
  it("is placed 15 s before and 5 s after the marker and queued for cutting", async () => {
    const { clip } = await mark(publicVod, 60_000);
    expect(clip).toMatchObject({ start_ms: 45_000, end_ms: 65_000, length_ms: 20_000, custom: false, state: "queued" });
    expect(clip.video_url).toBeNull();
    expect(await queued(clip.id, 1)).toBe(true);
  });

  it("follows the marker when it moves (cut anew), not when only its label changes", async () => {
    const { markerId, clip } = await mark(publicVod, 30_000);
    expect((await http.put(`/v1/markers/${markerId}`, { label: "Save" }, cast.adminA.token)).statusCode).toBe(200);
    expect(await queued(clip.id, 2)).toBe(false);
    expect((await http.put(`/v1/markers/${markerId}`, { time_ms: 40_000 }, cast.adminA.token)).statusCode).toBe(200);
    const [moved] = (await http.get(`/v1/matches/${publicVod.id}/clips`, cast.adminA.token))
      .json()
      .data.filter((c: Clip) => c.id === clip.id);
    expect(moved).toMatchObject({ start_ms: 25_000, end_ms: 45_000, state: "queued" });
    expect(await queued(clip.id, 2)).toBe(true);
  });

  it("goes with its marker, files and all", async () => {
    const { markerId, clip } = await mark(publicVod, 30_000);
    const file = join(t.config.mediaDir, "matches", String(publicVod.id), "clips", `${clip.id}-1.mp4`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, "video");
    await t.deps.prisma.clip.update({ where: { id: clip.id }, data: { videoPath: `clips/${clip.id}-1.mp4` } });
    expect((await http.del(`/v1/markers/${markerId}`, cast.adminA.token)).statusCode).toBe(204);
    expect(await t.deps.prisma.clip.count({ where: { id: clip.id } })).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it("waits, queued, for a match still recording, and is cut once the match is on demand", async () => {
    const { prisma } = t.deps;
    const field = await createField(prisma, cast.clubA.id);
    const configuration = await createConfiguration(prisma, { clubId: cast.clubA.id, fieldId: field.id });
    const { client, secret } = await createApiClient(prisma, configuration.id);
    const camera = await http.post("/v1/camera/token", { client_id: client.clientId, client_secret: secret });
    const match = await createMatch(prisma, {
      clubId: cast.clubA.id,
      configurationId: configuration.id,
      status: "live",
    });
    const { clip } = await mark(match, 30_000);
    expect(clip.state).toBe("queued");
    expect(await queued(clip.id, 1)).toBe(false);

    const finished = await http.post(
      "/v1/camera/recording-finished",
      {
        match_id: match.id,
        started_at: "2030-05-01T14:00:00Z",
        ended_at: "2030-05-01T15:45:00Z",
        vod_hls_url: "http://camera-server.test/vod/match.m3u8",
      },
      camera.json().access_token,
    );
    expect(finished.statusCode).toBe(200);
    expect(await queued(clip.id, 1)).toBe(true);
  });

  it("is deleted with its match", async () => {
    const match = await createMatch(t.deps.prisma, { clubId: cast.clubA.id, status: "vod" });
    const { clip } = await mark(match, 30_000);
    await t.deps.prisma.match.delete({ where: { id: match.id } });
    expect(await t.deps.prisma.clip.count({ where: { id: clip.id } })).toBe(0);
  });
});

describe("PUT /v1/clips/:id", () => {
  it("sets the window on frame boundaries, by hand, and cuts anew", async () => {
    const { clip } = await mark(privateVod, 60_000);
    const res = await http.put(`/v1/clips/${clip.id}`, { start_ms: 50_010, end_ms: 58_030 }, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    // 25 frames per second until the cut has seen the video: 40 ms frames.
    expect(res.json()).toMatchObject({
      data: { start_ms: 50_000, end_ms: 58_040, custom: true, state: "queued" },
      message: "Clip updated; it is being cut again.",
    });
    expect(await queued(clip.id, 2)).toBe(true);
  });

  it("answers 422 naming the field for a clip shorter than a frame, longer than 5 minutes, or malformed", async () => {
    const { clip } = await mark(publicVod, 90_000);
    for (const [body, field, message] of [
      [{ start_ms: 1_000, end_ms: 1_030 }, "end_ms", "The end ms field must leave the clip at least one frame long."],
      [{ start_ms: 2_000, end_ms: 1_000 }, "end_ms", "The end ms field must leave the clip at least one frame long."],
      [{ start_ms: 0, end_ms: CLIP_MAX_MS + 40 }, "end_ms", "A clip may not be longer than 5 minutes."],
      [{ start_ms: -1, end_ms: 1_000 }, "start_ms", undefined],
      [{ end_ms: 1_000 }, "start_ms", undefined],
      [{ start_ms: 1.5, end_ms: 1_000 }, "start_ms", undefined],
      [{ start_ms: 0, end_ms: 1_000, speed: 2 }, "speed", undefined],
    ] as const) {
      const res = await http.put(`/v1/clips/${clip.id}`, body, cast.adminA.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
      if (message) expect(res.json().errors[field]).toEqual([message]);
    }
    const trpc = await http.mutation("clips.setWindow", { id: clip.id, start_ms: 0, end_ms: 10 }, cast.adminA.token);
    expect(trpc.json().error.data.errors).toEqual({
      end_ms: ["The end ms field must leave the clip at least one frame long."],
    });
    const unchanged = (await http.get(`/v1/matches/${publicVod.id}/clips`, cast.adminA.token)).json().data;
    expect(unchanged.find((c: Clip) => c.id === clip.id)).toMatchObject({ start_ms: 75_000, custom: false });
  });

  it("answers 404 for someone else's clip, another club's included", async () => {
    const { clip } = await mark(publicVod, 20_000);
    const body = { start_ms: 0, end_ms: 10_000 };
    for (const member of [cast.playerA, cast.trainerA, cast.adminB]) {
      const res = await http.put(`/v1/clips/${clip.id}`, body, member.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "No clip found" });
    }
    expect((await http.put(`/v1/clips/${clip.id}`, body)).statusCode).toBe(401);
  });
});

describe("once the match's video is measured (30 s at 30 frames per second)", () => {
  let measured: Match;
  beforeAll(async () => {
    measured = await createMatch(t.deps.prisma, {
      clubId: cast.clubA.id,
      status: "vod",
      vodDurationMs: 30_000,
      vodFrameRate: 30,
    });
  });
  const afterEnd = (field: string) => ({
    [field]: [`The ${field.replace("_", " ")} field must lie before the video's end at 30 s.`],
  });

  it("answers 422 naming time_ms for a marker placed or moved past the video's end", async () => {
    const sequence = (await http.post(`/v1/matches/${measured.id}/sequences`, {}, cast.adminA.token)).json().data;
    const late = await http.post(
      `/v1/sequences/${sequence.id}/markers`,
      { time_ms: 30_000, label: "Late" },
      cast.adminA.token,
    );
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual(afterEnd("time_ms"));

    const { markerId } = await mark(measured, 10_000);
    const moved = await http.put(`/v1/markers/${markerId}`, { time_ms: 45_000 }, cast.adminA.token);
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual(afterEnd("time_ms"));
  });

  it("slides a marker's clip back from the video's end, at the video's frame rate", async () => {
    const { clip } = await mark(measured, 29_000);
    expect(clip).toMatchObject({ start_ms: 10_000, end_ms: 30_000, frame_rate: 30 });
  });

  it("answers 422 naming start_ms for a clip starting past the video's end, and ends a later one with the video", async () => {
    const { clip } = await mark(measured, 20_000);
    const late = await http.put(`/v1/clips/${clip.id}`, { start_ms: 30_000, end_ms: 31_000 }, cast.adminA.token);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual(afterEnd("start_ms"));
    const long = await http.put(`/v1/clips/${clip.id}`, { start_ms: 25_010, end_ms: 35_000 }, cast.adminA.token);
    expect(long.statusCode).toBe(200);
    // 25.010 s lies in the frame starting at 25 s (frames of 33.3 ms).
    expect(long.json().data).toMatchObject({ start_ms: 25_000, end_ms: 30_000 });
  });
});

describe("GET /v1/clubs/:id/clips", () => {
  it("pages a club's clips, newest first, 20 a page, by match and by team", async () => {
    const before = (await http.get(`/v1/clubs/${cast.clubA.id}/clips`, cast.adminA.token)).json().meta.total as number;
    for (let i = 0; i < 21; i++) await mark(publicVod, 100_000 + i * 1000, cast.adminA.token);
    const { clip: privateClip } = await mark(privateVod, 100_000, cast.adminA.token);
    await mark(otherVod, 100_000, cast.adminB.token);

    const page = await http.get(`/v1/clubs/${cast.clubA.id}/clips`, cast.adminA.token);
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toMatchObject({ per_page: 20, total: before + 22, current_page: 1 });
    expect(page.json().data).toHaveLength(20);
    expect(page.json().data[0].id).toBe(privateClip.id);
    expect(page.json().data.every((c: Clip) => c.match.id !== otherVod.id)).toBe(true);

    const ofPrivate = (
      await http.get(`/v1/clubs/${cast.clubA.id}/clips?match=${privateVod.id}`, cast.adminA.token)
    ).json();
    expect(ofPrivate.data.map((c: Clip) => c.match.id)).toEqual(ofPrivate.data.map(() => privateVod.id));
    const ofAway = (await http.get(`/v1/clubs/${cast.clubA.id}/clips?team=${away.id}`, cast.adminA.token)).json();
    expect(ofAway.meta.total).toBe(ofPrivate.meta.total);
    const ofHome = (await http.get(`/v1/clubs/${cast.clubA.id}/clips?team=${home.id}`, cast.adminA.token)).json();
    expect(ofHome.data.every((c: Clip) => c.match.id === publicVod.id)).toBe(true);

    const trpc = await http.query("clips.ofClub", { id: cast.clubA.id, match: privateVod.id }, cast.adminA.token);
    expect(trpc.json().result.data.meta.total).toBe(ofPrivate.meta.total);
  });

  it("answers an empty list with 200 and 'No clips found', a club's page and a match's list alike", async () => {
    const noneOfClub = await http.get(`/v1/clubs/${cast.clubA.id}/clips?match=${otherVod.id}`, cast.adminA.token);
    expect(noneOfClub.statusCode).toBe(200);
    expect(noneOfClub.json()).toMatchObject({ data: [], message: "No clips found", meta: { total: 0 } });
    const noneOfMine = await http.get(`/v1/matches/${publicVod.id}/clips`, cast.system.token, {
      "accept-language": "de",
    });
    expect(noneOfMine.statusCode).toBe(200);
    expect(noneOfMine.json()).toEqual({ data: [], message: "Keine Clips gefunden" });
  });

  it("is the club staff's: 403 for a player, 404 for another club's admin, 422 naming a bad filter", async () => {
    expect((await http.get(`/v1/clubs/${cast.clubA.id}/clips`, cast.playerA.token)).statusCode).toBe(403);
    const other = await http.get(`/v1/clubs/${cast.clubA.id}/clips`, cast.adminB.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "No club found" });
    const missing = await http.get("/v1/clubs/999999/clips", cast.system.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "No club found" });
    for (const [query, field] of [
      ["match=abc", "match"],
      ["team=0", "team"],
      ["limit=101", "limit"],
    ] as const) {
      const res = await http.get(`/v1/clubs/${cast.clubA.id}/clips?${query}`, cast.adminA.token);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });
});

describe("DELETE /v1/clips/:id", () => {
  it("removes a clip and its files for the club's staff; 403 for a player, 404 for another club", async () => {
    const { markerId, clip } = await mark(publicVod, 50_000);
    expect((await http.del(`/v1/clips/${clip.id}`, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.del(`/v1/clips/${clip.id}`, cast.adminB.token)).statusCode).toBe(404);
    const file = join(t.config.mediaDir, "matches", String(publicVod.id), "clips", `${clip.id}-1.jpg`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, "poster");
    await t.deps.prisma.clip.update({ where: { id: clip.id }, data: { posterPath: `clips/${clip.id}-1.jpg` } });

    expect((await http.del(`/v1/clips/${clip.id}`, cast.adminA.token)).statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect(await t.deps.prisma.clip.count({ where: { id: clip.id } })).toBe(0);
    expect(await t.deps.prisma.marker.count({ where: { id: markerId } })).toBe(1);
    expect((await http.del(`/v1/clips/${clip.id}`, cast.adminA.token)).statusCode).toBe(404);
  });
});

describe("a ready clip's media", () => {
  async function readyClip(match: Match) {
    const { clip } = await mark(match, 30_000);
    const path = `clips/${clip.id}-1.mp4`;
    const file = join(t.config.mediaDir, "matches", String(match.id), path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, "not really a video");
    await t.deps.prisma.clip.update({ where: { id: clip.id }, data: { state: "ready", videoPath: path } });
    const clips = (await http.get(`/v1/matches/${match.id}/clips`, cast.adminA.token)).json().data as Clip[];
    return { clip: clips.find((c) => c.id === clip.id)!, path };
  }
  const pathOf = (url: string) => new URL(url).pathname;

  it("is a plain URL for a public match", async () => {
    const { clip, path } = await readyClip(publicVod);
    expect(pathOf(clip.video_url!)).toBe(`/media/matches/${publicVod.id}/${path}`);
    expect((await http.get(pathOf(clip.video_url!))).statusCode).toBe(200);
  });

  it("is signed for a private match, and its plain URL finds nothing", async () => {
    const { clip, path } = await readyClip(privateVod);
    expect(pathOf(clip.video_url!)).toMatch(
      new RegExp(`^/media/signed/\\d+/[\\w-]+/matches/${privateVod.id}/${path}$`),
    );
    const signed = await http.get(pathOf(clip.video_url!));
    expect(signed.statusCode).toBe(200);
    expect(signed.headers["content-type"]).toBe("video/mp4");
    expect((await http.get(`/media/matches/${privateVod.id}/${path}`)).statusCode).toBe(404);
  });

  it("opens that one clip only: not another clip, the poster, the download or the playlists of its match", async () => {
    const folder = join(t.config.mediaDir, "matches", String(privateVod.id));
    const matchFiles = ["poster.jpg", "download.mp4", "vod.m3u8", "live.m3u8", "source/vod.m3u8", "source/s1-00001.ts"];
    for (const file of matchFiles) {
      mkdirSync(dirname(join(folder, file)), { recursive: true });
      writeFileSync(join(folder, file), "match media");
    }
    const { clip, path } = await readyClip(privateVod);
    const { path: staffOnlyPath } = await readyClip(privateVod);
    const prefix = pathOf(clip.video_url!).slice(0, -path.length);
    expect((await http.get(pathOf(clip.video_url!))).statusCode).toBe(200);
    for (const other of [staffOnlyPath, ...matchFiles]) {
      expect((await http.get(`${prefix}${other}`)).statusCode, other).toBe(404);
    }
  });

  it("stops opening once the clip is made staff-only, or its match turns public and private again", async () => {
    const { clip } = await readyClip(privateVod);
    expect((await http.get(pathOf(clip.video_url!))).statusCode).toBe(200);
    await t.deps.prisma.clip.update({ where: { id: clip.id }, data: { isPrivate: true } });
    expect((await http.get(pathOf(clip.video_url!))).statusCode).toBe(404);

    const { clip: again } = await readyClip(privateVod);
    expect((await http.get(pathOf(again.video_url!))).statusCode).toBe(200);
    await t.deps.prisma.match.update({ where: { id: privateVod.id }, data: { isPrivate: false } });
    await t.deps.prisma.match.update({ where: { id: privateVod.id }, data: { isPrivate: true } });
    expect((await http.get(pathOf(again.video_url!))).statusCode).toBe(404);
    // A link handed out now opens it.
    const current = (await http.get(`/v1/matches/${privateVod.id}/clips`, cast.adminA.token)).json().data as Clip[];
    expect((await http.get(pathOf(current.find((c) => c.id === again.id)!.video_url!))).statusCode).toBe(200);

    expect((await http.del(`/v1/clips/${again.id}`, cast.adminA.token)).statusCode).toBe(204);
    expect((await http.get(pathOf(again.video_url!))).statusCode).toBe(404);
  });
});
