// The README's typed client example, run for real: an integrator's
// createTRPCClient<AppRouter> over HTTP, with end-to-end types.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@clubcast/server/trpc";
import { startApiTestApp } from "@clubcast/testkit/api";
import type { TestApp } from "@clubcast/testkit/app";
import { createClub, createMatch, createUser, TEST_PASSWORD } from "@clubcast/testkit/factories";

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await startApiTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/trpc`;
});
afterAll(() => t.close());

function clientWith(token?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) })],
  });
}

describe("typed tRPC client", () => {
  it("signs in and reads lists with end-to-end types", async () => {
    const club = await createClub(t.deps.prisma, { name: "Typed FC" });
    await createUser(t.deps.prisma, { email: "integrator@example.test", scope: "club", clubId: club.id });
    await createMatch(t.deps.prisma, { clubId: club.id, status: "vod", startingAt: new Date(Date.now() - 86_400_000) });

    const { access_token } = await clientWith().auth.login.mutate({
      email: "integrator@example.test",
      password: TEST_PASSWORD,
    });
    const client = clientWith(access_token);
    const { data: user } = await client.auth.me.query();
    expect(user.scope).toBe("club");

    const vod = await client.matches.list.query({ status: "vod", page: 1, limit: 20 });
    expect(vod.meta.total).toBe(1);
    const first = vod.data[0]!;
    expect(first.club.name).toBe("Typed FC");
    expect(first.list_status).toBe("vod");
  });

  it("surfaces errors with their HTTP status and field errors", async () => {
    const error = await clientWith()
      .matches.list.query({ status: "later" as "vod" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const { data } = error as TRPCClientError<AppRouter>;
    expect(data?.httpStatus).toBe(422);
    expect(Object.keys((data as { errors: Record<string, string[]> }).errors)).toEqual(["status"]);
  });
});
