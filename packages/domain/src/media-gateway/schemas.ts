import { z } from "zod";
import { MAX_INT, PUBLISH_REFUSAL_CODES } from "@clubcast/shared";
import { listAnswer, resourceAnswer } from "../core/answers.ts";
import { idField, idParam, namedRecord, plainText, text } from "../core/schemas.ts";

const protocol = z.enum(["rtmp", "srt"]);
/** Why a publisher was refused, for machines (the web client words it); `reason` stays the gateway's detail. */
const refusalCode = z.enum(PUBLISH_REFUSAL_CODES);

/** The gateway asks whether a publisher may stream with this key over this protocol. */
export const publishInput = z.strictObject({
  stream_key: text(200),
  protocol,
  /** The publisher's address, for the refusal log. */
  address: text(100),
});

export const publishAnswer = z.object({
  data: z.discriminatedUnion("allowed", [
    z.object({
      allowed: z.literal(true),
      configuration_id: z.number().int(),
      club_id: z.number().int(),
      /** The camera id the worker's commands name (sa_camera_id). */
      camera_id: z.string(),
      /** Copy H.264/AAC as it comes instead of transcoding to a ladder. */
      passthrough: z.boolean(),
    }),
    z.object({ allowed: z.literal(false), reason: z.string(), code: refusalCode }),
  ]),
});

/** A refusal the gateway decided itself (a second publisher, an unsupported codec, a stall). */
export const refusalInput = z.strictObject({
  stream_key: text(200),
  protocol,
  address: text(100),
  reason: text(300),
  /** Optional, so older gateways still report: a refusal without one is coded from its reason. */
  code: refusalCode.optional(),
  /** The codec an unsupported-codec refusal names (e.g. hevc, av1), as ffprobe calls it. */
  codec: plainText.regex(/^[a-z0-9_.-]{1,32}$/i).optional(),
});

/** A figure of a publisher's link: null where the protocol doesn't tell it (RTMP tells only the bitrate). */
const figure = (max: number) => z.number().min(0).max(max).nullable();
export const publisherStats = z.strictObject({
  rtt_ms: figure(600_000),
  loss_percent: figure(100),
  retransmitted_packets: figure(MAX_INT),
  dropped_packets: figure(MAX_INT),
  bitrate_kbps: figure(10_000_000),
});

/** A publisher connected to or left the gateway; hls_path is where its live stream is, once it exists. */
export const publisherInput = z.strictObject({
  configuration_id: idField,
  connected: z.boolean(),
  protocol,
  /** Below MEDIA_DIR, e.g. previews/12/live.m3u8 or matches/34/live.m3u8. */
  hls_path: plainText.regex(/^(matches|previews)\/[1-9][0-9]{0,9}\/[a-z0-9_.-]+\.m3u8$/).nullable(),
  /** The link's latest figures (optional, so older gateways still report; omitted keeps the last ones). */
  stats: publisherStats.nullable().optional(),
});

export const okAnswer = z.object({ data: z.object({ ok: z.literal(true) }) });

export const previewsInput = z.strictObject({ club: idParam });

const preview = z.object({
  configuration: z.object({ id: z.number().int(), barcode: z.string().nullable() }),
  field: namedRecord.nullable(),
  protocol,
  since: z.string(),
  hls_url: z.string().nullable(),
  stats: publisherStats.nullable(),
  /** When the gateway last sent the figures. */
  stats_at: z.string().nullable(),
});
export const previewsAnswer = listAnswer(preview);

/** Every refusal, for system admins (monitoring): unknown keys included. */
const refusal = z.object({
  id: z.string(),
  at: z.string(),
  protocol,
  code: refusalCode,
  codec: z.string().nullable(),
  reason: z.string(),
  stream_key_hint: z.string(),
  address: z.string(),
  /** How often in a row the same publisher was refused for the same reason; `at` is the latest time. */
  count: z.number().int(),
  /** The club and configuration the key belonged to; null for a key no configuration has. */
  club_id: z.number().int().nullable(),
  configuration_id: z.number().int().nullable(),
});
export const refusalsAnswer = listAnswer(refusal);

/** A refusal of one of the club's cameras, as its staff see it (no key: they know their keys). */
const clubRefusal = z.object({
  id: z.string(),
  at: z.string(),
  protocol,
  code: refusalCode,
  codec: z.string().nullable(),
  /** The gateway's own words, the detail under the translated message. */
  reason: z.string(),
  address: z.string(),
  /** How often in a row this camera was refused for this reason (a retrying encoder); `at` is the latest. */
  count: z.number().int(),
  configuration: z.object({ id: z.number().int(), barcode: z.string().nullable() }),
  field: namedRecord.nullable(),
});
export const clubRefusalsInput = z.strictObject({ club: idParam });
export const clubRefusalsAnswer = listAnswer(clubRefusal);

export const storageAnswer = resourceAnswer(
  z.object({
    media_bytes: z.number(),
    free_bytes: z.number(),
    total_bytes: z.number(),
    margin_bytes: z.number(),
    recording_allowed: z.boolean(),
  }),
);

export type PublishInput = z.output<typeof publishInput>;
export type PublishAnswer = z.infer<typeof publishAnswer>;
export type RefusalInput = z.output<typeof refusalInput>;
export type PublisherInput = z.output<typeof publisherInput>;
export type PreviewsAnswer = z.infer<typeof previewsAnswer>;
export type Refusal = z.infer<typeof refusal>;
export type RefusalsAnswer = z.infer<typeof refusalsAnswer>;
export type ClubRefusal = z.infer<typeof clubRefusal>;
export type ClubRefusalsAnswer = z.infer<typeof clubRefusalsAnswer>;
export type PublisherStatsInput = z.output<typeof publisherStats>;
export type StorageAnswer = z.infer<typeof storageAnswer>;
