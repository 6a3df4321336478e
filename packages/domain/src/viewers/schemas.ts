import { z } from "zod";

/** GET /v1/matches/:id/viewers and the match.viewers event. */
export const viewersAnswer = z.object({
  data: z.object({
    match: z.number().int(),
    /** People whose player shows the match live now. */
    watching: z.number().int(),
    /** The most at once so far (kept for a day after it last rose). */
    peak: z.number().int(),
  }),
});
