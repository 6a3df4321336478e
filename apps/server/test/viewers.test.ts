// Viewer counts (issue 28): the sockets whose player shows a match live (SOCKET.watch) are counted once each,
// on whichever server instance they are, the match's channel hears the figures, and only those who may see a
// match are counted, for as long as they may.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Socket } from "socket.io-client";
import type { Club } from "@clubcast/db";
import { CHANNELS, EVENTS, SOCKET, WATCHED_MATCHES_PER_SOCKET, type EventPayloads } from "@clubcast/shared";
import { createClub, createMatch } from "@clubcast/testkit/factories";
import { connectSocket, nextEvent, signIn, subscribe, useTwoInstances } from "@clubcast/testkit/realtime";

type Figures = EventPayloads["match.viewers"];

const WAIT = { timeout: 10_000, interval: 100 };

const two = useTwoInstances();
let home: Club;

beforeAll(async () => {
  home = await createClub(two.t.deps.prisma);
});

const liveMatch = (data: { isPrivate?: boolean } = {}) =>
  createMatch(two.t.deps.prisma, { clubId: home.id, status: "live", ...data });

function watch(socket: Socket, match: number): Promise<{ match?: number; status?: number }> {
  return socket.timeout(5000).emitWithAck(SOCKET.watch, match);
}

async function figures(match: number, token?: string): Promise<{ status: number; body: { data?: Figures } }> {
  const answer = await two.http.get(`/v1/matches/${match}/viewers`, token);
  return { status: answer.statusCode, body: answer.json() };
}

/** A socket listening on the match's channel, for its figures. */
async function channelListener(match: number): Promise<Socket> {
  const socket = await connectSocket(two.urlA);
  expect(await subscribe(socket, CHANNELS.match(match))).toEqual({ channel: CHANNELS.match(match) });
  return socket;
}

const told = (listener: Socket, match: number, expected: Omit<Figures, "match">) =>
  nextEvent<Figures>(
    listener,
    EVENTS.matchViewers,
    (payload) => payload.match === match && payload.watching === expected.watching && payload.peak === expected.peak,
    10_000,
  );

describe("viewer counts", () => {
  it("counts each watching socket once on either instance, tells the channel, and keeps the peak", async () => {
    const match = await liveMatch();
    const listener = await channelListener(match.id);
    const [onA, onB] = [await connectSocket(two.urlA), await connectSocket(two.b.url)];

    const both = told(listener, match.id, { watching: 2, peak: 2 });
    expect(await watch(onA, match.id)).toEqual({ match: match.id });
    expect(await watch(onB, match.id)).toEqual({ match: match.id });
    // Said twice (a reconnecting player), counted once.
    expect(await watch(onA, match.id)).toEqual({ match: match.id });
    await both;

    const one = told(listener, match.id, { watching: 1, peak: 2 });
    onB.disconnect();
    await one;
    expect(await figures(match.id)).toEqual({ status: 200, body: { data: { match: match.id, watching: 1, peak: 2 } } });

    const none = told(listener, match.id, { watching: 0, peak: 2 });
    onA.emit(SOCKET.unwatch, match.id);
    await none;
  });

  it("counts no one on a match they may not see, and stops counting a viewer once it is made private", async () => {
    const hidden = await liveMatch({ isPrivate: true });
    const visitor = await connectSocket(two.b.url);
    expect(await watch(visitor, hidden.id)).toMatchObject({ status: 404 });
    expect((await figures(hidden.id)).status).toBe(404);
    expect(await watch(visitor, 0)).toMatchObject({ status: 404 });

    const admin = await signIn(two.t, { scope: "club", clubId: home.id });
    expect((await figures(hidden.id, admin.token)).body.data).toEqual({ match: hidden.id, watching: 0, peak: 0 });

    const shown = await liveMatch();
    expect(await watch(visitor, shown.id)).toEqual({ match: shown.id });
    await vi.waitFor(async () => expect((await figures(shown.id)).body.data?.watching).toBe(1), WAIT);
    const madePrivate = { update_match_only: 1, is_private: 1 };
    const url = `/v1/clubs/${home.id}/matches/${shown.id}`;
    expect((await two.http.put(url, madePrivate, admin.token)).statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect((await figures(shown.id, admin.token)).body.data).toEqual({ match: shown.id, watching: 0, peak: 1 }),
      WAIT,
    );
  });

  it(`counts one socket for at most ${WATCHED_MATCHES_PER_SOCKET} matches: one more replaces the first`, async () => {
    const matches = await Promise.all(Array.from({ length: WATCHED_MATCHES_PER_SOCKET + 1 }, () => liveMatch()));
    const socket = await connectSocket(two.urlA);
    for (const match of matches) expect(await watch(socket, match.id)).toEqual({ match: match.id });
    await vi.waitFor(async () => {
      const counts = await Promise.all(matches.map(async (match) => (await figures(match.id)).body.data?.watching));
      expect(counts).toEqual([0, ...matches.slice(1).map(() => 1)]);
    }, WAIT);
  });
});
