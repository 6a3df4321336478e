// Small builders of believable rows for tests.
import type { PrismaClient, Scope, SportType } from "@clubcast/db";
import { hashPassword } from "../../src/auth/passwords.ts";

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
    const role = await prisma.role.create({
      data: {
        name: `role-${n}-${Date.now()}`,
        permissions: {
          create: await Promise.all(
            data.permissions.map(async (name) => ({
              permission: {
                connectOrCreate: { where: { name }, create: { name, category: name.split(".")[0] ?? name } },
              },
            })),
          ),
        },
      },
    });
    await prisma.userRole.create({ data: { userId: user.id, roleId: role.id } });
  }
  return user;
}
