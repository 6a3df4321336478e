// Believable rows for the browser tests: clubs with fields, and matches in
// every list, written straight to the test's database.
import type { MatchStatus, PrismaClient, SportType } from "@clubcast/db";
import { GATEWAY_CAMERA_TYPE } from "@clubcast/shared";
import { createUser, TEST_PASSWORD } from "@clubcast/testkit/factories";

export { createUser, TEST_PASSWORD };

const HOUR = 3600_000;

export async function sport(prisma: PrismaClient, type: SportType, name: string) {
  return prisma.sport.upsert({ where: { slug: type }, update: {}, create: { slug: type, name, type } });
}

export async function club(prisma: PrismaClient, name: string, sportType: SportType = "football") {
  const { id: sportId } = await sport(prisma, sportType, sportType);
  const created = await prisma.club.create({ data: { name, sportId, timezone: "Europe/Amsterdam" } });
  const field = await prisma.field.create({ data: { name: "Hoofdveld", clubId: created.id, sportId } });
  return { ...created, field };
}

export type SeededClub = Awaited<ReturnType<typeof club>>;

export interface MatchSeed {
  home: SeededClub;
  away: SeededClub;
  status: MatchStatus;
  /** Hours from now (negative: in the past). */
  startsIn: number;
  score?: [number, number];
  isPrivate?: boolean;
  liveHlsUrl?: string | null;
  vodHlsUrl?: string | null;
}

export function match(prisma: PrismaClient, seed: MatchSeed) {
  const startingAt = new Date(Math.round((Date.now() + seed.startsIn * HOUR) / 60_000) * 60_000);
  return prisma.match.create({
    data: {
      clubId: seed.home.id,
      homeClubId: seed.home.id,
      awayClubId: seed.away.id,
      fieldId: seed.home.field.id,
      status: seed.status,
      isScheduled: seed.status !== "unscheduled",
      startingAt,
      stoppingAt: new Date(startingAt.getTime() + 1.5 * HOUR),
      homeScore: seed.score?.[0] ?? 0,
      awayScore: seed.score?.[1] ?? 0,
      isPrivate: seed.isPrivate ?? false,
      liveHlsUrl: seed.liveHlsUrl ?? null,
      vodHlsUrl: seed.vodHlsUrl ?? null,
    },
  });
}

/**
 * A camera that streams to the platform's own media gateway (no server URL: a gateway configuration's camera
 * server is the gateway) on the home club's field, over RTMP, and a match on that field about to start with it.
 */
export async function gatewayMatch(
  prisma: PrismaClient,
  seed: { home: SeededClub; away: SeededClub; streamKey: string; cameraId: string; passthrough: boolean },
) {
  const configuration = await prisma.configuration.create({
    data: {
      clubId: seed.home.id,
      fieldId: seed.home.field.id,
      barcode: seed.cameraId.toUpperCase(),
      cameraType: GATEWAY_CAMERA_TYPE,
      saCameraId: seed.cameraId,
      streamKey: seed.streamKey,
      livestream: "rtmp",
      passthrough: seed.passthrough,
    },
  });
  const seeded = await match(prisma, { home: seed.home, away: seed.away, status: "scheduled", startsIn: 0.1 });
  return prisma.match.update({ where: { id: seeded.id }, data: { configurationId: configuration.id } });
}

/** A small league: live, upcoming and on-demand matches between five clubs. */
export async function league(prisma: PrismaClient, streamUrl: string | null = null) {
  const clubs = {
    groenWit: await club(prisma, "FC Groen Wit"),
    zwaluwen: await club(prisma, "VV De Zwaluwen"),
    rijnland: await club(prisma, "SV Rijnland"),
    eendracht: await club(prisma, "RKVV Eendracht"),
    oranjeZwart: await club(prisma, "HC Oranje-Zwart", "hockey"),
  };
  const { groenWit, zwaluwen, rijnland, eendracht, oranjeZwart } = clubs;
  const matches = {
    live: await match(prisma, {
      home: groenWit,
      away: zwaluwen,
      status: "live",
      startsIn: -0.5,
      score: [1, 0],
      liveHlsUrl: streamUrl,
    }),
    liveTwo: await match(prisma, { home: rijnland, away: eendracht, status: "live", startsIn: -1, score: [2, 2] }),
    upcoming: await match(prisma, { home: zwaluwen, away: rijnland, status: "scheduled", startsIn: 27.25 }),
    upcomingTwo: await match(prisma, { home: oranjeZwart, away: groenWit, status: "scheduled", startsIn: 50 }),
    vod: await match(prisma, {
      home: eendracht,
      away: groenWit,
      status: "vod",
      startsIn: -48,
      score: [0, 3],
      vodHlsUrl: streamUrl,
    }),
    vodTwo: await match(prisma, { home: zwaluwen, away: oranjeZwart, status: "vod", startsIn: -72, score: [4, 1] }),
  };
  return { clubs, matches };
}
