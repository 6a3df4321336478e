// Offline recordings of a club: the list, and turning one into a match.
import { beforeAll, describe, expect, it } from "vitest";
import type { Configuration, Field, OfflineRecording } from "@clubcast/db";
import { createMember, type Member, useTestAppWithCast } from "@clubcast/testkit/api";
import { createConfiguration, createField, createTeam } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
let fieldA: Field;
let configA: Configuration;
let schedulerPlayerA: Member;
let older: OfflineRecording;
let newer: OfflineRecording;

const recordingOf = (clubId: number, start: string, data: { fieldId?: number; configurationId?: number } = {}) =>
  t.deps.prisma.offlineRecording.create({
    data: {
      clubId,
      startTime: new Date(start),
      endTime: new Date(new Date(start).getTime() + 90 * 60_000),
      vodHlsUrl: `https://cdn.test/offline/${start}.m3u8`,
      ...data,
    },
  });

beforeAll(async () => {
  const { prisma } = t.deps;
  fieldA = await createField(prisma, cast.clubA.id, { name: "Back pitch" });
  configA = await createConfiguration(prisma, { clubId: cast.clubA.id, fieldId: fieldA.id });
  schedulerPlayerA = await createMember(t, { scope: "player", clubId: cast.clubA.id, permissions: ["scheduler.all"] });
  older = await recordingOf(cast.clubA.id, "2025-04-01T10:00:00Z", { fieldId: fieldA.id, configurationId: configA.id });
  newer = await recordingOf(cast.clubA.id, "2025-04-02T10:00:00Z");
  await recordingOf(cast.clubB.id, "2025-04-03T10:00:00Z");
});

describe("GET /v1/clubs/{id}/offline-recordings", () => {
  it("lists the club's recordings, latest first, paged, for its admin, system admins and scheduler.all", async () => {
    for (const member of [cast.adminA, cast.system, schedulerPlayerA]) {
      const res = await http.get(`/v1/clubs/${cast.clubA.id}/offline-recordings?limit=1`, member.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [
          {
            id: newer.id,
            club_id: cast.clubA.id,
            start_time: "2025-04-02T10:00:00.000Z",
            end_time: "2025-04-02T11:30:00.000Z",
            field: null,
            configuration_id: null,
            vod_hls_url: "https://cdn.test/offline/2025-04-02T10:00:00Z.m3u8",
            match_id: null,
          },
        ],
        meta: { current_page: 1, last_page: 2, per_page: 1, total: 2, from: 1, to: 1 },
      });
    }
    const second = await http.get(`/v1/clubs/${cast.clubA.id}/offline-recordings?page=2&limit=1`, cast.adminA.token);
    expect(second.json().data[0]).toMatchObject({ id: older.id, field: { id: fieldA.id, name: "Back pitch" } });
  });

  it("answers 403 to players and trainers, 404 to another club's admin, 401 anonymous", async () => {
    const url = `/v1/clubs/${cast.clubA.id}/offline-recordings`;
    for (const member of [cast.playerA, cast.trainerA])
      expect((await http.get(url, member.token)).statusCode).toBe(403);
    const other = await http.get(url, cast.adminB.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "No club found" });
    expect((await http.get(url)).statusCode).toBe(401);
  });

  it("answers an empty page with 200 and 'No offline recordings found', a club that doesn't exist with 404", async () => {
    const empty = await http.get(`/v1/clubs/${cast.clubA.id}/offline-recordings?page=9`, cast.adminA.token);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ data: [], message: "No offline recordings found", meta: { total: 2 } });
    const missing = await http.get("/v1/clubs/999999/offline-recordings", cast.system.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "No club found" });
  });

  it("lists the same over tRPC", async () => {
    const rest = await http.get(`/v1/clubs/${cast.clubA.id}/offline-recordings`, cast.adminA.token);
    const trpc = await http.query("offline.list", { club: cast.clubA.id }, cast.adminA.token);
    expect(trpc.json().result.data).toEqual(rest.json());
  });
});

