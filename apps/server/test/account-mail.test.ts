// E-mail that anyone can make the platform send to an address (password reset links):
// answered the same, in the same time, whether or not the address has an account, and limited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "@clubcast/domain/mail/mailer.ts";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { createUser } from "@clubcast/testkit/factories";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    accountMailRateLimit: { perIp: { max: 5, windowSeconds: 300 }, perAddress: { max: 3, windowSeconds: 300 } },
  });
});
afterAll(() => t.close());

const forgot = (email: string, ip: string) =>
  t.app.inject({ method: "POST", url: "/v1/forgot", payload: { email }, remoteAddress: ip });
const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.text?.includes(encodeURIComponent(email)));

describe("POST /v1/forgot", () => {
  it("answers a known address without waiting for its mail", async () => {
    const user = await createUser(t.deps.prisma, { email: "slow-mailbox@example.test" });
    // A mail server that takes its time, as real ones do.
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async (message: MailMessage) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await send(message);
    };
    try {
      const start = performance.now();
      const res = await forgot(user.email, "10.7.0.1");
      const elapsed = performance.now() - start;
      expect(res.statusCode).toBe(200);
      expect(elapsed).toBeLessThan(500);
      await t.smtp.waitFor(user.email, 5000);
    } finally {
      t.deps.mailer.send = send;
    }
  });

  it("sends at most the per-address limit of mails, answering every request the same", async () => {
    const user = await createUser(t.deps.prisma, { email: "flooded@example.test" });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await forgot(user.email, `10.7.1.${i}`));
    expect(new Set(answers.map((res) => `${res.statusCode} ${res.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(200);
    await t.deps.background.idle();
    expect(mailsTo(user.email)).toHaveLength(3);
  });

  it("refuses an address that asks too often with 429", async () => {
    for (let i = 0; i < 5; i++) expect((await forgot(`someone${i}@example.test`, "10.7.2.1")).statusCode).toBe(200);
    const refused = await forgot("someone-else@example.test", "10.7.2.1");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await forgot("someone-else@example.test", "10.7.2.2")).statusCode).toBe(200);
  });
});

describe("POST /v1/register", () => {
  it("counts against the same per-IP limit of account mail as forgot", async () => {
    const register = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/v1/register",
        payload: {
          email,
          password: "long enough",
          password_confirmation: "long enough",
          first_name: "A",
          last_name: "B",
        },
        remoteAddress: "10.7.3.1",
      });
    for (let i = 0; i < 4; i++) expect((await register(`newcomer${i}@example.test`)).statusCode).toBe(201);
    expect((await forgot("newcomer0@example.test", "10.7.3.1")).statusCode).toBe(200);
    const refused = await register("newcomer9@example.test");
    expect(refused.statusCode).toBe(429);
    expect(await t.deps.prisma.user.count({ where: { email: "newcomer9@example.test" } })).toBe(0);
  });
});
