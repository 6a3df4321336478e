import { idParams } from "../core/schemas.ts";
import { router, userProcedure } from "../trpc/trpc.ts";
import { createFieldInput, fieldsQuery } from "./schemas.ts";

export const fieldsRouter = router({
  list: userProcedure.input(fieldsQuery).query(({ ctx, input }) => ctx.services.fields.list(input, ctx.caller)),
  get: userProcedure.input(idParams).query(({ ctx, input }) => ctx.services.fields.get(input.id, ctx.caller)),
  create: userProcedure
    .input(createFieldInput)
    .mutation(({ ctx, input }) => ctx.services.fields.create(input, ctx.caller)),
  delete: userProcedure.input(idParams).mutation(({ ctx, input }) => ctx.services.fields.remove(input.id, ctx.caller)),
});
