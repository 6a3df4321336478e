import { z } from "zod";
import { exactText, text } from "../core/schemas.ts";

const channelName = exactText(100).min(1);

/** POST /v1/broadcasting/auth */
export const broadcastAuthInput = z.strictObject({ channel_name: channelName });
export const broadcastAuthAnswer = z.object({ channel_name: z.string() });

/** SOCKET.chatSend {channel, body} */
export const chatSendInput = z.strictObject({
  channel: channelName,
  body: text(1000).min(1),
});

export const chatMessageAnswer = z.object({
  id: z.number().int(),
  match: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  body: z.string(),
  created_at: z.string(),
});

export type BroadcastAuthInput = z.output<typeof broadcastAuthInput>;
export type ChatSendInput = z.output<typeof chatSendInput>;
