// Realtime over Socket.IO with the Redis adapter: two server instances sharing
// one Redis, the one channel rule (sockets and POST /v1/broadcasting/auth) and
// the chat of a match.
import { beforeAll, describe, expect, it } from "vitest";
import type { Club, Match } from "@clubcast/db";
import { CHANNELS, EVENTS, SOCKET, type EventPayloads } from "@clubcast/shared";
import type { TestApp } from "@clubcast/testkit/app";
import { createClub, createMatch } from "@clubcast/testkit/factories";
import type { Api, Member } from "@clubcast/testkit/api";
import {
  collectEvents,
  connectSocket,
  nextEvent,
  signIn,
  subscribe,
  useTwoInstances,
  type ServerInstance,
} from "@clubcast/testkit/realtime";
import { CHAT_HISTORY_SIZE } from "@clubcast/domain/realtime/service.ts";

let t: TestApp;
let b: ServerInstance;
let urlA: string;
let http: Api;
let home: Club;
let other: Club;
let match: Match;
let privateMatch: Match;
let clubAdmin: Member;
let player: Member;
let stranger: Member;
let system: Member;

const instances = useTwoInstances();

beforeAll(async () => {
  ({ t, b, urlA, http } = instances);
  home = await createClub(t.deps.prisma);
  other = await createClub(t.deps.prisma);
  match = await createMatch(t.deps.prisma, { clubId: home.id, status: "live" });
  privateMatch = await t.deps.prisma.match.update({
    where: { id: (await createMatch(t.deps.prisma, { clubId: home.id })).id },
    data: { isPrivate: true },
  });
  clubAdmin = await signIn(t, { scope: "club", clubId: home.id });
  player = await signIn(t, { scope: "player", clubId: home.id });
  stranger = await signIn(t, { scope: "club", clubId: other.id });
  system = await signIn(t, { scope: "system" });
});

