import { z } from "zod";
import { resourceAnswer } from "../core/answers.ts";
import { deviceHealth as health, namedRecord } from "../core/schemas.ts";
import { publisherStats } from "../media-gateway/schemas.ts";

/** Whether this server instance reaches what it depends on, checked when asked. */
export const platformHealth = z.object({
  database: z.enum(["up", "down"]),
  redis: z.enum(["up", "down"]),
});
export type PlatformHealth = z.infer<typeof platformHealth>;

export const healthSchema = z.object({
  /** ok: everything reachable; degraded: something is down (calls needing it answer 503). */
  status: z.enum(["ok", "degraded"]),
  services: platformHealth,
});
export const healthAnswer = resourceAnswer(healthSchema);
export type Health = z.infer<typeof healthSchema>;

export const monitoringSchema = z.object({
  services: platformHealth,
  configurations: z.array(
    z.object({
      id: z.number().int(),
      barcode: z.string().nullable(),
      club: namedRecord,
      field: namedRecord.nullable(),
      ...health,
      /** Its camera's publisher at the media gateway now, with the link's latest figures; null when none. */
      publisher: z
        .object({
          protocol: z.enum(["rtmp", "srt"]),
          since: z.string(),
          stats: publisherStats.nullable(),
          stats_at: z.string().nullable(),
        })
        .nullable(),
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

export const monitoringAnswer = resourceAnswer(monitoringSchema);
export type MonitoringOverview = z.infer<typeof monitoringSchema>;
