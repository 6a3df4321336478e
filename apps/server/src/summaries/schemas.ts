import { z } from "zod";
import { jobsAnswer, resourceAnswer } from "../core/answers.ts";
import { idParam } from "../core/schemas.ts";
import { pageQuery, pagedSchema } from "../core/pagination.ts";
import { renderState } from "../clips/schemas.ts";

/** A club's summaries table: the standard page (20), filtered by match and by team (home or away). */
export const clubSummariesQuery = pageQuery.extend({ match: idParam.optional(), team: idParam.optional() });

export const summarySchema = z.object({
  id: z.number().int(),
  match: z.object({
    id: z.number().int(),
    home_team: z.number().int().nullable(),
    away_team: z.number().int().nullable(),
  }),
  /** Where the build of the latest version is. */
  state: renderState,
  /** Percent done while building. */
  progress: z.number().int(),
  failure_reason: z.string().nullable(),
  /** The MP4 (to play or download) last built, kept while a newer version builds; signed for a private match. */
  video_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const summaryAnswer = resourceAnswer(summarySchema);
export const summaryPageAnswer = pagedSchema(summarySchema);
export const summaryRebuildAnswer = jobsAnswer(summarySchema);

export type ClubSummariesQuery = z.infer<typeof clubSummariesQuery>;
export type SummaryAnswer = z.infer<typeof summarySchema>;
