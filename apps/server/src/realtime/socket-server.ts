// The Socket.IO server on the API server's own port, speaking the protocol of
// SOCKET in @clubcast/shared. With the Redis adapter every server instance
// shares the channels' rooms, and events published from any process through
// the outbox relay and deps.signals (the Redis emitter) reach sockets on every instance.
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import { CHANNELS, parseChannel, SOCKET, WATCHED_MATCHES_PER_SOCKET, type SubscriptionError } from "@clubcast/shared";
import type { Services } from "@clubcast/domain/services.ts";
import type { RequestContext } from "@clubcast/domain/core/context.ts";
import { asAppError, NotFoundError, UnauthorizedError } from "@clubcast/domain/core/errors.ts";
import { errorBody } from "../core/http.ts";
import { translate } from "@clubcast/domain/core/i18n.ts";
import { resolveRequest, type ResolvedRequest } from "../core/request.ts";
import { parseInput } from "../core/validation.ts";
import {
  ACCESS_CHANGED,
  MATCH_NEWS,
  socketIoKey,
  type AccessChange,
  type MatchNews,
} from "@clubcast/domain/realtime/publisher.ts";
import { visibilityKey } from "@clubcast/domain/matches/visibility.ts";
import { chatSendInput } from "@clubcast/domain/realtime/schemas.ts";
import { VIEWER_CONFIRM_EVERY_MS } from "@clubcast/domain/viewers/service.ts";

export interface RealtimeOptions {
  /**
   * Share rooms through Redis (default). Off only for a single process that
   * emits through the Socket.IO server itself (the benchmark's baseline):
   * events published through the outbox or deps.signals need the adapter.
   */
  redisAdapter?: boolean;
}

/** A subscription that failed for a reason other than the channel rule (e.g. the database is down). */
type SubscriptionFailure = Omit<SubscriptionError, "status"> & { status: SubscriptionError["status"] | 500 };

type Ack = (answer: unknown) => void;
const ackOf = (candidate: unknown): Ack => (typeof candidate === "function" ? (candidate as Ack) : () => {});

/**
 * Whether the handshake comes from a page of ours. Browsers send cookies with a WebSocket
 * opened by any site, so only our own pages' handshakes may sign in with the session cookie.
 * Same-origin polling requests may carry no Origin at all; other sites' requests always do.
 */
function fromOwnPage(headers: Socket["handshake"]["headers"], publicUrl: string): boolean {
  const { origin } = headers;
  if (!origin) return true;
  const host = headers["x-forwarded-host"] ?? headers.host;
  return origin === new URL(publicUrl).origin || URL.parse(origin)?.host === host;
}

function handshakeHeaders(socket: Socket, publicUrl: string) {
  const { auth, headers } = socket.handshake;
  const token = typeof auth?.token === "string" && auth.token ? auth.token : null;
  return {
    authorization: token ? `Bearer ${token}` : headers.authorization,
    cookie: fromOwnPage(headers, publicUrl) ? headers.cookie : undefined,
    "accept-language": headers["accept-language"],
  };
}

/**
 * The room every socket of one user or API client sits in, so an AccessChange finds them on each instance.
 * No channel has such a name, so clients can neither subscribe to it nor leave it.
 */
export function holderRoom(holder: { user: number } | { client: number }): string {
  return "user" in holder ? `holder:user.${holder.user}` : `holder:client.${holder.client}`;
}

function holderRoomOf(ctx: RequestContext): string | null {
  if (ctx.user) return holderRoom({ user: ctx.user.id });
  return ctx.client ? holderRoom({ client: ctx.client.apiClientId }) : null;
}

/** setTimeout's longest delay (about 24.8 days): a session ending later is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Whether the token the socket signed in with has expired since: it stands for nobody any more. */
const sessionEnded = ({ expiresAt }: ResolvedRequest) => expiresAt !== null && expiresAt.getTime() <= Date.now();

/** The channels a socket listens on (its other rooms are its own id and its holder's room). */
const channelsOf = (socket: Socket) => [...socket.rooms].filter((room) => parseChannel(room) !== null);

/** How long after a viewer came or went its match's channel hears the new count: joins and leaves come in bursts. */
const VIEWERS_TOLD_AFTER_MS = 2_000;

/** The room of a match's viewers (SOCKET.watch): how an access change finds them on this instance. */
const watchingRoom = (match: number) => `watching:${match}`;

/** Whether `channel` is the match channel of a match the socket watches. */
function watches(socket: Socket, channel: string): boolean {
  const parsed = parseChannel(channel);
  return parsed?.kind === "match" && socket.rooms.has(watchingRoom(parsed.matchId));
}

