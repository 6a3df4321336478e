import { idParams } from "../core/schemas.ts";
import { router, userProcedure } from "../trpc/trpc.ts";
import { clubTeamParams, clubTeamsQuery, createTeamInput, sportTeamsParams, sportTeamsQuery } from "./schemas.ts";

export const teamsRouter = router({
  ofClub: userProcedure
    .input(idParams.extend(clubTeamsQuery.shape))
    .query(({ ctx, input: { id, ...query } }) => ctx.services.teams.listOfClub(id, query, ctx.caller)),
  ofSport: userProcedure
    .input(sportTeamsParams.extend(sportTeamsQuery.shape))
    .query(({ ctx, input: { sport, ...query } }) => ctx.services.teams.listOfSport(sport, query, ctx.caller)),
  create: userProcedure
    .input(idParams.extend(createTeamInput.shape))
    .mutation(({ ctx, input: { id, ...team } }) => ctx.services.teams.create(id, team, ctx.caller)),
  delete: userProcedure
    .input(clubTeamParams)
    .mutation(({ ctx, input }) => ctx.services.teams.remove(input.club, input.team, ctx.caller)),
});
