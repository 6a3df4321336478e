import type { RouteRegistrar } from "../core/http.ts";
import { pageQuery } from "../core/pagination.ts";
import { idParams } from "../core/schemas.ts";
import type { Services } from "../services.ts";
import { pagedOfflineRecordings, recordingMatchAnswer, recordingParams, recordingToMatchInput } from "./schemas.ts";

export function offlineRoutes(r: RouteRegistrar, { offline }: Services): void {
  const tags = ["offline recordings"];
  r.route({
    method: "GET",
    url: "/v1/clubs/:id/offline-recordings",
    auth: "user",
    summary: "A club's offline recordings, latest first",
    tags,
    params: idParams,
    query: pageQuery,
    response: pagedOfflineRecordings,
    handler: ({ params, query }, ctx) => offline.list(params.id, query, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/clubs/:club/offline-recordings/:recording/match",
    auth: "user",
    summary: "Turn an offline recording into a match (status processing, the recording's dates and field)",
    tags,
    params: recordingParams,
    body: recordingToMatchInput,
    status: 201,
    response: recordingMatchAnswer,
    handler: ({ params, body }, ctx) => offline.toMatch(params, body, ctx),
  });
}
