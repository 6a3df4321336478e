import type { RouteRegistrar } from "../core/http.ts";
import type { Services } from "../services.ts";
import { createFeatureUpdateInput, featureUpdateAnswer, featureUpdatesAnswer, featureUpdatesQuery } from "./schemas.ts";

export function messagesRoutes(r: RouteRegistrar, { messages }: Services): void {
  const tags = ["messages"];
  r.route({
    method: "GET",
    url: "/v1/messages/feature-update",
    auth: "user",
    summary: "Feature-update notifications in the caller's language (Accept-Language), newest first",
    tags,
    query: featureUpdatesQuery,
    response: featureUpdatesAnswer,
    handler: ({ query }, ctx) => messages.listFeatureUpdates(query, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/messages/feature-update",
    auth: "user",
    summary: "Post a feature update in one language and notify its users (system administrators)",
    tags,
    body: createFeatureUpdateInput,
    status: 201,
    response: featureUpdateAnswer,
    handler: ({ body }, ctx) => messages.createFeatureUpdate(body, ctx),
  });
}
