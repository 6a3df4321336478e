import { publicProcedure, router, userProcedure } from "../trpc/trpc.ts";
import { pageQuery } from "../core/pagination.ts";

export const monitoringRouter = router({
  health: publicProcedure.query(({ ctx }) => ctx.services.monitoring.health()),
  overview: userProcedure.query(({ ctx }) => ctx.services.monitoring.overview(ctx.caller)),
  failedJobs: userProcedure.input(pageQuery).query(({ ctx, input }) => ctx.services.failedJobs.list(input, ctx.caller)),
});
