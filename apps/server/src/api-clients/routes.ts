import type { RouteRegistrar } from "../core/http.ts";
import { pageQuery } from "../core/pagination.ts";
import { idParams } from "../core/schemas.ts";
import type { Services } from "../services.ts";
import { apiClientInput, apiClientPage, createdApiClientAnswer } from "./schemas.ts";

export function apiClientRoutes(r: RouteRegistrar, { apiClients }: Services): void {
  const tags = ["api-clients"];
  r.route({
    method: "GET",
    url: "/v1/api-clients",
    auth: "user",
    summary: "Every API client of camera controllers (system admins); secrets are never shown",
    tags,
    query: pageQuery,
    response: apiClientPage,
    handler: ({ query }, ctx) => apiClients.list(query, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/api-clients",
    auth: "user",
    summary: "Create an API client bound to a configuration; the answer holds its secret, shown this once",
    tags,
    body: apiClientInput,
    status: 201,
    response: createdApiClientAnswer,
    handler: ({ body }, ctx) => apiClients.create(body, ctx),
  });
  r.route({
    method: "DELETE",
    url: "/v1/api-clients/:id",
    auth: "user",
    summary: "Revoke an API client and the tokens it holds",
    tags,
    params: idParams,
    status: 204,
    handler: ({ params }, ctx) => apiClients.revoke(params.id, ctx),
  });
}
