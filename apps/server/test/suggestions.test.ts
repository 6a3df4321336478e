// Moments suggested from a match's sound (issue 30): who may annotate the match lists them,
// accepts one (a marker of theirs, and with it a clip) or dismisses it, once; REST and tRPC.
import { beforeAll, describe, expect, it } from "vitest";
import type { Match } from "@clubcast/db";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createMatch } from "@clubcast/testkit/factories";

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
