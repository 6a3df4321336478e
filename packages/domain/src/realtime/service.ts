// Realtime: who may listen on which channel (one rule for the socket
// subscriptions and POST /v1/broadcasting/auth), and the chat of a match.
import { CHANNELS, EVENTS, parseChannel, type Channel, type EventPayloads } from "@clubcast/shared";
import type { Prisma } from "@clubcast/db";
import type { Deps } from "../deps.ts";
import type { AuthUser, RequestContext } from "../core/context.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../core/errors.ts";
import { authorize, isSystem, requireUser } from "../core/policy.ts";
import { maySee, type MatchAudience } from "../matches/lifecycle/audience.ts";
import { audienceSelect, viewerOf, visibleMatches } from "../matches/visibility.ts";
import type { ChatSendInput } from "./schemas.ts";

/** How many of the latest chat messages a member gets on joining. */
export const CHAT_HISTORY_SIZE = 50;

export type ChatMessagePayload = EventPayloads["chat.message"];

const chatMessageSelect = {
  id: true,
  matchId: true,
  body: true,
  createdAt: true,
  user: { select: { id: true, firstName: true, lastName: true } },
} as const satisfies Prisma.ChatMessageSelect;
type ChatMessageRow = Prisma.ChatMessageGetPayload<{ select: typeof chatMessageSelect }>;

export function presentChatMessage(row: ChatMessageRow): ChatMessagePayload {
  return {
    id: row.id,
    match: row.matchId,
    user: row.user ? { id: row.user.id, name: `${row.user.firstName} ${row.user.lastName}`.trim() } : null,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

/** The clubs whose members chat about a match (when they may see it): its owner, home, away and shared-with clubs. */
function chatMembersOf(clubId: number): Prisma.MatchWhereInput {
  return { OR: [{ clubId }, { homeClubId: clubId }, { awayClubId: clubId }, { sharedWithClubId: clubId }] };
}

export function createRealtimeService(deps: Deps) {
  const { prisma, outbox } = deps;

  /** Whether the caller may see the match (the one visibility rule): who hears the events about it. */
  async function maySeeMatch(matchId: number, ctx: RequestContext): Promise<boolean> {
    const match = await prisma.match.findUnique({ where: { id: matchId }, select: audienceSelect });
    return match !== null && maySee(viewerOf(ctx), match);
  }

  /** Whether the caller sees a match of this audience: who could see one before it was made private or deleted. */
  function maySeeAudience(audience: MatchAudience, ctx: RequestContext): boolean {
    return maySee(viewerOf(ctx), audience);
  }

  async function requireChatMember(ctx: RequestContext, matchId: number): Promise<AuthUser> {
    const user = requireUser(ctx);
    if (isSystem(user)) {
      if (!(await prisma.match.count({ where: { id: matchId } }))) throw new NotFoundError("not_found.match");
      return user;
    }
    const member =
      user.clubId !== null &&
      // Playing in a match isn't enough for its chat when the match is private and not shared with the club.
      (await prisma.match.count({
        where: { AND: [{ id: matchId }, chatMembersOf(user.clubId), visibleMatches(ctx)] },
      }));
    if (member) return user;
    // A match the caller may not see (a missing one, or another club's private one) doesn't exist for them:
    // 404 alike, so existence doesn't leak. A match they may see but not chat about is refused.
    if (!(await maySeeMatch(matchId, ctx))) throw new NotFoundError("not_found.match");
    throw new ForbiddenError("realtime.channel_refused");
  }

  /**
   * The one rule for listening: `match.{id}` is public for public matches (private
   * ones as the match itself is visible, else 404); `matches` needs a signed-in
   * dashboard user (who hears only the events of matches they may see: publishToViewers); `match-lists` is public
   * (its listeners hear only of the matches they may see, publishToViewers too); `user.{id}` only that user; `chat.{id}` members of the match's
   * clubs and system admins (404 for a match the caller may not see); `club.{id}` the
   * club's scheduler staff and system admins; `streams.{id}` its streams staff and system admins. 401 without sign-in, 403 when refused.
   */
  async function authorizeChannel(name: string, ctx: RequestContext): Promise<Channel> {
    const channel = parseChannel(name);
    if (!channel) throw new NotFoundError("realtime.unknown_channel", { channel: name });
    switch (channel.kind) {
      case "match":
        if (!(await maySeeMatch(channel.matchId, ctx))) throw new NotFoundError("not_found.match");
        break;
      case "matches":
        authorize(ctx, "dashboard");
        break;
      case "matchLists":
        break;
      case "user":
        if (requireUser(ctx).id !== channel.userId) throw new ForbiddenError("realtime.channel_refused");
        break;
      case "chat":
        await requireChatMember(ctx, channel.matchId);
        break;
      case "club":
        // Whoever may run the club's camera commands (404 for another club's, so existence doesn't leak).
        authorize(ctx, "scheduler", channel.clubId, "not_found.club");
        break;
      case "streams":
        // Whoever may open the club's Streams page: its refused publishers name its cameras and addresses.
        authorize(ctx, "streams", channel.clubId, "not_found.club");
        break;
    }
    return channel;
  }

  /** POST /v1/broadcasting/auth: 200 with the channel name when the caller may listen. */
  async function authorizeBroadcast(name: string, ctx: RequestContext): Promise<{ channel_name: string }> {
    await authorizeChannel(name, ctx);
    return { channel_name: name };
  }

  async function chatHistory(matchId: number): Promise<ChatMessagePayload[]> {
    const latest = await prisma.chatMessage.findMany({
      where: { matchId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: CHAT_HISTORY_SIZE,
      select: chatMessageSelect,
    });
    return latest.reverse().map(presentChatMessage);
  }

  /** A socket joining a channel: authorized, and for a chat its latest messages, oldest first. */
  async function joinChannel(name: string, ctx: RequestContext): Promise<{ history: ChatMessagePayload[] | null }> {
    const channel = await authorizeChannel(name, ctx);
    return { history: channel.kind === "chat" ? await chatHistory(channel.matchId) : null };
  }

  /** A member's chat message: stored, and sent once stored to everyone on the chat channel (on every server instance). */
  async function sendChatMessage(input: ChatSendInput, ctx: RequestContext): Promise<ChatMessagePayload> {
    const channel = parseChannel(input.channel);
    if (channel?.kind !== "chat") throw ValidationError.field("channel", "validation.invalid_value");
    const user = await requireChatMember(ctx, channel.matchId);
    return outbox.transaction(async (tx, post) => {
      const row = await tx.chatMessage.create({
        data: { matchId: channel.matchId, userId: user.id, body: input.body },
        select: chatMessageSelect,
      });
      const message = presentChatMessage(row);
      post.events.publish(CHANNELS.chat(channel.matchId), EVENTS.chatMessage, message);
      return message;
    });
  }

  return { authorizeChannel, authorizeBroadcast, joinChannel, sendChatMessage, maySeeMatch, maySeeAudience };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
