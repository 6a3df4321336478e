import { z } from "zod";
import { clubPageInput, streamsPageQuery } from "../core/pagination.ts";
import { idParams } from "../core/schemas.ts";
import { publicProcedure, router, userProcedure } from "../trpc/trpc.ts";
import {
  clubMatchParams,
  createMatchInput,
  matchListQuery,
  restoreParams,
  scoreInput,
  updateMatchInput,
} from "./schemas.ts";

export const matchesRouter = router({
  list: publicProcedure.input(matchListQuery).query(({ ctx, input }) => ctx.services.matches.list(input)),
  byId: publicProcedure.input(idParams).query(({ ctx, input }) => ctx.services.matches.byId(input.id, ctx.caller)),
  liveStreams: userProcedure
    .input(streamsPageQuery)
    .query(({ ctx, input }) => ctx.services.matches.liveStreams(input, ctx.caller)),
  upcomingStreams: userProcedure
    .input(streamsPageQuery)
    .query(({ ctx, input }) => ctx.services.matches.upcomingStreams(input, ctx.caller)),
  clubLive: userProcedure
    .input(clubPageInput)
    .query(({ ctx, input: { club, ...page } }) => ctx.services.matches.clubLive(club, page, ctx.caller)),
  clubUpcoming: userProcedure
    .input(clubPageInput)
    .query(({ ctx, input: { club, ...page } }) => ctx.services.matches.clubUpcoming(club, page, ctx.caller)),
  clubPublicLive: publicProcedure
    .input(clubPageInput)
    .query(({ ctx, input: { club, ...page } }) => ctx.services.matches.clubPublicLive(club, page)),
  clubPublicUpcoming: publicProcedure
    .input(clubPageInput)
    .query(({ ctx, input: { club, ...page } }) => ctx.services.matches.clubPublicUpcoming(club, page)),
  clubUnscheduled: userProcedure
    .input(clubPageInput)
    .query(({ ctx, input: { club, ...page } }) => ctx.services.matches.clubUnscheduled(club, page, ctx.caller)),
  clubRecorded: userProcedure
    .input(clubPageInput)
    .query(({ ctx, input: { club, ...page } }) => ctx.services.matches.clubRecorded(club, page, ctx.caller)),
  create: userProcedure
    .input(createMatchInput)
    .mutation(({ ctx, input }) => ctx.services.matches.create(input, ctx.caller)),
  update: userProcedure
    .input(z.strictObject({ ...clubMatchParams.shape, ...updateMatchInput.shape }))
    .mutation(({ ctx, input: { club, match, ...body } }) =>
      ctx.services.matches.update({ club, match }, body, ctx.caller),
    ),
  schedule: userProcedure
    .input(clubMatchParams)
    .mutation(({ ctx, input }) => ctx.services.matches.schedule(input, ctx.caller)),
  unschedule: userProcedure
    .input(clubMatchParams)
    .mutation(({ ctx, input }) => ctx.services.matches.unschedule(input, ctx.caller)),
  startRecording: userProcedure
    .input(clubMatchParams)
    .mutation(({ ctx, input }) => ctx.services.matches.startRecording(input, ctx.caller)),
  stopRecording: userProcedure
    .input(clubMatchParams)
    .mutation(({ ctx, input }) => ctx.services.matches.stopRecording(input, ctx.caller)),
  restore: userProcedure
    .input(restoreParams)
    .mutation(({ ctx, input }) => ctx.services.matches.restore(input, ctx.caller)),
  delete: userProcedure.input(idParams).mutation(({ ctx, input }) => ctx.services.matches.remove(input.id, ctx.caller)),
  deleteInClub: userProcedure
    .input(clubMatchParams)
    .mutation(({ ctx, input }) => ctx.services.matches.removeInClub(input, ctx.caller)),
  // A signed-in user or a camera controller; the service decides who may.
  score: publicProcedure
    .input(z.strictObject({ ...clubMatchParams.shape, ...scoreInput.shape }))
    .mutation(({ ctx, input: { club, match, ...score } }) =>
      ctx.services.matches.score({ club, match }, score, ctx.caller),
    ),
});
