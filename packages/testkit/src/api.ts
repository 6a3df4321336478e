// HTTP helpers for API tests: signed-in requests over t.app.inject, and a cast
// of users in two clubs (the usual subjects of authorization tests).
import { afterAll, beforeAll, expect } from "vitest";
import type { Club, User } from "@clubcast/db";
import type { AppConfig } from "@clubcast/domain";
import { startTestApp, type TestApp } from "./app.ts";
import { createClub, createUser, TEST_PASSWORD, type ControllerCredentials } from "./factories.ts";

/** Tests sign in many users (and ask for account mail) from one address: the limits would get in the way. */
export const generousLoginLimits: Partial<AppConfig> = {
  loginRateLimit: { perIp: { max: 10_000, windowSeconds: 60 }, perAccount: { max: 10_000, windowSeconds: 60 } },
  accountMailRateLimit: { perIp: { max: 10_000, windowSeconds: 60 }, perAddress: { max: 10_000, windowSeconds: 60 } },
};

export function startApiTestApp(): Promise<TestApp> {
  return startTestApp(generousLoginLimits);
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface CallOptions {
  token?: string | undefined;
  payload?: object;
  headers?: Record<string, string>;
}

export function api(t: Pick<TestApp, "app">) {
  const call = (method: Method, url: string, { token, payload, headers = {} }: CallOptions = {}) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  return {
    call,
    get: (url: string, token?: string, headers?: Record<string, string>) =>
      call("GET", url, { token, ...(headers ? { headers } : {}) }),
    post: (url: string, payload: object, token?: string) => call("POST", url, { token, payload }),
    put: (url: string, payload: object, token?: string) => call("PUT", url, { token, payload }),
    del: (url: string, token?: string) => call("DELETE", url, { token }),
    /** A tRPC query (GET with the input as JSON in the URL). */
    query: (path: string, input: unknown, token?: string) =>
      // As tRPC's client does: no input parameter for a call without input.
      call("GET", `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
        token,
      }),
    mutation: (path: string, input: unknown, token?: string) =>
      call("POST", `/trpc/${path}`, { token, payload: input as object }),
    async login(email: string, password = TEST_PASSWORD): Promise<string> {
      const res = await call("POST", "/v1/login", { payload: { email, password } });
      expect(res.statusCode).toBe(200);
      return res.json().access_token as string;
    },
    /** A camera controller's access token, exchanged for its credentials as the controller does. */
    async cameraToken({ client, secret }: ControllerCredentials): Promise<string> {
      const res = await call("POST", "/v1/camera/token", {
        payload: { client_id: client.clientId, client_secret: secret },
      });
      expect(res.statusCode).toBe(200);
      return res.json().access_token as string;
    },
  };
}

export type Api = ReturnType<typeof api>;

export interface Member {
  user: User;
  token: string;
}

/**
 * Two clubs with a system administrator, club A's administrator, trainer
 * (holding users.all) and player, club B's administrator, and a player
 * without a club.
 */
export interface Cast {
  clubA: Club;
  clubB: Club;
  system: Member;
  adminA: Member;
  trainerA: Member;
  playerA: Member;
  adminB: Member;
  loner: Member;
}

/** A user with a token issued directly (no sign-in over HTTP). */
export async function createMember(t: TestApp, data: Parameters<typeof createUser>[1]): Promise<Member> {
  const user = await createUser(t.deps.prisma, data);
  return { user, token: (await t.services.auth.issueToken({ userId: user.id })).access_token };
}

export async function createCast(t: TestApp, client: Api = api(t)): Promise<Cast> {
  const { prisma } = t.deps;
  const clubA = await createClub(prisma, { name: "Alpha Rovers" });
  const clubB = await createClub(prisma, { name: "Bravo United" });
  const member = async (data: Parameters<typeof createUser>[1]): Promise<Member> => {
    const user = await createUser(prisma, data);
    return { user, token: await client.login(user.email) };
  };
  return {
    clubA,
    clubB,
    system: await member({ scope: "system" }),
    adminA: await member({ scope: "club", clubId: clubA.id }),
    trainerA: await member({ scope: "trainer", clubId: clubA.id, permissions: ["users.all"] }),
    playerA: await member({ scope: "player", clubId: clubA.id }),
    adminB: await member({ scope: "club", clubId: clubB.id }),
    loner: await member({ scope: "player" }),
  };
}

/** An API test app, its HTTP client and the two-club cast (signed in). */
export interface CastTestApp {
  t: TestApp;
  http: Api;
  cast: Cast;
}

/**
 * Registers the usual hooks of a domain's API tests: `beforeAll` starts the app
 * and signs in the cast, `afterAll` closes the app. The returned objects are
 * filled in by that `beforeAll`, so a test file can hold them as constants; its
 * own `beforeAll`, registered after this call, runs after them (vitest runs
 * `beforeAll` hooks in order and `afterAll` hooks in reverse).
 */
export function useTestAppWithCast(): CastTestApp {
  const t = {} as TestApp;
  const cast = {} as Cast;
  const http = api(t);
  beforeAll(async () => {
    Object.assign(t, await startApiTestApp());
    Object.assign(cast, await createCast(t, http));
  });
  afterAll(() => t.close());
  return { t, http, cast };
}
