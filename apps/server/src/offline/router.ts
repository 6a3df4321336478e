import { z } from "zod";
import { clubPageInput } from "../core/pagination.ts";
import { router, userProcedure } from "../trpc/trpc.ts";
import { recordingParams, recordingToMatchInput } from "./schemas.ts";

export const offlineRouter = router({
  list: userProcedure
    .input(clubPageInput)
    .query(({ ctx, input: { club, ...page } }) => ctx.services.offline.list(club, page, ctx.caller)),
  toMatch: userProcedure
    .input(z.strictObject({ ...recordingParams.shape, ...recordingToMatchInput.shape }))
    .mutation(({ ctx, input: { club, recording, ...body } }) =>
      ctx.services.offline.toMatch({ club, recording }, body, ctx.caller),
    ),
});
