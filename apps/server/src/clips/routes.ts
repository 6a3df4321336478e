import type { RouteRegistrar } from "../core/http.ts";
import { idParams } from "../core/schemas.ts";
import type { Services } from "../services.ts";
import { clipAnswer, clipListAnswer, clipPageAnswer, clipWindowInput, clubClipsQuery } from "./schemas.ts";

export function clipRoutes(r: RouteRegistrar, { clips }: Services): void {
  const tags = ["clips"];
  r.route({
    method: "GET",
    url: "/v1/clubs/:id/clips",
    auth: "user",
    summary: "The clips of a club's matches, newest first, by match and team (the club's staff)",
    tags,
    params: idParams,
    query: clubClipsQuery,
    response: clipPageAnswer,
    handler: ({ params, query }, ctx) => clips.listOfClub(params.id, query, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/matches/:id/clips",
    auth: "user",
    summary: "The clips of the caller's markers on a match, in video order, with their states",
    tags,
    params: idParams,
    response: clipListAnswer,
    handler: ({ params }, ctx) => clips.listOfMatch(params.id, ctx),
  });
  r.route({
    method: "PUT",
    url: "/v1/clips/:id",
    auth: "user",
    summary: "Set the start and end of a clip of one of the caller's markers (frame-accurate); it is cut again",
    tags,
    params: idParams,
    body: clipWindowInput,
    response: clipAnswer,
    handler: ({ params, body }, ctx) => clips.setWindow(params.id, body, ctx),
  });
  r.route({
    method: "DELETE",
    url: "/v1/clips/:id",
    auth: "user",
    summary: "Delete a clip and its files (the club's staff; the marker stays)",
    tags,
    params: idParams,
    status: 204,
    handler: ({ params }, ctx) => clips.remove(params.id, ctx),
  });
}
