import { CLUB_LOGO_MAX_BYTES } from "@clubcast/shared";
import { resourceAnswer, writeAnswer } from "../core/answers.ts";
import { domain } from "../core/operation.ts";
import { pagedSchema } from "../core/pagination.ts";
import { idParams } from "../core/schemas.ts";
import {
  clubSchema,
  clubsQuery,
  createClubInput,
  publicClubSchema,
  setClubLogoInput,
  updateClubByIdInput,
} from "./schemas.ts";
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
  setLogo: op.mutation({
    auth: "user",
    summary: `Upload a club's logo: a PNG, JPEG or WebP image in base64, at most ${CLUB_LOGO_MAX_BYTES / 1024} KB (system administrators, or the club's administrators)`,
    rest: { method: "PUT", path: "/v1/clubs/:id/logo" },
    input: setClubLogoInput,
    output: writeAnswer(clubSchema),
    run: (clubs, input, caller) => clubs.setLogo(input, caller),
  }),
  removeLogo: op.mutation({
    auth: "user",
    summary: "Remove a club's logo, so its generated crest shows (system administrators, or the club's administrators)",
    rest: { method: "DELETE", path: "/v1/clubs/:id/logo" },
    input: idParams,
    output: writeAnswer(clubSchema),
    run: (clubs, input, caller) => clubs.removeLogo(input.id, caller),
  }),
}));
