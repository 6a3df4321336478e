// How a user looks in API answers (spec section 3, "User").
import type { Prisma } from "@clubcast/db";
import { idAndName } from "../core/presenters.ts";

export const userWithAccess = {
  club: idAndName,
  teams: { select: { team: { select: { id: true, fullname: true } } } },
  roles: {
    select: {
      role: { select: { id: true, name: true, permissions: { select: { permission: { select: { name: true } } } } } },
    },
  },
} satisfies Prisma.UserInclude;

export type UserWithAccess = Prisma.UserGetPayload<{ include: typeof userWithAccess }>;

export function permissionNames(user: Pick<UserWithAccess, "roles">): string[] {
  return sortedDistinct(user.roles.flatMap(({ role }) => role.permissions.map(({ permission }) => permission.name)));
}

/** Permission names once each, in one order whoever reads them. */
export function sortedDistinct(names: string[]): string[] {
  return [...new Set(names)].sort();
}

export function presentUser(user: UserWithAccess) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    scope: user.scope,
    locale: user.locale,
    club: user.club,
    teams: user.teams.map(({ team }) => team),
    roles: user.roles.map(({ role }) => ({ id: role.id, name: role.name })),
    permissions: permissionNames(user),
    created_at: user.createdAt.toISOString(),
  };
}

export type PresentedUser = ReturnType<typeof presentUser>;

/** A user as a search result: who they are, no access details. */
export const userSummarySelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  scope: true,
  club: idAndName,
} satisfies Prisma.UserSelect;

export function presentUserSummary(user: Prisma.UserGetPayload<{ select: typeof userSummarySelect }>) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    scope: user.scope,
    club: user.club,
  };
}
