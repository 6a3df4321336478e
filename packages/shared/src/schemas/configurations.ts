// A configuration (spec section 3) as the API saves it and the configuration
// editor checks it before saving.
import { z } from "zod";
import { DEVICE_STATUSES } from "../device-status.ts";
import { LIVESTREAM_MODES } from "../livestream.ts";
import { clearable, decimal, flag, httpUrl, idField, text } from "./core.ts";
import { fieldError } from "./issues.ts";
import { ingestAnswer } from "./media.ts";

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
    livestream: z.enum(LIVESTREAM_MODES).optional(),
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
    /** Accepted so a presented record can be posted back; heard from heartbeats, never stored as sent. */
    status: z.enum(DEVICE_STATUSES).optional(),
    last_heartbeat_at: z.iso.datetime().nullable().optional(),
  })
  .superRefine((data, ctx) => {
    if (data.id === undefined && data.club === undefined) {
      ctx.addIssue({ code: "custom", path: ["club"], ...fieldError("validation.required") });
    }
  });

/** Spec: "POST /v1/configurations, body data". */
export const saveConfigurationInput = z.strictObject({ data: configurationData });
