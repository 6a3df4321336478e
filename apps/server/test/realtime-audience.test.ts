// Realtime events reach only those who may see them: a socket's rights end when its token expires
// (issue 25.7: it kept its user channel and was let into a private match's chat), and the events of
// a match reach only the sockets whose caller may see that match, by the one visibility rule
// (issue 26: every signed-in user of every club heard a private match's stream.ready); the lists' channel
// tells each socket of the matches it may see, and of those it could see until made private or deleted
// (issue 27: a visitor's home page never saw a match turn live, score or go).
import { beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import type { Club, Match } from "@clubcast/db";
import { CHANNELS, EVENTS, SOCKET, type EventPayloads, type SubscriptionError } from "@clubcast/shared";
import { createClub, createClubWithCamera, createMatch, createUser } from "@clubcast/testkit/factories";
import type { Member } from "@clubcast/testkit/api";
import {
  collectEvents,
  connectSocket,
  nextEvent,
  signIn,
  subscribe,
  useTwoInstances,
} from "@clubcast/testkit/realtime";
import { hashToken, newSecretToken } from "@clubcast/domain/auth/tokens.ts";

const two = useTwoInstances();
let home: Club;
let other: Club;
let guest: Club;
let privateMatch: Match;
let publicMatch: Match;
/** A camera controller of the home club, whose reports publish its matches' stream.ready. */
let cameraToken: string;

beforeAll(async () => {
  const { prisma } = two.t.deps;
  const { club, configuration, controller } = await createClubWithCamera(prisma);
  [home, other, guest] = [club, await createClub(prisma), await createClub(prisma)];
  cameraToken = (await two.t.services.auth.issueToken({ apiClientId: controller.client.id })).access_token;
  const live = { clubId: home.id, configurationId: configuration.id, status: "live" as const };
  privateMatch = await createMatch(prisma, { ...live, isPrivate: true, sharedWithClubId: guest.id });
  publicMatch = await createMatch(prisma, live);
});

/** A socket on `url` in each of `channels` (every subscription accepted). */
async function listener(url: string, token: string | undefined, channels: string[]): Promise<Socket> {
  const socket = await connectSocket(url, token);
  for (const channel of channels) expect(await subscribe(socket, channel)).toEqual({ channel });
  return socket;
}

describe("a socket's rights end with its session", () => {
  /** A session of `user` that ends `seconds` from now, as a token issued with that TTL would. */
  async function shortSession(userId: number, seconds: number): Promise<string> {
    const token = newSecretToken();
    await two.t.deps.prisma.accessToken.create({
      data: { userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + seconds * 1000) },
    });
    return token;
  }

  it("takes an expired token's socket out of its private channels, refuses them again, keeps the public one", async () => {
    const player = await createUser(two.t.deps.prisma, { scope: "player", clubId: home.id });
    const token = await shortSession(player.id, 6);
    const lost = [CHANNELS.user(player.id), CHANNELS.chat(privateMatch.id)];
    const socket = await listener(two.b.url, token, [...lost, CHANNELS.match(publicMatch.id)]);
    const notices: SubscriptionError[] = [];
    const dropped = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the expired session's socket kept its channels")), 15_000);
      socket.on(SOCKET.unsubscribed, (notice: SubscriptionError) => {
        if (notices.push(notice) < lost.length) return;
        clearTimeout(timer);
        resolve();
      });
    });
    // The REST side of the same session ends at the same moment.
    expect((await two.http.get("/v1/me", token)).statusCode).toBe(200);

    await dropped;
    expect((await two.http.get("/v1/me", token)).statusCode).toBe(401);
    expect(notices.map(({ channel, status }) => [channel, status]).sort()).toEqual(
      lost.map((channel) => [channel, 401]).sort(),
    );
    expect(notices[0]!.message).toBe("Your session has expired. Please sign in again.");

    // Not a word on the user channel any more; the public match's channel still speaks.
    const heard = collectEvents(socket, EVENTS.userMessage);
    two.t.deps.outbox.events.publish(CHANNELS.user(player.id), EVENTS.userMessage, {
      key: "match.shared",
      level: "success",
    });
    const scored = nextEvent(socket, EVENTS.matchScored);
    two.t.deps.outbox.events.publish(CHANNELS.match(publicMatch.id), EVENTS.matchScored, {
      match: publicMatch.id,
      home: 1,
      away: 0,
    });
    await scored;
    expect(heard).toEqual([]);

    // Nor is it let in again, and the private chat's history stays unsent.
    const history = collectEvents(socket, SOCKET.chatHistory);
    for (const channel of lost) expect(await subscribe(socket, channel)).toMatchObject({ channel, status: 401 });
    expect(history).toEqual([]);
  });
});