describe("POST /v1/clubs/{club}/offline-recordings/{recording}/match", () => {
  it("creates a processing match from the recording's times, field, configuration and video, and links it", async () => {
    const recording = await recordingOf(cast.clubA.id, "2025-05-01T17:00:00Z", {
      fieldId: fieldA.id,
      configurationId: configA.id,
    });
    const team = await createTeam(t.deps.prisma, cast.clubA.id, { fullname: "Alpha U19" });
    const res = await http.post(
      `/v1/clubs/${cast.clubA.id}/offline-recordings/${recording.id}/match`,
      { hometeam: team.id, is_private: 1 },
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(201);
    const { data: match, message } = res.json();
    expect(message).toBe("Match created");
    expect(match).toMatchObject({
      status: "processing",
      list_status: null,
      starting_at: { date: "2025-05-01T17:00:00.000Z", timezone: "Europe/Amsterdam" },
      stopping_at: { date: "2025-05-01T18:30:00.000Z" },
      field: { id: fieldA.id, name: "Back pitch" },
      configuration_id: configA.id,
      vod_hls_url: "https://cdn.test/offline/2025-05-01T17:00:00Z.m3u8",
      home: { team: { id: team.id, fullname: "Alpha U19" } },
      is_private: true,
      camera_view: "media",
    });
    expect((await t.deps.prisma.offlineRecording.findUniqueOrThrow({ where: { id: recording.id } })).matchId).toBe(
      match.id,
    );
    const listed = await http.get(`/v1/clubs/${cast.clubA.id}/offline-recordings?limit=100`, cast.adminA.token);
    expect(listed.json().data.find((r: { id: number }) => r.id === recording.id).match_id).toBe(match.id);
  });

  it("answers 409 for a recording already turned into a match, creating nothing", async () => {
    const recording = await recordingOf(cast.clubA.id, "2025-05-02T17:00:00Z");
    const url = `/v1/clubs/${cast.clubA.id}/offline-recordings/${recording.id}/match`;
    expect((await http.post(url, {}, cast.adminA.token)).statusCode).toBe(201);
    const before = await t.deps.prisma.match.count();
    const again = await http.post(url, {}, cast.adminA.token);
    expect(again.statusCode).toBe(409);
    const reason = "This recording has already been turned into a match.";
    expect(again.json()).toMatchObject({ message: reason, errors: { recording: [reason] } });
    expect(await t.deps.prisma.match.count()).toBe(before);
  });

  it("links a recording once when two requests race", async () => {
    const recording = await recordingOf(cast.clubA.id, "2025-05-03T17:00:00Z");
    const url = `/v1/clubs/${cast.clubA.id}/offline-recordings/${recording.id}/match`;
    const before = await t.deps.prisma.match.count();
    const answers = await Promise.all([1, 2, 3].map(() => http.post(url, {}, cast.adminA.token)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.deps.prisma.match.count()).toBe(before + 1);
  });

  it("answers 422 for invalid editing fields and dates that the recording decides", async () => {
    const recording = await recordingOf(cast.clubA.id, "2025-05-04T17:00:00Z");
    const url = `/v1/clubs/${cast.clubA.id}/offline-recordings/${recording.id}/match`;
    const foreignTeam = await createTeam(t.deps.prisma, cast.clubB.id);
    expect((await http.post(url, { hometeam: foreignTeam.id }, cast.adminA.token)).json().errors).toHaveProperty(
      "hometeam",
    );
    expect((await http.post(url, { date: "2025-05-05" }, cast.adminA.token)).json().errors).toHaveProperty("date");
    expect(
      (await t.deps.prisma.offlineRecording.findUniqueOrThrow({ where: { id: recording.id } })).matchId,
    ).toBeNull();
  });

  it("answers 404 for another club's recording or admin, 403 to players, 401 anonymous", async () => {
    const recordingB = await recordingOf(cast.clubB.id, "2025-05-06T17:00:00Z");
    const recordingA = await recordingOf(cast.clubA.id, "2025-05-07T17:00:00Z");
    const wrongClub = await http.post(
      `/v1/clubs/${cast.clubA.id}/offline-recordings/${recordingB.id}/match`,
      {},
      cast.adminA.token,
    );
    expect(wrongClub.statusCode).toBe(404);
    expect(wrongClub.json()).toEqual({ message: "No offline recording found" });
    const urlA = `/v1/clubs/${cast.clubA.id}/offline-recordings/${recordingA.id}/match`;
    expect((await http.post(urlA, {}, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.post(urlA, {}, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.post(urlA, {})).statusCode).toBe(401);
    expect(
      (await t.deps.prisma.offlineRecording.findUniqueOrThrow({ where: { id: recordingA.id } })).matchId,
    ).toBeNull();
  });

  it("works the same over tRPC", async () => {
    const recording = await recordingOf(cast.clubA.id, "2025-05-08T17:00:00Z");
    const res = await http.mutation(
      "offline.toMatch",
      { club: cast.clubA.id, recording: recording.id, is_training: 1 },
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.data).toMatchObject({ status: "processing", is_training: true });
  });
});
