import { writeAnswer } from "../core/answers.ts";
import { domain } from "../core/operation.ts";
import { pageQuery } from "../core/pagination.ts";
import { idParams, noContent } from "../core/schemas.ts";
import { apiClientInput, apiClientPage, createdApiClient } from "./schemas.ts";
import { createApiClientsService } from "./service.ts";

export default domain(createApiClientsService, (op) => ({
  list: op.query({
    auth: "user",
    summary: "Every API client of camera controllers (system admins); secrets are never shown",
    rest: { method: "GET", path: "/v1/api-clients" },
    input: pageQuery,
    output: apiClientPage,
    run: (apiClients, input, caller) => apiClients.list(input, caller),
  }),
  create: op.mutation({
    auth: "user",
    summary: "Create an API client bound to a configuration; the answer holds its secret, shown this once",
    rest: { method: "POST", path: "/v1/api-clients", status: 201 },
    input: apiClientInput,
    output: writeAnswer(createdApiClient),
    run: (apiClients, input, caller) => apiClients.create(input, caller),
  }),
  issueSecret: op.mutation({
    auth: "user",
    summary: "A new secret for an API client (revoked ones too); the old secret and its tokens stop working",
    rest: { method: "POST", path: "/v1/api-clients/:id/secret" },
    input: idParams,
    output: writeAnswer(createdApiClient),
    run: (apiClients, { id }, caller) => apiClients.issueSecret(id, caller),
  }),
  revoke: op.mutation({
    auth: "user",
    summary: "Revoke an API client and the tokens it holds",
    rest: { method: "DELETE", path: "/v1/api-clients/:id", status: 204 },
    input: idParams,
    output: noContent,
    run: (apiClients, input, caller) => apiClients.revoke(input.id, caller),
  }),
}));
