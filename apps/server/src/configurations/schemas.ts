import { z } from "zod";
import { Livestream } from "@clubcast/db";
import { cameraInput, cameraUpdateInput } from "@clubcast/shared/schemas";
import { pagedSchema, pageQuery } from "../core/pagination.ts";
import { clearable, decimal, flag, flagAnswer, httpUrl, idField, idParam, namedRecord, text } from "../core/schemas.ts";
import { ingestAnswer } from "../media/schemas.ts";

/**
 * A related record by id, or as this API presents it ({id, name}), so a record
 * fetched from the API can be posted back unchanged (the web form copies it).
 */
const reference = z.union([idField, z.object({ id: idField }).transform((record) => record.id)]);

/**
 * The fields of spec section 3's Configuration plus server_url. With `id` an
 * existing configuration is updated (omitted fields stay as they are);
 * without, one is created for `club`.
 */
export const configurationData = z
  .strictObject({
    id: idField.optional(),
    barcode: clearable(text(100)),
    club: reference.optional(),
    field: reference.nullable().optional(),
    stream_key: clearable(text(255)),
    ant_stream_id: clearable(text(255)),
    qr_code: clearable(text(255)),
    latitude: decimal(-90, 90).nullable().optional(),
    longitude: decimal(-180, 180).nullable().optional(),
    is_main: flag.optional(),
    passthrough: flag.optional(),
    overlays: text(255).optional(),
    /**
     * Accepted so a presented record can be posted back, but always replaced by
     * the mode derived from sa_stream_url (spec section 3): it is never stored as sent.
     */
    livestream: z.enum(Livestream).optional(),
    local_ip: clearable(z.union([z.ipv4(), z.ipv6()])),
    resolution: clearable(text(50)),
    sa_server_id: clearable(text(255)),
    sa_camera_id: clearable(text(255)),
    sa_camera_name: clearable(text(255)),
    sa_stream_url: clearable(text(1000)),
    sa_stream_url_local: clearable(text(1000)),
    sa_sport: clearable(text(100)),
    camera_type: text(50).min(1).optional(),
    /** Base URL of the camera server running this configuration's camera. */
    server_url: clearable(httpUrl),
    /** Accepted so a presented record can be posted back; derived from camera type and key, never stored. */
    ingest: ingestAnswer.optional(),
  })
  .superRefine((data, ctx) => {
    if (data.id === undefined && data.club === undefined) {
      ctx.addIssue({ code: "custom", path: ["club"], params: { key: "validation.required" } });
    }
  });

/** Spec: "POST /v1/configurations, body data". */
export const saveConfigurationInput = z.strictObject({ data: configurationData });

// The camera inputs live in @clubcast/shared: the web's camera forms check with them too.
export { cameraInput, cameraUpdateInput };

// tRPC inputs: the same field schemas, with the path's id folded in.
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
});

export const cameraOutput = z.object({
  id: z.number().int(),
  configuration: z.number().int(),
  display_name: z.string(),
  technical_name: z.string(),
  pan: z.number(),
  tilt: z.number(),
  focal: z.number(),
});

export const configurationAnswer = z.object({ data: configurationOutput });
/** A configuration after an operation that tells what it did. */
export const configurationChangeAnswer = z.object({ data: configurationOutput, message: z.string() });
export const configurationListAnswer = z.object({ data: z.array(configurationOutput) });
export const configurationPage = pagedSchema(configurationOutput);
export const cameraAnswer = z.object({ data: cameraOutput });
export const cameraPage = pagedSchema(cameraOutput);

export type ConfigurationData = z.output<typeof configurationData>;
export type SaveConfigurationInput = z.output<typeof saveConfigurationInput>;
export type CameraInput = z.output<typeof cameraInput>;
export type CameraUpdateInput = z.output<typeof cameraUpdateInput>;
export type ConfigurationOutput = z.infer<typeof configurationOutput>;
export type CameraOutput = z.infer<typeof cameraOutput>;
