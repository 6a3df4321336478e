import type { RouteRegistrar } from "../core/http.ts";
import { pagedSchema } from "../core/pagination.ts";
import type { Services } from "../services.ts";
import { idParams, messageAnswer } from "../core/schemas.ts";
import { createFieldInput, fieldAnswer, fieldSchema, fieldsQuery } from "./schemas.ts";

export function fieldsRoutes(r: RouteRegistrar, { fields }: Services): void {
  const tags = ["fields"];
  r.route({
    method: "GET",
    url: "/v1/fields",
    auth: "user",
    summary: "Fields: every club's for system administrators (optionally one club), otherwise the caller's club's",
    tags,
    query: fieldsQuery,
    response: pagedSchema(fieldSchema),
    handler: ({ query }, ctx) => fields.list(query, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/fields/:id",
    auth: "user",
    summary: "One field of the caller's club",
    tags,
    params: idParams,
    response: fieldAnswer,
    handler: ({ params }, ctx) => fields.get(params.id, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/fields",
    auth: "user",
    summary: "Create a field (the club's administrators, or system administrators)",
    tags,
    body: createFieldInput,
    status: 201,
    response: fieldAnswer,
    handler: ({ body }, ctx) => fields.create(body, ctx),
  });
  r.route({
    method: "DELETE",
    url: "/v1/fields/:id",
    auth: "user",
    summary: "Delete a field (the club's administrators, or system administrators)",
    tags,
    params: idParams,
    response: messageAnswer,
    handler: ({ params }, ctx) => fields.remove(params.id, ctx),
  });
}
