import { domain } from "../core/operation.ts";
import { idParams } from "../core/schemas.ts";
import { suggestionAnswer, suggestionListAnswer } from "./schemas.ts";
import { createSuggestionsService } from "./service.ts";

export default domain(createSuggestionsService, (op) => ({
  ofMatch: op.query({
    auth: "user",
    summary: "The moments a match's sound suggests (whistles, crowd surges), in video order (who may annotate it)",
    rest: { method: "GET", path: "/v1/matches/:id/suggestions" },
    input: idParams,
    output: suggestionListAnswer,
    run: (suggestions, input, caller) => suggestions.listOfMatch(input.id, caller),
  }),
  accept: op.mutation({
    auth: "user",
    summary: "Accept a suggested moment: a marker of the caller's at its time, and with it a clip",
    rest: { method: "POST", path: "/v1/suggestions/:id/accept" },
    input: idParams,
    output: suggestionAnswer,
    run: (suggestions, input, caller) => suggestions.accept(input.id, caller),
  }),
  dismiss: op.mutation({
    auth: "user",
    summary: "Dismiss a suggested moment",
    rest: { method: "POST", path: "/v1/suggestions/:id/dismiss" },
    input: idParams,
    output: suggestionAnswer,
    run: (suggestions, input, caller) => suggestions.dismiss(input.id, caller),
  }),
}));
