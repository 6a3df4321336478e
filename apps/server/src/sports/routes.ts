import type { RouteRegistrar } from "../core/http.ts";
import type { Services } from "../services.ts";
import { createSportInput, sportAnswer, sportParams, sportsAnswer } from "./schemas.ts";

export function sportsRoutes(r: RouteRegistrar, { sports }: Services): void {
  const tags = ["sports"];
  r.route({
    method: "GET",
    url: "/v1/sports",
    auth: "public",
    summary: "Every sport",
    tags,
    response: sportsAnswer,
    handler: () => sports.list(),
  });
  r.route({
    method: "GET",
    url: "/v1/sports/:sport",
    auth: "public",
    summary: "One sport, by id or slug",
    tags,
    params: sportParams,
    response: sportAnswer,
    handler: ({ params }) => sports.get(params.sport),
  });
  r.route({
    method: "POST",
    url: "/v1/sports",
    auth: "user",
    summary: "Create a sport (system administrators)",
    tags,
    body: createSportInput,
    status: 201,
    response: sportAnswer,
    handler: ({ body }, ctx) => sports.create(body, ctx),
  });
}
