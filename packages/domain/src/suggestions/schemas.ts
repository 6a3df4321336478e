import { z } from "zod";
import { MOMENT_KINDS, SUGGESTION_STATES } from "@clubcast/shared";
import { listAnswer, writeAnswer } from "../core/answers.ts";

export const suggestionSchema = z.object({
  id: z.number().int(),
  match: z.number().int(),
  /** Where in the match video it starts (ms). */
  time_ms: z.number().int(),
  kind: z.enum(MOMENT_KINDS),
  /** 0–1: how sure the listening is. */
  confidence: z.number(),
  state: z.enum(SUGGESTION_STATES),
  /** The marker its acceptance made, while that marker exists. */
  marker: z.number().int().nullable(),
});
export const suggestionListAnswer = listAnswer(suggestionSchema);
export const suggestionAnswer = writeAnswer(suggestionSchema);

export type SuggestionAnswer = z.infer<typeof suggestionSchema>;
