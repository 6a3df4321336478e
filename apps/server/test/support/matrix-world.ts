// The fixture world of the authorization matrix: club A with everything a route
// can address (field, team, camera configuration with camera and API client,
// matches in every status public and private, an offline recording, its administrator's
// sequence with a marker and its clip, a user of every scope), club B with its administrator,
// a token for every actor, and builders of fresh targets for cells that change
// or delete what they address.
import type {
  Camera,
  Clip,
  Club,
  Configuration,
  Field,
  Marker,
  Match,
  MatchStatus,
  OfflineRecording,
  Permission,
  Role,
  Sequence,
  Sport,
  Team,
  User,
} from "@clubcast/db";
import { MATCH_STATUSES, defaultClipWindow } from "@clubcast/shared";
import { hashToken, newSecretToken } from "@clubcast/domain/auth/tokens.ts";
import type { TestApp } from "@clubcast/testkit/app";
import {
  createApiClient,
  createCamera,
  createClub,
  createConfiguration,
  createField,
  createMatch,
  createPermission,
  createRole,
  createSport,
  createTeam,
  createUser,
} from "@clubcast/testkit/factories";

/** Who calls: the columns of the matrix, in this order. */
export const ACTORS = [
  "anonymous",
  "clubmember",
  "player",
  "trainer",
  "club",
  "system",
  /** The administrator of club B, addressing club A's objects. */
  "otherClubAdmin",
  /** The camera controller of club A's configuration (an API-client token). */
  "camera",
] as const;
export type ActorName = (typeof ACTORS)[number];

/** The actors that are users, with the user each acts as. */
type UserActor = Exclude<ActorName, "anonymous" | "camera">;

export interface MatchPair {
  public: Match;
  private: Match;
}

export interface World {
  t: TestApp;
  football: Sport;
  clubA: Club;
  clubB: Club;
  fieldA: Field;
  fieldB: Field;
  teamA: Team;
  configurationA: Configuration;
  cameraA: Camera;
  /** Credentials of an API client of configurationA, for the token exchange. */
  cameraCredentials: { clientId: string; secret: string };
  /** Club A's matches (on fieldA, recorded by configurationA), one public and one private per status. */
  matches: Record<MatchStatus, MatchPair>;
  recording: OfflineRecording;
  /** Club A's administrator's sequence on club A's private on-demand match, with `marker`. */
  sequence: Sequence;
  marker: Marker;
  /** The clip of `marker`. */
  clip: Clip;
  actors: Record<UserActor, User>;
  /** A player of club A who is none of the actors: the subject of user reads, and whose login the login row uses. */
  clubmate: User;
  role: Role;
  permission: Permission;
  tokens: Record<ActorName, string | undefined>;
  /** Every private match of club A. */
  privateMatchIds: Set<number>;
  /** A number no other call answered. */
  next(): number;
  /** A name no other row uses. */
  unique(prefix: string): string;
  fresh: FreshTargets;
}

export interface FreshTargets {
  /** A new token of the actor (none for the anonymous one). */
  token(actor: ActorName): Promise<string | undefined>;
  match(data?: { status?: MatchStatus; isPrivate?: boolean }): Promise<Match>;
  user(): Promise<User>;
  field(): Promise<Field>;
  team(): Promise<Team>;
  configuration(): Promise<Configuration>;
  camera(): Promise<Camera>;
  apiClient(): Promise<{ id: number }>;
  recording(): Promise<OfflineRecording>;
  marker(): Promise<Marker>;
  /** A new marker's clip. */
  clip(): Promise<Clip>;
  /** A user of club A with an unused password-reset token. */
  passwordReset(): Promise<{ email: string; token: string }>;
}

