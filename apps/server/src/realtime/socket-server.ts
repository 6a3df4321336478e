// The Socket.IO server on the API server's own port, speaking the protocol of
// SOCKET in @clubcast/shared. With the Redis adapter every server instance
// shares the channels' rooms, and events published from any process through
// deps.events (the Redis emitter) reach sockets on every instance.
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import { SOCKET, type SubscriptionError } from "@clubcast/shared";
import type { Services } from "../services.ts";
import { asAppError } from "../core/errors.ts";
import { errorBody } from "../core/http.ts";
import { translate } from "../core/i18n.ts";
import { resolveRequest, type ResolvedRequest } from "../core/request.ts";
import { parseInput } from "../core/validation.ts";
import { socketIoKey } from "./publisher.ts";
import { chatSendInput } from "./schemas.ts";

export interface RealtimeOptions {
  /**
   * Share rooms through Redis (default). Off only for a single process that
   * emits through the Socket.IO server itself (the benchmark's baseline):
   * events published through deps.events need the adapter.
   */
  redisAdapter?: boolean;
}

/** A subscription that failed for a reason other than the channel rule (e.g. the database is down). */
type SubscriptionFailure = Omit<SubscriptionError, "status"> & { status: SubscriptionError["status"] | 500 };

type Ack = (answer: unknown) => void;
const ackOf = (candidate: unknown): Ack => (typeof candidate === "function" ? (candidate as Ack) : () => {});

function handshakeHeaders(socket: Socket) {
  const { auth, headers } = socket.handshake;
  const token = typeof auth?.token === "string" && auth.token ? auth.token : null;
  return {
    authorization: token ? `Bearer ${token}` : headers.authorization,
    "accept-language": headers["accept-language"],
  };
}

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

  // The bearer token is optional: an absent or refused one makes an anonymous socket (public channels only).
  io.use((socket, next) => {
    resolveRequest(services.auth, handshakeHeaders(socket), socket.handshake.address).then((request) => {
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

  io.on("connection", (socket) => {
    const request = socket.data.request as ResolvedRequest;

    socket.on(SOCKET.subscribe, async (channel: unknown, ack: unknown) => {
      const respond = ackOf(ack);
      const name = typeof channel === "string" ? channel : String(channel);
      try {
        const { history } = await services.realtime.joinChannel(name, request.ctx);
        await socket.join(name);
        socket.emit(SOCKET.subscribed, { channel: name });
        if (history) socket.emit(SOCKET.chatHistory, { channel: name, messages: history });
        respond({ channel: name });
      } catch (error) {
        const { status, message } = answerOf(error, request);
        const refusal = { channel: name, status, message } as SubscriptionFailure;
        socket.emit(SOCKET.subscriptionError, refusal);
        respond(refusal);
      }
    });

    socket.on(SOCKET.unsubscribe, (channel: unknown) => {
      if (typeof channel === "string") void socket.leave(channel);
    });

    socket.on(SOCKET.chatSend, async (input: unknown, ack: unknown) => {
      const respond = ackOf(ack);
      try {
        const message = await services.realtime.sendChatMessage(parseInput(chatSendInput, input ?? {}), request.ctx);
        respond({ ok: true, message });
      } catch (error) {
        respond({ ok: false, ...answerOf(error, request) });
      }
    });
  });

  // Open sockets would keep the HTTP server from closing: end them first.
  app.addHook("preClose", (done) => {
    io.local.disconnectSockets(true);
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
