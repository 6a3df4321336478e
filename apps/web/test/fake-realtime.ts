// A stand-in for lib/realtime.ts in component tests: it keeps the handlers each channel was
// joined with (a test calls them as the server's news) and our place in the channels, which a
// test sets as the server would (joined, taken out, rejoining). Use it as the module:
//   vi.mock("<path>/lib/realtime.ts", async () => (await import("<path>/test/fake-realtime.ts")).fakeRealtimeModule);
import { useSyncExternalStore } from "react";
import type { ChannelHandlers, ChannelState } from "../src/lib/realtime.ts";

const handlersByChannel = new Map<string, ChannelHandlers>();
/** The matches the page counts itself as watching live (watchLive), as often as it does. */
const watched: number[] = [];
const listeners = new Set<() => void>();
let state: ChannelState = "joined";

export const fakeRealtime = {
  /** The handlers the page joined `channel` with. */
  handlersOf: (channel: string) => handlersByChannel.get(channel)!,
  get state(): ChannelState {
    return state;
  },
  /** The matches the page counts itself as watching now. */
  watched: () => [...watched],
  /** Sets our place in every channel, as the server has it, and tells the pages. */
  setState(next: ChannelState) {
    state = next;
    for (const listener of listeners) listener();
  },
};

export const fakeRealtimeModule = {
  watchLive(match: number): () => void {
    watched.push(match);
    return () => void watched.splice(watched.indexOf(match), 1);
  },
  useChannel(channel: string | null, handlers: ChannelHandlers): ChannelState {
    if (channel) handlersByChannel.set(channel, handlers);
    return useSyncExternalStore(
      (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      () => state,
    );
  },
};
