// Whether the API and the realtime socket can be reached, for the
// "Reconnecting…" banner: transports report what they see, the banner shows
// while either is lost (or the browser says it is offline).
import { useSyncExternalStore } from "react";
import { onlineManager } from "@tanstack/react-query";

export type Link = "api" | "socket";

const lost = new Set<Link>();
const listeners = new Set<() => void>();

/** Statuses a proxy in front of a restarting server answers with. */
const UNREACHABLE_STATUSES = [502, 503, 504];

/** Whether a failed call says the server could not be reached (no HTTP answer, or the proxy's in its place). */
export function isUnreachable(status: number | null): boolean {
  return status === null || UNREACHABLE_STATUSES.includes(status);
}

export function reportReachable(link: Link, reachable: boolean): void {
  if (reachable === !lost.has(link)) return;
  if (reachable) lost.delete(link);
  else lost.add(link);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribeOnline = onlineManager.subscribe(listener);
  return () => {
    listeners.delete(listener);
    unsubscribeOnline();
  };
}

/** True while the server or the network is lost. */
export function useReconnecting(): boolean {
  return useSyncExternalStore(subscribe, () => lost.size > 0 || !onlineManager.isOnline());
}
