// Whether a configuration, camera, computer or router is online: one rule for
// monitoring, the configuration and camera answers and the streams page (issue 16).
import { HEARTBEAT_ONLINE_WITHIN_S } from "./constants.ts";

export const DEVICE_STATUSES = ["unknown", "online", "degraded", "offline"] as const;
export type DeviceStatusName = (typeof DEVICE_STATUSES)[number];

/** What a device last reported, and when. */
export interface DeviceReport {
  status: DeviceStatusName;
  lastHeartbeatAt: Date | null;
}

/** Whether a heartbeat at `at` is recent enough at `now` for its device to count as reachable. */
export function heardRecently(at: Date | null, now: Date): boolean {
  return at !== null && now.getTime() - at.getTime() <= HEARTBEAT_ONLINE_WITHIN_S * 1000;
}

/**
 * A device's status now: its last report while that is recent, offline once it has been silent
 * longer, unknown when it never reported (a stored status without a heartbeat proves nothing).
 */
export function deviceStatusNow({ status, lastHeartbeatAt }: DeviceReport, now: Date): DeviceStatusName {
  if (lastHeartbeatAt === null) return "unknown";
  return heardRecently(lastHeartbeatAt, now) ? status : "offline";
}

/**
 * What counts as a camera's report: its controller's heartbeat covers every camera of the
 * configuration, and a camera listed in that heartbeat (or reported on its own later) speaks for itself.
 */
export function cameraReport(camera: DeviceReport, configuration: DeviceReport): DeviceReport {
  const own = camera.lastHeartbeatAt?.getTime() ?? -Infinity;
  const controller = configuration.lastHeartbeatAt?.getTime() ?? -Infinity;
  return own >= controller ? camera : configuration;
}
