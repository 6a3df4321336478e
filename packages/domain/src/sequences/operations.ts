import { domain } from "../core/operation.ts";
import { idParams, noContent } from "../core/schemas.ts";
import {
  createMarkerInput,
  createSequenceInput,
  markerAnswer,
  sequenceAnswer,
  sequenceListAnswer,
  updateMarkerInput,
} from "./schemas.ts";
import { z } from "zod";
import { createSequencesService } from "./service.ts";

export default domain(createSequencesService, (op) => ({
  list: op.query({
    auth: "user",
    summary: "The caller's sequences of a match, markers in video order",
    rest: { method: "GET", path: "/v1/matches/:id/sequences" },
    input: idParams,
    output: sequenceListAnswer,
    run: (sequences, input, caller) => sequences.list(input.id, caller),
  }),
  create: op.mutation({
    auth: "user",
    summary: "Start a sequence (a set of markers) on a match",
    rest: { method: "POST", path: "/v1/matches/:id/sequences", status: 201 },
    input: z.strictObject({ ...idParams.shape, ...createSequenceInput.shape }),
    output: sequenceAnswer,
    run: (sequences, { id, ...body }, caller) => sequences.create(id, body, caller),
  }),
  addMarker: op.mutation({
    auth: "user",
    summary: "Add a marker to one of the caller's sequences",
    rest: { method: "POST", path: "/v1/sequences/:id/markers", status: 201 },
    input: z.strictObject({ ...idParams.shape, ...createMarkerInput.shape }),
    output: markerAnswer,
    run: (sequences, { id, ...body }, caller) => sequences.addMarker(id, body, caller),
  }),
  updateMarker: op.mutation({
    auth: "user",
    summary: "Change a marker of one of the caller's sequences",
    rest: { method: "PUT", path: "/v1/markers/:id" },
    input: z.strictObject({ ...idParams.shape, ...updateMarkerInput.shape }),
    output: markerAnswer,
    run: (sequences, { id, ...body }, caller) => sequences.updateMarker(id, body, caller),
  }),
  deleteMarker: op.mutation({
    auth: "user",
    summary: "Delete a marker of one of the caller's sequences",
    rest: { method: "DELETE", path: "/v1/markers/:id", status: 204 },
    input: idParams,
    output: noContent,
    run: (sequences, input, caller) => sequences.deleteMarker(input.id, caller),
  }),
}));
