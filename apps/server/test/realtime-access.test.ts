// Realtime rights follow access changes at once, on every server instance: a
// signed-out or revoked token, a new password, a new scope or club, a deleted
// user or configuration, and a match made private, unshared or deleted take
// sockets (here connected to the second instance) out of the channels they
// may no longer listen on.
import { beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import type { Club, Match } from "@clubcast/db";
import { CHANNELS, EVENTS, SOCKET, type SubscriptionError } from "@clubcast/shared";
import { createApiClient, createClub, createConfiguration, createMatch } from "@clubcast/testkit/factories";
import type { Member } from "@clubcast/testkit/api";
import { connectSocket, nextEvent, signIn, subscribe, useTwoInstances } from "@clubcast/testkit/realtime";
import { hashToken, newSecretToken } from "@clubcast/domain/auth/tokens.ts";
import { holderRoom } from "../src/realtime/socket-server.ts";

const two = useTwoInstances();
let home: Club;
let other: Club;
let match: Match;
let privateMatch: Match;
let system: Member;
let clubAdmin: Member;

beforeAll(async () => {
  const { prisma } = two.t.deps;
  home = await createClub(prisma);
  other = await createClub(prisma);
  match = await createMatch(prisma, { clubId: home.id, status: "live" });
  privateMatch = await createMatch(prisma, { clubId: home.id, isPrivate: true });
  system = await signIn(two.t, { scope: "system" });
  clubAdmin = await signIn(two.t, { scope: "club", clubId: home.id });
});

/** A socket on `url` in each of `channels` (every subscription accepted). */
async function listener(url: string, token: string | undefined, channels: string[]): Promise<Socket> {
  const socket = await connectSocket(url, token);
  for (const channel of channels) expect(await subscribe(socket, channel)).toEqual({ channel });
  return socket;
}

/** The next `count` unsubscribed notices, as [channel, status], sorted. */
function droppedFrom(socket: Socket, count: number): Promise<[string, number][]> {
  return new Promise((resolve, reject) => {
    const seen: [string, number][] = [];
    const timer = setTimeout(() => reject(new Error(`only ${JSON.stringify(seen)} dropped within 5 s`)), 5000);
    socket.on(SOCKET.unsubscribed, ({ channel, status }: SubscriptionError) => {
      seen.push([channel, status]);
      if (seen.length < count) return;
      clearTimeout(timer);
      resolve(seen.sort());
    });
  });
}

/**
 * Publishes into each of `dropped` and then into `kept`: once the latter arrives (Redis keeps order), the
 * former would have too, had the socket still been in those rooms.
 */
async function expectDeaf(socket: Socket, dropped: string[], kept: string): Promise<void> {
  const heard: string[] = [];
  socket.onAny((event: string, payload: { match?: number }) => {
    if (payload?.match === -1) heard.push(event);
  });
  for (const channel of dropped)
    two.t.deps.outbox.events.publish(channel, EVENTS.matchScored, { match: -1, home: 0, away: 0 });
  const probe = nextEvent(socket, EVENTS.matchScored, (p: { match: number }) => p.match === -2);
  two.t.deps.outbox.events.publish(kept, EVENTS.matchScored, { match: -2, home: 0, away: 0 });
  await probe;
  expect(heard).toEqual([]);
}

const refusedAll = (channels: string[], status: number) =>
  channels.map((channel): [string, number] => [channel, status]).sort();

describe("a socket's rights follow its token and its user, on every instance", () => {
  it("takes a signed-out token's socket out of its private channels, keeps the public one, refuses them again", async () => {
    const player = await signIn(two.t, { scope: "player", clubId: home.id });
    const lost = [CHANNELS.user(player.user.id), CHANNELS.chat(match.id), CHANNELS.matches];
    const socket = await listener(two.b.url, player.token, [...lost, CHANNELS.match(match.id)]);
    // The room that finds a user's sockets is not a channel a client can leave.
    socket.emit(SOCKET.unsubscribe, holderRoom({ user: player.user.id }));
    const dropped = droppedFrom(socket, lost.length);

    expect((await two.http.post("/v1/logout", {}, player.token)).statusCode).toBe(200);
    expect(await dropped).toEqual(refusedAll(lost, 401));
    await expectDeaf(socket, lost, CHANNELS.match(match.id));
    for (const channel of lost) expect(await subscribe(socket, channel)).toMatchObject({ channel, status: 401 });
  });

  it("drops the sockets of every token a password reset revokes, on both instances", async () => {
    const player = await signIn(two.t, { scope: "player", clubId: home.id });
    const secondToken = await two.http.login(player.user.email);
    const channel = CHANNELS.user(player.user.id);
    const onA = await listener(two.urlA, player.token, [channel, CHANNELS.match(match.id)]);
    const onB = await listener(two.b.url, secondToken, [channel, CHANNELS.match(match.id)]);
    const dropped = [droppedFrom(onA, 1), droppedFrom(onB, 1)];
    const resetToken = newSecretToken();
    await two.t.deps.prisma.passwordResetToken.create({
      data: { userId: player.user.id, tokenHash: hashToken(resetToken), expiresAt: new Date(Date.now() + 60_000) },
    });

    const reset = { token: resetToken, email: player.user.email, password: "a brand new secret" };
    const res = await two.http.post("/v1/reset", { ...reset, password_confirmation: reset.password });
    expect(res.statusCode).toBe(200);
    expect(await Promise.all(dropped)).toEqual([[[channel, 401]], [[channel, 401]]]);
    await expectDeaf(onA, [channel], CHANNELS.match(match.id));
    await expectDeaf(onB, [channel], CHANNELS.match(match.id));
  });

  it("drops the user's other tokens' sockets on a password change, not the one that changed it", async () => {
    const admin = await signIn(two.t, { scope: "club", clubId: home.id });
    const otherDevice = await two.http.login(admin.user.email);
    const channel = CHANNELS.user(admin.user.id);
    const changer = await listener(two.b.url, admin.token, [channel]);
    const elsewhere = await listener(two.b.url, otherDevice, [channel, CHANNELS.match(match.id)]);
    const dropped = droppedFrom(elsewhere, 1);
    const kept: unknown[] = [];
    changer.on(SOCKET.unsubscribed, (notice) => kept.push(notice));

    const res = await two.http.put(
      `/v1/users/${admin.user.id}`,
      { password: "another long secret", password_confirmation: "another long secret" },
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(await dropped).toEqual([[channel, 401]]);
    await expectDeaf(elsewhere, [channel], CHANNELS.match(match.id));
    const message = nextEvent(changer, EVENTS.userMessage);
    two.t.deps.outbox.events.publish(channel, EVENTS.userMessage, { key: "match.shared", level: "success" });
    await message;
    expect(kept).toEqual([]);
  });

  it("checks a user's sockets again by the new scope", async () => {
    const admin = await signIn(two.t, { scope: "system" });
    const lost = [CHANNELS.chat(privateMatch.id), CHANNELS.match(privateMatch.id)];
    const socket = await listener(two.b.url, admin.token, [...lost, CHANNELS.user(admin.user.id)]);
    const dropped = droppedFrom(socket, lost.length);

    const res = await two.http.put(`/v1/users/${admin.user.id}`, { scope: "player", club: other.id }, system.token);
    expect(res.statusCode).toBe(200);
    expect(await dropped).toEqual(refusedAll(lost, 404));
    await expectDeaf(socket, lost, CHANNELS.user(admin.user.id));
  });

  it("checks a user's sockets again when the user is taken out of the club", async () => {
    const player = await signIn(two.t, { scope: "player", clubId: home.id });
    const socket = await listener(two.b.url, player.token, [CHANNELS.chat(match.id), CHANNELS.user(player.user.id)]);
    const dropped = droppedFrom(socket, 1);

    expect((await two.http.del(`/v1/clubs/${home.id}/users/${player.user.id}`, clubAdmin.token)).statusCode).toBe(200);
    expect(await dropped).toEqual([[CHANNELS.chat(match.id), 403]]);
    await expectDeaf(socket, [CHANNELS.chat(match.id)], CHANNELS.user(player.user.id));
  });

  it("takes a deleted user's sockets out of every private channel", async () => {
    const player = await signIn(two.t, { scope: "player", clubId: home.id });
    const lost = [CHANNELS.user(player.user.id), CHANNELS.chat(match.id)];
    const socket = await listener(two.b.url, player.token, [...lost, CHANNELS.match(match.id)]);
    const dropped = droppedFrom(socket, lost.length);

    expect((await two.http.del(`/v1/users/${player.user.id}`, clubAdmin.token)).statusCode).toBe(200);
    expect(await dropped).toEqual(refusedAll(lost, 401));
    await expectDeaf(socket, lost, CHANNELS.match(match.id));
  });

  it("takes a revoked API client's sockets, and a deleted configuration's, out of the club's private match", async () => {
    const channel = CHANNELS.match(privateMatch.id);
    const cameraSocket = async () => {
      const configuration = await createConfiguration(two.t.deps.prisma, { clubId: home.id });
      const { client } = await createApiClient(two.t.deps.prisma, configuration.id);
      const { access_token } = await two.t.services.auth.issueToken({ apiClientId: client.id });
      const socket = await listener(two.b.url, access_token, [channel, CHANNELS.match(match.id)]);
      return { configuration, client, socket, dropped: droppedFrom(socket, 1) };
    };
    const revoked = await cameraSocket();
    const removed = await cameraSocket();

    expect((await two.http.del(`/v1/api-clients/${revoked.client.id}`, system.token)).statusCode).toBe(204);
    expect((await two.http.del(`/v1/configurations/${removed.configuration.id}`, system.token)).statusCode).toBe(204);
    for (const camera of [revoked, removed]) {
      expect(await camera.dropped).toEqual([[channel, 404]]);
      await expectDeaf(camera.socket, [channel], CHANNELS.match(match.id));
    }
  });
});

describe("a match's listeners follow its privacy and sharing, on every instance", () => {
  const updateOnly = (id: number, changes: object) =>
    two.http.put(`/v1/clubs/${home.id}/matches/${id}`, { update_match_only: true, ...changes }, clubAdmin.token);

  it("takes anonymous sockets out of a match made private, and keeps the club's own", async () => {
    const game = await createMatch(two.t.deps.prisma, { clubId: home.id, status: "live" });
    const channel = CHANNELS.match(game.id);
    const anonymous = await listener(two.b.url, undefined, [channel, CHANNELS.match(match.id)]);
    const member = await listener(two.b.url, clubAdmin.token, [channel]);
    const dropped = droppedFrom(anonymous, 1);

    expect((await updateOnly(game.id, { is_private: true })).statusCode).toBe(200);
    expect(await dropped).toEqual([[channel, 404]]);
    const scored = nextEvent(member, EVENTS.matchScored);
    const res = await two.http.post(
      `/v1/clubs/${home.id}/matches/${game.id}/score`,
      { home: 1, away: 0 },
      clubAdmin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(await scored).toEqual({ match: game.id, home: 1, away: 0 });
    await expectDeaf(anonymous, [channel], CHANNELS.match(match.id));
  });

  it("takes the club a private match was shared with out of its channels when it is unshared", async () => {
    const game = await createMatch(two.t.deps.prisma, { clubId: home.id, isPrivate: true, sharedWithClubId: other.id });
    const guest = await signIn(two.t, { scope: "club", clubId: other.id });
    const lost = [CHANNELS.match(game.id), CHANNELS.chat(game.id)];
    const socket = await listener(two.b.url, guest.token, [...lost, CHANNELS.user(guest.user.id)]);
    const dropped = droppedFrom(socket, lost.length);

    expect((await updateOnly(game.id, { shared_with: null })).statusCode).toBe(200);
    expect(await dropped).toEqual(refusedAll(lost, 404));
    await expectDeaf(socket, lost, CHANNELS.user(guest.user.id));
  });

  it("takes every socket out of a deleted match's channels", async () => {
    const game = await createMatch(two.t.deps.prisma, { clubId: home.id });
    const lost = [CHANNELS.match(game.id), CHANNELS.chat(game.id)];
    const socket = await listener(two.b.url, clubAdmin.token, [...lost, CHANNELS.match(match.id)]);
    const dropped = droppedFrom(socket, lost.length);

    expect((await two.http.del(`/v1/matches/${game.id}`, clubAdmin.token)).statusCode).toBe(200);
    expect(await dropped).toEqual(refusedAll(lost, 404));
    await expectDeaf(socket, lost, CHANNELS.match(match.id));
  });
});
