import type { RouteRegistrar } from "../core/http.ts";
import type { Services } from "../services.ts";
import { searchAnswer, searchInput } from "./schemas.ts";

export function searchRoutes(r: RouteRegistrar, { search }: Services): void {
  r.route({
    method: "POST",
    url: "/v1/search/all",
    auth: "public",
    summary: "Search matches, clubs, teams and users the caller may see (at most 10 of each)",
    tags: ["search"],
    body: searchInput,
    response: searchAnswer,
    handler: ({ body }, ctx) => search.searchAll(body, ctx),
  });
}
