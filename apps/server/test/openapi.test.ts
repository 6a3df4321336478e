import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { z } from "zod";
import { PAGINATION } from "@clubcast/shared";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { forbiddenReason } from "../src/core/openapi.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3 document covering every /v1 route", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    const documented = Object.entries(document.paths as Record<string, object>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declared = t.routes.map(({ rest }) => `${rest.method} ${rest.path.replace(/:(\w+)/g, "{$1}")}`);
    expect(documented.sort()).toEqual(declared.sort());
  });

  it("shows the shape of every success answer", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/v1/openapi.json" })).json();
    type Answer = { content?: { "application/json": { schema: { properties?: object } } } };
    const operations = Object.entries(document.paths as Record<string, Record<string, { responses: object }>>).flatMap(
      ([path, methods]) => Object.entries(methods).map(([method, { responses }]) => ({ path, method, responses })),
    );
    const shapeless = operations.filter(({ responses }) =>
      Object.entries(responses as Record<string, Answer>).some(
        ([status, answer]) =>
          status.startsWith("2") && status !== "204" && !answer.content?.["application/json"].schema.properties,
      ),
    );
    expect(shapeless.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it("describes request bodies from the zod schemas", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/v1/openapi.json" })).json();
    const login = document.paths["/v1/login"].post;
    expect(login.requestBody.content["application/json"].schema.required).toEqual(["email", "password"]);
    expect(login.requestBody.content["application/json"].schema.additionalProperties).toBe(false);
    expect(document.paths["/v1/me"].get.security).toEqual([{ bearer: [] }]);
  });

  it("documents ids and paging in URLs as the bounded integers the server takes", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/v1/openapi.json" })).json();
    const schemaOf = (path: string, name: string) =>
      document.paths[path].get.parameters.find((p: { name: string }) => p.name === name).schema;
    expect(schemaOf("/v1/matches/{id}", "id")).toEqual({ type: "integer", minimum: 1, maximum: 2_147_483_647 });
    expect(schemaOf("/v1/matches", "page")).toEqual({
      type: "integer",
      minimum: 1,
      maximum: 2_147_483_647,
      default: PAGINATION.defaultPage,
    });
    expect(schemaOf("/v1/matches", "limit")).toEqual({
      type: "integer",
      minimum: 1,
      maximum: PAGINATION.maxLimit,
      default: PAGINATION.defaultLimit,
    });
  });

  it("documents the defaults of every paged operation's page and limit (10 a page for live and upcoming streams)", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/v1/openapi.json" })).json();
    type Parameter = { name: string; in: string; schema: { default?: number } };
    const paged = Object.entries(document.paths as Record<string, Record<string, { parameters: Parameter[] }>>)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, { parameters }]) => ({ path, method, parameters })),
      )
      .filter(({ parameters }) => parameters.some(({ name, in: where }) => name === "page" && where === "query"));
    const streams = ["/v1/live-matches", "/v1/upcoming-matches"];
    expect(paged.length).toBeGreaterThanOrEqual(26);
    expect(paged.map(({ path }) => path)).toEqual(expect.arrayContaining(streams));
    for (const { path, method, parameters } of paged) {
      const defaultOf = (name: string) => parameters.find((p) => p.name === name && p.in === "query")?.schema.default;
      const limit = streams.includes(path) ? PAGINATION.streamsLimit : PAGINATION.defaultLimit;
      expect({ path, method, page: defaultOf("page"), limit: defaultOf("limit") }).toEqual({
        path,
        method,
        page: PAGINATION.defaultPage,
        limit,
      });
    }
  });

  it("lists every refusal an operation can answer, with the error body and Retry-After where it applies", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/v1/openapi.json" })).json();
    const errorBody = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
    const retryAfter = { "Retry-After": { $ref: "#/components/headers/RetryAfter" } };
    for (const { operation, rest } of t.routes) {
      const documented = document.paths[rest.path.replace(/:(\w+)/g, "{$1}")][rest.method.toLowerCase()].responses;
      const takesBody = ["POST", "PUT", "PATCH"].includes(rest.method);
      const expected = {
        401: operation.auth !== "public" || (operation.refusals?.includes(401) ?? false),
        403: forbiddenReason(operation) !== null,
        404:
          rest.path.includes("/:") ||
          (operation.auth !== "public" &&
            Object.keys(z.toJSONSchema(operation.input, { io: "input", unrepresentable: "any" }).properties ?? {})
              .length > 0) ||
          (operation.refusals?.includes(404) ?? false),
        409: operation.kind === "mutation",
        413: takesBody,
        415: takesBody,
        422: true,
        429: operation.refusals?.includes(429) ?? false,
        503: true,
      };
      const where = `${rest.method} ${rest.path}`;
      for (const [status, applies] of Object.entries(expected)) {
        expect(status in documented, `${where} ${status}`).toBe(applies);
        if (!applies) continue;
        expect(documented[status].content, `${where} ${status}`).toEqual(errorBody);
        if (status === "403") expect(documented[status].description, where).toBe(forbiddenReason(operation));
        if (status === "429" || status === "503")
          expect(documented[status].headers, `${where} ${status}`).toEqual(retryAfter);
      }
    }
    // The spec's refused commands (section 5) are documented with their 409.
    for (const command of ["schedule", "unschedule", "startrecording", "stoprecording"])
      expect(document.paths[`/v1/clubs/{club}/matches/{match}/${command}`].post.responses).toHaveProperty("409");
    expect(document.paths["/v1/login"].post.responses).toHaveProperty("429");
    expect(document.components.headers.RetryAfter.schema).toEqual({ type: "integer", minimum: 1 });
  });

  it("serves a docs page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
  });
});
