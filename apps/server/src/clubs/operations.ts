import { resourceAnswer, writeAnswer } from "../core/answers.ts";
import { domain } from "../core/operation.ts";
import { pagedSchema } from "../core/pagination.ts";
import { idParams } from "../core/schemas.ts";
import { clubSchema, clubsQuery, createClubInput, publicClubSchema, updateClubByIdInput } from "./schemas.ts";
import { createClubsService } from "./service.ts";

export default domain(createClubsService, (op) => ({
  list: op.query({
    auth: "user",
    summary: "Clubs: every club for system administrators, otherwise the caller's own",
    rest: { method: "GET", path: "/v1/clubs" },
    input: clubsQuery,
    output: pagedSchema(clubSchema),
    run: (clubs, input, caller) => clubs.list(input, caller),
  }),
  active: op.query({
    auth: "public",
    summary: "Activated clubs, by name",
    rest: { method: "GET", path: "/v1/active-clubs" },
    input: clubsQuery,
    output: pagedSchema(publicClubSchema),
    run: (clubs, input, caller) => clubs.listActive(input, caller),
  }),
  get: op.query({
    auth: "public",
    summary: "One club: public fields of an activated club for anyone, everything for its members",
    rest: { method: "GET", path: "/v1/clubs/:id" },
    input: idParams,
    output: resourceAnswer(clubSchema),
    run: (clubs, input, caller) => clubs.get(input.id, caller),
  }),
  create: op.mutation({
    auth: "user",
    summary: "Create a club (system administrators)",
    rest: { method: "POST", path: "/v1/clubs", status: 201 },
    input: createClubInput,
    output: writeAnswer(clubSchema),
    run: (clubs, input, caller) => clubs.create(input, caller),
  }),
  update: op.mutation({
    auth: "user",
    summary: "Edit a club (system administrators, or the club's administrators; activation is system-only)",
    rest: { method: "PUT", path: "/v1/clubs/:id" },
    input: updateClubByIdInput,
    output: writeAnswer(clubSchema),
    run: (clubs, { id, ...changes }, caller) => clubs.update(id, changes, caller),
  }),
}));
