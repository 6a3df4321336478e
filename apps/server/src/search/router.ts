import { publicProcedure, router } from "../trpc/trpc.ts";
import { searchInput } from "./schemas.ts";

export const searchRouter = router({
  all: publicProcedure
    .input(searchInput)
    .mutation(({ ctx, input }) => ctx.services.search.searchAll(input, ctx.caller)),
});
