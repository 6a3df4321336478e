import type { RouteRegistrar } from "../core/http.ts";
import { pageQuery } from "../core/pagination.ts";
import { idParams } from "../core/schemas.ts";
import type { Services } from "../services.ts";
import {
  cameraAnswer,
  cameraInput,
  cameraPage,
  cameraUpdateInput,
  configurationAnswer,
  configurationChangeAnswer,
  configurationListAnswer,
  configurationPage,
  saveConfigurationInput,
} from "./schemas.ts";

export function configurationRoutes(r: RouteRegistrar, { configurations }: Services): void {
  const tags = ["configurations"];
  r.route({
    method: "GET",
    url: "/v1/configurations",
    auth: "user",
    summary: "Every camera configuration (system admins)",
    tags,
    query: pageQuery,
    response: configurationPage,
    handler: ({ query }, ctx) => configurations.list(query, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/configurations",
    auth: "user",
    summary: "Create a configuration, or update the one data.id names; livestream is derived from sa_stream_url",
    tags,
    body: saveConfigurationInput,
    response: configurationAnswer,
    handler: ({ body }, ctx) => configurations.save(body, ctx),
  });
  r.route({
    method: "DELETE",
    url: "/v1/configurations/:id",
    auth: "user",
    summary: "Delete a configuration with its cameras and API clients",
    tags,
    params: idParams,
    status: 204,
    handler: ({ params }, ctx) => configurations.remove(params.id, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/configurations/:id/stream-key",
    auth: "user",
    summary:
      "Replace the stream key with a new random one; the media gateway drops any publisher still using the old key",
    tags,
    params: idParams,
    response: configurationChangeAnswer,
    handler: ({ params }, ctx) => configurations.rotateStreamKey(params.id, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/clubs/:id/configurations",
    auth: "user",
    summary: "A club's configurations (its staff and system admins; not club members or players)",
    tags: [...tags, "clubs"],
    params: idParams,
    response: configurationListAnswer,
    handler: ({ params }, ctx) => configurations.listOfClub(params.id, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/configurations/:id/cameras",
    auth: "user",
    summary: "The cameras of a configuration",
    tags: [...tags, "cameras"],
    params: idParams,
    query: pageQuery,
    response: cameraPage,
    handler: ({ params, query }, ctx) => configurations.listCameras(params.id, query, ctx),
  });
  r.route({
    method: "POST",
    url: "/v1/configurations/:id/cameras",
    auth: "user",
    summary: "Add a camera to a configuration",
    tags: [...tags, "cameras"],
    params: idParams,
    body: cameraInput,
    status: 201,
    response: cameraAnswer,
    handler: ({ params, body }, ctx) => configurations.createCamera(params.id, body, ctx),
  });
  r.route({
    method: "GET",
    url: "/v1/cameras/:id",
    auth: "user",
    summary: "A camera",
    tags: ["cameras"],
    params: idParams,
    response: cameraAnswer,
    handler: ({ params }, ctx) => configurations.getCamera(params.id, ctx),
  });
  r.route({
    method: "PUT",
    url: "/v1/cameras/:id",
    auth: "user",
    summary: "Change the fields sent of a camera",
    tags: ["cameras"],
    params: idParams,
    body: cameraUpdateInput,
    response: cameraAnswer,
    handler: ({ params, body }, ctx) => configurations.updateCamera(params.id, body, ctx),
  });
  r.route({
    method: "DELETE",
    url: "/v1/cameras/:id",
    auth: "user",
    summary: "Remove a camera",
    tags: ["cameras"],
    params: idParams,
    status: 204,
    handler: ({ params }, ctx) => configurations.removeCamera(params.id, ctx),
  });
}
