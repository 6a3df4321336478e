import { z } from "zod";
import { jobsAnswer, resourceAnswer } from "../core/answers.ts";
import { idParam } from "../core/schemas.ts";
import { pageQuery, pagedSchema } from "../core/pagination.ts";
import { renderedVideoFields } from "../media/rendered-video.ts";

/** A club's summaries table: the standard page (20), filtered by match and by team (home or away). */
export const clubSummariesQuery = pageQuery.extend({ match: idParam.optional(), team: idParam.optional() });

/** The video last built stays (to play or download) while a newer version builds. */
export const summarySchema = z.object({
  ...renderedVideoFields,
  /** How long a ready summary plays: its title card and its match's ready clips (null until one is built). */
  length_ms: z.number().int().nullable(),
  /** Its match's clips still being cut: it is built again with each one once ready (what a waiting summary waits for). */
  clips_waiting: z.number().int(),
});
/** A match's summary; null while it has none the caller may see. */
export const matchSummaryAnswer = resourceAnswer(summarySchema.nullable());
export const summaryPageAnswer = pagedSchema(summarySchema);
export const summaryRebuildAnswer = jobsAnswer(summarySchema);

export type ClubSummariesQuery = z.infer<typeof clubSummariesQuery>;
export type SummaryAnswer = z.infer<typeof summarySchema>;
