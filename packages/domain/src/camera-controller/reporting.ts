// Which matches a machine may report for: a camera controller for its own
// configuration's, the media gateway for any gateway configuration's. Apart from
// the service so the matches' commands can ask it too.
import { GATEWAY_CAMERA_TYPE } from "@clubcast/shared";
import type { Prisma } from "@clubcast/db";
import type { CameraClient } from "../core/context.ts";

/** Whether a machine may report for a match recorded by this configuration. */
export function mayReportFor(client: CameraClient, configuration: { id: number; cameraType: string } | null): boolean {
  if (!configuration) return false;
  return client.configurationId === null
    ? configuration.cameraType === GATEWAY_CAMERA_TYPE
    : client.configurationId === configuration.id;
}

/** The matches a machine may report for: its configuration's, or any gateway configuration's for the gateway. */
export function matchesReportableBy(client: CameraClient): Prisma.MatchWhereInput {
  return client.configurationId === null
    ? { configuration: { cameraType: GATEWAY_CAMERA_TYPE } }
    : { configurationId: client.configurationId };
}
