// Creating, editing, sharing, privacy, deleting and scoring matches.
import { beforeAll, describe, expect, it } from "vitest";
import type { Club, Configuration, Field, Match, Team } from "@clubcast/db";
import { CHANNELS } from "@clubcast/shared";
import { PRIVACY_APPLIED_JOB, matchStartingJobId } from "@clubcast/shared/jobs";
import { createMember, type Member, useTestAppWithCast } from "@clubcast/testkit/api";
import { listenToChannels } from "./support/channel-listener.ts";
import {
  createApiClient,
  createClub,
  createConfiguration,
  createField,
  createMatch,
  createTeam,
} from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
let fieldA: Field;
let bareFieldA: Field;
let fieldB: Field;
let configA: Configuration;
let teamA: Team;
let teamB: Team;
let schedulerPlayerA: Member;
let clubmemberA: Member;
let trainerB: Member;
let newYorkClub: Club;
let adminNewYork: Member;

beforeAll(async () => {
  const { prisma } = t.deps;
  fieldA = await createField(prisma, cast.clubA.id);
  bareFieldA = await createField(prisma, cast.clubA.id);
  fieldB = await createField(prisma, cast.clubB.id);
  configA = await createConfiguration(prisma, { clubId: cast.clubA.id, fieldId: fieldA.id });
  teamA = await createTeam(prisma, cast.clubA.id, { fullname: "Alpha 1" });
  teamB = await createTeam(prisma, cast.clubB.id, { fullname: "Bravo 1" });
  newYorkClub = await createClub(prisma, { name: "New York Knights" });
  await prisma.club.update({ where: { id: newYorkClub.id }, data: { timezone: "America/New_York" } });
  schedulerPlayerA = await createMember(t, { scope: "player", clubId: cast.clubA.id, permissions: ["scheduler.all"] });
  clubmemberA = await createMember(t, { scope: "clubmember", clubId: cast.clubA.id });
  trainerB = await createMember(t, { scope: "trainer", clubId: cast.clubB.id });
  adminNewYork = await createMember(t, { scope: "club", clubId: newYorkClub.id });
});

const row = (id: number) => t.deps.prisma.match.findUnique({ where: { id } });
const matchOfA = (data: Partial<Parameters<typeof createMatch>[1]> = {}) =>
  createMatch(t.deps.prisma, { clubId: cast.clubA.id, fieldId: fieldA.id, ...data });
/** The asset-update posts waiting for a match (their parent waits for them, in waiting-children). */
const assetJobs = async (matchId: number) =>
  (await t.deps.jobs.assetUpdates.getJobs(["waiting"])).flatMap(({ id, data }) =>
    "target" in data && data.matchId === matchId ? [{ id, data }] : [],
  );
const privacyAppliedJobs = async (matchId: number) =>
  (await t.deps.jobs.assetUpdates.getJobs(["waiting-children"])).filter(
    (job) => job.name === PRIVACY_APPLIED_JOB && job.data.matchId === matchId,
  );
const commandJobsOf = async (matchId: number) =>
  (await t.deps.jobs.cameraCommands.getJobs(["waiting"])).filter((job) => job.data.matchId === matchId);
/** The match.starting timer of a match's start (timers are per start). */
const timerOf = (match: { id: number; startingAt: Date }) =>
  t.deps.jobs.matchTimers.getJob(matchStartingJobId({ matchId: match.id, startingAt: match.startingAt.toISOString() }));

