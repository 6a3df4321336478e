// The OpenAPI 3 document of /v1, generated from the operations' declarations and
// zod schemas the server validates with, so it cannot drift from the code.
import { z } from "zod";
import { APP_VERSION } from "@clubcast/shared";
import type { RestOperation } from "@clubcast/domain/core/operation.ts";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: "openapi-3.0", io, unrepresentable: "any" });
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

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

function operationObject(named: RestOperation) {
  const { operation, rest } = named;
  const status = String(rest.status ?? 200);
  const success =
    status === "204"
      ? { description: "No content" }
      : {
          description: "Success",
          content: { "application/json": { schema: jsonSchema(operation.output, "output") } },
        };
  const { parameters, body, takesInput } = inputParts(named);
  const responses: Record<string, unknown> = { [status]: success };
  if (takesInput) responses["422"] = errorResponse("Invalid input; `errors` names the fields");
  if (operation.auth !== "public") responses["401"] = errorResponse("Missing, expired or revoked token");
  if (operation.auth === "user") responses["403"] = errorResponse("Not allowed for the caller's scope or permissions");
  if (pathParamsOf(rest.path).length) responses["404"] = errorResponse("Not found, or not visible to the caller");

  return {
    summary: operation.summary,
    tags: [named.domain],
    operationId: `${named.domain}.${named.name}`,
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
  for (const route of routes) {
    const { method, path } = route.rest;
    (paths[path.replace(/:(\w+)/g, "{$1}")] ??= {})[method.toLowerCase()] = operationObject(route);
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "Clubcast API",
      version: APP_VERSION,
      description:
        "The /v1 REST API of the Clubcast sports video platform. The same operations are offered over tRPC at /trpc " +
        '(types: `import type { AppRouter } from "@clubcast/server/trpc"`). Errors are JSON `{message, errors?, issues?}`; ' +
        "messages follow Accept-Language (en, nl, de).",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        Error: {
          type: "object",
          required: ["message"],
          properties: {
            message: { type: "string" },
            errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
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
