import { domain } from "../core/operation.ts";
import { searchAnswer, searchInput } from "./schemas.ts";
import { createSearchService } from "./service.ts";

export default domain(createSearchService, (op) => ({
  all: op.mutation({
    auth: "public",
    summary: "Search matches, clubs, teams and users the caller may see (at most 10 of each)",
    rest: { method: "POST", path: "/v1/search/all" },
    input: searchInput,
    output: searchAnswer,
    run: (search, input, caller) => search.searchAll(input, caller),
  }),
}));
