import { z } from "zod";
import { pageQuery } from "../core/pagination.ts";
import { id } from "../matches/schemas.ts";
import { router, userProcedure } from "../trpc/trpc.ts";
import { recordingParams, recordingToMatchInput } from "./schemas.ts";

export const offlineRouter = router({
  list: userProcedure
    .input(pageQuery.extend({ club: id }))
    .query(({ ctx, input: { club, ...page } }) => ctx.services.offline.list(club, page, ctx.caller)),
  toMatch: userProcedure
    .input(z.strictObject({ ...recordingParams.shape, ...recordingToMatchInput.shape }))
    .mutation(({ ctx, input: { club, recording, ...body } }) =>
      ctx.services.offline.toMatch({ club, recording }, body, ctx.caller),
    ),
});
