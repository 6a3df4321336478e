import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";

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
    expect(schemaOf("/v1/matches", "page")).toEqual({ type: "integer", minimum: 1, maximum: 2_147_483_647 });
    expect(schemaOf("/v1/matches", "limit")).toEqual({ type: "integer", minimum: 1, maximum: 100 });
  });

  it("serves a docs page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
  });
});
