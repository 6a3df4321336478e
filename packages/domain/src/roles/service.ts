// Roles ("groups") and their permissions: the system's access pages.
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { listOf, written } from "../core/answers.ts";
import { NotFoundError, ValidationError } from "../core/errors.ts";
import { translate } from "../core/i18n.ts";
import { authorize } from "../core/policy.ts";
import {
  permissionOrder,
  permissionWithRoles,
  presentPermission,
  presentRole,
  roleWithPermissions,
} from "./presenter.ts";
import type { PermissionChangeInput } from "./schemas.ts";

export function createRolesService({ prisma, outbox }: Deps) {
  async function listGroups(ctx: RequestContext) {
    authorize(ctx, "access");
    const roles = await prisma.role.findMany({
      include: roleWithPermissions,
      orderBy: [{ name: "asc" }, { id: "asc" }],
    });
    return listOf(roles.map(presentRole), translate(ctx.locale, "not_found.groups"));
  }

  async function listPermissions(ctx: RequestContext) {
    authorize(ctx, "access");
    const permissions = await prisma.permission.findMany({ include: permissionWithRoles, orderBy: permissionOrder });
    return listOf(permissions.map(presentPermission), translate(ctx.locale, "not_found.permissions"));
  }

  /** Checks the role (404) and the permission (422) a change names. */
  async function existing(roleId: number, permissionId: number) {
    const [role, permission] = await Promise.all([
      prisma.role.findUnique({ where: { id: roleId }, select: { id: true } }),
      prisma.permission.findUnique({ where: { id: permissionId }, select: { id: true } }),
    ]);
    if (!role) throw new NotFoundError("not_found.group");
    if (!permission) throw ValidationError.field("permission_id", "validation.invalid_value");
  }

  /**
   * Changes the role's permissions by `change`, and tells its holders' sockets, once committed, that what
   * they may listen on may have changed.
   */
  function changePermissions(roleId: number, change: (tx: Prisma.TransactionClient) => Promise<unknown>) {
    return outbox.transaction(async (tx, post) => {
      await change(tx);
      const holders = await tx.userRole.findMany({ where: { roleId }, select: { userId: true } });
      post.events.accessChanged({ users: holders.map((holder) => holder.userId) });
    });
  }

  async function presented(roleId: number) {
    return presentRole(await prisma.role.findUniqueOrThrow({ where: { id: roleId }, include: roleWithPermissions }));
  }

  async function addPermission(roleId: number, { permission_id }: PermissionChangeInput, ctx: RequestContext) {
    authorize(ctx, "access");
    await existing(roleId, permission_id);
    // Adding a permission the role already holds changes nothing.
    await changePermissions(roleId, (tx) =>
      tx.rolePermission.createMany({ data: [{ roleId, permissionId: permission_id }], skipDuplicates: true }),
    );
    return written(await presented(roleId), translate(ctx.locale, "roles.permission_added"));
  }

  async function removePermission(roleId: number, { permission_id }: PermissionChangeInput, ctx: RequestContext) {
    authorize(ctx, "access");
    await existing(roleId, permission_id);
    await changePermissions(roleId, (tx) =>
      tx.rolePermission.deleteMany({ where: { roleId, permissionId: permission_id } }),
    );
    return written(await presented(roleId), translate(ctx.locale, "roles.permission_removed"));
  }

  return { listGroups, listPermissions, addPermission, removePermission };
}

export type RolesService = ReturnType<typeof createRolesService>;
