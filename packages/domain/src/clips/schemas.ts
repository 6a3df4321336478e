import { z } from "zod";
import { renderedVideoFields } from "../media/rendered-video.ts";
import { idParam, integer } from "../core/schemas.ts";
import { listAnswer, writeAnswer } from "../core/answers.ts";
import { pageQuery, pagedSchema } from "../core/pagination.ts";

/** A club's clips table: the standard page (20), filtered by match and by team (home or away). */
export const clubClipsQuery = pageQuery.extend({ match: idParam.optional(), team: idParam.optional() });

/** A clip's window set by hand on the annotate page (checked against the clip rule of @clubcast/shared). */
export const clipWindowInput = z.strictObject({
  /** Where the clip starts in the match video, in milliseconds. */
  start_ms: integer(0),
  /** Where it ends (exclusive), in milliseconds. */
  end_ms: integer(0),
});

export const clipSchema = z.object({
  ...renderedVideoFields,
  marker: z.object({ id: z.number().int(), label: z.string(), time_ms: z.number().int() }),
  start_ms: z.number().int(),
  end_ms: z.number().int(),
  length_ms: z.number().int(),
  frame_rate: z.number(),
  /** Whether the window was set by hand (true) or follows the marker by the clip rule. */
  custom: z.boolean(),
});
export const clipAnswer = writeAnswer(clipSchema);
export const clipListAnswer = listAnswer(clipSchema);
export const clipPageAnswer = pagedSchema(clipSchema);

export type ClubClipsQuery = z.infer<typeof clubClipsQuery>;
export type ClipWindowInput = z.infer<typeof clipWindowInput>;
export type ClipAnswer = z.infer<typeof clipSchema>;
