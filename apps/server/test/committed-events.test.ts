// The events of a change reach their audience only once the change has committed (issue 26): over
// generated actions that publish through the outbox since it took over from direct publishers (a chat
// message, a feature update, a bulk privacy change, a camera's stream-ready report), each rolled back or
// committed, a rolled-back one leaves the database as it was and tells nobody, and a committed one
// reaches exactly the sockets allowed to hear it: the club's staff, a player of the club, and not
// another club's admin. Access changes (a user changed, a session ended) are server-side events: a
// rolled-back one is not relayed either.
import { beforeAll, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import type { Socket } from "socket.io-client";
import type { Club, Match, Summary } from "@clubcast/db";
import { CHANNELS, EVENTS, SOCKET, type EventName } from "@clubcast/shared";
import { createClubWithCamera, createMatch } from "@clubcast/testkit/factories";
import { createMember, useTestAppWithCast, type Member } from "@clubcast/testkit/api";
import { connectSocket, listen, subscribe } from "@clubcast/testkit/realtime";

const { t, http, cast } = useTestAppWithCast();
let url: string;
let home: Club;
let match: Match;
let summary: Summary;
let cameraToken: string;
let staff: Member;
let player: Member;
/** Sockets by who holds them; each sits in every channel its user may join among the ones below. */
const sockets = new Map<string, Socket>();

beforeAll(async () => {
  const { prisma } = t.deps;
  url = await listen(t);
  const site = await createClubWithCamera(prisma);
  home = site.club;
  cameraToken = await http.cameraToken(site.controller);
  // Private, so a signed-in user of another club on the matches channel may not hear of it.
  match = await createMatch(prisma, {
    clubId: home.id,
    fieldId: site.field.id,
    configurationId: site.configuration.id,
    status: "live",
    isPrivate: true,
  });
  summary = await prisma.summary.create({ data: { matchId: match.id, state: "ready" } });
  staff = await createMember(t, { scope: "club", clubId: home.id });
  player = await createMember(t, { scope: "player", clubId: home.id });
  await prisma.user.update({ where: { id: player.user.id }, data: { locale: "de" } });
  const joins: [string, Member, string[], string[]][] = [
    [
      "staff",
      staff,
      [CHANNELS.user(staff.user.id), CHANNELS.club(home.id), CHANNELS.chat(match.id), CHANNELS.matches],
      [],
    ],
    ["player", player, [CHANNELS.user(player.user.id), CHANNELS.chat(match.id)], [CHANNELS.club(home.id)]],
    [
      "stranger",
      cast.adminB,
      [CHANNELS.user(cast.adminB.user.id), CHANNELS.matches],
      [CHANNELS.club(home.id), CHANNELS.chat(match.id)],
    ],
  ];
  for (const [who, member, allowed, refused] of joins) {
    const socket = await connectSocket(url, member.token);
    for (const channel of allowed) expect(await subscribe(socket, channel)).toEqual({ channel });
    for (const channel of refused) expect(await subscribe(socket, channel)).not.toEqual({ channel });
    sockets.set(who, socket);
  }
});

interface Action {
  event: EventName;
  /** Who hears it once committed. */
  heardBy: string[];
  run(n: number): Promise<unknown>;
  /** What the action changes in the database. */
  state(): Promise<unknown>;
}

const ACTIONS: Record<string, Action> = {
  chat: {
    event: EVENTS.chatMessage,
    heardBy: ["staff", "player"],
    run: (n) =>
      sockets
        .get("staff")!
        .timeout(5000)
        .emitWithAck(SOCKET.chatSend, { channel: CHANNELS.chat(match.id), body: `hello ${n}` }),
    state: () => t.deps.prisma.chatMessage.count({ where: { matchId: match.id } }),
  },
  featureUpdate: {
    event: EVENTS.userMessage,
    heardBy: ["player"],
    run: (n) => http.post("/v1/messages/feature-update", { lang: "de", content: `Neu ${n}` }, cast.system.token),
    state: () => t.deps.prisma.notification.count(),
  },
  summaryPrivacy: {
    event: EVENTS.videosChanged,
    heardBy: ["staff"],
    // Always the other way round: a run's number says nothing of the state earlier runs left (their parity
    // repeats across rolled-back runs and other actions, and a request that changes nothing changes nothing).
    run: async () => {
      const { isPrivate } = await t.deps.prisma.summary.findUniqueOrThrow({ where: { id: summary.id } });
      return http.post(
        `/v1/clubs/${home.id}/summaries/privacy`,
        { ids: [summary.id], private: !isPrivate },
        staff.token,
      );
    },
    state: () => t.deps.prisma.summary.findUnique({ where: { id: summary.id }, select: { isPrivate: true } }),
  },
  streamReady: {
    event: EVENTS.streamReady,
    heardBy: ["staff"],
    run: (n) =>
      http.post(
        "/v1/camera/stream-ready",
        { match_id: match.id, live_hls_url: `http://camera.test/live/${n}.m3u8` },
        cameraToken,
      ),
    state: () => t.deps.prisma.match.findUnique({ where: { id: match.id }, select: { liveHlsUrl: true } }),
  },
};

/** Every outbox transaction started while `action` runs rolls back after its change ran (as a failing last statement would). */
async function rolledBack<T>(action: () => Promise<T>): Promise<void> {
  const transaction = t.deps.outbox.transaction;
  const rollback = vi
    .spyOn(t.deps.outbox, "transaction")
    .mockImplementation((change) =>
      transaction((tx, post) => change(tx, post).then(() => Promise.reject(new Error("rolled back")))),
    );
  try {
    await action().catch(() => undefined);
  } finally {
    rollback.mockRestore();
  }
}

/** Counts what the outbox relay publishes meanwhile, of any kind. */
async function relayed(action: () => Promise<unknown>): Promise<number> {
  const publisher = t.deps.outbox.events;
  const spies = [
    vi.spyOn(publisher, "publish"),
    vi.spyOn(publisher, "publishToViewers"),
    vi.spyOn(publisher, "accessChanged"),
    vi.spyOn(publisher, "matchAudienceChanged"),
  ];
  try {
    await action();
    await t.deps.outbox.relay();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** Who among the sockets heard `event` while `action` ran and `settled` waited. */
async function heardWhile(event: EventName, action: () => Promise<unknown>, settled: (heard: Set<string>) => void) {
  const heard = new Set<string>();
  const listeners = [...sockets].map(([who, socket]) => {
    const listener = () => heard.add(who);
    socket.on(event, listener);
    return () => socket.off(event, listener);
  });
  try {
    await action();
    await vi.waitFor(() => settled(heard), { timeout: 5000, interval: 50 });
    // Time for a stray delivery to arrive, too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return heard;
  } finally {
    for (const off of listeners) off();
  }
}

let runs = 0;

describe("the events of a change", () => {
  it("reach only their audience, and only once the change committed: a rolled-back change tells nobody", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(ACTIONS)), fc.boolean(), async (name, rollBack) => {
        const action = ACTIONS[name]!;
        const n = ++runs;
        const before = await action.state();
        if (rollBack) {
          const heard = await heardWhile(
            action.event,
            async () => expect(await relayed(() => rolledBack(() => action.run(n)))).toBe(0),
            () => {},
          );
          expect([...heard]).toEqual([]);
          expect(await action.state()).toEqual(before);
          return;
        }
        const heard = await heardWhile(
          action.event,
          () => action.run(n),
          (seen) => expect([...seen].sort()).toEqual(expect.arrayContaining(action.heardBy)),
        );
        expect([...heard].sort()).toEqual([...action.heardBy].sort());
        expect(await action.state()).not.toEqual(before);
      }),
      { numRuns: 16 },
    );
  }, 120_000);

  it("have no publisher outside the outbox: the direct one takes only signals (realtime/publisher.ts)", () => {
    expect(Object.keys(t.deps)).not.toContain("events");
    const signal = vi.spyOn(t.deps.signals, "signal").mockImplementation(() => {});
    try {
      // @ts-expect-error a change's event is posted with the change
      t.deps.signals.signal(CHANNELS.match(match.id), EVENTS.matchChanged, { match: match.id });
      t.deps.signals.signal(CHANNELS.match(match.id), EVENTS.summaryUpdated, {
        match: match.id,
        summary: summary.id,
        // @ts-expect-error a build that finished is a change, not a progress tick
        state: "ready",
        progress: 100,
        failure_reason: null,
      });
    } finally {
      signal.mockRestore();
    }
  });

  it("access changes (a user changed, a session ended) are relayed only once committed", async () => {
    const user = await createMember(t, { scope: "player", clubId: cast.clubA.id });
    const changes: [string, () => Promise<unknown>][] = [
      ["user", () => http.put(`/v1/users/${user.user.id}`, { first_name: `Renamed ${++runs}` }, cast.system.token)],
      ["sign-out", () => http.post("/v1/logout", {}, user.token)],
    ];
    for (const [what, change] of changes) {
      expect(await relayed(() => rolledBack(change)), what).toBe(0);
      expect(await relayed(change), what).toBeGreaterThan(0);
    }
  });
});
