import { clientProcedure, router, userProcedure } from "../trpc/trpc.ts";
import { previewsInput, publishInput, publisherInput, refusalInput } from "./schemas.ts";

export const mediaGatewayRouter = router({
  publish: clientProcedure
    .input(publishInput)
    .mutation(({ ctx, input }) => ctx.services.mediaGateway.authorizePublish(input, ctx.caller)),
  refusal: clientProcedure
    .input(refusalInput)
    .mutation(({ ctx, input }) => ctx.services.mediaGateway.reportRefusal(input, ctx.caller)),
  publisher: clientProcedure
    .input(publisherInput)
    .mutation(({ ctx, input }) => ctx.services.mediaGateway.reportPublisher(input, ctx.caller)),
  previews: userProcedure
    .input(previewsInput)
    .query(({ ctx, input }) => ctx.services.mediaGateway.previews(input, ctx.caller)),
  refusals: userProcedure.query(({ ctx }) => ctx.services.mediaGateway.refusals(ctx.caller)),
  storage: userProcedure.query(({ ctx }) => ctx.services.mediaGateway.storage(ctx.caller)),
});
