// Realtime test plumbing: servers listening on real ports (a second instance
// sharing the test app's database and Redis prefix) and Socket.IO clients
// speaking the SOCKET protocol.
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll } from "vitest";
import { io, type Socket } from "socket.io-client";
import { SOCKET, type SubscriptionError } from "@clubcast/shared";
import { buildApp, type BuiltApp } from "@clubcast/server/app";
import { closeDeps, createDeps } from "@clubcast/domain";
import { startTestApp, type TestApp } from "./app.ts";
import { api, generousLoginLimits, type Api, type Member } from "./api.ts";
import { createUser } from "./factories.ts";

export async function listen(built: BuiltApp): Promise<string> {
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
}

export interface ServerInstance extends BuiltApp {
  url: string;
  close(): Promise<void>;
}

/** Another server process's worth of app and deps over the same database and Redis prefix. */
export async function startSecondInstance(t: TestApp): Promise<ServerInstance> {
  const deps = createDeps(t.config);
  const built = await buildApp(deps);
  const url = await listen(built);
  return {
    ...built,
    url,
    async close() {
      await built.app.close();
      await closeDeps(deps);
    },
  };
}

/** The test app listening at `urlA` and a second instance `b`, sharing its database and Redis. */
export interface TwoInstances {
  t: TestApp;
  urlA: string;
  b: ServerInstance;
  http: Api;
}

/**
 * Registers the hooks of a realtime test file: `beforeAll` starts both instances, `afterEach`
 * disconnects the test's sockets, `afterAll` closes both. The returned object is filled in by
 * that `beforeAll`, which runs before the file's own.
 */
export function useTwoInstances(): TwoInstances {
  const instances = {} as TwoInstances;
  beforeAll(async () => {
    instances.t = await startTestApp(generousLoginLimits);
    instances.urlA = await listen(instances.t);
    instances.b = await startSecondInstance(instances.t);
    instances.http = api(instances.t);
  });
  afterEach(() => disconnectAllSockets());
  afterAll(async () => {
    await instances.b?.close();
    await instances.t?.close();
  });
  return instances;
}

/** A new user signed in through POST /v1/login. */
export async function signIn(t: TestApp, data: Parameters<typeof createUser>[1]): Promise<Member> {
  const user = await createUser(t.deps.prisma, data);
  return { user, token: await api(t).login(user.email) };
}

const sockets = new Set<Socket>();

/** `headers` stand in for what a browser adds itself (its cookies, the page's Origin). */
export async function connectSocket(
  url: string,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Socket> {
  const socket = io(url, {
    transports: ["websocket"],
    auth: token ? { token } : {},
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  sockets.add(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return socket;
}

export function disconnectAllSockets(): void {
  for (const socket of sockets) socket.disconnect();
  sockets.clear();
}

export type SubscribeAnswer = { channel: string } | SubscriptionError;

/** Subscribes and resolves with the acknowledgement (the channel, or the refusal). */
export function subscribe(socket: Socket, channel: string): Promise<SubscribeAnswer> {
  return socket.timeout(5000).emitWithAck(SOCKET.subscribe, channel);
}

/** The next `event` on the socket that passes `filter`. */
export function nextEvent<T>(
  socket: Socket,
  event: string,
  filter: (payload: T) => boolean = () => true,
  timeoutMs = 5000,
) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    function listener(payload: T) {
      if (!filter(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    }
    socket.on(event, listener);
  });
}

/** Every `event` the socket receives from now on. */
export function collectEvents<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}
