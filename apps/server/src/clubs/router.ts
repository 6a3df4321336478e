import { idParams } from "../core/schemas.ts";
import { publicProcedure, router, userProcedure } from "../trpc/trpc.ts";
import { clubsQuery, createClubInput, updateClubByIdInput } from "./schemas.ts";

export const clubsRouter = router({
  list: userProcedure.input(clubsQuery).query(({ ctx, input }) => ctx.services.clubs.list(input, ctx.caller)),
  active: publicProcedure.input(clubsQuery).query(({ ctx, input }) => ctx.services.clubs.listActive(input)),
  get: publicProcedure.input(idParams).query(({ ctx, input }) => ctx.services.clubs.get(input.id, ctx.caller)),
  create: userProcedure
    .input(createClubInput)
    .mutation(({ ctx, input }) => ctx.services.clubs.create(input, ctx.caller)),
  update: userProcedure
    .input(updateClubByIdInput)
    .mutation(({ ctx, input: { id, ...changes } }) => ctx.services.clubs.update(id, changes, ctx.caller)),
});
