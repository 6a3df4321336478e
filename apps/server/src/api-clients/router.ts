import { pageQuery } from "../core/pagination.ts";
import { idParams } from "../core/schemas.ts";
import { router, userProcedure } from "../trpc/trpc.ts";
import { apiClientInput } from "./schemas.ts";

export const apiClientsRouter = router({
  list: userProcedure.input(pageQuery).query(({ ctx, input }) => ctx.services.apiClients.list(input, ctx.caller)),
  create: userProcedure
    .input(apiClientInput)
    .mutation(({ ctx, input }) => ctx.services.apiClients.create(input, ctx.caller)),
  revoke: userProcedure
    .input(idParams)
    .mutation(({ ctx, input }) => ctx.services.apiClients.revoke(input.id, ctx.caller)),
});
