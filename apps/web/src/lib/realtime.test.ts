import { describe, expect, it, vi } from "vitest";
import { CSRF_COOKIE } from "@clubcast/shared";
import { writeCookie } from "./cookies.ts";
import { subscribe } from "./realtime.ts";

type Listener = (...args: unknown[]) => void;

/** A socket.io client stand-in: connects at once, reading its auth callback as the real one does. */
const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<Listener>>();
  const socket = {
    connected: false,
    handshakes: [] as unknown[],
    joined: [] as string[],
    auth: undefined as undefined | ((send: (data: unknown) => void) => void),
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event: string, channel: string, ack?: (answer: object) => void) {
      if (event === "subscribe") {
        socket.joined.push(channel);
        ack?.({});
      }
    },
    connect() {
      socket.auth?.((data) => socket.handshakes.push(data));
      socket.connected = true;
      for (const listener of listeners.get("connect") ?? []) listener();
      return socket;
    },
    /** An event from the server. */
    receive(event: string, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    disconnect() {
      socket.connected = false;
      for (const listener of listeners.get("disconnect") ?? []) listener();
      return socket;
    },
  };
  return socket;
});

vi.mock("socket.io-client", () => ({
  io: (options: { auth: typeof fake.auth }) => {
    fake.auth = options.auth;
    return fake.connect();
  },
}));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("realtime channels", () => {
  // The server sets the session cookie and its CSRF cookie at sign-in; scripts see only the latter.
  const signInAs = (name: string) => writeCookie(CSRF_COOKIE, `csrf-of-${name}`, 3600);

  it("connect again as the signed-in user when the session changed since the handshake", async () => {
    signInAs("anna");
    const states: string[] = [];
    const leaveFirst = subscribe("user.1", {}, (state) => states.push(state));
    await settle();
    // The browser sends the session cookie with the handshake: the page hands over no token.
    expect(fake.handshakes).toEqual([{}]);
    expect(fake.joined).toEqual(["user.1"]);
    expect(states).toEqual(["joined"]);
    leaveFirst();

    // Same session: the open connection is used as it is.
    subscribe("matches", {});
    await settle();
    expect(fake.handshakes).toHaveLength(1);
    expect(fake.joined).toEqual(["user.1", "matches"]);

    // Another user signed in meanwhile: a new handshake carries the new session, and every channel rejoins.
    signInAs("bob");
    subscribe("user.2", {});
    await settle();
    expect(fake.handshakes).toEqual([{}, {}]);
    expect(fake.joined.slice(2).sort()).toEqual(["matches", "user.2"]);
  });

  it("reports a channel the server took the socket out of as refused, and only that channel", async () => {
    const states: [string, string][] = [];
    for (const channel of ["match.6", "match.7"]) subscribe(channel, {}, (state) => states.push([channel, state]));
    await settle();
    states.length = 0;

    fake.receive("unsubscribed", { channel: "match.6", status: 404, message: "No match found" });
    expect(states).toEqual([["match.6", "refused"]]);
  });
});
