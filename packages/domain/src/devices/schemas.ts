import { z } from "zod";
import { deviceInput } from "@clubcast/shared/schemas";
import { pagedSchema } from "../core/pagination.ts";

// The input lives in @clubcast/shared: the web's add-device form checks with it too.
export { deviceInput };

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
