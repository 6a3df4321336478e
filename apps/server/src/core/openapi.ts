// The OpenAPI 3 document of /v1, generated from the same route declarations and
// zod schemas the server validates with, so it cannot drift from the code.
import { z } from "zod";
import { APP_VERSION } from "@clubcast/shared";
import type { RouteCatalogue, RouteSpec } from "./http.ts";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: "openapi-3.0", io, unrepresentable: "any" });
  return rest;
}

function parameters(schema: z.ZodType | undefined, location: "path" | "query") {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || required.includes(name),
    schema: property,
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

function operation(route: RouteSpec) {
  const status = String(route.status ?? 200);
  const success =
    status === "204"
      ? { description: "No content" }
      : {
          description: "Success",
          content: {
            "application/json": { schema: route.response ? jsonSchema(route.response, "output") : { type: "object" } },
          },
        };
  const responses: Record<string, unknown> = { [status]: success };
  if (route.body || route.query || route.params)
    responses["422"] = errorResponse("Invalid input; `errors` names the fields");
  if (route.auth !== "public") responses["401"] = errorResponse("Missing, expired or revoked token");
  if (route.auth === "user") responses["403"] = errorResponse("Not allowed for the caller's scope or permissions");
  if (route.params) responses["404"] = errorResponse("Not found, or not visible to the caller");

  return {
    summary: route.summary,
    tags: route.tags,
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    ...(route.auth === "public" ? {} : { security: [{ bearer: [] }] }),
    parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")],
    ...(route.body
      ? {
          requestBody: { required: true, content: { "application/json": { schema: jsonSchema(route.body, "input") } } },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(routes: RouteCatalogue) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, "{$1}");
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "Clubcast API",
      version: APP_VERSION,
      description:
        "The /v1 REST API of the Clubcast sports video platform. The same operations are offered over tRPC at /trpc " +
        '(types: `import type { AppRouter } from "@clubcast/server/trpc"`). Errors are JSON `{message, errors?}`; ' +
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
          },
        },
      },
    },
    paths,
  };
}
