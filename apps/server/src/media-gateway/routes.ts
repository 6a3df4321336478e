import type { RouteRegistrar } from "../core/http.ts";
import type { Services } from "../services.ts";
import {
  okAnswer,
  previewsAnswer,
  previewsInput,
  publishAnswer,
  publishInput,
  publisherInput,
  refusalInput,
  refusalsAnswer,
  storageAnswer,
} from "./schemas.ts";

export function mediaGatewayRoutes(r: RouteRegistrar, { mediaGateway }: Services): void {
  const tags = ["media-gateway"];
  r.route({
    method: "POST",
    url: "/v1/media-gateway/publish",
    auth: "client",
    summary: "The media gateway asks whether a stream key may publish over RTMP or SRT (refusals are logged)",
    tags,
    body: publishInput,
    response: publishAnswer,
    handler: ({ body }, ctx) => mediaGateway.authorizePublish(body, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/media-gateway/refusals",
    auth: "client",
    summary: "The media gateway refused a publisher itself (second publisher, unsupported codec, stall)",
    tags,
    body: refusalInput,
    response: okAnswer,
    handler: ({ body }, ctx) => mediaGateway.reportRefusal(body, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/media-gateway/publishers",
    auth: "client",
    summary: "A camera connected to or left the media gateway (configuration status and stream previews)",
    tags,
    body: publisherInput,
    response: okAnswer,
    handler: ({ body }, ctx) => mediaGateway.reportPublisher(body, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/media-gateway/previews",
    auth: "user",
    summary: "The club's cameras publishing now, with signed live preview URLs",
    tags,
    query: previewsInput,
    response: previewsAnswer,
    handler: ({ query }, ctx) => mediaGateway.previews(query, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/monitoring/publish-refusals",
    auth: "user",
    summary: "Publishers the media gateway refused, latest first (system admins)",
    tags: [...tags, "monitoring"],
    response: refusalsAnswer,
    handler: (_input, ctx) => mediaGateway.refusals(ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/monitoring/media-storage",
    auth: "user",
    summary: "Disk use of the media directory and whether new recordings are accepted (system admins)",
    tags: [...tags, "monitoring"],
    response: storageAnswer,
    handler: (_input, ctx) => mediaGateway.storage(ctx),
  });
}
