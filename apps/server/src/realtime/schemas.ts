import { z } from "zod";

const channelName = z.string().min(1).max(100);

/** POST /v1/broadcasting/auth */
export const broadcastAuthInput = z.strictObject({ channel_name: channelName });
export const broadcastAuthAnswer = z.object({ channel_name: z.string() });

/** SOCKET.chatSend {channel, body} */
export const chatSendInput = z.strictObject({
  channel: channelName,
  body: z.string().trim().min(1).max(1000),
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