describe("the events of a match reach those who may see it", () => {
  let homeAdmin: Member;
  let homePlayer: Member;
  let guestAdmin: Member;
  let otherAdmin: Member;
  let otherPlayer: Member;
  let clubless: Member;
  let system: Member;

  beforeAll(async () => {
    homeAdmin = await signIn(two.t, { scope: "club", clubId: home.id });
    homePlayer = await signIn(two.t, { scope: "player", clubId: home.id });
    guestAdmin = await signIn(two.t, { scope: "club", clubId: guest.id });
    otherAdmin = await signIn(two.t, { scope: "club", clubId: other.id });
    otherPlayer = await signIn(two.t, { scope: "player", clubId: other.id });
    clubless = await signIn(two.t, { scope: "player", clubId: null });
    system = await signIn(two.t, { scope: "system" });
  });

  /** The camera controller's report that the match's stream is ready (at a new address each time). */
  let reports = 0;
  async function reportStreamReady(match: Match): Promise<void> {
    const url = `http://camera-server.test/live/${match.id}-${(reports += 1)}.m3u8`;
    const res = await two.http.post("/v1/camera/stream-ready", { match_id: match.id, live_hls_url: url }, cameraToken);
    expect(res.statusCode).toBe(200);
  }

  it("tells a private match's stream.ready to its club and the club it is shared with, on either instance", async () => {
    const audience = { homeAdmin, homePlayer, guestAdmin, system };
    const strangers = { otherAdmin, otherPlayer, clubless };
    const sockets = await Promise.all(
      Object.entries({ ...audience, ...strangers }).map(async ([who, member], i) => {
        const socket = await listener(i % 2 ? two.urlA : two.b.url, member.token, [CHANNELS.matches]);
        return { who, heard: collectEvents<EventPayloads["stream.ready"]>(socket, EVENTS.streamReady), socket };
      }),
    );
    // The public match's notice, published after the private one's, reaches everyone: once it has, the
    // private one has too, where it was to (each instance delivers them in the order published).
    const publicHeard = sockets.map(({ socket }) =>
      nextEvent(socket, EVENTS.streamReady, (p: { match: number }) => p.match === publicMatch.id),
    );

    await reportStreamReady(privateMatch);
    await reportStreamReady(publicMatch);
    await Promise.all(publicHeard);

    const privateNotice = { club: home.id, match: privateMatch.id };
    const publicNotice = { club: home.id, match: publicMatch.id };
    expect(Object.fromEntries(sockets.map(({ who, heard }) => [who, heard]))).toEqual({
      ...Object.fromEntries(Object.keys(audience).map((who) => [who, [privateNotice, publicNotice]])),
      ...Object.fromEntries(Object.keys(strangers).map((who) => [who, [publicNotice]])),
    });
  });

  it("lets a private match's score reach its club's sockets only, and a public match's reach anyone", async () => {
    const privateChannel = CHANNELS.match(privateMatch.id);
    const member = await listener(two.b.url, homeAdmin.token, [privateChannel]);
    for (const stranger of [otherAdmin.token, otherPlayer.token, undefined]) {
      const socket = await connectSocket(two.urlA, stranger);
      expect(await subscribe(socket, privateChannel)).toMatchObject({ channel: privateChannel, status: 404 });
    }
    const scored = nextEvent(member, EVENTS.matchScored);
    const score = (match: Match) =>
      two.http.post(`/v1/clubs/${home.id}/matches/${match.id}/score`, { home: 3, away: 2 }, homeAdmin.token);
    expect((await score(privateMatch)).statusCode).toBe(200);
    expect(await scored).toEqual({ match: privateMatch.id, home: 3, away: 2 });

    const anonymous = await listener(two.b.url, undefined, [CHANNELS.match(publicMatch.id)]);
    const publicScored = nextEvent(anonymous, EVENTS.matchScored);
    expect((await score(publicMatch)).statusCode).toBe(200);
    expect(await publicScored).toEqual({ match: publicMatch.id, home: 3, away: 2 });
  });
});

