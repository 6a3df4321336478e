import { domain } from "../core/operation.ts";
import { idParams, noContent } from "../core/schemas.ts";
import { clipAnswer, clipListAnswer, clipPageAnswer, clipSchema, clipWindowInput, clubClipsQuery } from "./schemas.ts";
import { z } from "zod";
import { bulkOperations } from "../media/rendered-bulk.ts";
import { createClipsService } from "./service.ts";

export default domain(createClipsService, (op) => ({
  ofClub: op.query({
    auth: "user",
    summary: "The clips of a club's matches, newest first, by match and team (the club's staff)",
    rest: { method: "GET", path: "/v1/clubs/:id/clips" },
    input: idParams.extend(clubClipsQuery.shape),
    output: clipPageAnswer,
    run: (clips, { id, ...query }, caller) => clips.listOfClub(id, query, caller),
  }),
  ofMatch: op.query({
    auth: "user",
    summary: "The clips of the caller's markers on a match, in video order, with their states",
    rest: { method: "GET", path: "/v1/matches/:id/clips" },
    input: idParams,
    output: clipListAnswer,
    run: (clips, input, caller) => clips.listOfMatch(input.id, caller),
  }),
  setWindow: op.mutation({
    auth: "user",
    summary: "Set the start and end of a clip of one of the caller's markers (frame-accurate); it is cut again",
    rest: { method: "PUT", path: "/v1/clips/:id" },
    input: z.strictObject({ ...idParams.shape, ...clipWindowInput.shape }),
    output: clipAnswer,
    run: (clips, { id, ...body }, caller) => clips.setWindow(id, body, caller),
  }),
  delete: op.mutation({
    auth: "user",
    summary: "Delete a clip and its files (the club's staff; the marker stays)",
    rest: { method: "DELETE", path: "/v1/clips/:id", status: 204 },
    input: idParams,
    output: noContent,
    run: (clips, input, caller) => clips.remove(input.id, caller),
  }),
  ...bulkOperations(op, "clips", clipSchema),
}));
