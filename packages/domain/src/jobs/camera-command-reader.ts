// What a camera command job reads: its match and configuration. The job was
// delivered by the outbox once the request that asked for it had committed
// (outbox.ts), so a plain read shows that request's change.
import type { Pool } from "pg";
import { Prisma } from "@clubcast/db";
import { GATEWAY_HOLD_SECONDS } from "@clubcast/shared";
import { queryPrepared } from "../core/prepared.ts";
import { batchedWhileBusy } from "../core/batching.ts";

/** A camera command's match (null columns once deleted) and configuration (not found once gone). */
export interface CameraCommandRow {
  matchId: number | null;
  startingAt: Date | null;
  stoppingAt: Date | null;
  configurationFound: boolean;
  serverUrl: string | null;
  saCameraId: string | null;
  cameraType: string | null;
  /** The media gateway holding the camera's stream now (its camera-server URL), or null when none does. */
  heldBy: string | null;
}

/**
 * The reader of camera command jobs' matches and configurations. The reads asked while one is under
 * way go together in one prepared statement (core/batching.ts): a worker's jobs read at once, and one
 * round trip for all of them costs less than each one's.
 */
export function createCameraCommandReader(
  pool: Pool,
): (matchId: number, configurationId: number) => Promise<CameraCommandRow> {
  const read = batchedWhileBusy((asked: { matchId: number; configurationId: number }[]) =>
    queryPrepared<CameraCommandRow>(
      pool,
      Prisma.sql`
        SELECT m.id AS "matchId", m.starting_at AS "startingAt", m.stopping_at AS "stoppingAt",
               c.id IS NOT NULL AS "configurationFound", c.server_url AS "serverUrl",
               c.sa_camera_id AS "saCameraId", c.camera_type AS "cameraType",
               CASE WHEN g.held_at > now() - ${GATEWAY_HOLD_SECONDS}::int * interval '1 second'
                 THEN g.gateway_url END AS "heldBy"
        FROM unnest(${asked.map((a) => a.matchId)}::int4[], ${asked.map((a) => a.configurationId)}::int4[])
          WITH ORDINALITY AS a(match_id, configuration_id, n)
        LEFT JOIN matches m ON m.id = a.match_id
        LEFT JOIN configurations c ON c.id = a.configuration_id
        LEFT JOIN gateway_cameras g ON g.camera_id = c.sa_camera_id
        ORDER BY a.n`,
    ),
  );
  return (matchId, configurationId) => read({ matchId, configurationId });
}
