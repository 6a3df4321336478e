// How configurations and cameras look in API answers (spec section 3).
import type { Camera, Prisma } from "@clubcast/db";
import { cameraReport, type DeviceReport } from "@clubcast/shared";
import { flagOf, healthOf, idAndName } from "../core/presenters.ts";
import { ingestOf, type IngestSettings } from "../media/ingest.ts";
import type { CameraOutput, ConfigurationOutput } from "./schemas.ts";

export const configurationWithNames = {
  club: idAndName,
  field: idAndName,
} satisfies Prisma.ConfigurationInclude;

export type ConfigurationWithNames = Prisma.ConfigurationGetPayload<{ include: typeof configurationWithNames }>;

/** A configuration as answered; `ingest` (where its camera publishes) depends on the gateway's settings. */
export function presentConfiguration(
  configuration: ConfigurationWithNames,
  ingestSettings: IngestSettings,
): ConfigurationOutput {
  return {
    id: configuration.id,
    barcode: configuration.barcode,
    club: configuration.club,
    field: configuration.field,
    stream_key: configuration.streamKey,
    ant_stream_id: configuration.antStreamId,
    qr_code: configuration.qrCode,
    latitude: configuration.latitude,
    longitude: configuration.longitude,
    is_main: flagOf(configuration.isMain),
    passthrough: flagOf(configuration.passthrough),
    overlays: configuration.overlays,
    livestream: configuration.livestream,
    local_ip: configuration.localIp,
    resolution: configuration.resolution,
    sa_server_id: configuration.saServerId,
    sa_camera_id: configuration.saCameraId,
    sa_camera_name: configuration.saCameraName,
    sa_stream_url: configuration.saStreamUrl,
    sa_stream_url_local: configuration.saStreamUrlLocal,
    sa_sport: configuration.saSport,
    camera_type: configuration.cameraType,
    server_url: configuration.serverUrl,
    ingest: ingestOf(ingestSettings, configuration.cameraType, configuration.streamKey),
    ...healthOf(configuration, new Date()),
  };
}

/** What a camera is read with: its configuration's heartbeat, which covers it. */
export const cameraWithController = {
  configuration: { select: { clubId: true, status: true, lastHeartbeatAt: true } },
} satisfies Prisma.CameraInclude;

export function presentCamera(camera: Camera & { configuration: DeviceReport }): CameraOutput {
  return {
    id: camera.id,
    configuration: camera.configurationId,
    display_name: camera.displayName,
    technical_name: camera.technicalName,
    pan: camera.pan,
    tilt: camera.tilt,
    focal: camera.focal,
    ...healthOf(cameraReport(camera, camera.configuration), new Date()),
  };
}