describe("two server instances sharing one Redis", () => {
  it("delivers a score posted through instance A to a client connected to instance B", async () => {
    const viewer = await connectSocket(b.url);
    expect(await subscribe(viewer, CHANNELS.match(match.id))).toEqual({ channel: CHANNELS.match(match.id) });
    const scored = nextEvent<EventPayloads["match.scored"]>(viewer, EVENTS.matchScored);

    const res = await http.post(
      `/v1/clubs/${home.id}/matches/${match.id}/score`,
      { home: 2, away: 1 },
      clubAdmin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(await scored).toEqual({ match: match.id, home: 2, away: 1 });
  });

  it("delivers what instance A's Socket.IO server emits to a room to the room's sockets on B", async () => {
    const onB = await connectSocket(b.url, player.token);
    await subscribe(onB, CHANNELS.user(player.user.id));
    const message = nextEvent<EventPayloads["user.message"]>(onB, EVENTS.userMessage);

    t.realtime.to(CHANNELS.user(player.user.id)).emit(EVENTS.userMessage, { key: "match.shared", level: "success" });
    expect(await message).toEqual({ key: "match.shared", level: "success" });
  });

  it("sends a chat message from a member on A to a member on B, and stores it", async () => {
    const sender = await connectSocket(urlA, clubAdmin.token);
    const reader = await connectSocket(b.url, player.token);
    const channel = CHANNELS.chat(match.id);
    await subscribe(sender, channel);
    await subscribe(reader, channel);
    const received = nextEvent<EventPayloads["chat.message"]>(reader, EVENTS.chatMessage);

    const ack = await sender.timeout(5000).emitWithAck(SOCKET.chatSend, { channel, body: "  Great save!  " });
    expect(ack).toMatchObject({ ok: true, message: { match: match.id, body: "Great save!" } });
    const message = await received;
    expect(message).toEqual(ack.message);
    expect(message.user).toEqual({
      id: clubAdmin.user.id,
      name: `${clubAdmin.user.firstName} ${clubAdmin.user.lastName}`,
    });
    const stored = await t.deps.prisma.chatMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(stored).toMatchObject({ matchId: match.id, userId: clubAdmin.user.id, body: "Great save!" });
  });
});

describe("who may listen", () => {
  const privateChannels = () => [CHANNELS.matches, CHANNELS.user(player.user.id), CHANNELS.chat(match.id)];

  it("refuses anonymous sockets every private channel with an error event (401)", async () => {
    const anonymous = await connectSocket(b.url);
    const refusals = collectEvents<{ channel: string; status: number }>(anonymous, SOCKET.subscriptionError);
    for (const channel of privateChannels()) {
      expect(await subscribe(anonymous, channel)).toMatchObject({ channel, status: 401, message: "Unauthenticated." });
    }
    expect(refusals.map((r) => [r.channel, r.status])).toEqual(privateChannels().map((c) => [c, 401]));
  });

  it("refuses anonymous callers every private channel over REST and tRPC", async () => {
    for (const channel of privateChannels()) {
      const res = await http.post("/v1/broadcasting/auth", { channel_name: channel });
      expect(res.statusCode, channel).toBe(401);
      const trpc = await http.mutation("realtime.authorize", { channel_name: channel });
      expect(trpc.statusCode, channel).toBe(401);
    }
  });

  it("treats a socket with an unknown token as anonymous and says why a private channel is refused", async () => {
    const socket = await connectSocket(urlA, "not-a-real-token");
    expect(await subscribe(socket, CHANNELS.match(match.id))).toEqual({ channel: CHANNELS.match(match.id) });
    expect(await subscribe(socket, CHANNELS.matches)).toMatchObject({ status: 401 });
  });

  it("refuses another club's user the match's chat and another user's channel (403)", async () => {
    const socket = await connectSocket(urlA, stranger.token);
    const channels = [CHANNELS.chat(match.id), CHANNELS.user(player.user.id)];
    for (const channel of channels) {
      expect(await subscribe(socket, channel)).toMatchObject({
        channel,
        status: 403,
        message: "You may not listen on this channel.",
      });
      const res = await http.post("/v1/broadcasting/auth", { channel_name: channel }, stranger.token);
      expect(res.statusCode, channel).toBe(403);
    }
  });

  it("answers a missing match's chat like another club's private match's (404), so existence doesn't leak", async () => {
    const socket = await connectSocket(urlA, stranger.token);
    const foreignChannel = CHANNELS.chat(privateMatch.id);
    const missing = await subscribe(socket, CHANNELS.chat(match.id + 100_000));
    const foreign = await subscribe(socket, foreignChannel);
    expect(foreign).toMatchObject({ status: 404, message: "No match found" });
    expect({ ...missing, channel: null }).toEqual({ ...foreign, channel: null });
    const res = await http.post("/v1/broadcasting/auth", { channel_name: foreignChannel }, stranger.token);
    expect(res.statusCode).toBe(404);
  });

  it("keeps the away club out of a private match's chat until the match is shared with it", async () => {
    const away = await t.deps.prisma.match.update({
      where: { id: (await createMatch(t.deps.prisma, { clubId: home.id })).id },
      data: { isPrivate: true, awayClubId: other.id },
    });
    const channel = CHANNELS.chat(away.id);
    expect((await http.post("/v1/broadcasting/auth", { channel_name: channel }, stranger.token)).statusCode).toBe(404);
    await t.deps.prisma.match.update({ where: { id: away.id }, data: { sharedOpponent: true } });
    expect((await http.post("/v1/broadcasting/auth", { channel_name: channel }, stranger.token)).statusCode).toBe(200);
  });

  it("never delivers a refused channel's events", async () => {
    const socket = await connectSocket(b.url, stranger.token);
    await subscribe(socket, CHANNELS.chat(match.id));
    await subscribe(socket, CHANNELS.user(stranger.user.id));
    const chat = collectEvents(socket, EVENTS.chatMessage);
    const own = nextEvent(socket, EVENTS.userMessage);

    t.deps.outbox.events.publish(CHANNELS.chat(match.id), EVENTS.chatMessage, {
      id: 0,
      match: match.id,
      user: null,
      body: "secret",
      created_at: new Date().toISOString(),
    });
    t.deps.outbox.events.publish(CHANNELS.user(stranger.user.id), EVENTS.userMessage, {
      key: "match.shared",
      level: "success",
    });
    await own; // published after the chat message, on the same Redis connection
    expect(chat).toEqual([]);
  });

  it("lets members, their own user and system admins listen, over sockets and REST", async () => {
    const allowed: [Member, string][] = [
      [player, CHANNELS.chat(match.id)],
      [player, CHANNELS.user(player.user.id)],
      [player, CHANNELS.matches],
      [player, CHANNELS.match(privateMatch.id)],
      [system, CHANNELS.chat(match.id)],
      [system, CHANNELS.matches],
    ];
    for (const [who, channel] of allowed) {
      const socket = await connectSocket(urlA, who.token);
      expect(await subscribe(socket, channel), channel).toEqual({ channel });
      const res = await http.post("/v1/broadcasting/auth", { channel_name: channel }, who.token);
      expect(res.statusCode, channel).toBe(200);
      expect(res.json()).toEqual({ channel_name: channel });
    }
  });

  it("lets chat members of a shared-with club in, but not a user of a club the match is not shared with", async () => {
    const sharedMatch = await t.deps.prisma.match.update({
      where: { id: (await createMatch(t.deps.prisma, { clubId: home.id })).id },
      data: { sharedWithClubId: other.id },
    });
    const res = await http.post(
      "/v1/broadcasting/auth",
      { channel_name: CHANNELS.chat(sharedMatch.id) },
      stranger.token,
    );
    expect(res.statusCode).toBe(200);
    const third = await signIn(t, { scope: "club", clubId: (await createClub(t.deps.prisma)).id });
    const refused = await http.post(
      "/v1/broadcasting/auth",
      { channel_name: CHANNELS.chat(sharedMatch.id) },
      third.token,
    );
    expect(refused.statusCode).toBe(403);
  });

  it("keeps a private match's public channel to those who may see the match (404 for others)", async () => {
    const channel = CHANNELS.match(privateMatch.id);
    const anonymous = await connectSocket(urlA);
    expect(await subscribe(anonymous, channel)).toMatchObject({ status: 404, message: "No match found" });
    const res = await http.post("/v1/broadcasting/auth", { channel_name: channel }, stranger.token);
    expect(res.statusCode).toBe(404);
  });

  it("answers 404 for names no channel has and 422 for a malformed request", async () => {
    const socket = await connectSocket(urlA, system.token);
    for (const channel of ["matchez", "match.0", "user.abc", "chat.1.2"]) {
      expect(await subscribe(socket, channel), channel).toMatchObject({ status: 404 });
    }
    const unknownField = await http.post("/v1/broadcasting/auth", { channel_name: "matches", extra: 1 }, system.token);
    expect(unknownField.statusCode).toBe(422);
    expect(unknownField.json().errors).toHaveProperty("extra");
    const missing = await http.post("/v1/broadcasting/auth", {}, system.token);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty("channel_name");
  });

  it("stops delivering a channel's events after unsubscribe", async () => {
    const socket = await connectSocket(urlA, player.token);
    await subscribe(socket, CHANNELS.match(match.id));
    await subscribe(socket, CHANNELS.user(player.user.id));
    const scores = collectEvents(socket, EVENTS.matchScored);
    socket.emit(SOCKET.unsubscribe, CHANNELS.match(match.id));
    // A round trip after the unsubscribe: the server has handled it once this answers.
    await subscribe(socket, CHANNELS.user(player.user.id));

    t.deps.outbox.events.publish(CHANNELS.match(match.id), EVENTS.matchScored, { match: match.id, home: 9, away: 9 });
    const own = nextEvent(socket, EVENTS.userMessage);
    t.deps.outbox.events.publish(CHANNELS.user(player.user.id), EVENTS.userMessage, {
      key: "match.shared",
      level: "success",
    });
    await own;
    expect(scores).toEqual([]);
  });
});

describe("the chat of a match", () => {
  it(`sends the latest ${CHAT_HISTORY_SIZE} messages, oldest first, on joining`, async () => {
    const chatMatch = await createMatch(t.deps.prisma, { clubId: home.id });
    const base = Date.now() - 3600_000;
    await t.deps.prisma.chatMessage.createMany({
      data: Array.from({ length: CHAT_HISTORY_SIZE + 5 }, (_, i) => ({
        matchId: chatMatch.id,
        userId: player.user.id,
        body: `message ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    });
    const socket = await connectSocket(b.url, clubAdmin.token);
    const history = nextEvent<{ channel: string; messages: EventPayloads["chat.message"][] }>(
      socket,
      SOCKET.chatHistory,
    );
    await subscribe(socket, CHANNELS.chat(chatMatch.id));
    const { channel, messages } = await history;
    expect(channel).toBe(CHANNELS.chat(chatMatch.id));
    expect(messages.map((m) => m.body)).toEqual(
      Array.from({ length: CHAT_HISTORY_SIZE }, (_, i) => `message ${i + 5}`),
    );
  });

  it("refuses an empty or oversized message with 422 and stores nothing", async () => {
    const socket = await connectSocket(urlA, player.token);
    const channel = CHANNELS.chat(match.id);
    const before = await t.deps.prisma.chatMessage.count({ where: { matchId: match.id } });
    for (const body of ["   ", "x".repeat(1001)]) {
      const ack = await socket.timeout(5000).emitWithAck(SOCKET.chatSend, { channel, body });
      expect(ack).toMatchObject({ ok: false, status: 422 });
      expect(ack.errors).toHaveProperty("body");
    }
    const notChat = await socket.timeout(5000).emitWithAck(SOCKET.chatSend, { channel: CHANNELS.matches, body: "hi" });
    expect(notChat).toMatchObject({ ok: false, status: 422 });
    expect(notChat.errors).toHaveProperty("channel");
    expect(await t.deps.prisma.chatMessage.count({ where: { matchId: match.id } })).toBe(before);
  });

  it("refuses messages from another club's user and from anonymous sockets, storing nothing", async () => {
    const channel = CHANNELS.chat(match.id);
    const before = await t.deps.prisma.chatMessage.count({ where: { matchId: match.id } });
    const strangerSocket = await connectSocket(urlA, stranger.token);
    expect(await strangerSocket.timeout(5000).emitWithAck(SOCKET.chatSend, { channel, body: "hi" })).toMatchObject({
      ok: false,
      status: 403,
    });
    const anonymous = await connectSocket(urlA);
    expect(await anonymous.timeout(5000).emitWithAck(SOCKET.chatSend, { channel, body: "hi" })).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(await t.deps.prisma.chatMessage.count({ where: { matchId: match.id } })).toBe(before);
  });

  it("answers in the socket's language", async () => {
    const { io } = await import("socket.io-client");
    const socket = io(urlA, { transports: ["websocket"], extraHeaders: { "accept-language": "nl" }, forceNew: true });
    try {
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      expect(await socket.timeout(5000).emitWithAck(SOCKET.subscribe, CHANNELS.matches)).toMatchObject({
        status: 401,
        message: "Niet ingelogd.",
      });
    } finally {
      socket.disconnect();
    }
  });
});
