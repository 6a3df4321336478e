import { z } from "zod";
import { Livestream } from "@clubcast/db";
import { cameraInput, cameraUpdateInput, configurationData, saveConfigurationInput } from "@clubcast/shared/schemas";
import { pagedSchema, pageQuery } from "../core/pagination.ts";
import { deviceHealth, flagAnswer, idParam, namedRecord } from "../core/schemas.ts";
import { ingestAnswer } from "../media/schemas.ts";

// The save and camera inputs live in @clubcast/shared: the web's configuration editor and camera forms check with them too.
export { cameraInput, cameraUpdateInput, configurationData, saveConfigurationInput };

// Operation inputs: the same field schemas, with the path's id folded in.
export const cameraListInput = pageQuery.extend({ configuration: idParam });
export const cameraCreateInput = cameraInput.extend({ configuration: idParam });
export const cameraUpdateByIdInput = cameraUpdateInput.extend({ id: idParam });

export const configurationOutput = z.object({
  id: z.number().int(),
  barcode: z.string().nullable(),
  club: namedRecord,
  field: namedRecord.nullable(),
  stream_key: z.string().nullable(),
  ant_stream_id: z.string().nullable(),
  qr_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  is_main: flagAnswer,
  passthrough: flagAnswer,
  overlays: z.string(),
  livestream: z.enum(Livestream),
  local_ip: z.string().nullable(),
  resolution: z.string().nullable(),
  sa_server_id: z.string().nullable(),
  sa_camera_id: z.string().nullable(),
  sa_camera_name: z.string().nullable(),
  sa_stream_url: z.string().nullable(),
  sa_stream_url_local: z.string().nullable(),
  sa_sport: z.string().nullable(),
  camera_type: z.string(),
  server_url: z.string().nullable(),
  /** Where the camera publishes to the media gateway: for its camera type (CLUBCAST_GATEWAY) with a stream key, else null. */
  ingest: ingestAnswer,
  ...deviceHealth,
});

export const cameraOutput = z.object({
  id: z.number().int(),
  configuration: z.number().int(),
  display_name: z.string(),
  technical_name: z.string(),
  pan: z.number(),
  tilt: z.number(),
  focal: z.number(),
  /** Heard through its configuration's controller unless reported on its own since (cameraReport). */
  ...deviceHealth,
});

export const configurationPage = pagedSchema(configurationOutput);
export const cameraPage = pagedSchema(cameraOutput);

export type ConfigurationData = z.output<typeof configurationData>;
export type SaveConfigurationInput = z.output<typeof saveConfigurationInput>;
export type CameraInput = z.output<typeof cameraInput>;
export type CameraUpdateInput = z.output<typeof cameraUpdateInput>;
export type ConfigurationOutput = z.infer<typeof configurationOutput>;
export type CameraOutput = z.infer<typeof cameraOutput>;
