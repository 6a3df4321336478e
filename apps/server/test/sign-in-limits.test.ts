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

describe("X-Forwarded-For", () => {
  it("is ignored without TRUST_PROXY: rotating it does not escape the per-address limit", async () => {
    const first = await attempt(t, "10.9.1.1", undefined, { "x-forwarded-for": "203.0.113.1" });
    expect(first.statusCode).toBe(401);
    const rotated = await attempt(t, "10.9.1.1", undefined, { "x-forwarded-for": "203.0.113.2" });
    expect(rotated.statusCode).toBe(429);
  });

  it("cannot lock out the real local client by naming its address", async () => {
    expect((await attempt(t, "10.9.2.1", undefined, { "x-forwarded-for": "127.0.0.1" })).statusCode).toBe(401);
    expect((await attempt(t, "10.9.2.1", undefined, { "x-forwarded-for": "127.0.0.1" })).statusCode).toBe(429);
    expect((await attempt(t, "127.0.0.1")).statusCode).toBe(401);
  });

  it("is believed from a configured proxy only", async () => {
    const proxied = await startTestApp({
      trustProxy: ["127.0.0.1", "192.168.50.0/24"],
      loginRateLimit: { perIp: { max: 1, windowSeconds: 300 }, perAccount: { max: 100, windowSeconds: 300 } },
    });
    try {
      // Two clients behind the proxy are two addresses.
      expect((await attempt(proxied, "127.0.0.1", undefined, { "x-forwarded-for": "203.0.113.7" })).statusCode).toBe(
        401,
      );
      expect((await attempt(proxied, "192.168.50.3", undefined, { "x-forwarded-for": "203.0.113.8" })).statusCode).toBe(
        401,
      );
      expect((await attempt(proxied, "127.0.0.1", undefined, { "x-forwarded-for": "203.0.113.7" })).statusCode).toBe(
        429,
      );
      // A client that is not a proxy is counted under its own address, whatever it forwards.
      expect((await attempt(proxied, "10.9.3.1", undefined, { "x-forwarded-for": "203.0.113.9" })).statusCode).toBe(
        401,
      );
      expect((await attempt(proxied, "10.9.3.1", undefined, { "x-forwarded-for": "203.0.113.10" })).statusCode).toBe(
        429,
      );
    } finally {
      await proxied.close();
    }
  });
});
