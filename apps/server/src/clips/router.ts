import { z } from "zod";
import { idParams } from "../core/schemas.ts";
import { router, userProcedure } from "../trpc/trpc.ts";
import { clipWindowInput, clubClipsQuery } from "./schemas.ts";

export const clipsRouter = router({
  /** `id` is the club's. */
  ofClub: userProcedure
    .input(idParams.extend(clubClipsQuery.shape))
    .query(({ ctx, input: { id, ...query } }) => ctx.services.clips.listOfClub(id, query, ctx.caller)),
  /** `id` is the match's. */
  ofMatch: userProcedure
    .input(idParams)
    .query(({ ctx, input }) => ctx.services.clips.listOfMatch(input.id, ctx.caller)),
  setWindow: userProcedure
    .input(z.strictObject({ ...idParams.shape, ...clipWindowInput.shape }))
    .mutation(({ ctx, input: { id, ...body } }) => ctx.services.clips.setWindow(id, body, ctx.caller)),
  delete: userProcedure.input(idParams).mutation(({ ctx, input }) => ctx.services.clips.remove(input.id, ctx.caller)),
});
