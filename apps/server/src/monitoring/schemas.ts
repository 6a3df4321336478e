import { z } from "zod";
import { DeviceStatus } from "@clubcast/db";
import { namedRecord } from "../core/schemas.ts";

const health = {
  status: z.enum(DeviceStatus),
  last_heartbeat_at: z.string().nullable(),
};

export const monitoringAnswer = z.object({
  configurations: z.array(
    z.object({
      id: z.number().int(),
      barcode: z.string().nullable(),
      club: namedRecord,
      field: namedRecord.nullable(),
      ...health,
      cameras: z.array(
        z.object({ id: z.number().int(), display_name: z.string(), technical_name: z.string(), ...health }),
      ),
    }),
  ),
  computers: z.array(
    z.object({ id: z.number().int(), name: z.string(), serial: z.string(), club: namedRecord.nullable(), ...health }),
  ),
  routers: z.array(
    z.object({ id: z.number().int(), name: z.string(), serial: z.string(), club: namedRecord.nullable(), ...health }),
  ),
});

export type MonitoringAnswer = z.infer<typeof monitoringAnswer>;