export async function buildMatrixWorld(t: TestApp): Promise<World> {
  const { prisma } = t.deps;
  let counter = 0;
  const next = () => ++counter;
  const unique = (prefix: string) => `${prefix}${next()}x${Date.now().toString(36)}`;

  const football = await createSport(prisma, "football");
  const clubA = await createClub(prisma, { name: "Alpha Matrix FC" });
  const clubB = await createClub(prisma, { name: "Bravo Matrix FC" });
  const fieldA = await createField(prisma, clubA.id, { name: "Alpha main pitch" });
  const fieldB = await createField(prisma, clubB.id, { name: "Bravo main pitch" });
  const teamA = await createTeam(prisma, clubA.id, { fullname: "Alpha first team", sportId: football.id });
  const configurationA = await createConfiguration(prisma, { clubId: clubA.id, fieldId: fieldA.id, isMain: true });
  const cameraA = await createCamera(prisma, configurationA.id, { technicalName: unique("cam") });
  const { client: apiClient, secret } = await createApiClient(prisma, configurationA.id);

  const actors: Record<UserActor, User> = {
    clubmember: await createUser(prisma, { scope: "clubmember", clubId: clubA.id }),
    player: await createUser(prisma, { scope: "player", clubId: clubA.id }),
    trainer: await createUser(prisma, { scope: "trainer", clubId: clubA.id }),
    club: await createUser(prisma, { scope: "club", clubId: clubA.id }),
    system: await createUser(prisma, { scope: "system" }),
    otherClubAdmin: await createUser(prisma, { scope: "club", clubId: clubB.id }),
  };
  const clubmate = await createUser(prisma, { scope: "player", clubId: clubA.id });

  const matchOfA = (status: MatchStatus, isPrivate: boolean) =>
    createMatch(prisma, {
      clubId: clubA.id,
      fieldId: fieldA.id,
      configurationId: configurationA.id,
      status,
      isPrivate,
    });
  const matches = {} as Record<MatchStatus, MatchPair>;
  for (const status of MATCH_STATUSES) {
    matches[status] = { public: await matchOfA(status, false), private: await matchOfA(status, true) };
  }
  const privateMatchIds = new Set(Object.values(matches).map((pair) => pair.private.id));

  const newRecording = () => {
    const startTime = new Date(Date.now() - 7200_000 - next() * 60_000);
    return prisma.offlineRecording.create({
      data: {
        clubId: clubA.id,
        fieldId: fieldA.id,
        configurationId: configurationA.id,
        startTime,
        endTime: new Date(startTime.getTime() + 3600_000),
        vodHlsUrl: "https://cdn.clubcast.test/offline/index.m3u8",
      },
    });
  };
  const recording = await newRecording();

  const sequence = await prisma.sequence.create({
    data: { matchId: matches.vod.private.id, userId: actors.club.id, name: "Admin's cuts" },
  });
  const newMarker = () =>
    prisma.marker.create({ data: { sequenceId: sequence.id, timeMs: 60_000 + next(), label: "Chance" } });
  const marker = await newMarker();
  const clipOf = (of: Marker) =>
    prisma.clip.create({ data: { markerId: of.id, matchId: sequence.matchId, ...defaultClipWindow(of.timeMs) } });
  const clip = await clipOf(marker);

  const permission = await createPermission(prisma, "matrix.permission");
  const role = await createRole(prisma, { name: "Matrix role" });

  const issue = async (owner: { userId: number } | { apiClientId: number }) =>
    (await t.services.auth.issueToken(owner)).access_token;
  const token = async (actor: ActorName): Promise<string | undefined> => {
    if (actor === "anonymous") return undefined;
    if (actor === "camera") return issue({ apiClientId: apiClient.id });
    return issue({ userId: actors[actor].id });
  };
  const tokens = {} as Record<ActorName, string | undefined>;
  for (const actor of ACTORS) tokens[actor] = await token(actor);

  const fresh: FreshTargets = {
    token,
    match: ({ status = "unscheduled", isPrivate = true } = {}) => matchOfA(status, isPrivate),
    user: () => createUser(prisma, { scope: "player", clubId: clubA.id }),
    field: () => createField(prisma, clubA.id, { name: unique("Field ") }),
    team: () => createTeam(prisma, clubA.id, { fullname: unique("Team "), sportId: football.id }),
    configuration: () => createConfiguration(prisma, { clubId: clubA.id, fieldId: null, isMain: false }),
    camera: () => createCamera(prisma, configurationA.id, { technicalName: unique("cam") }),
    // Never exchanged, so its secret needs no (slow) argon2 hash.
    apiClient: () =>
      prisma.apiClient.create({
        data: {
          name: unique("Client "),
          clientId: unique("client-"),
          secretHash: "-",
          configurationId: configurationA.id,
        },
        select: { id: true },
      }),
    recording: newRecording,
    marker: newMarker,
    clip: async () => clipOf(await newMarker()),
    async passwordReset() {
      const user = await createUser(prisma, { scope: "player", clubId: clubA.id });
      const resetToken = newSecretToken();
      await prisma.passwordResetToken.create({
        data: { userId: user.id, tokenHash: hashToken(resetToken), expiresAt: new Date(Date.now() + 3600_000) },
      });
      return { email: user.email, token: resetToken };
    },
  };

  return {
    t,
    football,
    clubA,
    clubB,
    fieldA,
    fieldB,
    teamA,
    configurationA,
    cameraA,
    cameraCredentials: { clientId: apiClient.clientId, secret },
    matches,
    recording,
    sequence,
    marker,
    clip,
    actors,
    clubmate,
    role,
    permission,
    tokens,
    privateMatchIds,
    next,
    unique,
    fresh,
  };
}
