import { z } from "zod";
import { idField, namedRecord } from "../core/schemas.ts";

/** The role (its path id on REST) and the permission to add or remove. */
export const rolePermissionInput = z.strictObject({ role: idField, permission_id: idField });

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.record(z.string(), z.array(namedRecord)),
});
export const permissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  groups: z.array(namedRecord),
});

export type PermissionChangeInput = Omit<z.infer<typeof rolePermissionInput>, "role">;
