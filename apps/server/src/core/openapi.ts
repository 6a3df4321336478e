// The OpenAPI 3 document of /v1, generated from the operations' declarations and
// zod schemas the server validates with, so it cannot drift from the code.
import { z } from "zod";
import { APP_VERSION } from "@clubcast/shared";
import type { Operation, RestOperation } from "@clubcast/domain/core/operation.ts";

type JsonSchema = Record<string, unknown>;

/**
 * An input's defaults (page 1, limit 20…) as the schema applies them. zod leaves out the default
 * of a value it coerces first (a number from the query string), so it is put back here.
 */
function documentDefault({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }): void {
  const { def } = zodSchema._zod;
  if (def.type === "default") jsonSchema.default ??= (def as z.core.$ZodDefaultDef).defaultValue;
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: "openapi-3.0",
    io,
    unrepresentable: "any",
    ...(io === "input" ? { override: documentDefault } : {}),
  });
  return rest;
}

const pathParamsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** The input's fields: path params, then the query (reads) or the JSON body (writes). */
function inputParts({ operation, rest: { method, path } }: RestOperation) {
  const inPath = pathParamsOf(path);
  const schema = jsonSchema(operation.input, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const parameter =
    (location: "path" | "query") =>
    ([name, property]: [string, JsonSchema]) => ({
      name,
      in: location,
      required: location === "path" || required.has(name),
      schema: property,
    });
  const rest = properties.filter(([name]) => !inPath.includes(name));
  const readsQuery = method === "GET" || method === "DELETE";
  const requiredInBody = rest.map(([name]) => name).filter((name) => required.has(name));
  const body =
    readsQuery || !rest.length
      ? null
      : {
          type: "object",
          properties: Object.fromEntries(rest),
          // OpenAPI 3.0 refuses an empty `required`.
          ...(requiredInBody.length ? { required: requiredInBody } : {}),
          additionalProperties: false,
        };
  return {
    parameters: [
      ...properties.filter(([name]) => inPath.includes(name)).map(parameter("path")),
      ...(readsQuery ? rest.map(parameter("query")) : []),
    ],
    body,
    takesInput: properties.length > 0,
  };
}

/** Methods whose requests carry a JSON body: too large (413) or of another type (415). */
const BODY_METHODS: readonly string[] = ["POST", "PUT", "PATCH"];

const errorResponse = (description: string, { retryAfter = false } = {}) => ({
  description,
  ...(retryAfter ? { headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } } } : {}),
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** Why a caller of each kind may be refused with 403: a user for its scope, a machine's route for a user's token. */
const FORBIDDEN_BECAUSE = {
  user: "Not allowed for the caller's scope or permissions",
  client: "A user's token on a machine's route, or a client not allowed this call",
} as const;

/**
 * The description of an operation's 403, or null where it cannot answer 403: every signed-in operation
 * (requireCaller answers a user's token on a machine's route 403), and a public one that declares 403.
 */
export function forbiddenReason({ auth, refusals = [] }: Pick<Operation, "auth" | "refusals">): string | null {
  if (auth !== "public") return FORBIDDEN_BECAUSE[auth];
  return refusals.includes(403) ? FORBIDDEN_BECAUSE.user : null;
}

/** Every refusal an operation can answer, each with its body: what its declaration implies and what it declares. */
function refusalsOf(named: RestOperation): Record<string, ReturnType<typeof errorResponse>> {
  const { operation, rest } = named;
  const refusals = new Set(operation.refusals);
  const { takesInput } = inputParts(named);
  const responses: Record<string, ReturnType<typeof errorResponse>> = {};
  if (operation.auth !== "public") responses["401"] = errorResponse("Missing, expired or revoked token");
  else if (refusals.has(401)) responses["401"] = errorResponse("Wrong credentials");
  const forbidden = forbiddenReason(operation);
  if (forbidden) responses["403"] = errorResponse(forbidden);
  // A signed-in caller's input may name records (a club, a match) it cannot see, in the path or elsewhere.
  if (pathParamsOf(rest.path).length || (operation.auth !== "public" && takesInput) || refusals.has(404))
    responses["404"] = errorResponse("Not found, or not visible to the caller");
  if (operation.kind === "mutation")
    responses["409"] = errorResponse(
      "The state of a record forbids the change (a live match cannot be scheduled). The input is valid, so not a 422: " +
        "`errors` lists the reason under the input naming that record, and a client shows its first message as for a 422",
    );
  if (BODY_METHODS.includes(rest.method)) {
    responses["413"] = errorResponse("The body is larger than the server accepts");
    responses["415"] = errorResponse("The body is not JSON");
  }
  // Every input is a strict object: unknown fields are refused too.
  responses["422"] = errorResponse("Invalid input; `errors` names the fields");
  if (refusals.has(429))
    responses["429"] = errorResponse("Too many attempts; try again after Retry-After seconds", { retryAfter: true });
  responses["503"] = errorResponse(
    "Overloaded, or a service it needs is unavailable; nothing was done. Try again after Retry-After seconds",
    {
      retryAfter: true,
    },
  );
  return responses;
}

/** `operationId` is unique per route: an operation the spec names at two routes gets `.2` on its second. */
function operationObject(named: RestOperation, routeNumber: number) {
  const { operation, rest } = named;
  const status = String(rest.status ?? 200);
  const success =
    status === "204"
      ? { description: "No content" }
      : {
          description: "Success",
          content: { "application/json": { schema: jsonSchema(operation.output, "output") } },
        };
  const { parameters, body } = inputParts(named);
  const responses = { [status]: success, ...refusalsOf(named) };

  return {
    summary: operation.summary,
    tags: [named.domain],
    operationId: `${named.domain}.${named.name}${routeNumber > 1 ? `.${routeNumber}` : ""}`,
    "x-trpc-procedure": `${named.domain}.${named.name}`,
    ...(operation.auth === "public" ? {} : { security: [{ bearer: [] }] }),
    parameters,
    ...(body
      ? { requestBody: { required: "required" in body, content: { "application/json": { schema: body } } } }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(routes: RestOperation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const routesOf = new Map<RestOperation["operation"], number>();
  for (const route of routes) {
    const { method, path } = route.rest;
    const routeNumber = (routesOf.get(route.operation) ?? 0) + 1;
    routesOf.set(route.operation, routeNumber);
    (paths[path.replace(/:(\w+)/g, "{$1}")] ??= {})[method.toLowerCase()] = operationObject(route, routeNumber);
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "Clubcast API",
      version: APP_VERSION,
      description:
        "The /v1 REST API of the Clubcast sports video platform. The same operations are offered over tRPC at /trpc " +
        '(types: `import type { AppRouter } from "@clubcast/server/trpc"`). Errors are JSON `{message, errors?, issues?}`; ' +
        "messages follow Accept-Language (en, nl, de). A refusal lists its reason as the first message of `errors`: " +
        "422 for invalid input, 409 when the input is valid but a record's state forbids the change.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      headers: {
        RetryAfter: {
          description: "Seconds to wait before trying again",
          schema: { type: "integer", minimum: 1 },
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["message"],
          properties: {
            message: { type: "string" },
            errors: {
              type: "object",
              description:
                "The failures by input field (422), or the reason under the input naming the record (409): " +
                "clients show the first message",
              additionalProperties: { type: "array", items: { type: "string" } },
            },
            issues: {
              type: "object",
              description: "The same failures as message keys and their values, for clients that word them themselves",
              additionalProperties: {
                type: "array",
                items: {
                  type: "object",
                  required: ["key", "params"],
                  properties: {
                    key: { type: "string" },
                    params: {
                      type: "object",
                      additionalProperties: { oneOf: [{ type: "string" }, { type: "number" }] },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    paths,
  };
}
