// Recording matches (live, or awaiting their video) that nothing ends: past their stopping time by a grace period, with no publisher on
// their camera. The sweep stops each the way a club admin would: a stopRecording command to its
// camera (whose confirmation ends the match as usual, and whose refusal or silence ends it without
// the camera), or, with no camera to ask, at once without one.
import { OVERDUE_LIVE_GRACE_MS } from "@clubcast/shared/jobs";

/** Matches live with a stopping time before this instant are overdue at `now`. */
export const overdueBefore = (now: Date): Date => new Date(now.getTime() - OVERDUE_LIVE_GRACE_MS);

export type OverdueStop =
  /** Its camera still publishes: the match records on. */
  | { kind: "leave" }
  /** No camera to ask: nothing can confirm the stop. */
  | { kind: "end without camera" }
  /**
   * A stop to its camera, one per match and stopping time (the command's idempotency key): a sweep
   * repeated before the camera answers sends nothing new.
   */
  | { kind: "stop"; configurationId: number; idempotencyKey: string };

/** What the sweep does with an overdue match whose command would go to `configurationId` (null: none). */
export function overdueStop(
  match: { id: number; stoppingAt: Date },
  configurationId: number | null,
  publishing: ReadonlySet<number>,
): OverdueStop {
  if (configurationId === null) return { kind: "end without camera" };
  if (publishing.has(configurationId)) return { kind: "leave" };
  return { kind: "stop", configurationId, idempotencyKey: `overdue-stop-${match.id}-${match.stoppingAt.getTime()}` };
}
