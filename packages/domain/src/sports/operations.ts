import { listAnswer, resourceAnswer, writeAnswer } from "../core/answers.ts";
import { domain } from "../core/operation.ts";
import { createSportInput, sportParams, sportSchema } from "./schemas.ts";
import { noInput } from "../core/schemas.ts";
import { createSportsService } from "./service.ts";

export default domain(createSportsService, (op) => ({
  list: op.query({
    auth: "public",
    summary: "Every sport",
    rest: { method: "GET", path: "/v1/sports" },
    input: noInput,
    output: listAnswer(sportSchema),
    run: (sports, _input, caller) => sports.list(caller),
  }),
  get: op.query({
    auth: "public",
    summary: "One sport, by id or slug",
    rest: { method: "GET", path: "/v1/sports/:sport" },
    input: sportParams,
    output: resourceAnswer(sportSchema),
    run: (sports, input) => sports.get(input.sport),
  }),
  create: op.mutation({
    auth: "user",
    summary: "Create a sport (system administrators)",
    rest: { method: "POST", path: "/v1/sports", status: 201 },
    input: createSportInput,
    output: writeAnswer(sportSchema),
    run: (sports, input, caller) => sports.create(input, caller),
  }),
}));
