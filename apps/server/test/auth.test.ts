import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { api, type Api } from "@clubcast/testkit/api";
import { createUser, TEST_PASSWORD } from "@clubcast/testkit/factories";
import { hashToken } from "@clubcast/domain/auth/tokens.ts";

let t: TestApp;
let http: Api;
beforeAll(async () => {
  t = await startTestApp({
    loginRateLimit: { perIp: { max: 1000, windowSeconds: 60 }, perAccount: { max: 3, windowSeconds: 60 } },
  });
  http = api(t);
});
afterAll(() => t.close());

describe("POST /v1/login", () => {
  it("returns an opaque bearer token for good credentials, whatever the e-mail's letter case", async () => {
    const user = await createUser(t.deps.prisma, { email: "Keeper@Example.test" });
    const res = await http.post("/v1/login", { email: "KEEPER@example.TEST", password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe("Bearer");
    expect(body.expires_in).toBe(t.config.accessTokenTtlSeconds);
    expect(Buffer.from(body.access_token, "base64url").length).toBeGreaterThanOrEqual(32);
    // Only the hash is stored.
    const stored = await t.deps.prisma.accessToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).toBe(hashToken(body.access_token));
    expect(stored.tokenHash).not.toContain(body.access_token);
  });

  it("answers the same 401 for a wrong password and for an unknown e-mail", async () => {
    await createUser(t.deps.prisma, { email: "wrongpw@example.test" });
    const wrongPassword = await http.post("/v1/login", { email: "wrongpw@example.test", password: "not the password" });
    const unknownEmail = await http.post("/v1/login", { email: "nobody@example.test", password: "not the password" });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: "Bad credentials" });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it("spends comparable time on unknown e-mails and wrong passwords (argon2 runs either way)", async () => {
    const SAMPLES = 7;
    // One known account per sample: three wrong passwords on one account would meet its 429.
    const known = await Promise.all(
      Array.from({ length: SAMPLES }, (_, i) => createUser(t.deps.prisma, { email: `timing${i}@example.test` })),
    );
    const time = async (email: string) => {
      const start = performance.now();
      const res = await http.post("/v1/login", { email, password: "wrong password" });
      expect(res.statusCode).toBe(401);
      return performance.now() - start;
    };
    await time("warm-up@example.test");
    // Interleaved, so a burst of load elsewhere on the machine falls on both kinds alike.
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      knownTimes.push(await time(known[i]!.email));
      unknownTimes.push(await time(`ghost${i}@example.test`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Skipping the hash answers an unknown e-mail in about a third of the time here
    // (the lookups and rate limits remain); with it, both take about as long.
    expect(median(unknownTimes)).toBeGreaterThan(median(knownTimes) * 0.6);
  });

  it("answers 422 naming the field for malformed bodies", async () => {
    const missing = await http.post("/v1/login", { email: "a@example.test" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty("password");

    const wrongType = await http.post("/v1/login", { email: 42, password: "x" });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors.email[0]).toMatch(/email/);

    const unknownField = await http.post("/v1/login", { email: "a@example.test", password: "x", admin: true });
    expect(unknownField.statusCode).toBe(422);
    expect(unknownField.json()).toEqual({
      message: "The admin field is not allowed.",
      errors: { admin: ["The admin field is not allowed."] },
      issues: { admin: [{ key: "validation.unknown_field", params: { field: "admin" } }] },
    });

    const notJson = await t.app.inject({
      method: "POST",
      url: "/v1/login",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json().errors.body).toBeDefined();
  });

  it("translates messages by Accept-Language", async () => {
    const res = await http.call("POST", "/v1/login", {
      payload: { email: "nobody@example.test", password: "x" },
      headers: { "accept-language": "de-DE,de;q=0.9" },
    });
    expect(res.json().message).toBe("Ungültige Anmeldedaten");
    const nl = await http.call("POST", "/v1/login", {
      payload: { email: "nope", password: "x" },
      headers: { "accept-language": "nl" },
    });
    expect(nl.statusCode).toBe(422);
    expect(nl.json().errors.email[0]).toBe("Het veld email moet een geldig e-mailadres zijn.");
  });

  it("limits attempts per account with 429 and Retry-After", async () => {
    await createUser(t.deps.prisma, { email: "limited@example.test" });
    for (let i = 0; i < 3; i++) {
      expect((await http.post("/v1/login", { email: "limited@example.test", password: "guess" + i })).statusCode).toBe(
        401,
      );
    }
    const blocked = await http.post("/v1/login", { email: "limited@example.test", password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another account from the same address is not affected.
    await createUser(t.deps.prisma, { email: "unlimited@example.test" });
    expect(
      (await http.post("/v1/login", { email: "unlimited@example.test", password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe("per-IP login limit", () => {
  it("refuses an address that tries too many accounts", async () => {
    const strict = await startTestApp({
      loginRateLimit: { perIp: { max: 2, windowSeconds: 60 }, perAccount: { max: 100, windowSeconds: 60 } },
    });
    try {
      const attempt = (email: string, ip: string) =>
        strict.app.inject({ method: "POST", url: "/v1/login", payload: { email, password: "x" }, remoteAddress: ip });
      expect((await attempt("a@example.test", "10.0.0.1")).statusCode).toBe(401);
      expect((await attempt("b@example.test", "10.0.0.1")).statusCode).toBe(401);
      const third = await attempt("c@example.test", "10.0.0.1");
      expect(third.statusCode).toBe(429);
      expect(third.headers["retry-after"]).toBeDefined();
      expect((await attempt("c@example.test", "10.0.0.2")).statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe("tokens", () => {
  it("GET /v1/me returns the user with scope, club, teams and permissions of their roles", async () => {
    const club = await t.deps.prisma.club.create({
      data: {
        name: "FC Me",
        sport: {
          connectOrCreate: {
            where: { slug: "football" },
            create: { slug: "football", name: "Football", type: "football" },
          },
        },
      },
    });
    const team = await t.deps.prisma.team.create({
      data: { clubId: club.id, fullname: "FC Me 1", sportId: club.sportId },
    });
    const user = await createUser(t.deps.prisma, {
      email: "me@example.test",
      scope: "trainer",
      clubId: club.id,
      permissions: ["scheduler.all"],
    });
    await t.deps.prisma.userTeam.create({ data: { userId: user.id, teamId: team.id } });
    const token = await http.login("me@example.test");
    const res = await http.get("/v1/me", token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: user.id,
      email: "me@example.test",
      scope: "trainer",
      club: { id: club.id, name: "FC Me" },
      teams: [{ id: team.id, fullname: "FC Me 1" }],
      permissions: ["scheduler.all"],
    });
    expect(res.json().data).not.toHaveProperty("passwordHash");
    expect(res.json().data).not.toHaveProperty("password_hash");
  });

  it("GET /v1/me carries the user under `user`, where the spec's client reads it, as under `data`; tRPC the same", async () => {
    await createUser(t.deps.prisma, { email: "reader@example.test", scope: "player" });
    const token = await http.login("reader@example.test");
    const rest = (await http.get("/v1/me", token)).json();
    expect(rest.user).toMatchObject({ email: "reader@example.test", scope: "player" });
    expect(rest.user).toEqual(rest.data);
    const trpc = await http.query("auth.me", undefined, token);
    expect(trpc.json().result.data).toEqual(rest);
  });

  it("refuses a missing, unknown or malformed token with 401", async () => {
    expect((await http.get("/v1/me")).statusCode).toBe(401);
    expect((await http.get("/v1/me", "made-up-token")).statusCode).toBe(401);
    const res = await t.app.inject({ method: "GET", url: "/v1/me", headers: { authorization: "Basic abc" } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Unauthenticated.");
  });

  it("POST /v1/logout revokes the presented token only", async () => {
    await createUser(t.deps.prisma, { email: "twodevices@example.test" });
    const phone = await http.login("twodevices@example.test");
    const laptop = await http.login("twodevices@example.test");
    const res = await t.app.inject({
      method: "POST",
      url: "/v1/logout",
      headers: { authorization: `Bearer ${phone}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: "Logged out." });
    expect((await http.get("/v1/me", phone)).statusCode).toBe(401);
    expect((await http.get("/v1/me", laptop)).statusCode).toBe(200);
  });

  it("an expired token answers 401 with a message saying so", async () => {
    await createUser(t.deps.prisma, { email: "expired@example.test" });
    const token = await http.login("expired@example.test");
    await t.deps.prisma.accessToken.update({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await http.get("/v1/me", token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/);
  });

  it("GET /refresh-csrf answers 204", async () => {
    const res = await http.get("/refresh-csrf");
    expect(res.statusCode).toBe(204);
  });
});

describe("POST /v1/register", () => {
  const base = {
    password: "long enough password",
    password_confirmation: "long enough password",
    first_name: "A",
    last_name: "B",
  };

  it("creates a player account, e-mails a welcome, and the account signs in", async () => {
    const res = await http.post("/v1/register", {
      ...base,
      email: "New.Player@Example.test",
      first_name: "New",
      last_name: "Player",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: null,
      message: "Thanks! We've sent an e-mail to this address: it tells you how to sign in.",
    });
    const stored = await t.deps.prisma.user.findUniqueOrThrow({ where: { email: "new.player@example.test" } });
    expect(stored).toMatchObject({ scope: "player", firstName: "New" });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await t.smtp.waitFor("new.player@example.test");
    expect(mail.subject).toBe("Welcome to Clubcast");
    expect(mail.text).toContain("http://clubcast.test/auth/login");
    expect(await http.login("new.player@example.test", base.password)).toEqual(expect.any(String));
  });

  it("answers a taken address (any letter case) exactly like a new one, and e-mails its owner instead", async () => {
    await createUser(t.deps.prisma, { email: "taken@example.test" });
    const fresh = await http.post("/v1/register", { ...base, email: "not-taken@example.test" });
    const taken = await http.post("/v1/register", { ...base, email: "TAKEN@example.test" });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    const mail = await t.smtp.waitFor("taken@example.test");
    expect(mail.subject).toBe("Someone tried to register with your e-mail address");
    expect(mail.text).toContain("http://clubcast.test/auth/forgot");
    // The account is the owner's as before.
    expect(await http.login("taken@example.test")).toEqual(expect.any(String));
    expect((await http.post("/v1/login", { email: "taken@example.test", password: base.password })).statusCode).toBe(
      401,
    );
  });

  it("refuses short passwords, mismatched confirmations and fields it does not take", async () => {
    const short = await http.post("/v1/register", {
      ...base,
      email: "short@example.test",
      password: "short",
      password_confirmation: "short",
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password[0]).toMatch(/at least 8/);

    const mismatch = await http.post("/v1/register", {
      ...base,
      email: "mismatch@example.test",
      password_confirmation: "something else",
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation[0]).toBe("The password confirmation does not match.");

    const scopeInjection = await http.post("/v1/register", { ...base, email: "sneaky@example.test", scope: "system" });
    expect(scopeInjection.statusCode).toBe(422);
    expect(
      await t.deps.prisma.user.count({
        where: { email: { in: ["short@example.test", "mismatch@example.test", "sneaky@example.test"] } },
      }),
    ).toBe(0);
  });
});

describe("forgot and reset password", () => {
  it("e-mails a one-time link over SMTP that sets a new password and signs out everywhere", async () => {
    await createUser(t.deps.prisma, { email: "forgetful@example.test" });
    const oldToken = await http.login("forgetful@example.test");

    const res = await http.post("/v1/forgot", { email: "forgetful@example.test" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: null,
      message: "If this e-mail address is registered, a reset link is on its way.",
    });
    const mail = await t.smtp.waitFor("forgetful@example.test");
    expect(mail.subject).toBe("Reset your Clubcast password");
    const link = /http:\/\/clubcast\.test\/auth\/reset\?token=([\w-]+)&email=([^\s]+)/.exec(mail.text ?? "");
    expect(link).not.toBeNull();
    const token = link![1]!;

    const reset = {
      token,
      email: "forgetful@example.test",
      password: "a brand new secret",
      password_confirmation: "a brand new secret",
    };
    const done = await http.post("/v1/reset", reset);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: null, message: "Your password has been reset." });
    expect((await http.get("/v1/me", oldToken)).statusCode).toBe(401);
    expect(
      (await http.post("/v1/login", { email: "forgetful@example.test", password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await http.post("/v1/login", { email: "forgetful@example.test", password: "a brand new secret" })).statusCode,
    ).toBe(200);

    // One-time: the same link cannot be used again.
    const again = await http.post("/v1/reset", {
      ...reset,
      password: "another new secret",
      password_confirmation: "another new secret",
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token[0]).toBe("This reset link is invalid or has expired.");
  });

  it("answers the same for unknown addresses and sends nothing", async () => {
    const known = await createUser(t.deps.prisma, { email: "known@example.test" });
    const a = await http.post("/v1/forgot", { email: known.email });
    const b = await http.post("/v1/forgot", { email: "unknown@example.test" });
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    await t.smtp.waitFor(known.email);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.smtp.messages.some((m) => m.text?.includes("unknown@example.test"))).toBe(false);
  });

  it("refuses an expired link and a link for another e-mail", async () => {
    const user = await createUser(t.deps.prisma, { email: "late@example.test" });
    await http.post("/v1/forgot", { email: user.email });
    const mail = await t.smtp.waitFor(user.email);
    const token = /token=([\w-]+)/.exec(mail.text ?? "")![1]!;
    const body = { token, password: "a brand new secret", password_confirmation: "a brand new secret" };

    expect((await http.post("/v1/reset", { ...body, email: "someone.else@example.test" })).statusCode).toBe(422);
    await t.deps.prisma.passwordResetToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect((await http.post("/v1/reset", { ...body, email: user.email })).statusCode).toBe(422);
    expect((await http.post("/v1/login", { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

/** The tokens of the reset links mailed to `email`, oldest first, once `count` have arrived. */
async function resetTokensMailedTo(email: string, count: number): Promise<string[]> {
  const tokens = () =>
    t.smtp.messages
      .filter((m) => m.text?.includes(`email=${encodeURIComponent(email)}`))
      .map((m) => /token=([\w-]+)/.exec(m.text ?? "")![1]!);
  await expect.poll(() => tokens().length).toBeGreaterThanOrEqual(count);
  return tokens();
}

describe("outstanding reset links", () => {
  const newPassword = (password: string) => ({ password, password_confirmation: password });

  it("only the latest works, and none once the password was reset", async () => {
    const user = await createUser(t.deps.prisma, { email: "twice-forgetful@example.test" });
    await http.post("/v1/forgot", { email: user.email });
    const [older] = await resetTokensMailedTo(user.email, 1);
    await http.post("/v1/forgot", { email: user.email });
    const [, latest] = await resetTokensMailedTo(user.email, 2);

    const withOlder = await http.post("/v1/reset", { token: older, email: user.email, ...newPassword("older link") });
    expect(withOlder.statusCode).toBe(422);
    expect(withOlder.json().errors.token).toBeDefined();
    const withLatest = await http.post("/v1/reset", {
      token: latest,
      email: user.email,
      ...newPassword("latest link"),
    });
    expect(withLatest.statusCode).toBe(200);
    expect(await t.deps.prisma.passwordResetToken.count({ where: { userId: user.id, usedAt: null } })).toBe(0);
    expect((await http.post("/v1/login", { email: user.email, password: "latest link" })).statusCode).toBe(200);
  });

  it("a completed reset retires links issued before it", async () => {
    const user = await createUser(t.deps.prisma, { email: "raced-reset@example.test" });
    await http.post("/v1/forgot", { email: user.email });
    const [mailed] = await resetTokensMailedTo(user.email, 1);
    // A link that was outstanding alongside the mailed one (two requests that crossed).
    const outstanding = "outstanding-link-token";
    await t.deps.prisma.passwordResetToken.create({
      data: { userId: user.id, tokenHash: hashToken(outstanding), expiresAt: new Date(Date.now() + 3_600_000) },
    });
    expect(
      (await http.post("/v1/reset", { token: mailed, email: user.email, ...newPassword("first reset") })).statusCode,
    ).toBe(200);
    const replay = await http.post("/v1/reset", {
      token: outstanding,
      email: user.email,
      ...newPassword("second reset"),
    });
    expect(replay.statusCode).toBe(422);
    expect((await http.post("/v1/login", { email: user.email, password: "first reset" })).statusCode).toBe(200);
  });
});

describe("tRPC", () => {
  it("offers the same operations with the same errors", async () => {
    await createUser(t.deps.prisma, { email: "trpc@example.test" });
    const ok = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.login",
      payload: { email: "trpc@example.test", password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    const token = ok.json().result.data.access_token;
    const me = await t.app.inject({
      method: "GET",
      url: "/trpc/auth.me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().result.data.data.email).toBe("trpc@example.test");

    const bad = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.login",
      payload: { email: "trpc@example.test", password: "nope" },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe("Bad credentials");

    const invalid = await t.app.inject({ method: "POST", url: "/trpc/auth.login", payload: { email: "not-an-email" } });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().error.data.errors)).toEqual(["email", "password"]);
    expect(JSON.stringify(invalid.json())).not.toContain("at async");
  });
});
