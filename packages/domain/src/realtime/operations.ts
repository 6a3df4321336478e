import { domain } from "../core/operation.ts";
import { broadcastAuthAnswer, broadcastAuthInput } from "./schemas.ts";
import { createRealtimeService } from "./service.ts";

export default domain(createRealtimeService, (op) => ({
  authorize: op.mutation({
    auth: "public",
    summary: "May the caller listen on a realtime channel? 200 with the channel name, else 401/403/404",
    refusals: [401, 403, 404],
    rest: { method: "POST", path: "/v1/broadcasting/auth" },
    input: broadcastAuthInput,
    output: broadcastAuthAnswer,
    run: (realtime, input, caller) => realtime.authorizeBroadcast(input.channel_name, caller),
  }),
}));
