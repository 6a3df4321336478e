import { z } from "zod";
import { idField, idParam, namedRecord } from "../core/schemas.ts";

export const roleParams = z.strictObject({ role: idParam });
export const permissionChangeInput = z.strictObject({ permission_id: idField });
/** tRPC: the role alongside the permission. */
export const rolePermissionInput = z.strictObject({ role: idField, permission_id: idField });

const role = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.record(z.string(), z.array(namedRecord)),
});
const permission = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  groups: z.array(namedRecord),
});
export const roleAnswer = z.object({ data: role });
export const rolesAnswer = z.object({ data: z.array(role) });
export const permissionsAnswer = z.object({ data: z.array(permission) });

export type PermissionChangeInput = z.infer<typeof permissionChangeInput>;
