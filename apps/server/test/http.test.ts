import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("JSON bodies", () => {
  it("treat an empty body with a JSON content type as no body, and still refuse malformed JSON", async () => {
    const empty = await t.app.inject({
      method: "POST",
      url: "/v1/login",
      payload: "",
      headers: { "content-type": "application/json" },
    });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(["email", "password"]);

    const poisoned = await t.app.inject({
      method: "POST",
      url: "/v1/login",
      payload: '{"email":"a@example.test","password":"x","__proto__":{"admin":true}}',
      headers: { "content-type": "application/json" },
    });
    expect(poisoned.statusCode).toBe(422);
  });
});
