import { publicProcedure, router, userProcedure } from "../trpc/trpc.ts";
import { createSportInput, sportParams } from "./schemas.ts";

export const sportsRouter = router({
  list: publicProcedure.query(({ ctx }) => ctx.services.sports.list()),
  get: publicProcedure.input(sportParams).query(({ ctx, input }) => ctx.services.sports.get(input.sport)),
  create: userProcedure
    .input(createSportInput)
    .mutation(({ ctx, input }) => ctx.services.sports.create(input, ctx.caller)),
});
