import { z } from "zod";
import { router, userProcedure } from "../trpc/trpc.ts";
import {
  createMarkerInput,
  createSequenceInput,
  markerParams,
  matchSequencesParams,
  sequenceParams,
  updateMarkerInput,
} from "./schemas.ts";

export const sequencesRouter = router({
  /** `id` is the match's. */
  list: userProcedure
    .input(matchSequencesParams)
    .query(({ ctx, input }) => ctx.services.sequences.list(input.id, ctx.caller)),
  /** `id` is the match's. */
  create: userProcedure
    .input(z.strictObject({ ...matchSequencesParams.shape, ...createSequenceInput.shape }))
    .mutation(({ ctx, input: { id, ...body } }) => ctx.services.sequences.create(id, body, ctx.caller)),
  /** `id` is the sequence's. */
  addMarker: userProcedure
    .input(z.strictObject({ ...sequenceParams.shape, ...createMarkerInput.shape }))
    .mutation(({ ctx, input: { id, ...body } }) => ctx.services.sequences.addMarker(id, body, ctx.caller)),
  updateMarker: userProcedure
    .input(z.strictObject({ ...markerParams.shape, ...updateMarkerInput.shape }))
    .mutation(({ ctx, input: { id, ...body } }) => ctx.services.sequences.updateMarker(id, body, ctx.caller)),
  deleteMarker: userProcedure
    .input(markerParams)
    .mutation(({ ctx, input }) => ctx.services.sequences.deleteMarker(input.id, ctx.caller)),
});
