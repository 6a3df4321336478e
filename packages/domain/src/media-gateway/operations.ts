import { domain } from "../core/operation.ts";
import {
  clubRefusalsAnswer,
  clubRefusalsInput,
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
import { idParams, noInput } from "../core/schemas.ts";
import { createMediaGatewayService } from "./service.ts";

export default domain(createMediaGatewayService, (op) => ({
  publish: op.mutation({
    auth: "client",
    summary: "The media gateway asks whether a stream key may publish over RTMP or SRT (refusals are logged)",
    rest: { method: "POST", path: "/v1/media-gateway/publish" },
    input: publishInput,
    output: publishAnswer,
    run: (mediaGateway, input, caller) => mediaGateway.authorizePublish(input, caller),
  }),
  refusal: op.mutation({
    auth: "client",
    summary:
      "The media gateway refused a publisher itself (second publisher, unsupported codec, no video); `code` optional",
    rest: { method: "POST", path: "/v1/media-gateway/refusals" },
    input: refusalInput,
    output: okAnswer,
    run: (mediaGateway, input, caller) => mediaGateway.reportRefusal(input, caller),
  }),
  publisher: op.mutation({
    auth: "client",
    summary: "A camera connected to or left the media gateway (configuration status and stream previews)",
    rest: { method: "POST", path: "/v1/media-gateway/publishers" },
    input: publisherInput,
    output: okAnswer,
    run: (mediaGateway, input, caller) => mediaGateway.reportPublisher(input, caller),
  }),
  previews: op.query({
    auth: "user",
    summary: "The club's cameras publishing now, with signed live preview URLs",
    rest: { method: "GET", path: "/v1/media-gateway/previews" },
    input: previewsInput,
    output: previewsAnswer,
    run: (mediaGateway, input, caller) => mediaGateway.previews(input, caller),
  }),
  refusals: op.query({
    auth: "user",
    summary: "Publishers the media gateway refused, latest first (system admins)",
    rest: { method: "GET", path: "/v1/monitoring/publish-refusals" },
    input: noInput,
    output: refusalsAnswer,
    run: (mediaGateway, _input, caller) => mediaGateway.refusals(caller),
  }),
  clubRefusals: op.query({
    auth: "user",
    summary: "The club's cameras the media gateway refused, latest first, with why (the club's streams staff)",
    rest: { method: "GET", path: "/v1/media-gateway/refusals" },
    input: clubRefusalsInput,
    output: clubRefusalsAnswer,
    run: (mediaGateway, input, caller) => mediaGateway.clubRefusals(input, caller),
  }),
  matchRefusals: op.query({
    auth: "user",
    summary: "While a match is scheduled or live: the last hour's refusals of its field's cameras (streams staff)",
    rest: { method: "GET", path: "/v1/matches/:id/publish-refusals" },
    input: idParams,
    output: clubRefusalsAnswer,
    run: (mediaGateway, input, caller) => mediaGateway.matchRefusals(input, caller),
  }),
  storage: op.query({
    auth: "user",
    summary: "Disk use of the media directory and whether new recordings are accepted (system admins)",
    rest: { method: "GET", path: "/v1/monitoring/media-storage" },
    input: noInput,
    output: storageAnswer,
    run: (mediaGateway, _input, caller) => mediaGateway.storage(caller),
  }),
}));
