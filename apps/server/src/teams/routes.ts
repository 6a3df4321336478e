import type { RouteRegistrar } from "../core/http.ts";
import { idParams, messageAnswer } from "../core/schemas.ts";
import type { Services } from "../services.ts";
import {
  clubTeamParams,
  clubTeamsQuery,
  createTeamInput,
  sportTeamsParams,
  sportTeamsQuery,
  teamAnswer,
  teamsAnswer,
} from "./schemas.ts";

export function teamsRoutes(r: RouteRegistrar, { teams }: Services): void {
  const tags = ["teams"];
  r.route({
    method: "GET",
    url: "/v1/clubs/:id/teams",
    auth: "user",
    summary: "A club's teams, for its members (is_custom=false leaves out custom teams)",
    tags,
    params: idParams,
    query: clubTeamsQuery,
    response: teamsAnswer,
    handler: ({ params, query }, ctx) => teams.listOfClub(params.id, query, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/clubs/:id/teams",
    auth: "user",
    summary: "Add a team to a club (the club's administrators, or system administrators)",
    tags,
    params: idParams,
    body: createTeamInput,
    status: 201,
    response: teamAnswer,
    handler: ({ params, body }, ctx) => teams.create(params.id, body, ctx),
  });
  r.route({
    method: "DELETE",
    url: "/v1/clubs/:club/teams/:team",
    auth: "user",
    summary: "Delete a club's team (the club's administrators, or system administrators)",
    tags,
    params: clubTeamParams,
    response: messageAnswer,
    handler: ({ params }, ctx) => teams.remove(params.club, params.team, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/sports/:sport/teams",
    auth: "user",
    summary: "Teams of a sport (by id or slug) in clubs of a country",
    tags,
    params: sportTeamsParams,
    query: sportTeamsQuery,
    response: teamsAnswer,
    handler: ({ params, query }, ctx) => teams.listOfSport(params.sport, query, ctx),
  });
}
