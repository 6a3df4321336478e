// What browsers are told and trusted with: security headers and the Content
// Security Policy, the web client's httpOnly session cookie with its CSRF token,
// the realtime handshake's use of that cookie, and CORS for listed origins only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNELS, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from "@clubcast/shared";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { api, generousLoginLimits, type Api } from "@clubcast/testkit/api";
import { createUser, TEST_PASSWORD } from "@clubcast/testkit/factories";
import { connectSocket, disconnectAllSockets, listen, subscribe } from "@clubcast/testkit/realtime";
import { corsOriginsFrom } from "@clubcast/settings";
import { hashToken } from "@clubcast/domain/auth/tokens.ts";

const INTEGRATOR = "https://scores.example.org";

let t: TestApp;
let http: Api;
let url: string;
beforeAll(async () => {
  t = await startTestApp({ ...generousLoginLimits, corsOrigins: [INTEGRATOR] });
  http = api(t);
  url = await listen(t);
});
afterAll(async () => {
  disconnectAllSockets();
  await t.close();
});

type SetCookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  maxAge?: number;
};

function cookieNamed(res: { cookies: SetCookie[] }, name: string): SetCookie | undefined {
  return res.cookies.find((cookie) => cookie.name === name);
}

/** A new user signed in as the web client does: the answer's cookies. */
async function browserSignIn(app: TestApp = t) {
  const user = await createUser(app.deps.prisma, {});
  const res = await api(app).post("/v1/login", { email: user.email, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  const session = cookieNamed(res, SESSION_COOKIE)!;
  const csrf = cookieNamed(res, CSRF_COOKIE)!;
  return { user, res, session, csrf, cookie: `${SESSION_COOKIE}=${session.value}; ${CSRF_COOKIE}=${csrf.value}` };
}

function directive(policy: string, name: string): string[] {
  const found = policy.split(";").find((part) => part.trim().startsWith(`${name} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

describe("security headers", () => {
  it("come with every answer, with a policy that runs only our own scripts", async () => {
    for (const path of ["/v1/app-info", "/v1/no-such-route"]) {
      const res = await http.get(path);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      // Over plain http HSTS would only pin a host that isn't served over https.
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      const policy = String(res.headers["content-security-policy"]);
      expect(directive(policy, "script-src")).toEqual(["'self'"]);
      expect(directive(policy, "object-src")).toEqual(["'none'"]);
      expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
      expect(directive(policy, "media-src")).toEqual(expect.arrayContaining(["'self'", "blob:"]));
      expect(directive(policy, "worker-src")).toEqual(["'self'", "blob:"]);
      expect(directive(policy, "connect-src")).toEqual(expect.arrayContaining(["'self'", "ws://clubcast.test"]));
      expect(policy).not.toContain("unsafe-inline");
      expect(policy).not.toContain("unsafe-eval");
    }
  });

  it("give the API docs a policy of their own that Swagger UI's inline styles work under", async () => {
    const res = await http.get("/docs/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    const policy = String(res.headers["content-security-policy"]);
    expect(directive(policy, "style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(policy, "script-src")).toEqual(["'self'"]);
  });
});

describe("the session cookie", () => {
  it("is set at sign-in where page scripts cannot read it, with a readable CSRF token beside it", async () => {
    const { session, csrf, res } = await browserSignIn();
    expect(session).toMatchObject({ value: res.json().access_token, httpOnly: true, sameSite: "Lax", path: "/" });
    expect(session.maxAge).toBe(t.config.accessTokenTtlSeconds);
    expect(session.secure).toBeUndefined();
    expect(csrf.httpOnly).toBeUndefined();
    expect(csrf.value).not.toBe(session.value);
  });

  it("is Secure (and HSTS is sent) when PUBLIC_URL is https", async () => {
    const secureApp = await startTestApp({ ...generousLoginLimits, publicUrl: "https://clubcast.test" });
    try {
      const { session, csrf, res } = await browserSignIn(secureApp);
      expect(session.secure).toBe(true);
      expect(csrf.secure).toBe(true);
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(String(res.headers["content-security-policy"])).toContain("wss://clubcast.test");
    } finally {
      await secureApp.close();
    }
  });

  it("signs the web client in, and refuses its writes (403) without the CSRF token", async () => {
    const { user, cookie, csrf } = await browserSignIn();
    const me = await http.get("/v1/me", undefined, { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(user.email);

    const forged = await http.call("POST", "/v1/logout", { headers: { cookie } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: "This page has expired. Reload it and try again." });
    const wrong = await http.call("POST", "/v1/logout", { headers: { cookie, [CSRF_HEADER]: "guessed" } });
    expect(wrong.statusCode).toBe(403);
    const forgedTrpc = await http.call("POST", "/trpc/auth.logout", { payload: {}, headers: { cookie } });
    expect(forgedTrpc.statusCode).toBe(403);
    // Nothing was revoked by the refused writes.
    expect((await http.get("/v1/me", undefined, { cookie })).statusCode).toBe(200);

    const logout = await http.call("POST", "/v1/logout", { headers: { cookie, [CSRF_HEADER]: csrf.value } });
    expect(logout.statusCode).toBe(200);
    expect(cookieNamed(logout, SESSION_COOKIE)).toMatchObject({ value: "", maxAge: 0, httpOnly: true });
    expect(cookieNamed(logout, CSRF_COOKIE)).toMatchObject({ value: "", maxAge: 0 });
    expect((await http.get("/v1/me", undefined, { cookie })).statusCode).toBe(401);
  });

  it("takes the CSRF token on tRPC mutations too", async () => {
    const { cookie, csrf } = await browserSignIn();
    const res = await http.call("POST", "/trpc/auth.logout", {
      payload: {},
      headers: { cookie, [CSRF_HEADER]: csrf.value },
    });
    expect(res.statusCode).toBe(200);
    expect((await http.get("/v1/me", undefined, { cookie })).statusCode).toBe(401);
  });

  it("leaves bearer callers as they were: no CSRF token, even with a cookie beside", async () => {
    const { cookie } = await browserSignIn();
    const other = await browserSignIn();
    const bearer = other.res.json().access_token as string;
    const res = await http.call("POST", "/v1/logout", { token: bearer, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    // The bearer token was the one signed out.
    expect((await http.get("/v1/me", bearer)).statusCode).toBe(401);
    expect((await http.get("/v1/me", undefined, { cookie })).statusCode).toBe(200);
    const trpc = await http.mutation("auth.logout", {}, (await browserSignIn()).res.json().access_token);
    expect(trpc.statusCode).toBe(200);
  });

  it("is cleared when the server refuses it, since page scripts cannot clear it", async () => {
    const { cookie, session } = await browserSignIn();
    await t.deps.prisma.accessToken.update({
      where: { tokenHash: hashToken(session.value) },
      data: { revokedAt: new Date() },
    });
    const res = await http.get("/v1/me", undefined, { cookie });
    expect(res.statusCode).toBe(401);
    expect(cookieNamed(res, SESSION_COOKIE)).toMatchObject({ value: "", maxAge: 0 });
    const trpc = await http.query("auth.me", undefined, undefined);
    expect(cookieNamed(trpc, SESSION_COOKIE)).toBeUndefined();
    const refusedTrpc = await http.call("GET", "/trpc/auth.me", { headers: { cookie } });
    expect(refusedTrpc.statusCode).toBe(401);
    expect(cookieNamed(refusedTrpc, SESSION_COOKIE)).toMatchObject({ value: "", maxAge: 0 });
  });

  it("is replaced at a new sign-in over a refused one, and not set at registration, which signs nobody in", async () => {
    const { user, session, csrf } = await browserSignIn();
    await t.deps.prisma.accessToken.update({
      where: { tokenHash: hashToken(session.value) },
      data: { revokedAt: new Date() },
    });
    const again = await http.call("POST", "/v1/login", {
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { cookie: `${SESSION_COOKIE}=${session.value}`, [CSRF_HEADER]: csrf.value },
    });
    expect(again.statusCode).toBe(200);
    // The browser applies Set-Cookie in order: the refused cookie is cleared, then the new one set.
    expect(again.cookies.filter((cookie) => cookie.name === SESSION_COOKIE).map((cookie) => cookie.value)).toEqual([
      "",
      again.json().access_token,
    ]);

    const registered = await http.post("/v1/register", {
      email: "cookie-jar@example.test",
      password: "long enough password",
      password_confirmation: "long enough password",
      first_name: "Cookie",
      last_name: "Jar",
    });
    expect(registered.statusCode).toBe(201);
    expect(cookieNamed(registered, SESSION_COOKIE)).toBeUndefined();
  });

  it("GET /refresh-csrf hands a session its CSRF cookie again and makes an older readable cookie httpOnly", async () => {
    const { session, csrf } = await browserSignIn();
    const res = await http.get("/refresh-csrf", undefined, { cookie: `${SESSION_COOKIE}=${session.value}` });
    expect(res.statusCode).toBe(204);
    expect(cookieNamed(res, CSRF_COOKIE)?.value).toBe(csrf.value);
    expect(cookieNamed(res, SESSION_COOKIE)).toMatchObject({ value: session.value, httpOnly: true });

    const guest = await http.get("/refresh-csrf");
    expect(guest.statusCode).toBe(204);
    expect(guest.cookies).toEqual([]);
  });

  it("signs a realtime handshake from our own pages in, not one opened by another site", async () => {
    const { user, cookie } = await browserSignIn();
    const channel = CHANNELS.user(user.id);
    const own = await connectSocket(url, undefined, { cookie, origin: url });
    expect(await subscribe(own, channel)).toEqual({ channel });
    const elsewhere = await connectSocket(url, undefined, { cookie, origin: "https://evil.example" });
    expect(await subscribe(elsewhere, channel)).toMatchObject({ channel, status: 401 });
  });
});

describe("CORS", () => {
  it("answers a listed origin's preflight and calls, and gives other origins nothing", async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: "OPTIONS",
        url: "/v1/matches",
        headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
      });
    const allowed = await preflight(INTEGRATOR);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe(INTEGRATOR);
    expect(allowed.headers["access-control-allow-credentials"]).toBeUndefined();
    const call = await http.get("/v1/app-info", undefined, { origin: INTEGRATOR });
    expect(call.headers["access-control-allow-origin"]).toBe(INTEGRATOR);

    const refused = await preflight("https://evil.example");
    expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
    const refusedCall = await http.get("/v1/app-info", undefined, { origin: "https://evil.example" });
    expect(refusedCall.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("is off without CORS_ORIGINS, and refuses an entry that is not an origin", async () => {
    const closed = await startTestApp();
    try {
      const res = await closed.app.inject({ method: "GET", url: "/v1/app-info", headers: { origin: INTEGRATOR } });
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    } finally {
      await closed.close();
    }
    expect(corsOriginsFrom(undefined)).toEqual([]);
    expect(corsOriginsFrom(" https://a.example/ , http://b.example:8080")).toEqual([
      "https://a.example",
      "http://b.example:8080",
    ]);
    expect(() => corsOriginsFrom("scores.example.org")).toThrow(/CORS_ORIGINS/);
  });
});
