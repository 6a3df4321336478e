// Publishing realtime events from any process (server instances and the
// worker) through Redis; every Socket.IO server using the Redis adapter with
// the same key delivers them to the sockets in the channel's room.
import { Emitter } from "@socket.io/redis-emitter";
import type { Redis } from "ioredis";
import { withRedis } from "@clubcast/db/redis";
import { CHANNELS, EVENTS, parseChannel, type EventName, type EventPayloads } from "@clubcast/shared";
import type { MatchAudience } from "../matches/lifecycle/audience.ts";
import { audienceOf } from "../matches/visibility.ts";

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
  /** For those who could see the match as it was before this audience changed, instead of as it is now. */
  formerAudience?: MatchAudience;
}

/**
 * The news on a match's channel that the lists hear too (CHANNELS.matchLists): what moves a match between
 * the live, upcoming and on-demand lists, or changes its card.
 */
const LIST_NEWS: readonly EventName[] = [EVENTS.matchScored, EVENTS.matchLive, EVENTS.matchChanged];
const isListNews = (channel: string, event: EventName): event is MatchEventName =>
  LIST_NEWS.includes(event) && parseChannel(channel)?.kind === "match";

/** The server-side event that carries a MatchNews. */
export const MATCH_NEWS = "match.news";

export interface EventPublisher {
  /**
   * To everyone on `channel`: its rule alone decides who hears it. A match's news that its lists follow
   * (LIST_NEWS) goes to the lists' listeners too, each hearing only of the matches they may see.
   */
  publish<E extends EventName>(channel: string, event: E, payload: EventPayloads[E]): void;
  /**
   * To those on `channel` who may see the match the event is about: for a channel whose rule lets in
   * more people than the match's audience (`matches`, every signed-in user). Each server instance asks
   * the visibility rule for its own sockets, and delivers these events in the order they were published.
   */
  publishToViewers<E extends MatchEventName>(channel: string, event: E, payload: EventPayloads[E]): void;
  /** The one way to announce an AccessChange, once the change has committed (a match's: matchAudienceChanged). */
  accessChanged(change: AccessChange): void;
  /**
   * The one way to announce, once committed, that who sees a match changed (made private or public,
   * shared or unshared, deleted): its channels' listeners are checked again (an AccessChange), and the
   * lists' listeners who could see it as it was (`before`) hear match.changed, so it leaves their lists.
   */
  matchAudienceChanged(match: number, before: MatchAudience): void;
}

/** The Redis channel prefix shared by the emitter and the Socket.IO Redis adapter. */
export const socketIoKey = (redisPrefix: string) => `${redisPrefix}socket.io`;

/** What the emitter publishes through: a Redis client's PUBLISH (the emitter does not await it). */
type PublishingClient = { publish(channel: string, message: string | Buffer): Promise<unknown> };

/**
 * For events of the moment (a job's outcome, a chat message): best effort. While Redis is away they
 * are dropped rather than delivered stale after the outage, and a failed publish must not become an
 * unhandled rejection. The events of a committed change go through the outbox instead (jobs/outbox.ts).
 */
export function createRedisPublisher(redis: Redis, redisPrefix: string): EventPublisher {
  return publisherOver({ publish: (channel, message) => redis.publish(channel, message).catch(() => 0) }, redisPrefix);
}

/**
 * For the outbox relay: a publisher whose publishes `sent()` awaits, failing when Redis did not take
 * one of those made since the last call (the relay then delivers them again later).
 */
export function createAwaitedPublisher(redis: Redis, redisPrefix: string) {
  let pending: Promise<unknown>[] = [];
  const publisher = publisherOver(
    {
      publish(channel, message) {
        const published = withRedis(redis, () => redis.publish(channel, message));
        pending.push(published);
        return published.catch(() => 0);
      },
    },
    redisPrefix,
  );
  async function sent(): Promise<void> {
    const publishes = pending;
    pending = [];
    await Promise.all(publishes);
  }
  return { publisher, sent };
}

function publisherOver(client: PublishingClient, redisPrefix: string): EventPublisher {
  const emitter = new Emitter(client, { key: socketIoKey(redisPrefix) });
  const publishToViewers: EventPublisher["publishToViewers"] = (channel, event, payload) => {
    emitter.serverSideEmit(MATCH_NEWS, { channel, event, payload } satisfies MatchNews);
  };
  const accessChanged = (change: AccessChange) => emitter.serverSideEmit(ACCESS_CHANGED, change);
  return {
    publish(channel, event, payload) {
      emitter.to(channel).emit(event, payload);
      if (isListNews(channel, event))
        publishToViewers(CHANNELS.matchLists, event, payload as EventPayloads[typeof event]);
    },
    publishToViewers,
    accessChanged,
    matchAudienceChanged(match, before) {
      accessChanged({ matches: [match] });
      const news: MatchNews = {
        channel: CHANNELS.matchLists,
        event: EVENTS.matchChanged,
        payload: { match },
        formerAudience: audienceOf(before),
      };
      emitter.serverSideEmit(MATCH_NEWS, news);
    },
  };
}
