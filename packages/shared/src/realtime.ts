// Realtime channels and events (spec sections 4 and 7), shared by the server
// that emits them, the worker and the web client that listens.
import type { CameraCommand, CameraFailure } from "./jobs.ts";
import { MAX_INT } from "./constants.ts";
import type { PublishRefusalCode } from "./media.ts";
import type { RecordingProblem } from "./match-status.ts";

export const CHANNELS = {
  /** Public: score and kick-off of one match. */
  match: (matchId: number) => `match.${matchId}`,
  /**
   * Private (any signed-in user): stream-ready notices for dashboards, each only to the listeners who may
   * see its match (the server filters them, see the domain's publishToViewers).
   */
  matches: "matches",
  /**
   * Public: the news of every match for the pages listing matches (the home page, the match lists), so a
   * match that turns live, scores, goes on demand or is rescheduled moves between them; each listener
   * hears only of the matches it may see, and of those it could see until they were made private or
   * deleted (the server filters them, see the domain's publisher).
   */
  matchLists: "match-lists",
  /** Private: messages to one user. */
  user: (userId: number) => `user.${userId}`,
  /** Private: chat of one match, for members of the match's clubs. */
  chat: (matchId: number) => `chat.${matchId}`,
  /**
   * Private: a club's scheduler staff (who also run its clips, CLIPS_SECTION); what happens to the
   * camera commands on its matches and to its clips and summaries tables.
   */
  club: (clubId: number) => `club.${clubId}`,
  /** Private: a club's staff who manage its streams (the Streams page): refused publishers of its cameras. */
  streams: (clubId: number) => `streams.${clubId}`,
} as const;

export type Channel =
  | { kind: "match"; matchId: number }
  | { kind: "matches" }
  | { kind: "matchLists" }
  | { kind: "user"; userId: number }
  | { kind: "chat"; matchId: number }
  | { kind: "club"; clubId: number }
  | { kind: "streams"; clubId: number };

const WITH_ID = /^(match|user|chat|club|streams)\.([1-9][0-9]{0,9})$/;

/** The channel a name of CHANNELS stands for, or null for a name no channel has. */
export function parseChannel(name: string): Channel | null {
  if (name === CHANNELS.matches) return { kind: "matches" };
  if (name === CHANNELS.matchLists) return { kind: "matchLists" };
  const match = WITH_ID.exec(name);
  if (!match) return null;
  const id = Number(match[2]);
  if (id > MAX_INT) return null;
  switch (match[1]) {
    case "match":
      return { kind: "match", matchId: id };
    case "user":
      return { kind: "user", userId: id };
    case "club":
      return { kind: "club", clubId: id };
    case "streams":
      return { kind: "streams", clubId: id };
    default:
      return { kind: "chat", matchId: id };
  }
}

export const EVENTS = {
  matchScored: "match.scored",
  matchStarting: "match.starting",
  /**
   * A match started recording (its camera confirmed a start, or reported its stream ready), or a
   * live match's stream became ready: on the match's channel, so its page reads the match again
   * and shows the live video; ids only.
   */
  matchLive: "match.live",
  /**
   * A match moved on otherwise (scheduled or unscheduled, its recording stopped or on demand, its
   * kick-off or teams edited): on the match's channel, so its page reads it again; ids only. A match
   * turned private or deleted is not announced there: the server takes those who may no longer
   * listen out of its channel (SOCKET.unsubscribed), which tells them. On the lists' channel
   * (CHANNELS.matchLists) it tells of those changes too, to whoever could see the match before.
   */
  matchChanged: "match.changed",
  /**
   * A match's recording ended without a video (RECORDING_PROBLEMS): on the club's channel, for its
   * scheduler staff; the match stays off the lists of playable matches.
   */
  matchRecordingProblem: "match.recording_problem",
  streamReady: "stream.ready",
  userMessage: "user.message",
  chatMessage: "chat.message",
  /**
   * A clip's or summary's state or progress changed (on the match's channel; of a private one,
   * clip.changed or summary.changed instead).
   */
  clipUpdated: "clip.updated",
  summaryUpdated: "summary.updated",
  /**
   * A club's clips or summaries were made private or public, shared with a team or deleted: lists
   * of them are read again (on the club's channel, and on the user channels of a team's members
   * when shared with their team).
   */
  videosChanged: "videos.changed",
  /**
   * A match's clip or summary changed in a way only reading it again tells whom it concerns: made
   * private or public, shared, deleted, or, while private, its making moved on (the match's channel,
   * which may be public: ids only, nothing of a private one).
   */
  clipChanged: "clip.changed",
  summaryChanged: "summary.changed",
  /** A camera command on one of the club's matches failed for good (on the club's channel; issue 16). */
  matchCommandFailed: "match.command_failed",
  /**
   * The media gateway refused a publisher of one of the club's configurations (on the club's streams
   * channel; ids and the refusal's code only: the lists are read again).
   */
  streamRefused: "stream.refused",
  /**
   * How many people watch a live match now, and the most at once so far (on the match's channel, a few
   * seconds after it changed; counted from the sockets that said SOCKET.watch).
   */
  matchViewers: "match.viewers",
  /**
   * A match's sound suggested new moments (issue 30; during the match too): on the channels of the
   * clubs that may annotate it (their clips staff, who may decide them), so the annotation page reads
   * its suggestions again; ids only.
   */
  suggestionsAdded: "suggestions.added",
} as const;

