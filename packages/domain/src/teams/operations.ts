import { deletedAnswer, listAnswer, writeAnswer } from "../core/answers.ts";
import { domain } from "../core/operation.ts";
import { idParams } from "../core/schemas.ts";
import {
  clubTeamParams,
  clubTeamsQuery,
  createTeamInput,
  sportTeamsParams,
  sportTeamsQuery,
  teamSchema,
} from "./schemas.ts";
import { createTeamsService } from "./service.ts";

export default domain(createTeamsService, (op) => ({
  ofClub: op.query({
    auth: "user",
    summary: "A club's teams, for its members (is_custom=false leaves out custom teams)",
    rest: { method: "GET", path: "/v1/clubs/:id/teams" },
    input: idParams.extend(clubTeamsQuery.shape),
    output: listAnswer(teamSchema),
    run: (teams, { id, ...query }, caller) => teams.listOfClub(id, query, caller),
  }),
  ofSport: op.query({
    auth: "user",
    summary: "Teams of a sport (by id or slug) in clubs of a country",
    rest: { method: "GET", path: "/v1/sports/:sport/teams" },
    input: sportTeamsParams.extend(sportTeamsQuery.shape),
    output: listAnswer(teamSchema),
    run: (teams, { sport, ...query }, caller) => teams.listOfSport(sport, query, caller),
  }),
  create: op.mutation({
    auth: "user",
    summary: "Add a team to a club (the club's administrators, or system administrators)",
    rest: { method: "POST", path: "/v1/clubs/:id/teams", status: 201 },
    input: idParams.extend(createTeamInput.shape),
    output: writeAnswer(teamSchema),
    run: (teams, { id, ...team }, caller) => teams.create(id, team, caller),
  }),
  delete: op.mutation({
    auth: "user",
    summary: "Delete a club's team (the club's administrators, or system administrators)",
    rest: { method: "DELETE", path: "/v1/clubs/:club/teams/:team" },
    input: clubTeamParams,
    output: deletedAnswer,
    run: (teams, input, caller) => teams.remove(input.club, input.team, caller),
  }),
}));
