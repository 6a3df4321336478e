import { z } from "zod";
import { domain } from "../core/operation.ts";
import { idParam, idParams } from "../core/schemas.ts";
import {
  clubSummariesQuery,
  matchSummaryAnswer,
  summaryPageAnswer,
  summaryRebuildAnswer,
  summarySchema,
} from "./schemas.ts";
import { bulkOperations } from "../media/rendered-bulk.ts";
import { createSummariesService } from "./service.ts";

export default domain(createSummariesService, (op) => ({
  ofMatch: op.query({
    auth: "public",
    summary:
      "The highlight summary of a match the caller may see, with its state and (signed) video links; data is null while it has none",
    rest: { method: "GET", path: "/v1/matches/:id/summary" },
    input: idParams,
    output: matchSummaryAnswer,
    run: (summaries, input, caller) => summaries.ofMatch(input.id, caller),
  }),
  ofClub: op.query({
    auth: "user",
    summary: "The summaries of a club's matches, newest first, by match and team (the club's staff)",
    rest: { method: "GET", path: "/v1/clubs/:club/summaries" },
    input: z.strictObject({ club: idParam, ...clubSummariesQuery.shape }),
    output: summaryPageAnswer,
    run: (summaries, { club, ...query }, caller) => summaries.listOfClub(club, query, caller),
  }),
  rebuild: op.mutation({
    auth: "user",
    summary: "Build a match's summary from its ready clips now (club admins); 202 with the job id",
    rest: { method: "POST", path: "/v1/matches/:id/summary", status: 202 },
    input: idParams,
    output: summaryRebuildAnswer,
    run: (summaries, input, caller) => summaries.rebuild(input.id, caller),
  }),
  ...bulkOperations(op, "summaries", summarySchema),
}));
