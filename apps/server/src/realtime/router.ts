import { publicProcedure, router } from "../trpc/trpc.ts";
import { broadcastAuthInput } from "./schemas.ts";

export const realtimeRouter = router({
  authorize: publicProcedure
    .input(broadcastAuthInput)
    .mutation(({ ctx, input }) => ctx.services.realtime.authorizeBroadcast(input.channel_name, ctx.caller)),
});
