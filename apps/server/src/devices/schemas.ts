import { z } from "zod";
import { pagedSchema } from "../core/pagination.ts";
import { clearable, idField, text } from "../core/schemas.ts";

/** A computer or router at a club (spec section 3 shows only their lists). */
export const deviceInput = z.strictObject({
  name: text(100).min(1),
  club: idField.nullable().optional(),
  address: clearable(text(255)),
  serial: text(100).min(1),
});

export const deviceOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  club: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  address: z.string().nullable(),
  serial: z.string(),
  created_at: z.string(),
});

export const devicePage = pagedSchema(deviceOutput);

export type DeviceInput = z.output<typeof deviceInput>;
export type DeviceOutput = z.infer<typeof deviceOutput>;
