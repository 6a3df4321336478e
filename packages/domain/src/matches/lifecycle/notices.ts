// What a lifecycle rule asks to announce once its change has committed: an event on a realtime
// channel. The rules answer notices; the services hand them to the EventPublisher (announce).
import type { EventName, EventPayloads } from "@clubcast/shared";
import type { EventPublisher, MatchEventName } from "../../realtime/publisher.ts";

/** To everyone the channel's rule lets in. */
type ToChannel = {
  [E in EventName]: { channel: string; event: E; payload: EventPayloads[E]; viewersOnly?: false };
}[EventName];

/** To those on the channel who may also see the match (a channel that lets in more than the match's audience). */
type ToViewers = {
  [E in MatchEventName]: { channel: string; event: E; payload: EventPayloads[E]; viewersOnly: true };
}[MatchEventName];

export type Notice = ToChannel | ToViewers;

export function announce(events: EventPublisher, notice: Notice): void {
  if (notice.viewersOnly) events.publishToViewers(notice.channel, notice.event, notice.payload);
  else events.publish(notice.channel, notice.event, notice.payload);
}
