// Realtime events over Socket.IO on the API's own URL (protocol: SOCKET in
// @clubcast/shared). The client library loads only on pages that listen.
import { useEffect, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import { SOCKET, type EventName, type EventPayloads } from "@clubcast/shared";
import { sessionMarker } from "../auth/session.ts";
import { reportReachable } from "./connectivity.ts";

export type ChannelHandlers = { [E in EventName]?: (payload: EventPayloads[E]) => void };

let connection: Promise<Socket> | null = null;
/** How many subscriptions share each channel: the socket leaves it only when the last one ends. */
const subscribers = new Map<string, number>();
/** The session the socket last connected in: the server knows the user only from the handshake. */
let handshakeSession: string | null = null;

function socket(): Promise<Socket> {
  connection ??= import("socket.io-client").then(({ io }) => {
    const client = io({
      path: "/socket.io",
      // The handshake carries the session cookie; noted on every (re)connect, since the visitor may
      // have signed in or out meanwhile.
      auth: (send) => {
        handshakeSession = sessionMarker();
        send({});
      },
    });
    // An active socket that lost or can't reach the server is reconnecting (with backoff) on its own;
    // one we closed ourselves (a new handshake after signing in) is not a lost connection.
    client.on("connect", () => reportReachable("socket", true));
    client.on("disconnect", () => {
      if (client.active) reportReachable("socket", false);
    });
    client.on("connect_error", () => {
      if (client.active) reportReachable("socket", false);
    });
    return client;
  });
  return connection;
}

/** Whether the server has let us into a channel (and we hear its events). */
export type ChannelState = "joining" | "joined" | "refused";

/**
 * Joins `channel` and calls the handlers for its events until the returned
 * function is called; `onState` hears whether the server let us in.
 */
export function subscribe(
  channel: string,
  handlers: ChannelHandlers,
  onState: (state: ChannelState) => void = () => {},
): () => void {
  let stopped = false;
  let leave = () => {};
  void socket().then((client) => {
    if (stopped) return;
    subscribers.set(channel, (subscribers.get(channel) ?? 0) + 1);
    const join = () =>
      client.emit(SOCKET.subscribe, channel, (answer: { status?: number }) => {
        if (!stopped) onState(answer.status ? "refused" : "joined");
      });
    const lost = () => onState("joining");
    // The server took us out: signed out, our access or the match's privacy changed.
    const dropped = (notice: { channel: string }) => {
      if (notice.channel === channel && !stopped) onState("refused");
    };
    const listeners = Object.entries(handlers) as [string, (payload: unknown) => void][];
    for (const [event, handler] of listeners) client.on(event, handler);
    // Join now if connected, and again after every reconnect.
    client.on("connect", join);
    client.on("disconnect", lost);
    client.on(SOCKET.unsubscribed, dropped);
    // Signed in or out since the handshake: connect again as who we are now (every channel rejoins).
    if (client.connected && handshakeSession !== sessionMarker()) client.disconnect().connect();
    else if (client.connected) join();
    leave = () => {
      client.off("connect", join);
      client.off("disconnect", lost);
      client.off(SOCKET.unsubscribed, dropped);
      for (const [event, handler] of listeners) client.off(event, handler);
      const remaining = (subscribers.get(channel) ?? 1) - 1;
      if (remaining > 0) subscribers.set(channel, remaining);
      else {
        subscribers.delete(channel);
        client.emit(SOCKET.unsubscribe, channel);
      }
    };
  });
  return () => {
    stopped = true;
    leave();
  };
}

/** Listens to `channel` while the component is mounted; handlers may change between renders. */
export function useChannel(channel: string | null, handlers: ChannelHandlers): ChannelState {
  const [state, setState] = useState<ChannelState>("joining");
  const latest = useRef(handlers);
  latest.current = handlers;
  const events = Object.keys(handlers).sort().join(",");
  useEffect(() => {
    if (!channel) return;
    const forwarding = Object.fromEntries(
      events
        .split(",")
        .map((event) => [event, (payload: unknown) => latest.current[event as EventName]?.(payload as never)]),
    ) as ChannelHandlers;
    setState("joining");
    return subscribe(channel, forwarding, setState);
  }, [channel, events]);
  return state;
}

/**
 * Counts this browser as watching the match live (the viewer counts) until the returned function is
 * called; said again after every reconnect, since a new connection is a new socket to the server.
 */
export function watchLive(matchId: number): () => void {
  let stopped = false;
  let stop = () => {};
  void socket().then((client) => {
    if (stopped) return;
    const watch = () => client.emit(SOCKET.watch, matchId);
    client.on("connect", watch);
    if (client.connected) watch();
    stop = () => {
      client.off("connect", watch);
      client.emit(SOCKET.unwatch, matchId);
    };
  });
  return () => {
    stopped = true;
    stop();
  };
}
