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

/**
 * The rule of this codebase's realtime events, in one place: an event that tells of a change to the
 * database is posted in that change's transaction (OutboxPost.events, jobs/outbox.ts), so it is delivered
 * once the change has committed, and never when it rolled back. Deps offers no EventPublisher for that.
 * Only these signals are published at once (Deps.signals), since no committed change goes with them and
 * a lost one is replaced by the next:
 * - match.viewers: counted from the sockets' activity in Redis (viewers/service.ts), told again a few seconds later;
 * - stream.refused: the media gateway's refusal log is kept in Redis, not the database (media-gateway/service.ts);
 * - a clip's or summary's making progress: state "cutting" (of a private one, clip.changed or summary.changed),
 *   a tick of the worker's cut that the next tick or its outcome replaces; the outcome (ready, failed) and
 *   the start of a cut are changes, and go through the outbox.
 */
export interface SignalPayloads {
  "match.viewers": EventPayloads["match.viewers"];
  "stream.refused": EventPayloads["stream.refused"];
  "clip.updated": EventPayloads["clip.updated"] & { state: "cutting" };
  "summary.updated": EventPayloads["summary.updated"] & { state: "cutting" };
  "clip.changed": EventPayloads["clip.changed"];
  "summary.changed": EventPayloads["summary.changed"];
}
export type SignalName = keyof SignalPayloads;

/** The publisher of signals (SignalPayloads): best effort, at once, to everyone on the channel its rule lets in. */
export interface SignalPublisher {
  signal<E extends SignalName>(channel: string, event: E, payload: SignalPayloads[E]): void;
}

/** The Redis channel prefix shared by the emitter and the Socket.IO Redis adapter. */
export const socketIoKey = (redisPrefix: string) => `${redisPrefix}socket.io`;

/** What the emitter publishes through: a Redis client's PUBLISH (the emitter does not await it). */
type PublishingClient = { publish(channel: string, message: string | Buffer): Promise<unknown> };

/**
 * For signals (SignalPayloads): best effort. While Redis is away they are dropped rather than delivered
 * stale after the outage, and a failed publish must not become an unhandled rejection.
 */
export function createSignalPublisher(redis: Redis, redisPrefix: string): SignalPublisher {
  const publisher = publisherOver(
    { publish: (channel, message) => redis.publish(channel, message).catch(() => 0) },
    redisPrefix,
  );
  // Each signal's payload is its event's (SignalPayloads narrows some).
  return {
    signal: (channel, event, payload) => publisher.publish(channel, event, payload as EventPayloads[typeof event]),
  };
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
