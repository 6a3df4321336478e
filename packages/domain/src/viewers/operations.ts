import { domain } from "../core/operation.ts";
import { idParams } from "../core/schemas.ts";
import { viewersAnswer } from "./schemas.ts";
import { createViewersService } from "./service.ts";

export default domain(createViewersService, (op) => ({
  ofMatch: op.query({
    auth: "public",
    summary: "How many people watch a live match now, and the most at once so far (whoever may see the match)",
    rest: { method: "GET", path: "/v1/matches/:id/viewers" },
    input: idParams,
    output: viewersAnswer,
    run: (viewers, input, caller) => viewers.ofMatch(input, caller),
  }),
}));
