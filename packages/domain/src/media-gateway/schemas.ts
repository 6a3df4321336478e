import { z } from "zod";
import { listAnswer, resourceAnswer } from "../core/answers.ts";
import { idField, idParam, namedRecord, plainText, text } from "../core/schemas.ts";

const protocol = z.enum(["rtmp", "srt"]);

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
    z.object({ allowed: z.literal(false), reason: z.string() }),
  ]),
});

/** A refusal the gateway decided itself (a second publisher, an unsupported codec, a stall). */
export const refusalInput = z.strictObject({
  stream_key: text(200),
  protocol,
  address: text(100),
  reason: text(300),
});

/** A publisher connected to or left the gateway; hls_path is where its live stream is, once it exists. */
export const publisherInput = z.strictObject({
  configuration_id: idField,
  connected: z.boolean(),
  protocol,
  /** Below MEDIA_DIR, e.g. previews/12/live.m3u8 or matches/34/live.m3u8. */
  hls_path: plainText.regex(/^(matches|previews)\/[1-9][0-9]{0,9}\/[a-z0-9_.-]+\.m3u8$/).nullable(),
});

export const okAnswer = z.object({ data: z.object({ ok: z.literal(true) }) });

export const previewsInput = z.strictObject({ club: idParam });

const preview = z.object({
  configuration: z.object({ id: z.number().int(), barcode: z.string().nullable() }),
  field: namedRecord.nullable(),
  protocol,
  since: z.string(),
  hls_url: z.string().nullable(),
});
export const previewsAnswer = listAnswer(preview);

const refusal = z.object({
  at: z.string(),
  protocol,
  reason: z.string(),
  stream_key_hint: z.string(),
  address: z.string(),
});
export const refusalsAnswer = listAnswer(refusal);

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
export type StorageAnswer = z.infer<typeof storageAnswer>;
