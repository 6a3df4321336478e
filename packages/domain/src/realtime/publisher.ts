// Publishing realtime events from any process (server instances and the
// worker) through Redis; every Socket.IO server using the Redis adapter with
// the same key delivers them to the sockets in the channel's room.
import { Emitter } from "@socket.io/redis-emitter";
import type { Redis } from "ioredis";
import type { EventName, EventPayloads } from "@clubcast/shared";

/**
 * Whose right to listen may have changed: the sockets of these users and API
 * clients, and those in these matches' channels, are checked again by the
 * channel rule on every server instance.
 */
export interface AccessChange {
  users?: number[];
  clients?: number[];
  matches?: number[];
}

/** The server-side event (between Socket.IO servers, never sent to browsers) that carries an AccessChange. */
export const ACCESS_CHANGED = "access.changed";

/** The events about one match (their payload names it). */
export type MatchEventName = {
  [E in EventName]: EventPayloads[E] extends { match: number } ? E : never;
}[EventName];

/** An event for those listening on `channel` who may see its match (see EventPublisher.publishToViewers). */
export interface MatchNews<E extends MatchEventName = MatchEventName> {
  channel: string;
  event: E;
  payload: EventPayloads[E];
}

/** The server-side event that carries a MatchNews. */
export const MATCH_NEWS = "match.news";

export interface EventPublisher {
  /** To everyone on `channel`: its rule alone decides who hears it. */
  publish<E extends EventName>(channel: string, event: E, payload: EventPayloads[E]): void;
  /**
   * To those on `channel` who may see the match the event is about: for a channel whose rule lets in
   * more people than the match's audience (`matches`, every signed-in user). Each server instance asks
   * the visibility rule for its own sockets, and delivers these events in the order they were published.
   */
  publishToViewers<E extends MatchEventName>(channel: string, event: E, payload: EventPayloads[E]): void;
  /** The one way to announce an AccessChange, once the change has committed. */
  accessChanged(change: AccessChange): void;
}

/** The Redis channel prefix shared by the emitter and the Socket.IO Redis adapter. */
export const socketIoKey = (redisPrefix: string) => `${redisPrefix}socket.io`;

export function createRedisPublisher(redis: Redis, redisPrefix: string): EventPublisher {
  // Events are best effort: while Redis is away they are dropped rather than delivered stale after the
  // outage, and a failed publish (the emitter doesn't await it) must not become an unhandled rejection.
  const client = {
    publish: (channel: string, message: string | Buffer) => redis.publish(channel, message).catch(() => 0),
  };
  const emitter = new Emitter(client, { key: socketIoKey(redisPrefix) });
  return {
    publish(channel, event, payload) {
      emitter.to(channel).emit(event, payload);
    },
    publishToViewers(channel, event, payload) {
      emitter.serverSideEmit(MATCH_NEWS, { channel, event, payload } satisfies MatchNews);
    },
    accessChanged(change) {
      emitter.serverSideEmit(ACCESS_CHANGED, change);
    },
  };
}
