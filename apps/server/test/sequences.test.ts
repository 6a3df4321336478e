// Sequences and markers: the annotations of a match by the staff of its clubs (canAnnotate).
import { beforeAll, describe, expect, it } from "vitest";
import type { Match } from "@clubcast/db";
import { ANNOTATION_CLIP_LENGTH } from "@clubcast/shared";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createMatch } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
let publicVod: Match;
let privateVodA: Match;

beforeAll(async () => {
  publicVod = await createMatch(t.deps.prisma, { clubId: cast.clubB.id, status: "vod" });
  privateVodA = await createMatch(t.deps.prisma, { clubId: cast.clubA.id, status: "vod", isPrivate: true });
});

const newSequence = async (match: Match, token: string, name = "First half") => {
  const res = await http.post(`/v1/matches/${match.id}/sequences`, { name }, token);
  expect(res.statusCode).toBe(201);
  expect(res.json().message).toBe("Sequence created");
  return res.json().data as { id: number };
};
const addMarker = (sequenceId: number, body: object, token: string) =>
  http.post(`/v1/sequences/${sequenceId}/markers`, body, token);

describe("sequences", () => {
  it("creates a sequence on a match the caller may annotate and lists the caller's own, markers in video order", async () => {
    const sequence = await newSequence(privateVodA, cast.adminA.token);
    expect(sequence).toMatchObject({
      match: privateVodA.id,
      user: cast.adminA.user.id,
      name: "First half",
      markers: [],
    });
    for (const [time, label] of [
      [90_000, "Goal"],
      [15_500, "Corner"],
      [45_000, "Card"],
    ] as const) {
      expect((await addMarker(sequence.id, { time_ms: time, label }, cast.adminA.token)).statusCode).toBe(201);
    }
    // Someone else's sequence on the same match stays out of the list.
    await newSequence(privateVodA, cast.system.token, "System's");

    const res = await http.get(`/v1/matches/${privateVodA.id}/sequences`, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(1);
    expect(data[0].markers.map((m: { label: string }) => m.label)).toEqual(["Corner", "Card", "Goal"]);
    expect(data[0].markers[0]).toMatchObject({
      sequence: sequence.id,
      time_ms: 15_500,
      clip_length: ANNOTATION_CLIP_LENGTH,
    });
  });

  it("answers 404 'No match found' for a match the caller may not see, 401 anonymous", async () => {
    const hidden = await http.post(`/v1/matches/${privateVodA.id}/sequences`, {}, cast.adminB.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: "No match found" });
    expect((await http.get(`/v1/matches/${privateVodA.id}/sequences`, cast.loner.token)).statusCode).toBe(404);
    expect((await http.get(`/v1/matches/${publicVod.id}/sequences`)).statusCode).toBe(401);
    expect((await http.get("/v1/matches/999999/sequences", cast.system.token)).statusCode).toBe(404);
  });

  it("lets the staff of the match's club annotate it, with an empty name by default", async () => {
    const res = await http.post(`/v1/matches/${publicVod.id}/sequences`, {}, cast.adminB.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe("");
  });

  it("answers 403 on a match the caller sees but may not annotate: a club-less account, members, another club's staff", async () => {
    // Issue 25: a self-registered account (scope player, no club) annotated another club's public match.
    for (const caller of [cast.loner, cast.playerA, cast.trainerA, cast.adminA]) {
      const res = await http.post(`/v1/matches/${publicVod.id}/sequences`, {}, caller.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/Only the staff of the match's club/);
    }
    // Members of the match's own club watch, the staff annotate.
    expect((await http.post(`/v1/matches/${privateVodA.id}/sequences`, {}, cast.playerA.token)).statusCode).toBe(403);
    expect(await t.deps.prisma.sequence.count({ where: { matchId: publicVod.id, userId: cast.loner.user.id } })).toBe(
      0,
    );
  });

  it("lets the staff of a club the match is shared with annotate it, until it is unshared", async () => {
    const shared = await createMatch(t.deps.prisma, {
      clubId: cast.clubB.id,
      status: "vod",
      isPrivate: true,
      sharedWithClubId: cast.clubA.id,
    });
    const sequence = await newSequence(shared, cast.adminA.token);
    const marker = (await addMarker(sequence.id, { time_ms: 1000, label: "Shared" }, cast.adminA.token)).json().data;
    await t.deps.prisma.match.update({ where: { id: shared.id }, data: { sharedWithClubId: null, isPrivate: false } });
    // Unshared but public: the sequence is still theirs to see, no longer to annotate.
    expect((await http.put(`/v1/markers/${marker.id}`, { time_ms: 2000 }, cast.adminA.token)).statusCode).toBe(403);
    expect((await addMarker(sequence.id, { time_ms: 3000, label: "x" }, cast.adminA.token)).statusCode).toBe(403);
    expect((await http.get(`/v1/matches/${shared.id}/sequences`, cast.adminA.token)).json().data).toHaveLength(1);
  });

  it("answers an empty list with 200 and 'No sequences found'", async () => {
    const res = await http.get(`/v1/matches/${publicVod.id}/sequences`, cast.loner.token, { "accept-language": "nl" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], message: "Geen sequenties gevonden" });
  });
});

describe("markers", () => {
  it("adds, changes and deletes markers of the caller's own sequence", async () => {
    const sequence = await newSequence(publicVod, cast.adminB.token);
    const added = await addMarker(
      sequence.id,
      { time_ms: 1000, label: "Kick-off", clip_length: 30 },
      cast.adminB.token,
    );
    expect(added.json()).toMatchObject({
      data: { sequence: sequence.id, time_ms: 1000, label: "Kick-off", clip_length: 30 },
      message: "Marker added",
    });
    const markerId = added.json().data.id;

    const changed = await http.put(`/v1/markers/${markerId}`, { label: "Start", time_ms: 1200 }, cast.adminB.token);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      data: { id: markerId, label: "Start", time_ms: 1200, clip_length: 30 },
      message: "Marker updated",
    });

    const deleted = await http.del(`/v1/markers/${markerId}`, cast.adminB.token);
    expect(deleted.statusCode).toBe(204);
    expect(await t.deps.prisma.marker.findUnique({ where: { id: markerId } })).toBeNull();
  });

  it("answers 404 to anyone but the owner or a system admin, and changes nothing", async () => {
    const sequence = await newSequence(publicVod, cast.adminB.token);
    const marker = (await addMarker(sequence.id, { time_ms: 5000, label: "Foul" }, cast.adminB.token)).json().data;
    for (const member of [cast.trainerA, cast.adminA, cast.playerA]) {
      const add = await addMarker(sequence.id, { time_ms: 1, label: "x" }, member.token);
      expect(add.statusCode).toBe(404);
      expect(add.json()).toEqual({ message: "No sequence found" });
      const put = await http.put(`/v1/markers/${marker.id}`, { label: "x" }, member.token);
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ message: "No marker found" });
      expect((await http.del(`/v1/markers/${marker.id}`, member.token)).statusCode).toBe(404);
    }
    expect((await http.del(`/v1/markers/${marker.id}`)).statusCode).toBe(401);
    expect(await t.deps.prisma.marker.findUniqueOrThrow({ where: { id: marker.id } })).toMatchObject({
      label: "Foul",
      timeMs: 5000,
    });
    expect(await t.deps.prisma.marker.count({ where: { sequenceId: sequence.id } })).toBe(1);

    const bySystem = await http.put(`/v1/markers/${marker.id}`, { label: "Checked" }, cast.system.token);
    expect(bySystem.statusCode).toBe(200);
    expect((await http.del(`/v1/markers/${marker.id}`, cast.system.token)).statusCode).toBe(204);
  });

  it("answers 422 naming the field for invalid markers", async () => {
    const sequence = await newSequence(publicVod, cast.adminB.token);
    for (const [body, field] of [
      [{ label: "x" }, "time_ms"],
      [{ time_ms: -1, label: "x" }, "time_ms"],
      [{ time_ms: 1.5, label: "x" }, "time_ms"],
      [{ time_ms: 1, label: "" }, "label"],
      [{ time_ms: 1, label: "x", clip_length: 0 }, "clip_length"],
      // A clip may not be longer than 5 minutes (issue 14).
      [{ time_ms: 1, label: "x", clip_length: 301 }, "clip_length"],
      [{ time_ms: 1, label: "x", colour: "red" }, "colour"],
    ] as const) {
      const res = await addMarker(sequence.id, body, cast.adminB.token);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors, field).toHaveProperty(field);
    }
    expect(await t.deps.prisma.marker.count({ where: { sequenceId: sequence.id } })).toBe(0);
  });

  it("works the same over tRPC", async () => {
    const created = await http.mutation("sequences.create", { id: publicVod.id, name: "tRPC" }, cast.adminB.token);
    const sequenceId = created.json().result.data.data.id;
    const marker = await http.mutation(
      "sequences.addMarker",
      { id: sequenceId, time_ms: 10, label: "A" },
      cast.adminB.token,
    );
    const markerId = marker.json().result.data.data.id;
    const updated = await http.mutation("sequences.updateMarker", { id: markerId, label: "B" }, cast.adminB.token);
    expect(updated.json().result.data.data.label).toBe("B");
    const list = await http.query("sequences.list", { id: publicVod.id }, cast.adminB.token);
    expect(list.json().result.data.data.find((s: { id: number }) => s.id === sequenceId).markers).toHaveLength(1);
    expect((await http.mutation("sequences.deleteMarker", { id: markerId }, cast.adminA.token)).statusCode).toBe(404);
    expect((await http.mutation("sequences.deleteMarker", { id: markerId }, cast.adminB.token)).statusCode).toBe(200);
  });
});
