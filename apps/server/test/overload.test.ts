// Overload answers 503 with Retry-After, never 500, and what answered 503 did not happen: every
// connection of the server's pool held (as 200 clients hold them) while matches are created over
// REST and tRPC, and Prisma's own refusal to start a transaction in time (P2028) mapped the same way.
import { setTimeout as sleep } from "node:timers/promises";
import pg, { type PoolClient } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@clubcast/db";
import { asAppError } from "@clubcast/domain/core/errors.ts";
import { eventually } from "@clubcast/testkit";
import { startTestApp, type TestApp } from "@clubcast/testkit/app";
import { api, generousLoginLimits, type Api } from "@clubcast/testkit/api";
import { createClub, createField, createUser } from "@clubcast/testkit/factories";

let t: TestApp;
let http: Api;
let token: string;
let upcoming: Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp(generousLoginLimits);
  http = api(t);
  const club = await createClub(t.deps.prisma);
  const field = await createField(t.deps.prisma, club.id);
  const admin = await createUser(t.deps.prisma, { scope: "club", clubId: club.id });
  token = await http.login(admin.email);
  upcoming = { club: club.id, home: club.id, field: field.id, date: "2031-06-01", start: "18:00", stop: "19:30" };
});

afterAll(async () => {
  await t?.close();
});

/** Holds every connection of the server's pool until the returned release is called. */
async function exhaustPool(): Promise<() => void> {
  const { pool } = t.deps;
  const held: PoolClient[] = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
  return () => held.forEach((client) => client.release());
}

describe("an exhausted database pool", () => {
  it("answers POST /v1/upcoming and its tRPC procedure with 503 and Retry-After, and creates nothing", async () => {
    const before = await t.deps.prisma.match.count();
    const release = await exhaustPool();
    try {
      const [rest, trpc] = await Promise.all([
        http.post("/v1/upcoming", upcoming, token),
        http.mutation("matches.create", upcoming, token),
      ]);
      for (const answer of [rest, trpc]) {
        expect(answer.statusCode).toBe(503);
        expect(answer.headers["retry-after"]).toBe("5");
        expect(answer.body).not.toMatch(/timeout|connect|pool|prisma|Something went wrong/i);
      }
      expect(rest.json()).toEqual({ message: "The service is briefly unavailable. Please try again in a moment." });
      expect(trpc.json().error.data.httpStatus).toBe(503);
    } finally {
      release();
    }
    expect(await t.deps.prisma.match.count()).toBe(before);
    // Once connections are free again the same request is carried out.
    expect((await http.post("/v1/upcoming", upcoming, token)).statusCode).toBe(201);
  });
});

describe("a transaction that cannot start in time", () => {
  it("is a 503 (Prisma's P2028), not an unknown error", async () => {
    // A pool of one without our wait bound, so Prisma's maxWait is what refuses.
    const pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 1 });
    const prisma = createPrismaClient(t.config.databaseUrl, { pool });
    let release!: () => void;
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    const held = prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        started();
        await new Promise<void>((resolve) => (release = resolve));
      },
      { timeout: 60_000 },
    );
    try {
      await isStarted;
      const maxWait = 50;
      const refused = prisma
        .$transaction(async (tx) => tx.$queryRaw`SELECT 1`, { maxWait })
        .then(
          () => null,
          (error: unknown) => error,
        );
      // Prisma tells the wait it exceeded once it gets a connection: the held one is freed after more than maxWait.
      await eventually(async () => pool.waitingCount === 1, "the second transaction waiting for the connection");
      await sleep(maxWait * 2);
      release();
      await held;
      expect(await refused).toMatchObject({ code: "P2028" });
      expect(asAppError(await refused)).toMatchObject({ status: 503, retryAfterSeconds: 5 });
    } finally {
      release();
      await held;
      await prisma.$disconnect();
      await pool.end();
    }
  });
});
