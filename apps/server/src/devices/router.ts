import { pageQuery } from "../core/pagination.ts";
import { router, userProcedure } from "../trpc/trpc.ts";
import { deviceInput } from "./schemas.ts";

export const devicesRouter = router({
  computers: userProcedure
    .input(pageQuery)
    .query(({ ctx, input }) => ctx.services.devices.listComputers(input, ctx.caller)),
  createComputer: userProcedure
    .input(deviceInput)
    .mutation(({ ctx, input }) => ctx.services.devices.createComputer(input, ctx.caller)),
  routers: userProcedure
    .input(pageQuery)
    .query(({ ctx, input }) => ctx.services.devices.listRouters(input, ctx.caller)),
  createRouter: userProcedure
    .input(deviceInput)
    .mutation(({ ctx, input }) => ctx.services.devices.createRouter(input, ctx.caller)),
});
