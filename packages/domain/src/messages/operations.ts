import { domain } from "../core/operation.ts";
import { createFeatureUpdateInput, featureUpdateAnswer, featureUpdatesAnswer, featureUpdatesQuery } from "./schemas.ts";
import { createMessagesService } from "./service.ts";

export default domain(createMessagesService, (op) => ({
  featureUpdates: op.query({
    auth: "user",
    summary: "Feature-update notifications in the caller's language (Accept-Language), newest first",
    rest: { method: "GET", path: "/v1/messages/feature-update" },
    input: featureUpdatesQuery,
    output: featureUpdatesAnswer,
    run: (messages, input, caller) => messages.listFeatureUpdates(input, caller),
  }),
  createFeatureUpdate: op.mutation({
    auth: "user",
    summary: "Post a feature update in one language and notify its users (system administrators)",
    rest: { method: "POST", path: "/v1/messages/feature-update", status: 201 },
    input: createFeatureUpdateInput,
    output: featureUpdateAnswer,
    run: (messages, input, caller) => messages.createFeatureUpdate(input, caller),
  }),
}));
