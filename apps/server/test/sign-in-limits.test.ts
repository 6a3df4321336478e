// How sign-in attempts are limited: per address, per account and address, and
// across addresses for one account, for users and camera controllers alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import {
  createApiClient,
  createClub,
  createConfiguration,
  createField,
  createUser,
  TEST_PASSWORD,
} from "@clubcast/testkit/factories";

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

describe("machine credentials", () => {
  it("keep working from an address whose users used up its sign-in budget", async () => {
    const gateway = await createApiClient(t.deps.prisma, null, { name: "Media gateway" });
    const ip = "10.9.5.1";
    const exchange = (clientId: string, secret: string) =>
      t.app.inject({
        method: "POST",
        url: "/v1/camera/token",
        payload: { client_id: clientId, client_secret: secret },
        remoteAddress: ip,
      });
    // The address's budget (one attempt) used up by a user's logins and by guessed client ids.
    expect((await attempt(t, ip)).statusCode).toBe(401);
    expect((await attempt(t, ip)).statusCode).toBe(429);
    expect((await exchange("guessed-client", "guess")).statusCode).toBe(401);
    expect((await exchange("another-guessed-client", "guess")).statusCode).toBe(429);
    // The gateway behind the same address still gets its token, again and again.
    for (let i = 0; i < 3; i++) expect((await exchange(gateway.client.clientId, gateway.secret)).statusCode).toBe(200);
  });
});

describe("failed sign-ins on one account", () => {
  let locks: TestApp;
  beforeAll(async () => {
    locks = await startTestApp({
      loginRateLimit: { perIp: { max: 1000, windowSeconds: 300 }, perAccount: { max: 3, windowSeconds: 300 } },
    });
  });
  afterAll(() => locks.close());

  const login = (ip: string, email: string, password: string) =>
    locks.app.inject({ method: "POST", url: "/v1/login", payload: { email, password }, remoteAddress: ip });
  const exchange = (ip: string, clientId: string, secret: string) =>
    locks.app.inject({
      method: "POST",
      url: "/v1/camera/token",
      payload: { client_id: clientId, client_secret: secret },
      remoteAddress: ip,
    });

  it("lock the address that failed, never the owner's", async () => {
    const owner = await createUser(locks.deps.prisma, { email: "targeted@example.test" });
    for (let i = 0; i < 3; i++) expect((await login("10.8.0.1", owner.email, `guess ${i}`)).statusCode).toBe(401);
    const locked = await login("10.8.0.1", owner.email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(290);
    expect((await login("10.8.0.2", owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("slow guessing from many addresses down, one attempt per growing interval, while the owner signs in", async () => {
    const owner = await createUser(locks.deps.prisma, { email: "botnet-target@example.test" });
    // Each address's first failure is answered: no address has failed here before.
    for (let i = 1; i <= 5; i++) expect((await login(`10.8.1.${i}`, owner.email, "guess")).statusCode).toBe(401);
    // Five failures against a limit of three: the next attempt waits 2^2 s after the one before.
    expect((await login("10.8.1.1", owner.email, "guess again")).statusCode).toBe(401);
    const slowed = await login("10.8.1.2", owner.email, "guess again");
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(slowed.headers["retry-after"])).toBeLessThanOrEqual(4);
    expect((await login("10.8.1.99", owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("count parallel attempts from one address before their answers", async () => {
    const owner = await createUser(locks.deps.prisma, { email: "burst-target@example.test" });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => login("10.8.3.1", owner.email, `burst ${i}`)),
    );
    expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(3);
  });

  it("apply to camera controllers' client secrets alike", async () => {
    const club = await createClub(locks.deps.prisma);
    const field = await createField(locks.deps.prisma, club.id);
    const configuration = await createConfiguration(locks.deps.prisma, { clubId: club.id, fieldId: field.id });
    const { client, secret } = await createApiClient(locks.deps.prisma, configuration.id);
    for (let i = 0; i < 3; i++)
      expect((await exchange("10.8.2.1", client.clientId, `guess ${i}`)).statusCode).toBe(401);
    expect((await exchange("10.8.2.1", client.clientId, secret)).statusCode).toBe(429);
    expect((await exchange("127.0.0.1", client.clientId, secret)).statusCode).toBe(200);
  });
});
