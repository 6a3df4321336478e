// The clips and summaries tables' bulk actions (issue 14): make private or
// public, share with a team, delete, and one zip of the ready videos. A private
// item is hidden from visitors (and from the public match page's summary), its
// files reached only through signed URLs; a team's members see what is shared
// with it under "recorded", another team's members don't; another club's items
// are never changed or seen. Each change reaches the open pages that list the
// items over realtime channels; a visitor's public channel learns no more than ids.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Match, Team } from "@clubcast/db";
import { CHANNELS, EVENTS, defaultClipWindow, type EventPayloads } from "@clubcast/shared";
import { createMember, useTestAppWithCast, type Member } from "@clubcast/testkit/api";
import { createMatch, createTeam } from "@clubcast/testkit/factories";
import {
  collectEvents,
  connectSocket,
  disconnectAllSockets,
  listen,
  nextEvent,
  subscribe,
} from "@clubcast/testkit/realtime";
import { BULK_MAX_IDS } from "@clubcast/domain/media/schemas.ts";

const { t, http, cast } = useTestAppWithCast();
let home: Team;
let away: Team;
let otherTeam: Team;
let homePlayer: Member;
let otherPlayer: Member;
/** One second of real H.264 video, made with ffmpeg. */
let sampleMp4: string;

beforeAll(async () => {
  const { prisma } = t.deps;
  home = await createTeam(prisma, cast.clubA.id, { fullname: "FC Zuiderpark JO17-1" });
  away = await createTeam(prisma, cast.clubA.id, { fullname: "VV Noord JO17-1" });
  otherTeam = await createTeam(prisma, cast.clubA.id, { fullname: "FC Zuiderpark JO19-1" });
  homePlayer = await createMember(t, { scope: "player", clubId: cast.clubA.id });
  otherPlayer = await createMember(t, { scope: "clubmember", clubId: cast.clubA.id });
  await prisma.userTeam.create({ data: { userId: homePlayer.user.id, teamId: home.id } });
  await prisma.userTeam.create({ data: { userId: otherPlayer.user.id, teamId: otherTeam.id } });
  sampleMp4 = join(mkdtempSync(join(tmpdir(), "clubcast-bulk-")), "sample.mp4");
  execFileSync("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-t", "1"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "+faststart", sampleMp4],
  ]);
});

const fileOf = (matchId: number, path: string) => join(t.config.mediaDir, "matches", String(matchId), path);
function placeVideo(matchId: number, path: string) {
  mkdirSync(dirname(fileOf(matchId, path)), { recursive: true });
  copyFileSync(sampleMp4, fileOf(matchId, path));
}

/** A recorded match of club A between the two teams, on 20 November 2026 (Amsterdam). */
const matchOf = (columns: Partial<Match> = {}) =>
  createMatch(t.deps.prisma, {
    clubId: cast.clubA.id,
    status: "vod",
    homeTeamId: home.id,
    awayTeamId: away.id,
    startingAt: new Date("2026-11-20T13:00:00Z"),
    ...columns,
  });

/** A marker and its clip, cut (a real MP4 with poster in place) unless `ready` is false. */
async function clipOf(match: Match, timeMs: number, label = "Goal", ready = true) {
  const { prisma } = t.deps;
  const sequence = await prisma.sequence.create({ data: { matchId: match.id, userId: cast.adminA.user.id } });
  const marker = await prisma.marker.create({ data: { sequenceId: sequence.id, timeMs, label } });
  const clip = await prisma.clip.create({
    data: { markerId: marker.id, matchId: match.id, ...defaultClipWindow(timeMs), state: ready ? "ready" : "queued" },
  });
  if (!ready) return clip;
  const files = { videoPath: `clips/${clip.id}-1.mp4`, posterPath: `clips/${clip.id}-1.jpg` };
  placeVideo(match.id, files.videoPath);
  writeFileSync(fileOf(match.id, files.posterPath), "poster");
  return prisma.clip.update({ where: { id: clip.id }, data: files });
}