describe("POST /v1/upcoming", () => {
  const valid = () => ({
    club: cast.clubA.id,
    home: cast.clubA.id,
    away: cast.clubB.id,
    hometeam: teamA.id,
    awayteam: teamB.id,
    field: fieldA.id,
    date: "2030-07-15",
    start: "20:00",
    stop: "21:45",
  });

  it("creates an unscheduled match from local date and time in the club's timezone, with the spec's defaults", async () => {
    const res = await http.post("/v1/upcoming", valid(), cast.adminA.token);
    expect(res.statusCode).toBe(201);
    const { message, data: match, job_ids: jobIds } = res.json();
    expect(message).toBe("Match created");
    expect(jobIds).toEqual([]);
    expect(match).toMatchObject({
      status: "unscheduled",
      list_status: null,
      // 20:00 summer time in Amsterdam is 18:00 UTC.
      starting_at: { date: "2030-07-15T18:00:00.000Z", timezone: "Europe/Amsterdam" },
      stopping_at: { date: "2030-07-15T19:45:00.000Z", timezone: "Europe/Amsterdam" },
      home: { club: { id: cast.clubA.id }, team: { id: teamA.id, fullname: "Alpha 1" }, score: 0 },
      away: { club: { id: cast.clubB.id }, team: { id: teamB.id, fullname: "Bravo 1" }, score: 0 },
      field: { id: fieldA.id },
      club: { id: cast.clubA.id, timezone: "Europe/Amsterdam" },
      is_private: false,
      is_scheduled: false,
      is_training: false,
      create_summary: true,
      shared_with: { opponent: false, club: null },
      camera_view: "media",
      camera_player_tracking: "auto",
      camera_focus: "centre",
    });
    expect(await row(match.id)).toMatchObject({ clubId: cast.clubA.id, status: "unscheduled" });
  });

  it("reads winter time, other timezones and matches past midnight correctly", async () => {
    const winter = await http.post("/v1/upcoming", { ...valid(), date: "2030-01-15" }, cast.adminA.token);
    expect(winter.json().data.starting_at.date).toBe("2030-01-15T19:00:00.000Z");

    const overnight = await http.post(
      "/v1/upcoming",
      { ...valid(), start: "23:30", datestop: "2030-07-16", stop: "01:00" },
      cast.adminA.token,
    );
    expect(overnight.json().data.stopping_at.date).toBe("2030-07-15T23:00:00.000Z");

    const newYork = await http.post(
      "/v1/upcoming",
      {
        club: newYorkClub.id,
        field: (await createField(t.deps.prisma, newYorkClub.id)).id,
        date: "2030-07-15",
        start: "20:00",
        stop: "22:00",
      },
      adminNewYork.token,
    );
    expect(newYork.json().data.starting_at).toEqual({
      date: "2030-07-16T00:00:00.000Z",
      timezone: "America/New_York",
    });
  });

  it("takes the 0/1 flags (or booleans), camera settings and sharing", async () => {
    const res = await http.post(
      "/v1/upcoming",
      {
        ...valid(),
        is_private: 1,
        is_training: "1",
        create_summary: 0,
        shared_opponent: true,
        shared_with: cast.clubB.id,
        camera_view: "tactical",
        camera_player_tracking: "off",
        camera_focus: "left",
      },
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      is_private: true,
      is_training: true,
      create_summary: false,
      shared_with: { opponent: true, club: { id: cast.clubB.id, name: "Bravo United" } },
      camera_view: "tactical",
      camera_player_tracking: "off",
      camera_focus: "left",
    });
  });

  it("with is_scheduled=1 also asks the camera to schedule it", async () => {
    const res = await http.post("/v1/upcoming", { ...valid(), is_scheduled: 1 }, cast.adminA.token);
    expect(res.statusCode).toBe(201);
    const { data: match, job_ids: jobIds } = res.json();
    expect(match.status).toBe("unscheduled");
    expect(jobIds).toHaveLength(1);
    const job = await t.deps.jobs.cameraCommands.getJob(jobIds[0]);
    expect(job!.data).toMatchObject({ command: "schedule", matchId: match.id, configurationId: configA.id });
  });

  it("answers 422 on 'configuration' for is_scheduled=1 on a field without a camera, creating nothing", async () => {
    const before = await t.deps.prisma.match.count();
    const res = await http.post(
      "/v1/upcoming",
      { ...valid(), field: bareFieldA.id, is_scheduled: 1 },
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty("configuration");
    expect(await t.deps.prisma.match.count()).toBe(before);
  });

  it("answers 422 naming each invalid field", async () => {
    const before = await t.deps.prisma.match.count();
    const cases: [object, string, string][] = [
      [{ date: undefined }, "date", "The date field is required."],
      [{ date: "2030-02-30" }, "date", "The date field must be a date (YYYY-MM-DD)."],
      [{ date: "15-07-2030" }, "date", "The date field must be a date (YYYY-MM-DD)."],
      [{ start: "25:00" }, "start", "The start field must be a time (HH:mm)."],
      [{ stop: "19:00" }, "stop", "The stop time must be after the start time."],
      [{ stop: "20:00" }, "stop", "The stop time must be after the start time."],
      [{ field: fieldB.id }, "field", "The selected field does not belong to this club."],
      [{ field: 999999 }, "field", "The selected field is invalid."],
      [{ hometeam: teamB.id }, "hometeam", "The home team must be one of the home club's teams."],
      [{ away: 999999 }, "away", "The selected away is invalid."],
      [{ shared_with: cast.clubA.id }, "shared_with", "A match cannot be shared with its own club."],
      [{ is_private: 2 }, "is_private", "The selected is private is invalid."],
      [{ status: "live" }, "status", "The status field is not allowed."],
    ];
    for (const [change, field, message] of cases) {
      const res = await http.post("/v1/upcoming", { ...valid(), ...change }, cast.adminA.token);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field], field).toEqual([message]);
      expect(res.json().message, field).toBe(message);
    }
    expect(await t.deps.prisma.match.count()).toBe(before);
  });

  it("accepts the away team of the away club", async () => {
    const res = await http.post(
      "/v1/upcoming",
      { ...valid(), away: cast.clubB.id, awayteam: teamB.id },
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(201);
    const wrongSide = await http.post(
      "/v1/upcoming",
      { ...valid(), away: null, awayteam: teamB.id },
      cast.adminA.token,
    );
    expect(wrongSide.json().errors.awayteam).toEqual(["The selected awayteam does not belong to this club."]);
  });

  it("refuses a side's team that is not of that side's club, the scheduling club's included (422 naming the field)", async () => {
    const before = await t.deps.prisma.match.count();
    const homeTeamAway = await http.post(
      "/v1/upcoming",
      { ...valid(), away: cast.clubB.id, awayteam: teamA.id },
      cast.adminA.token,
    );
    expect(homeTeamAway.statusCode).toBe(422);
    expect(homeTeamAway.json().errors).toEqual({ awayteam: ["The away team must be one of the away club's teams."] });
    const awayTeamHome = await http.mutation(
      "matches.create",
      { ...valid(), home: cast.clubA.id, hometeam: teamB.id, away: cast.clubB.id, awayteam: teamB.id },
      cast.adminA.token,
    );
    expect(awayTeamHome.statusCode).toBe(422);
    expect(awayTeamHome.json().error.data.errors).toEqual({
      hometeam: ["The home team must be one of the home club's teams."],
    });
    expect(await t.deps.prisma.match.count()).toBe(before);

    const match = (await http.post("/v1/upcoming", valid(), cast.adminA.token)).json().data;
    const edit = await http.put(
      `/v1/clubs/${cast.clubA.id}/matches/${match.id}`,
      { away: cast.clubB.id, awayteam: teamA.id },
      cast.adminA.token,
    );
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toHaveProperty("awayteam");
  });

  it("lets the club's admin, system admins and holders of scheduler.all create; 403 players, 404 another club, 401 anonymous", async () => {
    for (const member of [cast.system, schedulerPlayerA]) {
      expect((await http.post("/v1/upcoming", valid(), member.token)).statusCode).toBe(201);
    }
    for (const member of [cast.playerA, cast.trainerA, clubmemberA]) {
      expect((await http.post("/v1/upcoming", valid(), member.token)).statusCode).toBe(403);
    }
    expect((await http.post("/v1/upcoming", valid(), cast.adminB.token)).statusCode).toBe(404);
    expect((await http.post("/v1/upcoming", valid())).statusCode).toBe(401);
    const missingClub = await http.post("/v1/upcoming", { ...valid(), club: 999999 }, cast.system.token);
    expect(missingClub.statusCode).toBe(422);
    expect(missingClub.json().errors).toHaveProperty("club");
  });

  it("creates the same over tRPC", async () => {
    const res = await http.mutation("matches.create", valid(), cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.data.starting_at.date).toBe("2030-07-15T18:00:00.000Z");
    const invalid = await http.mutation("matches.create", { ...valid(), stop: "10:00" }, cast.adminA.token);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().error.data.errors.stop).toEqual(["The stop time must be after the start time."]);
  });
});