describe("the lists' channel tells each socket of the matches it may see", () => {
  /** The lists' news a socket hears, as [event, match] in order. */
  function listNews(socket: Socket): [string, number][] {
    const heard: [string, number][] = [];
    socket.onAny((event: string, payload: { match?: number }) => {
      if (event === EVENTS.matchScored || event === EVENTS.matchChanged) heard.push([event, payload.match!]);
    });
    return heard;
  }

  it("a visitor hears public matches score and one made private, nothing of a private match scored or deleted", async () => {
    const { prisma } = two.t.deps;
    const homeAdmin = await signIn(two.t, { scope: "club", clubId: home.id });
    const otherAdmin = await signIn(two.t, { scope: "club", clubId: other.id });
    const shown = await createMatch(prisma, { clubId: home.id, status: "vod" });
    const hidden = await createMatch(prisma, { clubId: home.id, status: "unscheduled", isPrivate: true });
    const sockets = {
      visitor: await listener(two.b.url, undefined, [CHANNELS.matchLists]),
      otherAdmin: await listener(two.urlA, otherAdmin.token, [CHANNELS.matchLists]),
      homeAdmin: await listener(two.b.url, homeAdmin.token, [CHANNELS.matchLists]),
    };
    const heard = Object.fromEntries(Object.entries(sockets).map(([who, socket]) => [who, listNews(socket)]));
    const url = (match: Match) => `/v1/clubs/${home.id}/matches/${match.id}`;
    const score = (match: Match) => two.http.post(`${url(match)}/score`, { home: 1, away: 0 }, homeAdmin.token);

    expect((await score(hidden)).statusCode).toBe(200);
    expect((await score(shown)).statusCode).toBe(200);
    const madePrivate = { update_match_only: 1, is_private: 1 };
    expect((await two.http.put(url(shown), madePrivate, homeAdmin.token)).statusCode).toBe(200);
    expect((await two.http.del(url(hidden), homeAdmin.token)).statusCode).toBe(200);
    // Published last, heard by all: every socket has heard what it was to hear before it (delivered in order).
    const last = Object.values(sockets).map((socket) =>
      nextEvent(socket, EVENTS.matchScored, (p: { match: number }) => p.match === publicMatch.id),
    );
    expect((await score(publicMatch)).statusCode).toBe(200);
    await Promise.all(last);

    const publicNews: [string, number][] = [
      [EVENTS.matchScored, shown.id],
      // As it was (public): it leaves their lists.
      [EVENTS.matchChanged, shown.id],
      [EVENTS.matchScored, publicMatch.id],
    ];
    expect(heard).toEqual({
      visitor: publicNews,
      otherAdmin: publicNews,
      homeAdmin: [
        [EVENTS.matchScored, hidden.id],
        [EVENTS.matchScored, shown.id],
        // As it was, and as it is (still its club's).
        [EVENTS.matchChanged, shown.id],
        [EVENTS.matchChanged, shown.id],
        [EVENTS.matchChanged, hidden.id],
        [EVENTS.matchScored, publicMatch.id],
      ],
    });
  });
});
