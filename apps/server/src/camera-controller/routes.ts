import type { RouteRegistrar } from "../core/http.ts";
import type { Services } from "../services.ts";
import { tokenAnswer } from "../auth/schemas.ts";
import {
  heartbeatAnswer,
  heartbeatInput,
  recordingFinishedAnswer,
  recordingFinishedInput,
  streamReadyAnswer,
  streamReadyInput,
  tokenRequest,
} from "./schemas.ts";

export function cameraControllerRoutes(r: RouteRegistrar, { cameraController }: Services): void {
  const tags = ["camera-controller"];
  r.route({
    method: "POST",
    url: "/v1/camera/token",
    auth: "public",
    summary: "Exchange API-client credentials for a bearer token bound to the client's configuration",
    tags,
    body: tokenRequest,
    response: tokenAnswer,
    handler: ({ body }, ctx) => cameraController.exchangeToken(body, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/camera/heartbeat",
    auth: "client",
    summary: "Report the configuration's status (and its cameras'); feeds monitoring",
    tags,
    body: heartbeatInput,
    response: heartbeatAnswer,
    handler: ({ body }, ctx) => cameraController.heartbeat(body, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/camera/stream-ready",
    auth: "client",
    summary: "A match's live HLS stream is ready: stored, and stream.ready is published",
    tags,
    body: streamReadyInput,
    response: streamReadyAnswer,
    handler: ({ body }, ctx) => cameraController.streamReady(body, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/camera/recording-finished",
    auth: "client",
    summary: "A recording finished: its match moves on to vod, or without a match it becomes an offline recording",
    tags,
    body: recordingFinishedInput,
    response: recordingFinishedAnswer,
    handler: ({ body }, ctx) => cameraController.recordingFinished(body, ctx),
  });
}
