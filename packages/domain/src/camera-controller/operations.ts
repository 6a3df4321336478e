import { domain } from "../core/operation.ts";
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
import { createCameraControllerService } from "./service.ts";

export default domain(createCameraControllerService, (op) => ({
  token: op.mutation({
    auth: "public",
    refusals: [401, 429],
    summary: "Exchange API-client credentials for a bearer token bound to the client's configuration",
    rest: { method: "POST", path: "/v1/camera/token" },
    input: tokenRequest,
    output: tokenAnswer,
    run: (cameraController, input, caller) => cameraController.exchangeToken(input, caller),
  }),
  heartbeat: op.mutation({
    auth: "client",
    summary: "Report the configuration's status (and its cameras'); feeds monitoring",
    rest: { method: "POST", path: "/v1/camera/heartbeat" },
    input: heartbeatInput,
    output: heartbeatAnswer,
    run: (cameraController, input, caller) => cameraController.heartbeat(input, caller),
  }),
  streamReady: op.mutation({
    auth: "client",
    summary:
      "A match's live HLS stream is ready: a scheduled match starts recording (live), the URL is kept while it is live and stream.ready published once per URL; a repeat, or a report for a match already recorded, changes nothing (200)",
    rest: { method: "POST", path: "/v1/camera/stream-ready" },
    input: streamReadyInput,
    output: streamReadyAnswer,
    run: (cameraController, input, caller) => cameraController.streamReady(input, caller),
  }),
  recordingFinished: op.mutation({
    auth: "client",
    summary:
      "A recording finished: its match moves on to vod, or without a video stays in processing marked recording_problem no_video; a replay answers the same (200); without a match it becomes an offline recording",
    rest: { method: "POST", path: "/v1/camera/recording-finished" },
    input: recordingFinishedInput,
    output: recordingFinishedAnswer,
    run: (cameraController, input, caller) => cameraController.recordingFinished(input, caller),
  }),
}));
