// How sign-in attempts are limited: per address, per account and address, and
// across addresses for one account, for users and camera controllers alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    loginRateLimit: { perIp: { max: 1, windowSeconds: 300 }, perAccount: { max: 100, windowSeconds: 300 } },
  });
});
afterAll(() => t.close());

const attempt = (app: TestApp, ip: string, email = "nobody@example.test", headers: Record<string, string> = {}) =>
  app.app.inject({
    method: "POST",
    url: "/v1/login",
    payload: { email, password: "wrong" },
    remoteAddress: ip,
    headers,
  });

describe("Retry-After", () => {
  it("gives the seconds left in the window, not 1", async () => {
    expect((await attempt(t, "10.9.0.1")).statusCode).toBe(401);
    const refused = await attempt(t, "10.9.0.1");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(290);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(300);
  });
});
