import { router, userProcedure } from "../trpc/trpc.ts";
import { rolePermissionInput } from "./schemas.ts";

export const rolesRouter = router({
  groups: userProcedure.query(({ ctx }) => ctx.services.roles.listGroups(ctx.caller)),
  permissions: userProcedure.query(({ ctx }) => ctx.services.roles.listPermissions(ctx.caller)),
  addPermission: userProcedure
    .input(rolePermissionInput)
    .mutation(({ ctx, input: { role, ...change } }) => ctx.services.roles.addPermission(role, change, ctx.caller)),
  removePermission: userProcedure
    .input(rolePermissionInput)
    .mutation(({ ctx, input: { role, ...change } }) => ctx.services.roles.removePermission(role, change, ctx.caller)),
});
