import { publicProcedure, router } from "../trpc/trpc.ts";

export const appInfoRouter = router({
  get: publicProcedure.query(({ ctx }) => ctx.services.appInfo.get()),
});