describe("PUT /v1/clubs/{club}/matches/{match} (full edit)", () => {
  const url = (match: Match, club = cast.clubA.id) => `/v1/clubs/${club}/matches/${match.id}`;

  it("changes the given editing fields, reading times in the club's timezone and keeping the rest", async () => {
    const match = await matchOfA({
      startingAt: new Date("2030-03-01T18:00:00Z"),
      homeTeamId: teamA.id,
      cameraView: "media",
    });
    const res = await http.put(url(match), { start: "20:30", stop: "22:00", camera_view: "wide" }, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Match updated");
    expect(res.json().data).toMatchObject({
      starting_at: { date: "2030-03-01T19:30:00.000Z" },
      stopping_at: { date: "2030-03-01T21:00:00.000Z" },
      camera_view: "wide",
      home: { team: { id: teamA.id } },
      field: { id: fieldA.id },
    });
    const stop = await http.put(url(match), { stop: "20:00" }, cast.adminA.token);
    expect(stop.statusCode).toBe(422);
    expect(stop.json().errors).toHaveProperty("stop");
  });

  it("moves the match.starting timer of a scheduled match that gets a new start", async () => {
    const match = await matchOfA({ status: "scheduled", startingAt: new Date("2030-05-01T16:00:00Z") });
    await t.deps.jobs.setMatchStartingTimer(match.id, match.startingAt);
    const res = await http.put(url(match), { date: "2030-05-02", datestop: "2030-05-02" }, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    const timer = await timerOf({ id: match.id, startingAt: new Date("2030-05-02T16:00:00Z") });
    expect(timer!.data.startingAt).toBe("2030-05-02T16:00:00.000Z");
    expect(await timer!.getState()).toBe("delayed");
    expect(await timerOf(match)).toBeUndefined();
  });

  it("refuses (409) to edit a match that is live, processing or on demand, and changes nothing", async () => {
    for (const status of ["live", "processing", "vod"] as const) {
      const match = await matchOfA({ status });
      const res = await http.put(url(match), { camera_view: "wide" }, cast.adminA.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`This match is ${status}; only unscheduled or scheduled matches can be edited.`);
      expect((await row(match.id))!.cameraView).toBe("media");
    }
  });

  it("refuses (409) to move a scheduled match to another field, but moves an unscheduled one", async () => {
    const otherField = await createField(t.deps.prisma, cast.clubA.id);
    const scheduled = await matchOfA({ status: "scheduled" });
    const refused = await http.put(url(scheduled), { field: otherField.id }, cast.adminA.token);
    expect(refused.statusCode).toBe(409);
    expect((await row(scheduled.id))!.fieldId).toBe(fieldA.id);

    const unscheduled = await matchOfA({ configurationId: configA.id });
    const moved = await http.put(url(unscheduled), { field: otherField.id }, cast.adminA.token);
    expect(moved.statusCode).toBe(200);
    // The camera of the old field no longer applies.
    expect(await row(unscheduled.id)).toMatchObject({ fieldId: otherField.id, configurationId: null });
  });

  it("answers 403 to players and trainers, 404 to another club's admin (either path), 401 anonymous", async () => {
    const match = await matchOfA();
    for (const member of [cast.playerA, cast.trainerA]) {
      expect((await http.put(url(match), { camera_view: "x" }, member.token)).statusCode).toBe(403);
    }
    expect((await http.put(url(match), { camera_view: "x" }, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.put(url(match, cast.clubB.id), { camera_view: "x" }, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.put(url(match), { camera_view: "x" })).statusCode).toBe(401);
    expect((await row(match.id))!.cameraView).toBe("media");
  });
});

describe("PUT /v1/clubs/{club}/matches/{match} with update_match_only", () => {
  const url = (match: Match) => `/v1/clubs/${cast.clubA.id}/matches/${match.id}`;

  it("shares with a club or the opponent, and unshares", async () => {
    const match = await matchOfA({ status: "vod", isPrivate: true });
    const share = await http.put(url(match), { update_match_only: 1, shared_with: cast.clubB.id }, cast.adminA.token);
    expect(share.statusCode).toBe(200);
    expect(share.json().message).toBe("Match shared");
    expect(share.json().data.shared_with).toEqual({
      opponent: false,
      club: { id: cast.clubB.id, name: "Bravo United" },
    });
    // Now visible to club B.
    expect((await http.get(`/v1/matches/${match.id}`, cast.adminB.token)).statusCode).toBe(200);

    const opponent = await http.put(url(match), { update_match_only: 1, shared_opponent: 1 }, cast.adminA.token);
    expect(opponent.json().data.shared_with.opponent).toBe(true);

    const unshare = await http.put(url(match), { update_match_only: 1, shared_with: null }, cast.adminA.token);
    expect(unshare.json().message).toBe("Match unshared");
    expect(unshare.json().data.shared_with).toEqual({ opponent: true, club: null });
    expect(unshare.json().job_ids).toEqual([]);
    expect((await http.get(`/v1/matches/${match.id}`, cast.adminB.token)).statusCode).toBe(404);
  });

  it("answers 422 for sharing with the own club or an unknown one, for other fields, and for nothing to change", async () => {
    const match = await matchOfA({ status: "vod" });
    const own = await http.put(url(match), { update_match_only: 1, shared_with: cast.clubA.id }, cast.adminA.token);
    expect(own.json().errors.shared_with).toEqual(["A match cannot be shared with its own club."]);
    const unknown = await http.put(url(match), { update_match_only: 1, shared_with: 999999 }, cast.adminA.token);
    expect(unknown.statusCode).toBe(422);
    const other = await http.put(
      url(match),
      { update_match_only: 1, shared_opponent: 1, start: "10:00" },
      cast.adminA.token,
    );
    expect(other.json().errors).toEqual({
      start: ["The start field cannot be changed together with update_match_only."],
    });
    const nothing = await http.put(url(match), { update_match_only: 1 }, cast.adminA.token);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors).toHaveProperty("update_match_only");
    expect(await row(match.id)).toMatchObject({ sharedWithClubId: null, sharedOpponent: false });
  });

  it("toggles privacy now and enqueues the two asset updates carrying matchId", async () => {
    const match = await matchOfA({ status: "vod" });
    const res = await http.put(url(match), { update_match_only: 1, is_private: 1, is_scheduled: 0 }, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_private).toBe(true);
    expect((await row(match.id))!.isPrivate).toBe(true);

    const jobs = await assetJobs(match.id);
    expect(jobs.map((job) => job.data.target).sort()).toEqual(["thumbnail", "video"]);
    for (const job of jobs) {
      expect(job.data).toMatchObject({ matchId: match.id, isPrivate: true, requestedBy: cast.adminA.user.id });
      expect(job.id).toBe(job.data.idempotencyKey);
    }
    expect(res.json().job_ids.sort()).toEqual(jobs.map((job) => job.id).sort());
    // One job waits for both, to tell the requester they are done.
    const [parent, ...more] = await privacyAppliedJobs(match.id);
    expect(more).toEqual([]);
    expect(parent!.data).toEqual({ matchId: match.id, isPrivate: true, requestedBy: cast.adminA.user.id });
    expect(await parent!.getDependenciesCount()).toMatchObject({ unprocessed: 2 });
    expect(await commandJobsOf(match.id)).toEqual([]);

    // Sending the same privacy again changes nothing and enqueues nothing.
    const same = await http.put(
      url(match),
      { update_match_only: 1, is_private: 1, is_scheduled: 0 },
      cast.adminA.token,
    );
    expect(same.json().job_ids).toEqual([]);
    expect(await assetJobs(match.id)).toHaveLength(2);
  });

  it("requests scheduling when is_scheduled differs, through the state machine", async () => {
    const match = await matchOfA();
    const res = await http.put(url(match), { update_match_only: 1, is_private: 0, is_scheduled: 1 }, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    const [job] = await commandJobsOf(match.id);
    expect(job!.data).toMatchObject({ command: "schedule", configurationId: configA.id });
    expect(res.json().job_ids).toEqual([job!.id]);
    expect(await assetJobs(match.id)).toEqual([]);
  });

  it("refuses (409) an is_scheduled change the state machine doesn't allow, without touching privacy", async () => {
    const match = await matchOfA({ status: "live", isScheduled: true });
    const res = await http.put(url(match), { update_match_only: 1, is_private: 1, is_scheduled: 0 }, cast.adminA.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This match is live: only a scheduled match can be unscheduled.");
    expect((await row(match.id))!.isPrivate).toBe(false);
    expect(await assetJobs(match.id)).toEqual([]);
    expect(await commandJobsOf(match.id)).toEqual([]);
  });

  it("works the same over tRPC, and refuses players there too", async () => {
    const match = await matchOfA({ status: "vod" });
    const input = { club: cast.clubA.id, match: match.id, update_match_only: 1, shared_opponent: 1 };
    const res = await http.mutation("matches.update", input, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.data.shared_with.opponent).toBe(true);
    expect((await http.mutation("matches.update", input, cast.playerA.token)).statusCode).toBe(403);
  });
});

describe("DELETE /v1/matches/{id} and /v1/clubs/{club}/matches/{match}", () => {
  it("deletes for the club's scheduler and removes the match.starting timer", async () => {
    const match = await matchOfA({ status: "scheduled" });
    await t.deps.jobs.setMatchStartingTimer(match.id, match.startingAt);
    const res = await http.del(`/v1/matches/${match.id}`, cast.adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: match.id }, message: "Match deleted" });
    expect(await row(match.id)).toBeNull();
    expect(await timerOf(match)).toBeUndefined();

    const inClub = await matchOfA({ status: "scheduled" });
    await t.deps.jobs.setMatchStartingTimer(inClub.id, inClub.startingAt);
    const clubRes = await http.del(`/v1/clubs/${cast.clubA.id}/matches/${inClub.id}`, schedulerPlayerA.token);
    expect(clubRes.statusCode).toBe(200);
    expect(await row(inClub.id)).toBeNull();
    expect(await timerOf(inClub)).toBeUndefined();
  });

  it("lets system admins delete any club's match", async () => {
    const match = await createMatch(t.deps.prisma, { clubId: cast.clubB.id, isPrivate: true });
    expect((await http.del(`/v1/matches/${match.id}`, cast.system.token)).statusCode).toBe(200);
    expect(await row(match.id)).toBeNull();
  });

  it("answers 403 to players, 404 to another club's admin even for a public match, 401 anonymous", async () => {
    const match = await matchOfA({ status: "vod" });
    expect((await http.del(`/v1/matches/${match.id}`, cast.playerA.token)).statusCode).toBe(403);
    const other = await http.del(`/v1/matches/${match.id}`, cast.adminB.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "No match found" });
    expect((await http.del(`/v1/clubs/${cast.clubB.id}/matches/${match.id}`, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.del(`/v1/matches/${match.id}`)).statusCode).toBe(401);
    expect(await row(match.id)).not.toBeNull();
  });

  it("refuses (409) to delete a match while it is being recorded", async () => {
    const match = await matchOfA({ status: "live" });
    const res = await http.del(`/v1/clubs/${cast.clubA.id}/matches/${match.id}`, cast.adminA.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This match is being recorded; stop recording before deleting it.");
    expect(await row(match.id)).not.toBeNull();
  });

  it("deletes the same over tRPC", async () => {
    const first = await matchOfA();
    const second = await matchOfA();
    expect((await http.mutation("matches.delete", { id: first.id }, cast.adminA.token)).statusCode).toBe(200);
    const inClub = await http.mutation(
      "matches.deleteInClub",
      { club: cast.clubA.id, match: second.id },
      cast.adminA.token,
    );
    expect(inClub.statusCode).toBe(200);
    expect(await row(first.id)).toBeNull();
    expect(await row(second.id)).toBeNull();
  });
});

describe("POST /v1/clubs/{club}/matches/{match}/score", () => {
  const url = (match: Match, club = cast.clubA.id) => `/v1/clubs/${club}/matches/${match.id}/score`;

  it("sets the score for trainers and admins of the match's clubs and publishes match.scored", async () => {
    const match = await matchOfA({ status: "live", awayClubId: cast.clubB.id });
    const listener = await listenToChannels(t, [CHANNELS.match(match.id)]);
    try {
      const res = await http.post(url(match), { home: 3, away: 1 }, cast.trainerA.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        data: { id: match.id, home: { score: 3 }, away: { score: 1 } },
        message: "Score saved",
      });
      expect(await row(match.id)).toMatchObject({ homeScore: 3, awayScore: 1 });
      // The away club's trainer, through the away club's path.
      expect((await http.post(url(match, cast.clubB.id), { home: 3, away: 2 }, trainerB.token)).statusCode).toBe(200);
      expect((await http.post(url(match), { home: 4, away: 2 }, cast.adminA.token)).statusCode).toBe(200);
      expect((await http.post(url(match), { home: 4, away: 3 }, cast.system.token)).statusCode).toBe(200);

      await listener.settle();
      expect(listener.events("match.scored")).toEqual([
        { match: match.id, home: 3, away: 1 },
        { match: match.id, home: 3, away: 2 },
        { match: match.id, home: 4, away: 2 },
        { match: match.id, home: 4, away: 3 },
      ]);
    } finally {
      await listener.close();
    }
  });

  it("accepts the camera controller of the match's configuration and no other", async () => {
    const match = await matchOfA({ status: "live", configurationId: configA.id });
    const { client } = await createApiClient(t.deps.prisma, configA.id);
    const token = (await t.services.auth.issueToken({ apiClientId: client.id })).access_token;
    const res = await http.post(url(match), { home: 1, away: 0 }, token);
    expect(res.statusCode).toBe(200);

    const otherConfig = await createConfiguration(t.deps.prisma, { clubId: cast.clubA.id, fieldId: fieldA.id });
    const other = await createApiClient(t.deps.prisma, otherConfig.id);
    const otherToken = (await t.services.auth.issueToken({ apiClientId: other.client.id })).access_token;
    expect((await http.post(url(match), { home: 9, away: 9 }, otherToken)).statusCode).toBe(404);
    expect(await row(match.id)).toMatchObject({ homeScore: 1, awayScore: 0 });
  });

  it("answers 403 to players and club members, 404 to other clubs, 401 anonymous; changes nothing", async () => {
    const match = await matchOfA({ status: "live" });
    for (const member of [cast.playerA, clubmemberA]) {
      expect((await http.post(url(match), { home: 5, away: 5 }, member.token)).statusCode).toBe(403);
    }
    expect((await http.post(url(match), { home: 5, away: 5 }, cast.adminB.token)).statusCode).toBe(404);
    expect((await http.post(url(match, cast.clubB.id), { home: 5, away: 5 }, trainerB.token)).statusCode).toBe(404);
    expect((await http.post(url(match), { home: 5, away: 5 })).statusCode).toBe(401);
    expect(await row(match.id)).toMatchObject({ homeScore: 0, awayScore: 0 });
  });

  it("answers 422 for scores that aren't non-negative integers", async () => {
    const match = await matchOfA({ status: "live" });
    for (const [body, field] of [
      [{ home: -1, away: 0 }, "home"],
      [{ home: 1, away: 1.5 }, "away"],
      [{ home: 1 }, "away"],
      [{ home: "2", away: 0 }, "home"],
    ] as const) {
      const res = await http.post(url(match), body, cast.trainerA.token);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty(field);
    }
  });

  it("scores the same over tRPC, where the web client's score control posts; a player is refused 403", async () => {
    const match = await matchOfA({ status: "live" });
    const input = { club: cast.clubA.id, match: match.id, home: 2, away: 2 };
    const res = await http.mutation("matches.score", input, cast.trainerA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.data).toMatchObject({ home: { score: 2 }, away: { score: 2 } });

    const refused = await http.mutation("matches.score", { ...input, home: 7 }, cast.playerA.token);
    expect(refused.statusCode).toBe(403);
    expect(await row(match.id)).toMatchObject({ homeScore: 2, awayScore: 2 });
  });
});
