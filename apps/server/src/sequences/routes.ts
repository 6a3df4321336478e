import type { RouteRegistrar } from "../core/http.ts";
import { idParams } from "../core/schemas.ts";
import type { Services } from "../services.ts";
import {
  createMarkerInput,
  createSequenceInput,
  markerAnswer,
  sequenceAnswer,
  sequenceListAnswer,
  updateMarkerInput,
} from "./schemas.ts";

export function sequenceRoutes(r: RouteRegistrar, { sequences }: Services): void {
  const tags = ["sequences"];
  r.route({
    method: "GET",
    url: "/v1/matches/:id/sequences",
    auth: "user",
    summary: "The caller's sequences of a match, markers in video order",
    tags,
    params: idParams,
    response: sequenceListAnswer,
    handler: ({ params }, ctx) => sequences.list(params.id, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/matches/:id/sequences",
    auth: "user",
    summary: "Start a sequence (a set of markers) on a match",
    tags,
    params: idParams,
    body: createSequenceInput,
    status: 201,
    response: sequenceAnswer,
    handler: ({ params, body }, ctx) => sequences.create(params.id, body, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/sequences/:id/markers",
    auth: "user",
    summary: "Add a marker to one of the caller's sequences",
    tags,
    params: idParams,
    body: createMarkerInput,
    status: 201,
    response: markerAnswer,
    handler: ({ params, body }, ctx) => sequences.addMarker(params.id, body, ctx),
  });
  r.route({
    method: "PUT",
    url: "/v1/markers/:id",
    auth: "user",
    summary: "Change a marker of one of the caller's sequences",
    tags,
    params: idParams,
    body: updateMarkerInput,
    response: markerAnswer,
    handler: ({ params, body }, ctx) => sequences.updateMarker(params.id, body, ctx),
  });
  r.route({
    method: "DELETE",
    url: "/v1/markers/:id",
    auth: "user",
    summary: "Delete a marker of one of the caller's sequences",
    tags,
    params: idParams,
    status: 204,
    handler: ({ params }, ctx) => sequences.deleteMarker(params.id, ctx),
  });
}
