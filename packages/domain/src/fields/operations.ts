import { deletedAnswer, resourceAnswer, writeAnswer } from "../core/answers.ts";
import { domain } from "../core/operation.ts";
import { pagedSchema } from "../core/pagination.ts";
import { idParams } from "../core/schemas.ts";
import { createFieldInput, fieldSchema, fieldsQuery } from "./schemas.ts";
import { createFieldsService } from "./service.ts";

export default domain(createFieldsService, (op) => ({
  list: op.query({
    auth: "user",
    summary: "Fields: every club's for system administrators (optionally one club), otherwise the caller's club's",
    rest: { method: "GET", path: "/v1/fields" },
    input: fieldsQuery,
    output: pagedSchema(fieldSchema),
    run: (fields, input, caller) => fields.list(input, caller),
  }),
  get: op.query({
    auth: "user",
    summary: "One field of the caller's club",
    rest: { method: "GET", path: "/v1/fields/:id" },
    input: idParams,
    output: resourceAnswer(fieldSchema),
    run: (fields, input, caller) => fields.get(input.id, caller),
  }),
  create: op.mutation({
    auth: "user",
    summary: "Create a field (the club's administrators, or system administrators)",
    rest: { method: "POST", path: "/v1/fields", status: 201 },
    input: createFieldInput,
    output: writeAnswer(fieldSchema),
    run: (fields, input, caller) => fields.create(input, caller),
  }),
  delete: op.mutation({
    auth: "user",
    summary: "Delete a field (the club's administrators, or system administrators)",
    rest: { method: "DELETE", path: "/v1/fields/:id" },
    input: idParams,
    output: deletedAnswer,
    run: (fields, input, caller) => fields.remove(input.id, caller),
  }),
}));
