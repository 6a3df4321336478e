import { z } from "zod";
import { ANNOTATION_CLIP_LENGTH, CLIP_MAX_MS } from "@clubcast/shared";
import { listAnswer, writeAnswer } from "../core/answers.ts";
import { integer, text } from "../core/schemas.ts";

export const createSequenceInput = z.strictObject({ name: text(200).default("") });

const markerFields = {
  /** Position in the match video, in milliseconds. */
  time_ms: integer(0),
  label: text(200).min(1),
  /** Clip length in seconds, at most the longest clip the worker cuts. */
  clip_length: integer(1, CLIP_MAX_MS / 1000),
};
export const createMarkerInput = z.strictObject({
  ...markerFields,
  clip_length: markerFields.clip_length.default(ANNOTATION_CLIP_LENGTH),
});
export const updateMarkerInput = z.strictObject(markerFields).partial();

export const markerSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  time_ms: z.number().int(),
  label: z.string(),
  clip_length: z.number().int(),
  created_at: z.string(),
});
export const sequenceSchema = z.object({
  id: z.number().int(),
  match: z.number().int(),
  user: z.number().int().nullable(),
  name: z.string(),
  created_at: z.string(),
  markers: z.array(markerSchema),
});
export const sequenceListAnswer = listAnswer(sequenceSchema);
export const sequenceAnswer = writeAnswer(sequenceSchema);
export const markerAnswer = writeAnswer(markerSchema);

export type CreateSequenceInput = z.infer<typeof createSequenceInput>;
export type CreateMarkerInput = z.infer<typeof createMarkerInput>;
export type UpdateMarkerInput = z.infer<typeof updateMarkerInput>;
export type MarkerAnswer = z.infer<typeof markerSchema>;
export type SequenceAnswer = z.infer<typeof sequenceSchema>;