/** The match's summary, built (a real MP4 in place). */
async function summaryOf(match: Match) {
  const videoPath = "summaries/1-1.mp4";
  placeVideo(match.id, videoPath);
  return t.deps.prisma.summary.create({ data: { matchId: match.id, state: "ready", videoPath } });
}

const clubA = () => `/v1/clubs/${cast.clubA.id}`;
const pathOf = (url: string) => new URL(url).pathname;

describe("the clips table", () => {
  it("shows each clip's match, label, length, privacy and shares, 20 a page, filtered; empty says so", async () => {
    const club = await createTeam(t.deps.prisma, cast.clubA.id);
    const match = await matchOf({ homeTeamId: club.id });
    for (let i = 0; i < 21; i++) await clipOf(match, 30_000 + i * 1000, `Chance ${i}`, false);
    const first = await http.get(`${clubA()}/clips?team=${club.id}`, cast.adminA.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toMatchObject({ total: 21, per_page: 20, last_page: 2 });
    expect(first.json().data[0]).toMatchObject({
      match: { id: match.id, home_name: club.fullname, away_name: away.fullname },
      marker: { label: "Chance 20" },
      length_ms: 20_000,
      state: "queued",
      is_private: false,
      privacy_set: false,
      shared_teams: [],
    });
    const second = await http.get(`${clubA()}/clips?team=${club.id}&page=2`, cast.adminA.token);
    expect(second.json().data).toHaveLength(1);
    const empty = await http.get(`${clubA()}/clips?match=${match.id + 1000}`, cast.adminA.token);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ data: [], message: "No clips found" });
  });
});

