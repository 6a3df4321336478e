import { router, userProcedure } from "../trpc/trpc.ts";
import { createFeatureUpdateInput, featureUpdatesQuery } from "./schemas.ts";

export const messagesRouter = router({
  featureUpdates: userProcedure
    .input(featureUpdatesQuery)
    .query(({ ctx, input }) => ctx.services.messages.listFeatureUpdates(input, ctx.caller)),
  createFeatureUpdate: userProcedure
    .input(createFeatureUpdateInput)
    .mutation(({ ctx, input }) => ctx.services.messages.createFeatureUpdate(input, ctx.caller)),
});
