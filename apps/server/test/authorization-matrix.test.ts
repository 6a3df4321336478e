// Who may call what (spec section 6 and the club boundary): every declared /v1
// route × every actor, each cell asserting the exact status. The actors are the
// anonymous visitor, club A's clubmember, player, trainer and club administrator,
// a system administrator, club B's administrator (who must find club A's objects
// absent: 404, never 403) and club A's camera controller (an API-client token,
// which opens only the camera routes and what is public). A route declared
// without a row here fails the first test.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNELS, type MatchStatus } from "@clubcast/shared";
import { namedOperations, type RestOperation } from "@clubcast/domain/core/operation.ts";
import { domains } from "@clubcast/domain/domains.generated.ts";
import { hashToken } from "@clubcast/domain/auth/tokens.ts";
import type { TestApp } from "@clubcast/testkit/app";
import { startApiTestApp } from "@clubcast/testkit/api";
import { TEST_PASSWORD } from "@clubcast/testkit/factories";
import { ACTORS, buildMatrixWorld, type ActorName, type World } from "./support/matrix-world.ts";

type Outcome = 200 | 201 | 202 | 204 | 401 | 403 | 404 | 409 | 422;
/**
 * One outcome per actor, in the order of ACTORS: anonymous, clubmember, player,
 * trainer, club, system, otherClubAdmin, camera.
 */
