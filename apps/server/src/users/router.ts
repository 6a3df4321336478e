import { idParams } from "../core/schemas.ts";
import { router, userProcedure } from "../trpc/trpc.ts";
import { clubUserParams, clubUsersParams, createUserInput, updateUserByIdInput, usersQuery } from "./schemas.ts";

export const usersRouter = router({
  list: userProcedure.input(usersQuery).query(({ ctx, input }) => ctx.services.users.list(input, ctx.caller)),
  ofClub: userProcedure
    .input(clubUsersParams.extend(usersQuery.shape))
    .query(({ ctx, input: { club, ...page } }) => ctx.services.users.listOfClub(club, page, ctx.caller)),
  get: userProcedure.input(idParams).query(({ ctx, input }) => ctx.services.users.get(input.id, ctx.caller)),
  create: userProcedure
    .input(createUserInput)
    .mutation(({ ctx, input }) => ctx.services.users.create(input, ctx.caller)),
  update: userProcedure
    .input(updateUserByIdInput)
    .mutation(({ ctx, input: { id, ...changes } }) => ctx.services.users.update(id, changes, ctx.caller)),
  delete: userProcedure.input(idParams).mutation(({ ctx, input }) => ctx.services.users.remove(input.id, ctx.caller)),
  removeFromClub: userProcedure
    .input(clubUserParams)
    .mutation(({ ctx, input }) => ctx.services.users.removeFromClub(input.club, input.id, ctx.caller)),
});
