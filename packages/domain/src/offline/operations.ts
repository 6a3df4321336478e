import { domain } from "../core/operation.ts";
import { clubPageInput } from "../core/pagination.ts";
import { pagedOfflineRecordings, recordingMatchAnswer, recordingParams, recordingToMatchInput } from "./schemas.ts";
import { z } from "zod";
import { createOfflineService } from "./service.ts";

export default domain(createOfflineService, (op) => ({
  list: op.query({
    auth: "user",
    summary: "A club's offline recordings, latest first",
    rest: { method: "GET", path: "/v1/clubs/:club/offline-recordings" },
    input: clubPageInput,
    output: pagedOfflineRecordings,
    run: (offline, { club, ...page }, caller) => offline.list(club, page, caller),
  }),
  toMatch: op.mutation({
    auth: "user",
    summary: "Turn an offline recording into a match (status processing, the recording's dates and field)",
    rest: { method: "POST", path: "/v1/clubs/:club/offline-recordings/:recording/match", status: 201 },
    input: z.strictObject({ ...recordingParams.shape, ...recordingToMatchInput.shape }),
    output: recordingMatchAnswer,
    run: (offline, { club, recording, ...body }, caller) => offline.toMatch({ club, recording }, body, caller),
  }),
}));
