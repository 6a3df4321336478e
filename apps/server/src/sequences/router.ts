import { z } from "zod";
import { idParams } from "../core/schemas.ts";
import { router, userProcedure } from "../trpc/trpc.ts";
import { createMarkerInput, createSequenceInput, updateMarkerInput } from "./schemas.ts";

export const sequencesRouter = router({
  /** `id` is the match's. */
  list: userProcedure.input(idParams).query(({ ctx, input }) => ctx.services.sequences.list(input.id, ctx.caller)),
  /** `id` is the match's. */
  create: userProcedure
    .input(z.strictObject({ ...idParams.shape, ...createSequenceInput.shape }))
    .mutation(({ ctx, input: { id, ...body } }) => ctx.services.sequences.create(id, body, ctx.caller)),
  /** `id` is the sequence's. */
  addMarker: userProcedure
    .input(z.strictObject({ ...idParams.shape, ...createMarkerInput.shape }))
    .mutation(({ ctx, input: { id, ...body } }) => ctx.services.sequences.addMarker(id, body, ctx.caller)),
  updateMarker: userProcedure
    .input(z.strictObject({ ...idParams.shape, ...updateMarkerInput.shape }))
    .mutation(({ ctx, input: { id, ...body } }) => ctx.services.sequences.updateMarker(id, body, ctx.caller)),
  deleteMarker: userProcedure
    .input(idParams)
    .mutation(({ ctx, input }) => ctx.services.sequences.deleteMarker(input.id, ctx.caller)),
});
