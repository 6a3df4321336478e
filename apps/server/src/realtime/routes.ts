import type { RouteRegistrar } from "../core/http.ts";
import type { Services } from "../services.ts";
import { broadcastAuthAnswer, broadcastAuthInput } from "./schemas.ts";

export function realtimeRoutes(r: RouteRegistrar, { realtime }: Services): void {
  r.route({
    method: "POST",
    url: "/v1/broadcasting/auth",
    // Public so that the channel rule itself answers: 401 without sign-in for private channels.
    auth: "public",
    summary: "May the caller listen on a realtime channel? 200 with the channel name, else 401/403/404",
    tags: ["realtime"],
    body: broadcastAuthInput,
    response: broadcastAuthAnswer,
    handler: ({ body }, ctx) => realtime.authorizeBroadcast(body.channel_name, ctx),
  });
}
