import type { RouteRegistrar } from "../core/http.ts";
import { pagedSchema } from "../core/pagination.ts";
import { idParams } from "../core/schemas.ts";
import type { Services } from "../services.ts";
import { clubAnswer, clubSchema, clubsQuery, createClubInput, publicClubSchema, updateClubInput } from "./schemas.ts";

export function clubsRoutes(r: RouteRegistrar, { clubs }: Services): void {
  const tags = ["clubs"];
  r.route({
    method: "GET",
    url: "/v1/clubs",
    auth: "user",
    summary: "Clubs: every club for system administrators, otherwise the caller's own",
    tags,
    query: clubsQuery,
    response: pagedSchema(clubSchema),
    handler: ({ query }, ctx) => clubs.list(query, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/active-clubs",
    auth: "public",
    summary: "Activated clubs, by name",
    tags,
    query: clubsQuery,
    response: pagedSchema(publicClubSchema),
    handler: ({ query }) => clubs.listActive(query),
  });
  r.route({
    method: "GET",
    url: "/v1/clubs/:id",
    auth: "public",
    summary: "One club: public fields of an activated club for anyone, everything for its members",
    tags,
    params: idParams,
    response: clubAnswer,
    handler: ({ params }, ctx) => clubs.get(params.id, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/clubs",
    auth: "user",
    summary: "Create a club (system administrators)",
    tags,
    body: createClubInput,
    status: 201,
    response: clubAnswer,
    handler: ({ body }, ctx) => clubs.create(body, ctx),
  });
  r.route({
    method: "PUT",
    url: "/v1/clubs/:id",
    auth: "user",
    summary: "Edit a club (system administrators, or the club's administrators; activation is system-only)",
    tags,
    params: idParams,
    body: updateClubInput,
    response: clubAnswer,
    handler: ({ params, body }, ctx) => clubs.update(params.id, body, ctx),
  });
}
