// Pieces the domains' presenters (db row -> API JSON) share.
import { deviceStatusNow, type DeviceReport } from "@clubcast/shared";

/** The spec's 0/1 flags. */
export const flagOf = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** Selects a related record as answers show it: {id, name}. */
export const idAndName = { select: { id: true, name: true } } as const;

/** A device's status now (the one online rule of @clubcast/shared) and its last heartbeat. */
export function healthOf(report: DeviceReport, now: Date) {
  return { status: deviceStatusNow(report, now), last_heartbeat_at: report.lastHeartbeatAt?.toISOString() ?? null };
}
