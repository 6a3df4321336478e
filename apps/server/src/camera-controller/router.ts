import { clientProcedure, publicProcedure, router } from "../trpc/trpc.ts";
import { heartbeatInput, recordingFinishedInput, streamReadyInput, tokenRequest } from "./schemas.ts";

export const cameraControllerRouter = router({
  token: publicProcedure
    .input(tokenRequest)
    .mutation(({ ctx, input }) => ctx.services.cameraController.exchangeToken(input, ctx.caller)),
  heartbeat: clientProcedure
    .input(heartbeatInput)
    .mutation(({ ctx, input }) => ctx.services.cameraController.heartbeat(input, ctx.caller)),
  streamReady: clientProcedure
    .input(streamReadyInput)
    .mutation(({ ctx, input }) => ctx.services.cameraController.streamReady(input, ctx.caller)),
  recordingFinished: clientProcedure
    .input(recordingFinishedInput)
    .mutation(({ ctx, input }) => ctx.services.cameraController.recordingFinished(input, ctx.caller)),
});