describe("bulk download", () => {
  it("gives one zip of the ready clips, with clear, sanitized and unique names, each a playable MP4", async () => {
    const match = await matchOf();
    const goal = await clipOf(match, 754_000);
    const again = await clipOf(match, 754_000);
    const odd = await clipOf(match, 5_000, 'Save: "top/left" *corner*');
    const waiting = await clipOf(match, 90_000, "Corner", false);
    const ids = [goal.id, again.id, odd.id, waiting.id];

    const res = await http.post(`${clubA()}/clips/download`, { ids }, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    const { data, message } = res.json();
    const expected = [
      "2026-11-20 FC Zuiderpark JO17-1 – VV Noord JO17-1 – 0m05s Save top left corner.mp4",
      "2026-11-20 FC Zuiderpark JO17-1 – VV Noord JO17-1 – 12m34s Goal.mp4",
      "2026-11-20 FC Zuiderpark JO17-1 – VV Noord JO17-1 – 12m34s Goal (2).mp4",
    ];
    expect(data.files.map((file: { name: string }) => file.name)).toEqual(expected);
    expect(data.failed).toEqual([{ id: waiting.id, reason: "not ready" }]);
    expect(message).toBe("3 files in the zip.");

    const zip = await http.get(pathOf(data.url));
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    const folder = mkdtempSync(join(tmpdir(), "clubcast-zip-"));
    writeFileSync(join(folder, "clips.zip"), zip.rawPayload);
    execFileSync("unzip", ["-q", join(folder, "clips.zip"), "-d", join(folder, "out")]);
    expect(readdirSync(join(folder, "out")).sort()).toEqual([...expected].sort());
    for (const name of expected) {
      const codec = execFileSync("ffprobe", [
        ...["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name", "-of", "csv=p=0"],
        join(folder, "out", name),
      ]);
      expect(codec.toString().trim()).toBe("h264");
    }
  });

  it("names summaries by their match, refuses a selection with nothing ready, and a forged or expired URL", async () => {
    const summary = await summaryOf(await matchOf());
    const res = await http.post(`${clubA()}/summaries/download`, { ids: [summary.id] }, cast.adminA.token);
    expect(res.json().data.files).toEqual([
      { id: summary.id, name: "2026-11-20 FC Zuiderpark JO17-1 – VV Noord JO17-1 – Summary.mp4" },
    ]);
    const url = pathOf(res.json().data.url);
    expect((await http.get(url)).statusCode).toBe(200);
    // The signature covers the ids: another selection under it is refused.
    expect((await http.get(url.replace(/\/\d+\.zip$/, `/${summary.id + 1}.zip`))).statusCode).toBe(404);
    expect((await http.get(url.replace(/archives\/\d+/, "archives/1000"))).statusCode).toBe(404);

    const waiting = await clipOf(await matchOf(), 10_000, "Corner", false);
    const none = await http.post(`${clubA()}/clips/download`, { ids: [waiting.id] }, cast.adminA.token);
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(["ids"]);
  });
});

describe("bulk privacy", () => {
  it("hides a private summary from visitors and the public match page, with signed links for the staff", async () => {
    const match = await matchOf();
    const summary = await summaryOf(match);
    const clip = await clipOf(match, 40_000);
    const publicPage = await http.get(`/v1/matches/${match.id}/summary`);
    expect(publicPage.statusCode).toBe(200);
    const publicVideo = pathOf(publicPage.json().data.video_url);
    expect((await http.get(publicVideo)).statusCode).toBe(200);

    const res = await http.post(
      `${clubA()}/summaries/privacy`,
      { ids: [summary.id], private: true },
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { done: [summary.id], failed: [] }, message: "1 made private." });
    // The match stays public: the summary is none of a visitor's any more.
    expect((await http.get(`/v1/matches/${match.id}/summary`)).json()).toEqual({ data: null });
    expect((await http.get(publicVideo)).statusCode).toBe(404);
    expect((await http.get(publicVideo.replace("summaries/", "summaries//"))).statusCode).toBe(404);
    // Another team's member doesn't see it either; the club's staff do, through a signed link.
    expect((await http.get(`/v1/matches/${match.id}/summary`, otherPlayer.token)).json()).toEqual({ data: null });
    const staff = await http.get(`/v1/matches/${match.id}/summary`, cast.adminA.token);
    expect(staff.json().data).toMatchObject({ is_private: true, privacy_set: true });
    expect(staff.json().data.video_url).toContain("/media/signed/");
    expect((await http.get(pathOf(staff.json().data.video_url))).statusCode).toBe(200);

    // A clip made private is served only signed; made public again, plainly.
    await http.post(`${clubA()}/clips/privacy`, { ids: [clip.id], private: true }, cast.adminA.token);
    expect((await http.get(`/media/matches/${match.id}/${clip.videoPath}`)).statusCode).toBe(404);
    const back = await http.post(`${clubA()}/clips/privacy`, { ids: [clip.id], private: false }, cast.adminA.token);
    expect(back.json().message).toBe("1 made public.");
    expect((await http.get(`/media/matches/${match.id}/${clip.videoPath}`)).statusCode).toBe(200);
  });
});

