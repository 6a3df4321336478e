// Small builders of believable rows for tests.
import type { MatchStatus, Prisma, PrismaClient, Scope, SportType } from "@clubcast/db";
import { hashPassword } from "@clubcast/domain";

let counter = 0;
const next = () => ++counter;

export const TEST_PASSWORD = "correct horse battery";
let testPasswordHash: Promise<string> | undefined;

export async function createSport(prisma: PrismaClient, type: SportType = "football") {
  return prisma.sport.upsert({
    where: { slug: type },
    update: {},
    create: { slug: type, name: type.replace(/_/g, " "), type },
  });
}

export async function createClub(prisma: PrismaClient, data: { name?: string; activated?: boolean } = {}) {
  const sport = await createSport(prisma);
  return prisma.club.create({
    data: { name: data.name ?? `Club ${next()}`, sportId: sport.id, activated: data.activated ?? true },
  });
}

export async function createUser(
  prisma: PrismaClient,
  data: { scope?: Scope; clubId?: number | null; email?: string; permissions?: string[] } = {},
) {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const n = next();
  const user = await prisma.user.create({
    data: {
      email: data.email ?? `user${n}-${Date.now()}@example.test`,
      passwordHash: await testPasswordHash,
      firstName: "Test",
      lastName: `User ${n}`,
      scope: data.scope ?? "player",
      clubId: data.clubId ?? null,
    },
  });
  if (data.permissions?.length) {
    const role = await createRole(prisma, { name: `role-${n}-${Date.now()}`, permissions: data.permissions });
    await prisma.userRole.create({ data: { userId: user.id, roleId: role.id } });
  }
  return user;
}

export async function createField(prisma: PrismaClient, clubId: number, data: { name?: string } = {}) {
  const sport = await createSport(prisma);
  return prisma.field.create({ data: { name: data.name ?? `Field ${next()}`, clubId, sportId: sport.id } });
}

export async function createConfiguration(
  prisma: PrismaClient,
  data: { clubId: number; fieldId?: number | null; isMain?: boolean; saStreamUrl?: string | null; barcode?: string },
) {
  return prisma.configuration.create({
    data: {
      clubId: data.clubId,
      fieldId: data.fieldId ?? null,
      isMain: data.isMain ?? true,
      saStreamUrl: data.saStreamUrl ?? null,
      barcode: data.barcode ?? `BC-${next()}-${Date.now()}`,
    },
  });
}

export async function createCamera(
  prisma: PrismaClient,
  configurationId: number,
  data: { technicalName?: string } = {},
) {
  const n = next();
  return prisma.camera.create({
    data: { configurationId, displayName: `Camera ${n}`, technicalName: data.technicalName ?? `cam-${n}` },
  });
}

/**
 * An API client with a known secret (the platform itself never keeps one): a configuration's
 * camera controller, or with `configurationId` null a machine client such as the media gateway.
 */
export async function createApiClient(
  prisma: PrismaClient,
  configurationId: number | null,
  data: { revoked?: boolean; name?: string; clientId?: string; secret?: string } = {},
) {
  const n = next();
  const secret = data.secret ?? `test-secret-${n}-${Date.now()}`;
  const client = await prisma.apiClient.create({
    data: {
      name: data.name ?? `Controller ${n}`,
      clientId: data.clientId ?? `test-client-${n}-${Date.now()}`,
      secretHash: await hashPassword(secret),
      configurationId,
      revokedAt: data.revoked ? new Date() : null,
    },
  });
  return { client, secret };
}

export type ControllerCredentials = Awaited<ReturnType<typeof createApiClient>>;

/** A club with a field, the field's main camera configuration, and that configuration's camera controller. */
export async function createClubWithCamera(prisma: PrismaClient) {
  const club = await createClub(prisma);
  const field = await createField(prisma, club.id);
  const configuration = await createConfiguration(prisma, { clubId: club.id, fieldId: field.id });
  const controller: ControllerCredentials = await createApiClient(prisma, configuration.id);
  return { club, field, configuration, controller };
}

export async function createMatch(
  prisma: PrismaClient,
  data: { clubId: number; configurationId?: number | null; fieldId?: number | null; status?: MatchStatus } & Omit<
    Partial<Prisma.MatchUncheckedCreateInput>,
    "startingAt"
  > & { startingAt?: Date },
) {
  const { startingAt = new Date(Date.now() + 3600_000), ...columns } = data;
  return prisma.match.create({
    data: {
      homeClubId: data.clubId,
      configurationId: null,
      fieldId: null,
      status: "unscheduled",
      isScheduled: data.status === "scheduled",
      stoppingAt: new Date(startingAt.getTime() + 5400_000),
      // Any column given (isPrivate, awayClubId, sharedWithClubId, ...) wins.
      ...columns,
      startingAt,
    },
  });
}

export async function createTeam(
  prisma: PrismaClient,
  clubId: number,
  data: { fullname?: string; addition?: string | null; isCustom?: boolean; sportId?: number } = {},
) {
  const sportId = data.sportId ?? (await createSport(prisma)).id;
  return prisma.team.create({
    data: {
      clubId,
      fullname: data.fullname ?? `Team ${next()}`,
      addition: data.addition ?? null,
      isCustom: data.isCustom ?? false,
      sportId,
    },
  });
}

export async function createPermission(prisma: PrismaClient, name: string = `test.permission${next()}`) {
  return prisma.permission.upsert({
    where: { name },
    update: {},
    create: { name, category: name.split(".")[0] ?? name },
  });
}

/** A role ("group") holding the named permissions (created when missing). */
export async function createRole(prisma: PrismaClient, data: { name?: string; permissions?: string[] } = {}) {
  const permissions = await Promise.all((data.permissions ?? []).map((name) => createPermission(prisma, name)));
  return prisma.role.create({
    data: {
      name: data.name ?? `group-${next()}-${Date.now()}`,
      permissions: { create: permissions.map(({ id }) => ({ permissionId: id })) },
    },
  });
}