type Outcomes = readonly [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

interface CellRequest {
  /** Values of the route's :params. */
  params?: Record<string, number | string>;
  query?: Record<string, string>;
  body?: object;
  /** Sent instead of the actor's token (a fresh one for logout); undefined sends none. */
  token?: string | undefined;
  /** Whether the call's effect shows in the database: true exactly when the call succeeded. */
  landed?: () => Promise<boolean>;
}

interface Answer {
  json(): unknown;
}

interface Case {
  /** What the cell addresses, named in failures. */
  target: string;
  /** Builds the cell's request; destructive rows make a fresh target per cell. */
  request(w: World, actor: ActorName): CellRequest | Promise<CellRequest>;
  expect: Outcomes;
  /** A successful answer's content the caller may see: a problem, or undefined. */
  verify?(answer: Answer, w: World, actor: ActorName): Promise<string | undefined>;
}

/** The smallest PNG there is (one transparent pixel), as a logo upload sends it. */
const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

// ── the usual columns ──
//                                         anon clubmember player trainer club system otherClub camera
const anyone = (ok: Outcome): Outcomes => [ok, ok, ok, ok, ok, ok, ok, ok];
const signedIn = (ok: Outcome): Outcomes => [401, ok, ok, ok, ok, ok, ok, 401];
/** Club A's members of every scope and system admins; club B's administrator finds nothing. */
const clubMembers = (ok: Outcome): Outcomes => [401, ok, ok, ok, ok, ok, 404, 401];
/** Club A's administrators (and system admins): the scheduler, offline, teams, users and system pages. */
const clubAdmins = (ok: Outcome): Outcomes => [401, 403, 403, 403, ok, ok, 404, 401];
/** The system admins' pages (streams, configuration, clubs/all, monitoring, access). */
const systemOnly = (ok: Outcome): Outcomes => [401, 403, 403, 403, 403, ok, 403, 401];
/** A system page's object of club A: another club's administrator finds nothing. */
const systemOnlyInClub = (ok: Outcome): Outcomes => [401, 403, 403, 403, 403, ok, 404, 401];
/** A user's own sequence: its owner (club A's administrator) and system admins; to everyone else it doesn't exist. */
const sequenceOwner = (ok: Outcome): Outcomes => [401, 404, 404, 404, ok, ok, 404, 401];
/** A machine's calls: a user's valid token is 403 (signing in again cannot help), none is 401. */
const cameraOnly = (ok: Outcome): Outcomes => [401, 403, 403, 403, 403, 403, 403, ok];
/** The media gateway's own calls: users are refused, and so is a camera controller bound to a configuration. */
const gatewayOnly: Outcomes = [401, 403, 403, 403, 403, 403, 403, 403];
/** Club admins see their own club's (another club's admin gets 200 with theirs), system admins everything. */
const clubAdminsOwnClub = (ok: Outcome): Outcomes => [401, 403, 403, 403, ok, ok, ok, 401];

const NEW_PASSWORD = "a brand new password";
const FUTURE_DAY = "2031-05-01";

const prismaOf = (w: World) => w.t.deps.prisma;
const clubA = (w: World) => ({ params: { id: w.clubA.id } });
const clubAsClub = (w: World) => ({ params: { club: w.clubA.id } });
const present = async (count: Promise<number>) => (await count) > 0;
/** The match's summary, made if it has none. */
const summaryOf = (w: World, match: { id: number }) =>
  prismaOf(w).summary.upsert({ where: { matchId: match.id }, create: { matchId: match.id }, update: {} });

/** A file below a match's media folder, as the worker leaves it. */
function mediaFileOf(w: World, matchId: number, path: string) {
  const file = join(w.t.config.mediaDir, "matches", String(matchId), path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, "not really a video");
}

let suggestedAtMs = 0;
/** A fresh pending suggestion on club A's private match, of its current recording, as the worker stores one. */
async function freshSuggestion(w: World) {
  const match = await prismaOf(w).match.findUniqueOrThrow({ where: { id: w.matches.vod.private.id } });
  suggestedAtMs += 100;
  return prismaOf(w).momentSuggestion.create({
    data: {
      matchId: match.id,
      recordingVersion: match.recordingVersion,
      timeMs: suggestedAtMs,
      kind: "whistle",
      confidence: 0.8,
    },
  });
}

/** A fresh clip of club A's private match, cut: ready with its video on disk. */
async function readyClipOf(w: World) {
  const clip = await w.fresh.clip();
  const videoPath = `clips/${clip.id}-1.mp4`;
  mediaFileOf(w, clip.matchId, videoPath);
  return prismaOf(w).clip.update({ where: { id: clip.id }, data: { state: "ready", videoPath } });
}

/** A fresh private match's summary, built: ready with its video on disk. */
async function readySummaryOf(w: World) {
  const match = await w.fresh.match({ status: "vod", isPrivate: true });
  const videoPath = "summaries/built-1.mp4";
  mediaFileOf(w, match.id, videoPath);
  return prismaOf(w).summary.create({ data: { matchId: match.id, state: "ready", videoPath } });
}

/** The bulk actions' rows of a table (clips or summaries): club A's administrators, each cell on a fresh item. */
function bulkRows(
  kind: "clips" | "summaries",
  fresh: (w: World) => Promise<{ id: number }>,
  table: (w: World) => {
    isPrivate(id: number): Promise<boolean>;
    shared(id: number): Promise<boolean>;
    exists(id: number): Promise<boolean>;
  },
): Record<string, Case> {
  const of = (w: World, id: number, body: object = {}) => ({
    params: { club: w.clubA.id },
    body: { ids: [id], ...body },
  });
  return {
    [`GET /v1/clubs/:club/recorded/${kind}`]: {
      target: `club A's ${kind} shared with the caller's teams`,
      request: clubAsClub,
      expect: clubMembers(200),
    },
    [`POST /v1/clubs/:club/${kind}/privacy`]: {
      target: `a fresh ${kind} item of club A`,
      async request(w) {
        const { id } = await fresh(w);
        return { ...of(w, id, { private: true }), landed: () => table(w).isPrivate(id) };
      },
      expect: clubAdmins(200),
    },
    [`POST /v1/clubs/:club/${kind}/share`]: {
      target: `a fresh ${kind} item of club A, with club A's team`,
      async request(w) {
        const { id } = await fresh(w);
        return { ...of(w, id, { team: w.teamA.id }), landed: () => table(w).shared(id) };
      },
      expect: clubAdmins(200),
    },
    [`POST /v1/clubs/:club/${kind}/delete`]: {
      target: `a fresh ${kind} item of club A`,
      async request(w) {
        const { id } = await fresh(w);
        return { ...of(w, id), landed: async () => !(await table(w).exists(id)) };
      },
      expect: clubAdmins(200),
    },
    [`POST /v1/clubs/:club/${kind}/download`]: {
      target: `a ready ${kind} item of club A`,
      async request(w) {
        return of(w, (await fresh(w)).id);
      },
      expect: clubAdmins(200),
    },
  };
}

/** The club an actor belongs to (null for the system admin and the anonymous visitor). */
function ownClubOf(w: World, actor: ActorName): number | null {
  if (actor === "otherClubAdmin") return w.clubB.id;
  if (actor === "anonymous" || actor === "system") return null;
  return w.clubA.id;
}

/** Whether the actor may see club A's private matches. */
const seesClubAPrivates = (actor: ActorName) => actor !== "anonymous" && actor !== "otherClubAdmin";

/** A public match list: it shows club A's public match of that status and none of its private ones. */
function publicListOf(status: MatchStatus): Case["verify"] {
  return async (answer, w) => {
    const ids = (answer.json() as { data: { id: number }[] }).data.map((m) => m.id);
    if (!ids.includes(w.matches[status].public.id)) return `the public ${status} match is missing`;
    const leaked = ids.filter((id) => w.privateMatchIds.has(id));
    return leaked.length ? `private matches ${leaked.join(", ")} listed` : undefined;
  };
}

/** Another club's admin sees their own club's streams, never club A's private matches. */
async function otherClubSeesNoPrivates(answer: Answer, w: World, actor: ActorName): Promise<string | undefined> {
  if (actor !== "otherClubAdmin") return undefined;
  const ids = (answer.json() as { data: { id: number }[] }).data.map((m) => m.id);
  const leaked = ids.filter((id) => w.privateMatchIds.has(id));
  return leaked.length ? `club A's private matches ${leaked.join(", ")} listed` : undefined;
}

/** A paged list of a club's things: outside system admins, only the caller's own club's, and not nothing. */
function ownClubOnly(clubIdOf: (item: Record<string, unknown>) => unknown): Case["verify"] {
  return async (answer, w, actor) => {
    const { data } = answer.json() as { data: Record<string, unknown>[] };
    if (!data.length) return "nothing listed";
    const own = ownClubOf(w, actor);
    if (own === null) return undefined;
    const foreign = data.filter((item) => clubIdOf(item) !== own);
    return foreign.length ? `${foreign.length} of another club listed` : undefined;
  };
}
const clubIdOfNamed = (item: Record<string, unknown>) => (item.club as { id: number } | null)?.id;

const MATRIX: Record<string, Case | readonly Case[]> = {
  // ── auth ──
  "POST /v1/login": {
    target: "a player's credentials",
    request: (w) => ({ body: { email: w.clubmate.email, password: TEST_PASSWORD } }),
    expect: anyone(200),
  },
  "POST /v1/logout": {
    target: "a fresh token of the caller",
    async request(w, actor) {
      const token = await w.fresh.token(actor);
      const revoked = { tokenHash: hashToken(token ?? ""), revokedAt: { not: null } };
      return { token, landed: () => present(prismaOf(w).accessToken.count({ where: revoked })) };
    },
    expect: signedIn(200),
  },
  "GET /v1/me": { target: "the caller", request: () => ({}), expect: signedIn(200) },
  "POST /v1/register": {
    target: "a new address",
    request(w) {
      const email = `${w.unique("registered")}@example.test`;
      return {
        body: {
          email,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
          first_name: "New",
          last_name: "Fan",
        },
        landed: () => present(prismaOf(w).user.count({ where: { email } })),
      };
    },
    expect: anyone(201),
  },
  "POST /v1/forgot": {
    target: "a player's address",
    request: (w) => ({ body: { email: w.clubmate.email } }),
    expect: anyone(200),
  },
  "POST /v1/reset": {
    target: "a fresh reset token",
    async request(w) {
      const { email, token } = await w.fresh.passwordReset();
      return { body: { token, email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } };
    },
    expect: anyone(200),
  },

  // ── matches: public ──
  "GET /v1/matches": {
    target: "the on-demand list",
    request: () => ({ query: { status: "vod" } }),
    expect: anyone(200),
    verify: publicListOf("vod"),
  },
  "GET /v1/matches/:id": [
    {
      target: "club A's private match",
      request: (w) => ({ params: { id: w.matches.vod.private.id } }),
      expect: [404, 200, 200, 200, 200, 200, 404, 200],
    },
    {
      target: "club A's public match",
      request: (w) => ({ params: { id: w.matches.vod.public.id } }),
      expect: anyone(200),
    },
  ],
  "GET /v1/clubs/:club/club-live-matches": {
    target: "club A's public page",
    request: clubAsClub,
    expect: anyone(200),
    verify: publicListOf("live"),
  },
  "GET /v1/clubs/:club/club-upcoming-matches": {
    target: "club A's public page",
    request: clubAsClub,
    expect: anyone(200),
    verify: publicListOf("scheduled"),
  },

  // ── matches: dashboard lists ──
  "GET /v1/live-matches": {
    target: "the Streams page",
    request: () => ({}),
    expect: clubAdminsOwnClub(200),
    verify: otherClubSeesNoPrivates,
  },
  "GET /v1/upcoming-matches": {
    target: "the Streams page",
    request: () => ({}),
    expect: clubAdminsOwnClub(200),
    verify: otherClubSeesNoPrivates,
  },
  "GET /v1/clubs/:club/live-matches": { target: "club A", request: clubAsClub, expect: clubMembers(200) },
  "GET /v1/clubs/:club/upcoming-matches": { target: "club A", request: clubAsClub, expect: clubMembers(200) },
  "GET /v1/clubs/:club/un-scheduled-matches": { target: "club A", request: clubAsClub, expect: clubAdmins(200) },
  "GET /v1/clubs/:club/recorded": { target: "club A", request: clubAsClub, expect: clubMembers(200) },

  // ── matches: creating, editing, deleting ──
  "POST /v1/upcoming": {
    target: "a new match of club A",
    request: (w) => ({
      body: { club: w.clubA.id, field: w.fieldA.id, date: FUTURE_DAY, start: "10:00", stop: "11:30" },
    }),
    expect: clubAdmins(201),
  },
  "PUT /v1/clubs/:club/matches/:match": {
    target: "a fresh private match of club A, shared with the opponent",
    async request(w) {
      const match = await w.fresh.match();
      return {
        params: { club: w.clubA.id, match: match.id },
        body: { update_match_only: 1, shared_opponent: 1 },
        landed: () => present(prismaOf(w).match.count({ where: { id: match.id, sharedOpponent: true } })),
      };
    },
    expect: clubAdmins(200),
  },
  "DELETE /v1/matches/:id": {
    target: "a fresh private match of club A",
    async request(w) {
      const match = await w.fresh.match();
      return {
        params: { id: match.id },
        landed: async () => !(await present(prismaOf(w).match.count({ where: { id: match.id } }))),
      };
    },
    expect: clubAdmins(200),
  },
  "DELETE /v1/clubs/:club/matches/:match": {
    target: "a fresh private match of club A",
    async request(w) {
      const match = await w.fresh.match();
      return {
        params: { club: w.clubA.id, match: match.id },
        landed: async () => !(await present(prismaOf(w).match.count({ where: { id: match.id } }))),
      };
    },
    expect: clubAdmins(200),
  },

  // ── matches: camera commands (only enqueued; the match changes when the worker confirms) ──
  "POST /v1/clubs/:club/matches/:match/schedule": {
    target: "club A's unscheduled private match",
    request: (w) => ({ params: { club: w.clubA.id, match: w.matches.unscheduled.private.id } }),
    expect: clubAdmins(202),
  },
  "POST /v1/clubs/:club/matches/:match/unschedule": {
    target: "club A's scheduled private match",
    request: (w) => ({ params: { club: w.clubA.id, match: w.matches.scheduled.private.id } }),
    expect: clubAdmins(202),
  },
  "POST /v1/clubs/:club/matches/:match/startrecording": {
    // The world's camera records its live matches: starting another match there is a 409 for everyone.
    target: "a scheduled private match of club A on a camera that records nothing",
    async request(w) {
      const camera = await w.fresh.configuration();
      const match = await w.fresh.match({ status: "scheduled" });
      await prismaOf(w).match.update({ where: { id: match.id }, data: { configurationId: camera.id } });
      return { params: { club: w.clubA.id, match: match.id } };
    },
    expect: clubAdmins(202),
  },
  "POST /v1/clubs/:club/matches/:match/stoprecording": {
    target: "club A's live private match",
    request: (w) => ({ params: { club: w.clubA.id, match: w.matches.live.private.id } }),
    expect: clubAdmins(202),
  },
  "POST /v1/clubs/:club/matches/:match/restore/:configuration": {
    target: "club A's private on-demand match from its configuration",
    request: (w) => ({
      params: { club: w.clubA.id, match: w.matches.vod.private.id, configuration: w.configurationA.id },
    }),
    expect: clubAdmins(202),
  },
  "POST /v1/clubs/:club/matches/:match/score": {
    target: "club A's live public match (recorded by the camera's configuration)",
    request: (w) => ({ params: { club: w.clubA.id, match: w.matches.live.public.id }, body: { home: 2, away: 1 } }),
    // Trainers, club admins and system admins of the match's clubs, and its camera controller.
    expect: [401, 403, 403, 200, 200, 200, 404, 200],
  },

  // ── match moments ──
  "GET /v1/matches/:id/score-events": {
    target: "club A's private match",
    request: (w) => ({ params: { id: w.matches.vod.private.id } }),
    // Whoever sees the match: its club, and its club's camera controller.
    expect: [404, 200, 200, 200, 200, 200, 404, 200],
  },
  "GET /v1/clubs/:club/moment-settings": { target: "club A", request: clubAsClub, expect: clubAdmins(200) },
  "PUT /v1/clubs/:club/moment-settings": {
    target: "club A",
    request: (w) => ({
      params: { club: w.clubA.id },
      body: { goal_entry_delay_s: 12, half_length_min: 40, half_time_break_min: 10 },
    }),
    expect: clubAdmins(200),
  },

  // ── offline recordings ──
  "GET /v1/clubs/:club/offline-recordings": { target: "club A", request: clubAsClub, expect: clubAdmins(200) },
  "POST /v1/clubs/:club/offline-recordings/:recording/match": {
    target: "a fresh offline recording of club A",
    async request(w) {
      const recording = await w.fresh.recording();
      return {
        params: { club: w.clubA.id, recording: recording.id },
        body: {},
        landed: () =>
          present(prismaOf(w).offlineRecording.count({ where: { id: recording.id, matchId: { not: null } } })),
      };
    },
    expect: clubAdmins(201),
  },

  // ── sequences and markers ──
  "GET /v1/matches/:id/sequences": {
    target: "club A's private match",
    request: (w) => ({ params: { id: w.matches.vod.private.id } }),
    expect: clubMembers(200),
  },
  "POST /v1/matches/:id/sequences": {
    target: "club A's private match",
    request: (w) => ({ params: { id: w.matches.vod.private.id }, body: { name: "Set pieces" } }),
    // Annotating makes the worker cut video: the match's club's staff only (issue 25).
    expect: clubAdmins(201),
  },
  "POST /v1/sequences/:id/markers": {
    target: "the administrator's sequence",
    request: (w) => ({ params: { id: w.sequence.id }, body: { time_ms: 90_000, label: "Corner" } }),
    expect: sequenceOwner(201),
  },
  "PUT /v1/markers/:id": {
    target: "a marker of the administrator's sequence",
    request: (w) => ({ params: { id: w.marker.id }, body: { label: "Big chance" } }),
    expect: sequenceOwner(200),
  },
  "DELETE /v1/markers/:id": {
    target: "a fresh marker of the administrator's sequence",
    async request(w) {
      const marker = await w.fresh.marker();
      return {
        params: { id: marker.id },
        landed: async () => !(await present(prismaOf(w).marker.count({ where: { id: marker.id } }))),
      };
    },
    expect: sequenceOwner(204),
  },

  // ── moments suggested from the sound (issue 30): who may annotate the match ──
  "GET /v1/matches/:id/suggestions": {
    target: "club A's private match",
    request: (w) => ({ params: { id: w.matches.vod.private.id } }),
    expect: clubAdmins(200),
  },
  "POST /v1/suggestions/:id/accept": {
    target: "a fresh suggestion on club A's private match",
    async request(w) {
      const suggestion = await freshSuggestion(w);
      return {
        params: { id: suggestion.id },
        landed: () => present(prismaOf(w).momentSuggestion.count({ where: { id: suggestion.id, state: "accepted" } })),
      };
    },
    expect: clubAdmins(200),
  },
  "POST /v1/suggestions/:id/dismiss": {
    target: "a fresh suggestion on club A's private match",
    async request(w) {
      const suggestion = await freshSuggestion(w);
      return {
        params: { id: suggestion.id },
        landed: () => present(prismaOf(w).momentSuggestion.count({ where: { id: suggestion.id, state: "dismissed" } })),
      };
    },
    expect: clubAdmins(200),
  },

  // ── clips ──
  "GET /v1/clubs/:id/clips": {
    target: "club A's clips",
    request: clubA,
    expect: clubAdmins(200),
  },
  "GET /v1/matches/:id/clips": {
    target: "club A's private match",
    request: (w) => ({ params: { id: w.matches.vod.private.id } }),
    expect: clubMembers(200),
  },
  "PUT /v1/clips/:id": {
    target: "the clip of a marker of the administrator's sequence",
    request: (w) => ({ params: { id: w.clip.id }, body: { start_ms: 50_000, end_ms: 70_000 } }),
    expect: sequenceOwner(200),
  },
  "DELETE /v1/clips/:id": {
    target: "a fresh clip of club A's private match",
    async request(w) {
      const clip = await w.fresh.clip();
      return {
        params: { id: clip.id },
        landed: async () => !(await present(prismaOf(w).clip.count({ where: { id: clip.id } }))),
      };
    },
    expect: clubAdmins(204),
  },

  ...bulkRows("clips", readyClipOf, (w) => ({
    isPrivate: async (id) => (await prismaOf(w).clip.findUniqueOrThrow({ where: { id } })).isPrivate === true,
    shared: (id) => present(prismaOf(w).clip.count({ where: { id, teamShares: { some: {} } } })),
    exists: (id) => present(prismaOf(w).clip.count({ where: { id } })),
  })),

  // ── summaries ──
  ...bulkRows("summaries", readySummaryOf, (w) => ({
    isPrivate: async (id) => (await prismaOf(w).summary.findUniqueOrThrow({ where: { id } })).isPrivate === true,
    shared: (id) => present(prismaOf(w).summary.count({ where: { id, teamShares: { some: {} } } })),
    exists: (id) => present(prismaOf(w).summary.count({ where: { id } })),
  })),
  "GET /v1/matches/:id/summary": [
    {
      target: "the summary of club A's private match",
      request: async (w) => ({ params: { id: (await summaryOf(w, w.matches.vod.private)).matchId } }),
      expect: [404, 200, 200, 200, 200, 200, 404, 200],
    },
    {
      target: "the summary of club A's public match",
      request: async (w) => ({ params: { id: (await summaryOf(w, w.matches.vod.public)).matchId } }),
      expect: anyone(200),
    },
  ],
  "GET /v1/clubs/:club/summaries": {
    target: "club A's summaries",
    async request(w) {
      await summaryOf(w, w.matches.vod.private);
      return clubAsClub(w);
    },
    expect: clubAdmins(200),
    verify: async (answer, w) => {
      const { data } = answer.json() as { data: { match: { id: number } }[] };
      return data.some((summary) => summary.match.id === w.matches.vod.private.id)
        ? undefined
        : "the private match's summary is missing";
    },
  },
  "POST /v1/matches/:id/summary": {
    target: "club A's private match, its clip ready",
    async request(w) {
      const match = w.matches.vod.private;
      await prismaOf(w).clip.update({
        where: { id: w.clip.id },
        data: { state: "ready", videoPath: "clips/ready.mp4" },
      });
      const { version } = await summaryOf(w, match);
      return {
        params: { id: match.id },
        landed: async () => (await summaryOf(w, match)).version > version,
      };
    },
    expect: clubAdmins(202),
  },

  // ── clubs ──
  "GET /v1/clubs": {
    target: "the caller's clubs",
    request: () => ({}),
    expect: signedIn(200),
    verify: ownClubOnly((club) => club.id),
  },
  "GET /v1/active-clubs": { target: "every activated club", request: () => ({}), expect: anyone(200) },
  "GET /v1/clubs/:id": { target: "club A (activated)", request: clubA, expect: anyone(200) },
  "POST /v1/clubs": {
    target: "a new club",
    request(w) {
      const name = w.unique("Club ");
      return {
        body: { name, sport_id: w.football.id },
        landed: () => present(prismaOf(w).club.count({ where: { name } })),
      };
    },
    expect: systemOnly(201),
  },
  "PUT /v1/clubs/:id": {
    target: "club A",
    request: (w) => ({ params: { id: w.clubA.id }, body: { notification_email: "office@alpha.test" } }),
    expect: clubAdmins(200),
  },
  "PUT /v1/clubs/:id/logo": {
    target: "club A's logo",
    request: (w) => ({ params: { id: w.clubA.id }, body: { image: ONE_PIXEL_PNG } }),
    expect: clubAdmins(200),
  },
  "DELETE /v1/clubs/:id/logo": {
    target: "club A's logo",
    request: (w) => ({ params: { id: w.clubA.id } }),
    expect: clubAdmins(200),
  },

  // ── fields ──
  "GET /v1/fields": {
    target: "the caller's club's fields",
    request: () => ({}),
    expect: signedIn(200),
    verify: ownClubOnly(clubIdOfNamed),
  },
  "GET /v1/fields/:id": {
    target: "club A's field",
    request: (w) => ({ params: { id: w.fieldA.id } }),
    expect: clubMembers(200),
  },
  "POST /v1/fields": {
    target: "a new field of club A",
    request(w) {
      const name = w.unique("Pitch ");
      return {
        body: { name, club: w.clubA.id, sport: w.football.id },
        landed: () => present(prismaOf(w).field.count({ where: { name } })),
      };
    },
    expect: clubAdmins(201),
  },
  "DELETE /v1/fields/:id": {
    target: "a fresh field of club A",
    async request(w) {
      const field = await w.fresh.field();
      return {
        params: { id: field.id },
        landed: async () => !(await present(prismaOf(w).field.count({ where: { id: field.id } }))),
      };
    },
    expect: clubAdmins(200),
  },

  // ── sports and teams ──
  "GET /v1/sports": { target: "every sport", request: () => ({}), expect: anyone(200) },
  "GET /v1/sports/:sport": {
    target: "football",
    request: () => ({ params: { sport: "football" } }),
    expect: anyone(200),
  },
  "POST /v1/sports": {
    target: "a new sport",
    request(w) {
      const slug = w.unique("sport-");
      return {
        body: { slug, name: slug, type: "football" },
        landed: () => present(prismaOf(w).sport.count({ where: { slug } })),
      };
    },
    expect: systemOnly(201),
  },
  "GET /v1/clubs/:id/teams": { target: "club A", request: clubA, expect: clubMembers(200) },
  "POST /v1/clubs/:id/teams": {
    target: "a new team of club A",
    request(w) {
      const fullname = w.unique("Team ");
      return {
        params: { id: w.clubA.id },
        body: { fullname },
        landed: () => present(prismaOf(w).team.count({ where: { fullname } })),
      };
    },
    expect: clubAdmins(201),
  },
  "DELETE /v1/clubs/:club/teams/:team": {
    target: "a fresh team of club A",
    async request(w) {
      const team = await w.fresh.team();
      return {
        params: { club: w.clubA.id, team: team.id },
        landed: async () => !(await present(prismaOf(w).team.count({ where: { id: team.id } }))),
      };
    },
    expect: clubAdmins(200),
  },
  "GET /v1/sports/:sport/teams": {
    target: "football's teams",
    request: () => ({ params: { sport: "football" } }),
    expect: signedIn(200),
  },

  // ── users ──
  "GET /v1/users": {
    target: "the caller's club's users",
    request: () => ({}),
    // Club B's administrator manages club B's users.
    expect: [401, 403, 403, 403, 200, 200, 200, 401],
    verify: ownClubOnly(clubIdOfNamed),
  },
  "GET /v1/clubs/:club/users": {
    target: "club A",
    request: (w) => ({ params: { club: w.clubA.id } }),
    expect: clubAdmins(200),
  },
  "GET /v1/users/:id": {
    target: "a player of club A",
    request: (w) => ({ params: { id: w.clubmate.id } }),
    expect: clubAdmins(200),
  },
  "POST /v1/users": {
    target: "a new player of club A",
    request(w) {
      const email = `${w.unique("created")}@example.test`;
      return {
        body: {
          email,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
          first_name: "New",
          last_name: "Player",
          club: w.clubA.id,
        },
        landed: () => present(prismaOf(w).user.count({ where: { email } })),
      };
    },
    expect: clubAdmins(201),
  },
  "PUT /v1/users": {
    target: "a fresh player of club A",
    async request(w) {
      const user = await w.fresh.user();
      const firstName = w.unique("Renamed ");
      return {
        body: { id: user.id, first_name: firstName },
        landed: () => present(prismaOf(w).user.count({ where: { id: user.id, firstName } })),
      };
    },
    expect: clubAdmins(200),
  },
  "PUT /v1/users/:id": {
    target: "a fresh player of club A",
    async request(w) {
      const user = await w.fresh.user();
      const firstName = w.unique("Renamed ");
      return {
        params: { id: user.id },
        body: { first_name: firstName },
        landed: () => present(prismaOf(w).user.count({ where: { id: user.id, firstName } })),
      };
    },
    expect: clubAdmins(200),
  },
  "DELETE /v1/users/:id": {
    target: "a fresh player of club A",
    async request(w) {
      const user = await w.fresh.user();
      return {
        params: { id: user.id },
        landed: async () => !(await present(prismaOf(w).user.count({ where: { id: user.id } }))),
      };
    },
    expect: clubAdmins(200),
  },
  "DELETE /v1/clubs/:club/users/:id": {
    target: "a fresh player of club A",
    async request(w) {
      const user = await w.fresh.user();
      return {
        params: { club: w.clubA.id, id: user.id },
        landed: () => present(prismaOf(w).user.count({ where: { id: user.id, clubId: null } })),
      };
    },
    expect: clubAdmins(200),
  },

  // ── roles and permissions ──
  "GET /v1/groups": { target: "every role", request: () => ({}), expect: systemOnly(200) },
  "GET /v1/permissions": { target: "every permission", request: () => ({}), expect: systemOnly(200) },
  "POST /v1/groups/:role/add-permission": {
    target: "a role",
    request: (w) => ({ params: { role: w.role.id }, body: { permission_id: w.permission.id } }),
    expect: systemOnly(200),
  },
  "POST /v1/groups/:role/remove-permission": {
    target: "a role",
    request: (w) => ({ params: { role: w.role.id }, body: { permission_id: w.permission.id } }),
    expect: systemOnly(200),
  },

  // ── messages and search ──
  "GET /v1/messages/feature-update": { target: "feature updates", request: () => ({}), expect: signedIn(200) },
  "POST /v1/messages/feature-update": {
    target: "a new feature update",
    request(w) {
      const content = w.unique("New: ");
      return {
        body: { lang: "en", content },
        landed: () => present(prismaOf(w).notification.count({ where: { content } })),
      };
    },
    expect: systemOnly(201),
  },
  "POST /v1/search/all": {
    target: "club A's name",
    request: () => ({ body: { query: "Alpha" } }),
    expect: anyone(200),
    async verify(answer, w, actor) {
      const ids = (answer.json() as { data: { matches: { id: number }[] } }).data.matches.map((m) => m.id);
      const privates = await prismaOf(w).match.count({ where: { id: { in: ids }, isPrivate: true } });
      if (!ids.length) return "no match found";
      if (seesClubAPrivates(actor)) return privates ? undefined : "club A's private matches are missing";
      return privates ? `${privates} private matches found` : undefined;
    },
  },

  // ── configurations and cameras ──
  "GET /v1/configurations": { target: "every configuration", request: () => ({}), expect: systemOnly(200) },
  "POST /v1/configurations": [
    {
      target: "a new configuration of club A",
      request: (w) => ({ body: { data: { club: w.clubA.id } } }),
      expect: systemOnly(200),
    },
    {
      target: "club A's configuration (update)",
      request: (w) => ({ body: { data: { id: w.configurationA.id, overlays: "usflogo" } } }),
      expect: systemOnlyInClub(200),
    },
  ],
  "DELETE /v1/configurations/:id": {
    target: "a fresh configuration of club A",
    async request(w) {
      const configuration = await w.fresh.configuration();
      return {
        params: { id: configuration.id },
        landed: async () => !(await present(prismaOf(w).configuration.count({ where: { id: configuration.id } }))),
      };
    },
    expect: systemOnlyInClub(204),
  },
  "POST /v1/configurations/:id/stream-key": {
    target: "club A's configuration",
    async request(w) {
      const { streamKey } = await prismaOf(w).configuration.findUniqueOrThrow({ where: { id: w.configurationA.id } });
      return {
        params: { id: w.configurationA.id },
        landed: async () =>
          (await prismaOf(w).configuration.findUniqueOrThrow({ where: { id: w.configurationA.id } })).streamKey !==
          streamKey,
      };
    },
    // Who may read the key: the club's streams staff (the go-live page) and system admins.
    expect: clubAdmins(200),
  },
  "GET /v1/clubs/:id/configurations": {
    target: "club A",
    request: clubA,
    // Spec section 6: not loaded for club members and players.
    expect: [401, 403, 403, 200, 200, 200, 404, 401],
  },
  "GET /v1/clubs/:id/stream-keys": {
    target: "club A",
    request: clubA,
    // The go-live page: the Streams section's staff of the club, and system admins.
    expect: clubAdmins(200),
  },
  "GET /v1/configurations/:configuration/cameras": {
    target: "club A's configuration",
    request: (w) => ({ params: { configuration: w.configurationA.id } }),
    expect: systemOnlyInClub(200),
  },
  "POST /v1/configurations/:configuration/cameras": {
    target: "club A's configuration",
    request(w) {
      const technicalName = w.unique("cam-");
      return {
        params: { configuration: w.configurationA.id },
        body: { display_name: "Wide", technical_name: technicalName },
        landed: () => present(prismaOf(w).camera.count({ where: { technicalName } })),
      };
    },
    expect: systemOnlyInClub(201),
  },
  "GET /v1/cameras/:id": {
    target: "club A's camera",
    request: (w) => ({ params: { id: w.cameraA.id } }),
    expect: systemOnlyInClub(200),
  },
  "PUT /v1/cameras/:id": {
    target: "club A's camera",
    request: (w) => ({ params: { id: w.cameraA.id }, body: { display_name: "Main camera" } }),
    expect: systemOnlyInClub(200),
  },
  "DELETE /v1/cameras/:id": {
    target: "a fresh camera of club A",
    async request(w) {
      const camera = await w.fresh.camera();
      return {
        params: { id: camera.id },
        landed: async () => !(await present(prismaOf(w).camera.count({ where: { id: camera.id } }))),
      };
    },
    expect: systemOnlyInClub(204),
  },

  // ── computers, routers, API clients, monitoring ──
  "GET /v1/computers": { target: "every computer", request: () => ({}), expect: systemOnly(200) },
  "POST /v1/computers": {
    target: "a new computer at club A",
    request(w) {
      const serial = w.unique("PC-");
      return {
        body: { name: "Clubhouse PC", serial, club: w.clubA.id },
        landed: () => present(prismaOf(w).computer.count({ where: { serial } })),
      };
    },
    expect: systemOnly(201),
  },
  "GET /v1/routers": { target: "every router", request: () => ({}), expect: systemOnly(200) },
  "POST /v1/routers": {
    target: "a new router at club A",
    request(w) {
      const serial = w.unique("RT-");
      return {
        body: { name: "Pitch router", serial, club: w.clubA.id },
        landed: () => present(prismaOf(w).router.count({ where: { serial } })),
      };
    },
    expect: systemOnly(201),
  },
  "GET /v1/api-clients": { target: "every API client", request: () => ({}), expect: systemOnly(200) },
  "POST /v1/api-clients": {
    target: "a new API client of club A's configuration",
    request(w) {
      const name = w.unique("Controller ");
      return {
        body: { name, configuration_id: w.configurationA.id },
        landed: () => present(prismaOf(w).apiClient.count({ where: { name } })),
      };
    },
    expect: systemOnly(201),
  },
  "DELETE /v1/api-clients/:id": {
    target: "a fresh API client of club A's configuration",
    async request(w) {
      const client = await w.fresh.apiClient();
      return {
        params: { id: client.id },
        landed: () => present(prismaOf(w).apiClient.count({ where: { id: client.id, revokedAt: { not: null } } })),
      };
    },
    expect: systemOnlyInClub(204),
  },
  "POST /v1/api-clients/:id/secret": {
    target: "a fresh API client of club A's configuration",
    async request(w) {
      const client = await w.fresh.apiClient();
      const { secretHash } = await prismaOf(w).apiClient.findUniqueOrThrow({ where: { id: client.id } });
      return {
        params: { id: client.id },
        landed: () =>
          present(prismaOf(w).apiClient.count({ where: { id: client.id, secretHash: { not: secretHash } } })),
      };
    },
    expect: systemOnlyInClub(200),
  },
  "GET /v1/monitoring": { target: "every device", request: () => ({}), expect: systemOnly(200) },
  "GET /v1/monitoring/failed-jobs": { target: "every queue", request: () => ({}), expect: systemOnly(200) },
  "GET /v1/monitoring/publish-refusals": {
    target: "the gateway's refusals",
    request: () => ({}),
    expect: systemOnly(200),
  },
  "GET /v1/monitoring/media-storage": { target: "the media disk", request: () => ({}), expect: systemOnly(200) },

  // ── media gateway ──
  "POST /v1/media-gateway/publish": {
    target: "configuration A's stream key",
    request: () => ({ body: { stream_key: "matrix-key", protocol: "rtmp", address: "198.51.100.7" } }),
    expect: gatewayOnly,
  },
  "POST /v1/media-gateway/refusals": {
    target: "a refused publisher",
    request: () => ({
      body: { stream_key: "matrix-key", protocol: "srt", address: "198.51.100.7", reason: "a second publisher" },
    }),
    expect: gatewayOnly,
  },
  "POST /v1/media-gateway/publishers": {
    target: "configuration A's camera",
    request: (w) => ({
      body: { configuration_id: w.configurationA.id, connected: true, protocol: "rtmp", hls_path: null },
    }),
    expect: gatewayOnly,
  },
  "GET /v1/media-gateway/previews": {
    target: "club A's connected cameras",
    request: (w) => ({ query: { club: String(w.clubA.id) } }),
    expect: clubAdmins(200),
  },
  "GET /v1/media-gateway/refusals": {
    target: "club A's refused cameras",
    request: (w) => ({ query: { club: String(w.clubA.id) } }),
    expect: clubAdmins(200),
  },
  "GET /v1/matches/:id/viewers": [
    {
      target: "club A's live private match",
      request: (w) => ({ params: { id: w.matches.live.private.id } }),
      // Whoever may see the match (as GET /v1/matches/:id).
      expect: [404, 200, 200, 200, 200, 200, 404, 200],
    },
    {
      target: "club A's live public match",
      request: (w) => ({ params: { id: w.matches.live.public.id } }),
      expect: anyone(200),
    },
  ],
  "GET /v1/matches/:id/publish-refusals": {
    target: "the refused cameras of club A's live public match's field",
    request: (w) => ({ params: { id: w.matches.live.public.id } }),
    expect: clubAdmins(200),
  },

  // ── camera controllers ──
  "POST /v1/camera/token": {
    target: "an API client's credentials",
    request: (w) => ({
      body: { client_id: w.cameraCredentials.clientId, client_secret: w.cameraCredentials.secret },
    }),
    expect: anyone(200),
  },
  "POST /v1/camera/heartbeat": {
    target: "club A's configuration",
    request: () => ({ body: { status: "online" } }),
    expect: cameraOnly(200),
  },
  "POST /v1/camera/stream-ready": {
    target: "club A's live public match",
    request: (w) => ({
      body: { match_id: w.matches.live.public.id, live_hls_url: "https://cdn.clubcast.test/live/index.m3u8" },
    }),
    expect: cameraOnly(200),
  },
  "POST /v1/camera/recording-finished": {
    target: "a recording without a match (an offline recording)",
    request(w) {
      const startedAt = new Date(Date.UTC(2030, 0, 1, 10) + w.next() * 3600_000);
      const endedAt = new Date(startedAt.getTime() + 3600_000);
      return {
        body: {
          started_at: startedAt.toISOString(),
          ended_at: endedAt.toISOString(),
          vod_hls_url: "https://cdn.clubcast.test/vod/index.m3u8",
        },
        landed: () => present(prismaOf(w).offlineRecording.count({ where: { startTime: startedAt } })),
      };
    },
    expect: cameraOnly(200),
  },

  // ── the rest ──
  "GET /v1/app-info": { target: "the platform", request: () => ({}), expect: anyone(200) },
  "GET /v1/health": { target: "the platform", request: () => ({}), expect: anyone(200) },
  "POST /v1/broadcasting/auth": [
    {
      target: "the dashboards' matches channel",
      request: () => ({ body: { channel_name: CHANNELS.matches } }),
      expect: signedIn(200),
    },
    {
      target: "the channel of club A's private match",
      request: (w) => ({ body: { channel_name: CHANNELS.match(w.matches.live.private.id) } }),
      expect: [404, 200, 200, 200, 200, 200, 404, 200],
    },
    {
      target: "the chat of club A's private match",
      request: (w) => ({ body: { channel_name: CHANNELS.chat(w.matches.live.private.id) } }),
      expect: [401, 200, 200, 200, 200, 200, 404, 401],
    },
    {
      target: "club A's channel (failed camera commands on its matches)",
      request: (w) => ({ body: { channel_name: CHANNELS.club(w.clubA.id) } }),
      expect: clubAdmins(200),
    },
    {
      target: "club A's streams channel (its refused cameras)",
      request: (w) => ({ body: { channel_name: CHANNELS.streams(w.clubA.id) } }),
      expect: clubAdmins(200),
    },
    {
      target: "the trainer's own channel",
      request: (w) => ({ body: { channel_name: CHANNELS.user(w.actors.trainer.id) } }),
      expect: [401, 403, 403, 200, 403, 403, 403, 401],
    },
  ],
};

const routeKey = ({ rest }: RestOperation) => `${rest.method} ${rest.path}`;
const casesOf = (key: string): readonly Case[] => [MATRIX[key]!].flat();

interface Sent {
  status: number;
  answer: Answer;
  body: string;
}

/** The cell's request over REST, as the row's key names it. */
async function sendRest(w: World, key: string, request: CellRequest, token: string | undefined): Promise<Sent> {
  const [method, path] = key.split(" ") as ["GET" | "POST" | "PUT" | "DELETE", string];
  const url = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${key}: the row gives no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const answer = await w.t.app.inject({
    method,
    url,
    ...(request.query ? { query: request.query } : {}),
    ...(request.body ? { payload: request.body } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: answer.statusCode, answer, body: answer.body };
}

/** The same request to the operation's tRPC procedure: params, query and body make its one input. */
function sendTrpc(procedure: string, kind: "query" | "mutation") {
  return async (w: World, _key: string, request: CellRequest, token: string | undefined): Promise<Sent> => {
    const input = JSON.stringify({ ...request.body, ...request.query, ...request.params });
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const answer = await w.t.app.inject(
      kind === "query"
        ? { method: "GET", url: `/trpc/${procedure}?input=${encodeURIComponent(input)}`, headers }
        : {
            method: "POST",
            url: `/trpc/${procedure}`,
            payload: input,
            headers: { ...headers, "content-type": "application/json" },
          },
    );
    const data = () => (answer.json() as { result: { data: unknown } }).result.data;
    return { status: answer.statusCode, answer: { json: data }, body: answer.body };
  };
}

type Send = (w: World, key: string, request: CellRequest, token: string | undefined) => Promise<Sent>;

/** tRPC answers every success 200: 201, 202 and 204 are REST's. */
const overTrpc = (expected: Outcome) => (expected === 201 || expected === 202 || expected === 204 ? 200 : expected);

/** Runs one cell; answers its problems (none when it behaved as the row says). */
async function runCell(
  w: World,
  key: string,
  cell: Case,
  actor: ActorName,
  send: Send,
  trpc = false,
): Promise<string[]> {
  const request = await cell.request(w, actor);
  const token = "token" in request ? request.token : w.tokens[actor];
  const { status, answer, body } = await send(w, key, request, token);
  const rowExpects = cell.expect[ACTORS.indexOf(actor)]!;
  const expected = trpc ? overTrpc(rowExpects) : rowExpects;
  const succeeded = status < 300;
  const problems: string[] = [];
  if (status !== expected) problems.push(`answered ${status}, expected ${expected}: ${body.slice(0, 160)}`);
  if (request.landed && (await request.landed()) !== succeeded) {
    problems.push(succeeded ? "succeeded without any effect" : "was refused, yet changed data");
  }
  if (succeeded && status === expected && cell.verify) {
    const problem = await cell.verify(answer, w, actor);
    if (problem) problems.push(problem);
  }
  return problems.map((problem) => `${actor} → ${cell.target}: ${problem}`);
}

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await startApiTestApp();
  w = await buildMatrixWorld(t);
});
afterAll(() => t?.close());

describe("the authorization matrix", () => {
  it("has exactly one row per declared /v1 route", () => {
    expect(Object.keys(MATRIX).sort()).toEqual(t.routes.map(routeKey).sort());
  });

  it.each(Object.keys(MATRIX))("%s", async (key) => {
    const problems: string[] = [];
    for (const cell of casesOf(key)) {
      // One cell after another, so fresh targets and shared fixtures never race.
      for (const actor of ACTORS) problems.push(...(await runCell(w, key, cell, actor, sendRest)));
    }
    expect(problems).toEqual([]);
  });
});

// The same rows against each operation's tRPC procedure: one declaration decides who may call
// both, so a rule cannot differ between the transports. An operation with two /v1 routes runs its first's row.
describe("the authorization matrix over tRPC", () => {
  /** Each operation with the first of its /v1 routes. */
  const procedures = (): RestOperation[] => {
    const first = new Map<string, RestOperation>();
    for (const route of t.routes)
      if (!first.has(`${route.domain}.${route.name}`)) first.set(`${route.domain}.${route.name}`, route);
    return [...first.values()];
  };

  it("reaches every operation through a /v1 row", () => {
    const operations = namedOperations(domains).map(({ domain, name }) => `${domain}.${name}`);
    expect(
      procedures()
        .map(({ domain, name }) => `${domain}.${name}`)
        .sort(),
    ).toEqual(operations.sort());
  });

  it.each(namedOperations(domains).map(({ domain, name }) => `${domain}.${name}`))("%s", async (procedure) => {
    const route = procedures().find(({ domain, name }) => `${domain}.${name}` === procedure)!;
    const key = routeKey(route);
    const send = sendTrpc(procedure, route.operation.kind);
    const problems: string[] = [];
    for (const cell of casesOf(key)) {
      for (const actor of ACTORS) problems.push(...(await runCell(w, key, cell, actor, send, true)));
    }
    expect(problems).toEqual([]);
  });
});
