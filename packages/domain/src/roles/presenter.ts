// How roles ("groups") and permissions look in API answers (spec section 3):
// a role with its permissions grouped by category; a permission with the roles holding it.
import type { Prisma } from "@clubcast/db";
import { idAndName } from "../core/presenters.ts";

const permissionFields = { id: true, name: true, category: true } as const;
const byCategoryAndName = [{ category: "asc" }, { name: "asc" }] satisfies Prisma.PermissionOrderByWithRelationInput[];

export const roleWithPermissions = {
  permissions: { select: { permission: { select: permissionFields } }, orderBy: { permission: { name: "asc" } } },
} satisfies Prisma.RoleInclude;
export type RoleWithPermissions = Prisma.RoleGetPayload<{ include: typeof roleWithPermissions }>;

export const permissionWithRoles = {
  roles: { select: { role: idAndName }, orderBy: { role: { name: "asc" } } },
} satisfies Prisma.PermissionInclude;
export type PermissionWithRoles = Prisma.PermissionGetPayload<{ include: typeof permissionWithRoles }>;

export const permissionOrder = byCategoryAndName;

export function presentRole(role: RoleWithPermissions) {
  const permissions: Record<string, { id: number; name: string }[]> = {};
  for (const { permission } of role.permissions) {
    (permissions[permission.category] ??= []).push({ id: permission.id, name: permission.name });
  }
  return { id: role.id, name: role.name, description: role.description, permissions };
}

export function presentPermission(permission: PermissionWithRoles) {
  return {
    id: permission.id,
    name: permission.name,
    category: permission.category,
    groups: permission.roles.map(({ role }) => role),
  };
}
