// Two API servers on one database (issue 29): each keeps its own read cache, and a write through one is in
// the other's very next answer, because every lookup first reads the area's data version from Postgres
// (packages/domain/src/core/read-cache.ts). Generated sequences of writes and reads, spread over both.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Club } from "@clubcast/db";
import { api, type Member } from "@clubcast/testkit/api";
import { createClub, createMatch } from "@clubcast/testkit/factories";
import { signIn, useTwoInstances } from "@clubcast/testkit/realtime";

const two = useTwoInstances();
let home: Club;
let clubAdmin: Member;

beforeAll(async () => {
  home = await createClub(two.t.deps.prisma);
  clubAdmin = await signIn(two.t, { scope: "club", clubId: home.id });
});

const servers = () => [two.http, api(two.b)] as const;

/** The ids and scores of the live matches an anonymous visitor sees, as one server answers. */
async function liveAsVisitorSees(server: 0 | 1): Promise<Map<number, string>> {
  const res = await servers()[server].get("/v1/matches?status=live&limit=100");
  expect(res.statusCode).toBe(200);
  const page = res.json() as { data: { id: number; home: { score: number }; away: { score: number } }[] };
  return new Map(page.data.map((match) => [match.id, `${match.home.score}-${match.away.score}`]));
}

const server = fc.constantFrom<0 | 1>(0, 1);
const step = fc.oneof(
  fc.record({ kind: fc.constant("privacy" as const), match: fc.nat(2), isPrivate: fc.boolean(), server }),
  fc.record({ kind: fc.constant("score" as const), match: fc.nat(2), home: fc.nat(9), away: fc.nat(9), server }),
);

describe("two API servers on one database", () => {
  it("answer every read with every write committed before it, whichever server took the write", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const matches = await Promise.all(
          [0, 1, 2].map(() => createMatch(two.t.deps.prisma, { clubId: home.id, status: "live" })),
        );
        const expected = new Map(matches.map(({ id }) => [id, { isPrivate: false, score: "0-0" }]));
        // Both servers cache the page before the writes.
        await Promise.all([liveAsVisitorSees(0), liveAsVisitorSees(1)]);
        for (const write of steps) {
          const { id } = matches[write.match]!;
          const path = `/v1/clubs/${home.id}/matches/${id}`;
          const res =
            write.kind === "privacy"
              ? await servers()[write.server].put(
                  path,
                  { update_match_only: true, is_private: write.isPrivate },
                  clubAdmin.token,
                )
              : await servers()[write.server].post(
                  `${path}/score`,
                  { home: write.home, away: write.away },
                  clubAdmin.token,
                );
          expect(res.statusCode).toBe(200);
          const now = expected.get(id)!;
          if (write.kind === "privacy") now.isPrivate = write.isPrivate;
          else now.score = `${write.home}-${write.away}`;
          // Read on the other server than the one written to, and on the same.
          for (const reader of [(1 - write.server) as 0 | 1, write.server]) {
            const seen = await liveAsVisitorSees(reader);
            for (const [match, { isPrivate, score }] of expected) {
              expect(seen.get(match)).toBe(isPrivate ? undefined : score);
            }
          }
        }
      }),
      { numRuns: 12 },
    );
  });

  it("refuse a token on both servers as soon as one of them signed it out", async () => {
    const member = await signIn(two.t, { scope: "club", clubId: home.id });
    for (const reader of servers()) expect((await reader.get("/v1/me", member.token)).statusCode).toBe(200);
    expect((await api(two.b).post("/v1/logout", {}, member.token)).statusCode).toBeLessThan(300);
    for (const reader of servers()) expect((await reader.get("/v1/me", member.token)).statusCode).toBe(401);
  });
});