describe("sharing with a team", () => {
  it("shows the clips and summary to that team's members under recorded, not to another team's", async () => {
    const match = await matchOf({ isPrivate: true });
    const clips = [await clipOf(match, 20_000), await clipOf(match, 60_000)];
    const summary = await summaryOf(match);
    const ids = clips.map((clip) => clip.id);
    await http.post(`${clubA()}/clips/privacy`, { ids, private: true }, cast.adminA.token);
    await http.post(`${clubA()}/summaries/privacy`, { ids: [summary.id], private: true }, cast.adminA.token);

    const shared = await http.post(`${clubA()}/clips/share`, { ids, team: home.id }, cast.adminA.token);
    expect(shared.json().message).toBe(`2 shared with ${home.fullname}.`);
    await http.post(`${clubA()}/summaries/share`, { ids: [summary.id], team: home.id }, cast.adminA.token);

    const seen = await http.get(`${clubA()}/recorded/clips`, homePlayer.token);
    expect(seen.statusCode).toBe(200);
    expect(
      seen
        .json()
        .data.map((clip: { id: number }) => clip.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(seen.json().data[0].video_url).toContain("/media/signed/");
    const seenSummaries = await http.get(`${clubA()}/recorded/summaries`, homePlayer.token);
    expect(seenSummaries.json().data.map((s: { id: number }) => s.id)).toEqual([summary.id]);
    expect((await http.get(`/v1/matches/${match.id}/summary`, homePlayer.token)).statusCode).toBe(200);

    const notSeen = await http.get(`${clubA()}/recorded/clips`, otherPlayer.token);
    expect(notSeen.json()).toMatchObject({ data: [], message: "No clips found" });
    expect((await http.get(`${clubA()}/recorded/summaries`, otherPlayer.token)).json().data).toEqual([]);
    expect((await http.get(`/v1/matches/${match.id}/summary`, otherPlayer.token)).json()).toEqual({ data: null });
  });

  it("refuses a team of another club, naming the field", async () => {
    const clip = await clipOf(await matchOf(), 10_000);
    const foreign = await createTeam(t.deps.prisma, cast.clubB.id);
    const res = await http.post(`${clubA()}/clips/share`, { ids: [clip.id], team: foreign.id }, cast.adminA.token);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["team"]);
  });
});

describe("bulk delete", () => {
  it("removes the rows and their files", async () => {
    const match = await matchOf();
    const clips = [await clipOf(match, 20_000), await clipOf(match, 50_000)];
    const summary = await summaryOf(match);
    const files = clips.flatMap((clip) => [fileOf(match.id, clip.videoPath!), fileOf(match.id, clip.posterPath!)]);
    const ids = clips.map((clip) => clip.id);
    const res = await http.post(`${clubA()}/clips/delete`, { ids }, cast.adminA.token);
    expect(res.json()).toEqual({ data: { done: ids, failed: [] }, message: "2 deleted." });
    expect(await t.deps.prisma.clip.count({ where: { id: { in: ids } } })).toBe(0);
    expect(files.filter((file) => existsSync(file))).toEqual([]);

    const gone = await http.post(`${clubA()}/summaries/delete`, { ids: [summary.id] }, cast.adminA.token);
    expect(gone.statusCode).toBe(200);
    expect(await t.deps.prisma.summary.count({ where: { id: summary.id } })).toBe(0);
    expect(existsSync(fileOf(match.id, summary.videoPath!))).toBe(false);
  });
});

describe("realtime", () => {
  let url: string;
  beforeAll(async () => {
    url = await listen(t);
  });
  afterEach(() => disconnectAllSockets());

  type Changed = EventPayloads["videos.changed"];

  it("tells the club's staff, the shared team's members and the match page; a visitor learns ids only", async () => {
    const match = await matchOf({ createSummary: true });
    const summary = await summaryOf(match);
    await clipOf(match, 50_000);
    const clip = await clipOf(await matchOf(), 30_000);
    const staff = await connectSocket(url, cast.adminA.token);
    const member = await connectSocket(url, homePlayer.token);
    const outsider = await connectSocket(url, otherPlayer.token);
    const visitor = await connectSocket(url);
    for (const [socket, channel] of [
      [staff, CHANNELS.club(cast.clubA.id)],
      [member, CHANNELS.user(homePlayer.user.id)],
      [outsider, CHANNELS.user(otherPlayer.user.id)],
      [visitor, CHANNELS.match(match.id)],
    ] as const) {
      expect(await subscribe(socket, channel)).toEqual({ channel });
    }
    const visitorSaw: { event: string; payload: unknown }[] = [];
    visitor.onAny((event: string, payload: unknown) => visitorSaw.push({ event, payload }));
    const outsiderSaw = collectEvents<Changed>(outsider, EVENTS.videosChanged);
    const club = cast.clubA.id;

    // Made private: the staff's tables and the match page read it again; a visitor then finds none.
    const table = nextEvent<Changed>(staff, EVENTS.videosChanged);
    const page = nextEvent(visitor, EVENTS.summaryChanged);
    await http.post(`${clubA()}/summaries/privacy`, { ids: [summary.id], private: true }, cast.adminA.token);
    expect(await table).toEqual({ club, kind: "summaries", ids: [summary.id] });
    expect(await page).toEqual({ match: match.id, summary: summary.id });
    expect((await http.get(`/v1/matches/${match.id}/summary`)).json()).toEqual({ data: null });

    // Built again while private: the match's channel hears that it changed, nothing of its state.
    const building = nextEvent(visitor, EVENTS.summaryChanged);
    expect((await http.post(`/v1/matches/${match.id}/summary`, {}, cast.adminA.token)).statusCode).toBe(202);
    await building;

    // Shared with a team, then deleted: its members' recorded lists read it again each time.
    for (const change of [
      () => http.post(`${clubA()}/clips/share`, { ids: [clip.id], team: home.id }, cast.adminA.token),
      () => http.post(`${clubA()}/clips/delete`, { ids: [clip.id] }, cast.adminA.token),
    ]) {
      const heard = [nextEvent<Changed>(staff, EVENTS.videosChanged), nextEvent<Changed>(member, EVENTS.videosChanged)];
      expect((await change()).statusCode).toBe(200);
      expect(await Promise.all(heard)).toEqual([
        { club, kind: "clips", ids: [clip.id] },
        { club, kind: "clips", ids: [clip.id] },
      ]);
    }

    // Made public again: the match page reads it again, and a visitor sees it.
    const shown = nextEvent(visitor, EVENTS.summaryChanged);
    await http.post(`${clubA()}/summaries/privacy`, { ids: [summary.id], private: false }, cast.adminA.token);
    await shown;
    expect((await http.get(`/v1/matches/${match.id}/summary`)).statusCode).toBe(200);
    const summaryChanged = { event: EVENTS.summaryChanged, payload: { match: match.id, summary: summary.id } };
    expect(visitorSaw).toEqual([summaryChanged, summaryChanged, summaryChanged]);

    // Another team's member heard nothing of it, only of what is shared with their own team.
    const own = await clipOf(await matchOf(), 40_000);
    const ownHeard = nextEvent<Changed>(outsider, EVENTS.videosChanged);
    await http.post(`${clubA()}/clips/share`, { ids: [own.id], team: otherTeam.id }, cast.adminA.token);
    await ownHeard;
    expect(outsiderSaw).toEqual([{ club, kind: "clips", ids: [own.id] }]);
  });

  it("tells a single clip's delete and its marker's removal as a bulk delete, to the staff and the shared team", async () => {
    const match = await matchOf();
    const deleted = await clipOf(match, 30_000);
    const unmarked = await clipOf(match, 45_000);
    await t.deps.prisma.clipTeamShare.create({ data: { clipId: unmarked.id, teamId: home.id } });
    const staff = await connectSocket(url, cast.adminA.token);
    const member = await connectSocket(url, homePlayer.token);
    await subscribe(staff, CHANNELS.club(cast.clubA.id));
    await subscribe(member, CHANNELS.user(homePlayer.user.id));
    const memberSaw = collectEvents<Changed>(member, EVENTS.videosChanged);
    const club = cast.clubA.id;

    const afterDelete = nextEvent<Changed>(staff, EVENTS.videosChanged);
    expect((await http.del(`/v1/clips/${deleted.id}`, cast.adminA.token)).statusCode).toBe(204);
    expect(await afterDelete).toEqual({ club, kind: "clips", ids: [deleted.id] });

    const afterUnmark = [
      nextEvent<Changed>(staff, EVENTS.videosChanged),
      nextEvent<Changed>(member, EVENTS.videosChanged),
    ];
    expect((await http.del(`/v1/markers/${unmarked.markerId}`, cast.adminA.token)).statusCode).toBe(204);
    expect(await Promise.all(afterUnmark)).toEqual([
      { club, kind: "clips", ids: [unmarked.id] },
      { club, kind: "clips", ids: [unmarked.id] },
    ]);
    // The member's team had only the second clip: the first one's delete was none of their business.
    expect(memberSaw).toEqual([{ club, kind: "clips", ids: [unmarked.id] }]);
    expect(await t.deps.prisma.clip.count({ where: { id: { in: [deleted.id, unmarked.id] } } })).toBe(0);
  });

  it("lets no one outside the club's staff listen to its tables' changes", async () => {
    const channel = CHANNELS.club(cast.clubA.id);
    for (const [who, status] of [
      [homePlayer.token, 403],
      [cast.adminB.token, 404],
      [undefined, 401],
    ] as const) {
      expect(await subscribe(await connectSocket(url, who), channel)).toMatchObject({ channel, status });
    }
  });
});

describe("bad input", () => {
  it("names `ids` for an empty, too long or mistyped list, and for another club's ids (404)", async () => {
    const own = await clipOf(await matchOf(), 10_000);
    const foreignMatch = await createMatch(t.deps.prisma, { clubId: cast.clubB.id, status: "vod" });
    const foreign = await clipOf(foreignMatch, 10_000);
    const tooMany = Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1);
    for (const ids of [[], tooMany, "1,2", [1.5], ["1"], [0], null]) {
      const res = await http.post(`${clubA()}/clips/privacy`, { ids, private: true }, cast.adminA.token);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)[0]).toMatch(/^ids/);
    }
    const mixed = await http.post(`${clubA()}/clips/delete`, { ids: [own.id, foreign.id] }, cast.adminA.token);
    expect(mixed.statusCode).toBe(404);
    expect(Object.keys(mixed.json().errors)).toEqual(["ids"]);
    expect(mixed.json().message).toContain(String(foreign.id));
    // Nothing of the selection changed, and club B's admin can't reach club A's.
    expect(await t.deps.prisma.clip.count({ where: { id: { in: [own.id, foreign.id] } } })).toBe(2);
    const other = await http.post(`${clubA()}/clips/delete`, { ids: [own.id] }, cast.adminB.token);
    expect(other.statusCode).toBe(404);
    const wrongField = await http.post(`${clubA()}/clips/privacy`, { ids: [own.id] }, cast.adminA.token);
    expect(Object.keys(wrongField.json().errors)).toEqual(["private"]);
  });

  it("answers any bulk input with 200, 404 or 422, never more, and changes nothing it refused", async () => {
    const own = await clipOf(await matchOf(), 10_000);
    const foreign = await clipOf(await createMatch(t.deps.prisma, { clubId: cast.clubB.id, status: "vod" }), 10_000);
    const id = fc.oneof(
      fc.constantFrom(own.id, foreign.id, 0, -1, 2_147_483_648, 1.5),
      fc.integer(),
      fc.string({ maxLength: 4 }),
      fc.constant(null),
    );
    const ids = fc.oneof(
      fc.array(id, { maxLength: 5 }),
      fc.array(fc.constant(own.id), { maxLength: BULK_MAX_IDS + 3 }),
      id,
    );
    const body = fc.record({ ids, private: fc.oneof(fc.boolean(), fc.constant("yes")) }, { requiredKeys: ["ids"] });
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const res = await http.post(`${clubA()}/clips/privacy`, input, cast.adminA.token);
        const valid =
          Array.isArray(input.ids) &&
          input.ids.length >= 1 &&
          input.ids.length <= BULK_MAX_IDS &&
          input.ids.every((v) => v === own.id) &&
          typeof input.private === "boolean";
        if (valid) return res.statusCode === 200;
        if (![404, 422].includes(res.statusCode)) return false;
        return Object.keys(res.json().errors ?? {}).some((field) => /^(ids|private)/.test(field));
      }),
      { seed: 1414, numRuns: 120 },
    );
    expect((await t.deps.prisma.clip.findUniqueOrThrow({ where: { id: foreign.id } })).isPrivate).toBeNull();
  });
});