/** The matches a socket's player shows live, oldest first: its viewer rooms are the one record of them. */
const watchedBy = (socket: Socket): number[] =>
  [...socket.rooms].flatMap((room) => (room.startsWith("watching:") ? [Number(room.slice("watching:".length))] : []));

export function attachRealtime(app: FastifyInstance, services: Services, options: RealtimeOptions = {}): Server {
  const { config } = services.deps;
  const io = new Server(app.server, { serveClient: false });
  const redisClients: Redis[] = [];
  if (options.redisAdapter ?? true) {
    // With their offline queue: the adapter subscribes before the connection is up, and again after an outage.
    const pub = services.deps.redisOutages.watch(new Redis(config.redisUrl));
    const sub = services.deps.redisOutages.watch(new Redis(config.redisUrl));
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: socketIoKey(config.redisPrefix) }));
  }

  /**
   * Counts the AccessChanges this instance has handled. What a socket was allowed is read from the database
   * and acted on later (joining a room); a change announced in between could not have found the socket there,
   * so such a read is made again (see `settled`).
   */
  let accessEpoch = 0;

  /**
   * `attempt` again until no AccessChange arrived while it ran, nor did the socket's caller change
   * (`caller`): what it read may predate a change this instance has already handled. The caller acts on
   * the answer in the same tick, before another announcement can be handled.
   */
  async function settled<T>(attempt: () => Promise<T>, caller: () => unknown = () => null): Promise<T> {
    for (;;) {
      const epoch = accessEpoch;
      const before = caller();
      const answer = await attempt();
      if (epoch === accessEpoch && before === caller()) return answer;
    }
  }

  const resolveSocket = (socket: Socket) =>
    settled(async () => {
      const request = await resolveRequest(
        services.auth,
        handshakeHeaders(socket, config.publicUrl),
        socket.handshake.address,
      );
      // A socket's context serves it for as long as it lives: its reads must not answer from data as of its handshake.
      delete request.ctx.cacheMoment;
      return request;
    });

  // The bearer token is optional: an absent or refused one makes an anonymous socket (public channels only).
  io.use((socket, next) => {
    resolveSocket(socket).then((request) => {
      socket.data.request = request;
      next();
    }, next);
  });

  /** An error as the caller sees it: refusals with their status, anything else logged and a 500. */
  function answerOf(
    error: unknown,
    request: ResolvedRequest,
  ): { status: number; message: string; errors?: Record<string, string[]> } {
    let appError = asAppError(error);
    // A refused token explains a 401 better than "unauthenticated".
    if (appError?.status === 401 && request.authError) appError = request.authError;
    if (appError) return { status: appError.status, ...errorBody(appError, request.ctx.locale) };
    app.log.error(error);
    return { status: 500, message: translate(request.ctx.locale, "server.error") };
  }

  /** The refusal of a channel as the socket is told it: subscription_error, or unsubscribed once it was in. */
  function refusalOf(name: string, error: unknown, request: ResolvedRequest): SubscriptionFailure {
    const { status, message } = answerOf(error, request);
    return { channel: name, status, message } as SubscriptionFailure;
  }

  /**
   * Asks the channel rule again, for the socket's caller, about each of `channels` (a channel listened on, or
   * the match channel of a match watched) and undoes what it no longer allows: the socket leaves the channel,
   * told why, and stops counting as a viewer of the match. A check that failed (the database is down) counts
   * as a refusal: the socket may no longer see it.
   */
  async function dropRefused(socket: Socket, channels: string[]): Promise<void> {
    const request = socket.data.request as ResolvedRequest;
    await Promise.all(
      channels.map((name) =>
        services.realtime.authorizeChannel(name, request.ctx).then(
          () => undefined,
          (error: unknown) => {
            const channel = parseChannel(name);
            if (channel?.kind === "match") stopWatching(socket, channel.matchId);
            if (!socket.rooms.has(name)) return;
            void socket.leave(name);
            socket.emit(SOCKET.unsubscribed, refusalOf(name, error, request));
          },
        ),
      ),
    );
  }

  /**
   * Who the socket's token stands for now, and what it may therefore still listen on: when its holder's
   * access changed, and when the token expires (an expired token stands for nobody, as on REST).
   */
  async function reauthenticate(socket: Socket): Promise<void> {
    try {
      socket.data.request = await resolveSocket(socket);
    } catch (error) {
      // Unsure who it is now (the database is down): it keeps nothing.
      app.log.error(error);
      socket.disconnect(true);
      return;
    }
    if (!socket.connected) return;
    seatHolder(socket);
    watchSessionEnd(socket);
    const watchedChannels = watchedBy(socket).map((match) => CHANNELS.match(match));
    await dropRefused(socket, [...new Set([...channelsOf(socket), ...watchedChannels])]);
  }

  /** Puts the socket in its holder's room (and out of any other): none once its token stands for nobody. */
  function seatHolder(socket: Socket): void {
    const holder = holderRoomOf((socket.data.request as ResolvedRequest).ctx);
    for (const room of socket.rooms) if (room.startsWith("holder:") && room !== holder) void socket.leave(room);
    if (holder) void socket.join(holder);
  }

  /** Checks the socket again when its token expires, so its rights end then rather than at its next request. */
  function watchSessionEnd(socket: Socket): void {
    clearTimeout(socket.data.sessionEnd as NodeJS.Timeout | undefined);
    const { expiresAt } = socket.data.request as ResolvedRequest;
    if (!expiresAt) return;
    const delay = Math.min(Math.max(0, expiresAt.getTime() - Date.now()), LONGEST_TIMER_MS);
    socket.data.sessionEnd = setTimeout(() => void reauthenticate(socket), delay);
  }

  /**
   * Passes a MatchNews to this instance's sockets on its channel whose caller may see the match (or could,
   * as it was: its formerAudience), asked once per visibility rule's answer (see visibilityKey). One at a
   * time, so they arrive in the order published.
   */
  let newsDelivered = Promise.resolve();
  async function deliverToViewers({ channel, event, payload, formerAudience }: MatchNews): Promise<void> {
    const verdicts = new Map<string, Promise<boolean>>();
    const maySee = (request: ResolvedRequest) => {
      const key = visibilityKey(request.ctx);
      let verdict = verdicts.get(key);
      if (!verdict) {
        verdict = formerAudience
          ? Promise.resolve(services.realtime.maySeeAudience(formerAudience, request.ctx))
          : services.realtime.maySeeMatch(payload.match, request.ctx);
        verdicts.set(key, verdict);
      }
      return verdict;
    };
    await Promise.all(
      localSocketsIn([channel]).map(async (socket) => {
        const request = socket.data.request as ResolvedRequest;
        // A session that ended a moment ago stands for nobody, even before its timer has taken it out.
        if (sessionEnded(request) || !(await maySee(request))) return;
        if (socket.rooms.has(channel)) socket.emit(event, payload);
      }),
    );
  }
  io.on(MATCH_NEWS, (news: MatchNews) => {
    newsDelivered = newsDelivered.then(() => deliverToViewers(news)).catch((error: unknown) => app.log.error(error));
  });

  /** This instance's sockets in any of `rooms`, as they are now (each instance checks its own). */
  function localSocketsIn(rooms: string[]): Socket[] {
    const { adapter, sockets } = io.of("/");
    const ids = new Set(rooms.flatMap((room) => [...(adapter.rooms.get(room) ?? [])]));
    return [...ids].flatMap((id) => sockets.get(id) ?? []);
  }

  /** The matches whose viewers came or went here since their channel was last told, told together shortly. */
  const viewersChanged = new Set<number>();
  let viewersTelling: NodeJS.Timeout | undefined;
  function countAgain(match: number): void {
    viewersChanged.add(match);
    viewersTelling ??= setTimeout(() => {
      viewersTelling = undefined;
      const matches = [...viewersChanged];
      viewersChanged.clear();
      Promise.all(matches.map((id) => services.viewers.tell(id))).catch((error: unknown) => app.log.error(error));
    }, VIEWERS_TOLD_AFTER_MS);
  }

  function stopWatching(socket: Socket, match: number): void {
    if (!socket.rooms.has(watchingRoom(match))) return;
    void socket.leave(watchingRoom(match));
    services.viewers
      .leave({ match, viewer: socket.id })
      .then(() => countAgain(match))
      .catch((error: unknown) => app.log.error(error));
  }

  // Confirms this instance's viewers (so they keep counting while it runs) and counts their matches again
  // (so the viewers of a stopped instance drop out of the figures).
  const confirmingViewers = setInterval(() => {
    const watching = [...io.of("/").sockets.values()].flatMap((socket) =>
      watchedBy(socket).map((match) => ({ match, viewer: socket.id })),
    );
    services.viewers
      .confirm(watching)
      .then(() => new Set(watching.map(({ match }) => match)).forEach(countAgain))
      .catch((error: unknown) => app.log.error(error));
  }, VIEWER_CONFIRM_EVERY_MS).unref();

  io.on(ACCESS_CHANGED, (change: AccessChange) => {
    accessEpoch += 1;
    const holders = [
      ...(change.users ?? []).map((user) => holderRoom({ user })),
      ...(change.clients ?? []).map((client) => holderRoom({ client })),
    ];
    const matches = change.matches ?? [];
    const matchChannels = matches.flatMap((id) => [CHANNELS.match(id), CHANNELS.chat(id)]);
    const audience = [...matchChannels, ...matches.map(watchingRoom)];
    const rechecks = [
      ...localSocketsIn(holders).map((socket) => reauthenticate(socket)),
      ...localSocketsIn(audience).map((socket) =>
        dropRefused(
          socket,
          matchChannels.filter((name) => socket.rooms.has(name) || watches(socket, name)),
        ),
      ),
    ];
    Promise.all(rechecks).catch((error: unknown) => app.log.error(error));
  });

  io.on("connection", (socket) => {
    const current = () => socket.data.request as ResolvedRequest;
    seatHolder(socket);
    watchSessionEnd(socket);
    // "disconnecting": the socket still has its rooms, the record of what it watched.
    socket.on("disconnecting", () => {
      clearTimeout(socket.data.sessionEnd as NodeJS.Timeout | undefined);
      for (const match of watchedBy(socket)) stopWatching(socket, match);
    });
    /** The socket's caller as of now: an expired token's socket is checked again before it may do anything. */
    const caller = async () => {
      if (sessionEnded(current())) await reauthenticate(socket);
      // Still the expired session: who it is now could not be read (the socket is being disconnected).
      if (sessionEnded(current())) throw new UnauthorizedError("auth.token_expired");
      return current();
    };

    socket.on(SOCKET.subscribe, async (channel: unknown, ack: unknown) => {
      const respond = ackOf(ack);
      const name = typeof channel === "string" ? channel : String(channel);
      try {
        await caller();
        const { history } = await settled(() => services.realtime.joinChannel(name, current().ctx), current);
        void socket.join(name);
        socket.emit(SOCKET.subscribed, { channel: name });
        if (history) socket.emit(SOCKET.chatHistory, { channel: name, messages: history });
        respond({ channel: name });
      } catch (error) {
        const refusal = refusalOf(name, error, current());
        socket.emit(SOCKET.subscriptionError, refusal);
        respond(refusal);
      }
    });

    // Only channels: the socket's other rooms are how access changes find it.
    socket.on(SOCKET.unsubscribe, (channel: unknown) => {
      if (typeof channel === "string" && parseChannel(channel)) void socket.leave(channel);
    });

    // Counted as a viewer of a match it may see; a fifth match watched at once replaces the first.
    socket.on(SOCKET.watch, async (matchId: unknown, ack: unknown) => {
      const respond = ackOf(ack);
      const channel = parseChannel(CHANNELS.match(Number(matchId)));
      try {
        if (channel?.kind !== "match") throw new NotFoundError("not_found.match");
        const { ctx } = await caller();
        await services.realtime.authorizeChannel(CHANNELS.match(channel.matchId), ctx);
        if (!socket.connected || socket.rooms.has(watchingRoom(channel.matchId))) {
          return respond({ match: channel.matchId });
        }
        void socket.join(watchingRoom(channel.matchId));
        const watching = watchedBy(socket);
        if (watching.length > WATCHED_MATCHES_PER_SOCKET) stopWatching(socket, watching[0]!);
        await services.viewers.confirm([{ match: channel.matchId, viewer: socket.id }]);
        countAgain(channel.matchId);
        respond({ match: channel.matchId });
      } catch (error) {
        respond(answerOf(error, current()));
      }
    });

    socket.on(SOCKET.unwatch, (matchId: unknown) => stopWatching(socket, Number(matchId)));

    socket.on(SOCKET.chatSend, async (input: unknown, ack: unknown) => {
      const respond = ackOf(ack);
      try {
        const { ctx } = await caller();
        const message = await services.realtime.sendChatMessage(parseInput(chatSendInput, input ?? {}), ctx);
        respond({ ok: true, message });
      } catch (error) {
        respond({ ok: false, ...answerOf(error, current()) });
      }
    });
  });

  // Open sockets would keep the HTTP server from closing: end their connections first. Only the
  // connections: a Socket.IO disconnect would tell browsers the server sent them away for good, and
  // they would not reconnect once a restarted server is back.
  app.addHook("preClose", (done) => {
    clearInterval(confirmingViewers);
    clearTimeout(viewersTelling);
    io.engine.close();
    done();
  });
  app.addHook("onClose", async () => {
    await io.close();
    // QUIT runs after the adapter's queued (P)SUBSCRIBE commands; disconnect() would
    // reject them as unhandled "Connection is closed" when an app closes right after start.
    await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
  });
  return io;
}
