import { z } from "zod";
import { createMarkerInput, createSequenceInput, updateMarkerInput } from "@clubcast/shared/schemas";
import { listAnswer, writeAnswer } from "../core/answers.ts";

// The inputs live in @clubcast/shared: the web's marker form checks with them too.
export { createMarkerInput, createSequenceInput, updateMarkerInput };

export const markerSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  time_ms: z.number().int(),
  label: z.string(),
  /** A goal's marker (match moments): titled in the caller's language, made and moved with its score event. */
  goal: z.boolean(),
  clip_length: z.number().int(),
  created_at: z.string(),
});
export const sequenceSchema = z.object({
  id: z.number().int(),
  match: z.number().int(),
  user: z.number().int().nullable(),
  name: z.string(),
  /** The match's goals sequence: of no user, changed by whoever may annotate the match. */
  goals: z.boolean(),
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
