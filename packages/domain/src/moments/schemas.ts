import { z } from "zod";
import { momentSettingsInput, type MomentSettingsInput } from "@clubcast/shared/schemas";
import { listAnswer, writeAnswer, resourceAnswer } from "../core/answers.ts";

// The input lives in @clubcast/shared: the web's club settings form checks with it too.
export { momentSettingsInput, type MomentSettingsInput };

export const momentSettingsSchema = z.object({
  goal_entry_delay_s: z.number().int(),
  half_length_min: z.number().int(),
  half_time_break_min: z.number().int(),
});
export const momentSettingsAnswer = resourceAnswer(momentSettingsSchema);
export const momentSettingsWriteAnswer = writeAnswer(momentSettingsSchema);

export const scoreEventSchema = z.object({
  id: z.number().int(),
  /** Its time in the recording (ms). */
  time_ms: z.number().int(),
  /** When it happened (wall clock): a live player compares the date of the frame it shows. */
  happened_at: z.string(),
  home: z.number().int(),
  away: z.number().int(),
  /** Who scored; null for a correction. */
  side: z.enum(["home", "away"]).nullable(),
});
export const scoreEventsAnswer = listAnswer(scoreEventSchema);

export type MomentSettingsAnswer = z.infer<typeof momentSettingsSchema>;
export type ScoreEventAnswer = z.infer<typeof scoreEventSchema>;