/** Translated keys a user.message may carry (spec section 8). */
export const USER_MESSAGE_KEYS = [
  "match.scheduled",
  "match.unscheduled",
  "match.recording_started",
  /** A media gateway's confirmed hand start: the match goes live with its first playable segment. */
  "match.recording_awaits_video",
  "match.recording_stopped",
  /** A stop the camera did not confirm: the match ended anyway, without a video (recording_problem camera_lost). */
  "match.recording_ended_without_camera",
  "match.shared",
  "match.restored",
  "match.privacy_updated",
  "match.operation_failed",
  "notification.new",
] as const;
export type UserMessageKey = (typeof USER_MESSAGE_KEYS)[number];

export interface EventPayloads {
  "match.scored": { match: number; home: number; away: number };
  "match.starting": { match: number; starting_at: string };
  "match.live": { match: number };
  "match.changed": { match: number };
  "match.recording_problem": { club: number; match: number; problem: RecordingProblem };
  "stream.ready": { club: number; match: number };
  /** A failure's `detail` is the whole sentence; `failure` is a camera or asset server's own failure, when one failed. */
  "user.message": {
    key: UserMessageKey;
    level: "success" | "error";
    match?: number;
    detail?: string;
    failure?: CameraFailure;
  };
  "chat.message": {
    id: number;
    match: number;
    user: { id: number; name: string } | null;
    body: string;
    created_at: string;
  };
  /** `detail`: the camera server's own words, else the whole sentence of the failure. */
  "match.command_failed": { club: number; match: number; command: CameraCommand; detail: string };
  "clip.updated": {
    match: number;
    clip: number;
    marker: number;
    state: "queued" | "cutting" | "ready" | "failed";
    progress: number;
    failure_reason: string | null;
  };
  "stream.refused": { club: number; configuration: number; field: number | null; code: PublishRefusalCode };
  "match.viewers": { match: number; watching: number; peak: number };
  "suggestions.added": { club: number; match: number };
  "videos.changed": { club: number; kind: "clips" | "summaries"; ids: number[] };
  "clip.changed": { match: number; clip: number };
  "summary.changed": { match: number; summary: number };
  "summary.updated": {
    match: number;
    summary: number;
    state: "queued" | "cutting" | "ready" | "failed";
    progress: number;
    failure_reason: string | null;
  };
}
export type EventName = keyof EventPayloads;

/**
 * The Socket.IO protocol between browsers and the server.
 * Handshake: `io(url, { auth: { token } })` (token optional; anonymous may join public channels only).
 * Client → server: SOCKET.subscribe(channel, ack?) and SOCKET.unsubscribe(channel).
 * Server → client: SOCKET.subscribed {channel} or SOCKET.subscriptionError {channel, status, message},
 * then the channel's events (EVENTS) with their EventPayloads; on joining `chat.{id}` also
 * SOCKET.chatHistory {channel, messages}. Client → server SOCKET.chatSend {channel, body}.
 * When a joined channel's rule no longer lets the socket listen (signed out, its token expired, its access or
 * the match's privacy or sharing changed, the match deleted), the server takes it out: SOCKET.unsubscribed
 * {channel, status, message}, as a refused subscription would have said.
 * Client → server SOCKET.watch(matchId, ack?) while its player shows the match live, SOCKET.unwatch(matchId)
 * when it stops: the viewer counts (EVENTS.matchViewers). A socket counts once per match, for at most
 * WATCHED_MATCHES_PER_SOCKET matches, and only for a match it may see.
 */
export const SOCKET = {
  subscribe: "subscribe",
  unsubscribe: "unsubscribe",
  subscribed: "subscribed",
  subscriptionError: "subscription_error",
  chatHistory: "chat.history",
  chatSend: "chat.send",
  unsubscribed: "unsubscribed",
  watch: "watch",
  unwatch: "unwatch",
} as const;

/** How many matches one socket may be counted as watching at once (a page plays one; a few tabs share a socket). */
export const WATCHED_MATCHES_PER_SOCKET = 4;

export interface SubscriptionError {
  channel: string;
  status: 401 | 403 | 404;
  message: string;
}
