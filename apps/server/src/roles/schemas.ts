import { z } from "zod";
import { idField, namedRecord } from "../core/schemas.ts";

/** The role (its path id on REST) and the permission to add or remove. */
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

export type PermissionChangeInput = Omit<z.infer<typeof rolePermissionInput>, "role">;
