import { publicProcedure, router, userProcedure } from "../trpc/trpc.ts";
import { forgotInput, loginInput, registerInput, resetInput } from "./schemas.ts";

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(({ ctx, input }) => ctx.services.auth.login(input, ctx.caller)),
  logout: userProcedure.mutation(({ ctx }) => ctx.services.auth.logout(ctx.caller)),
  me: userProcedure.query(({ ctx }) => ctx.services.auth.me(ctx.caller)),
  register: publicProcedure
    .input(registerInput)
    .mutation(({ ctx, input }) => ctx.services.auth.register(input, ctx.caller)),
  forgot: publicProcedure
    .input(forgotInput)
    .mutation(({ ctx, input }) => ctx.services.auth.forgotPassword(input, ctx.caller)),
  reset: publicProcedure
    .input(resetInput)
    .mutation(({ ctx, input }) => ctx.services.auth.resetPassword(input, ctx.caller)),
});
