import { listAnswer, resourceAnswer, writeAnswer } from "../core/answers.ts";
import { domain } from "../core/operation.ts";
import { pageQuery } from "../core/pagination.ts";
import { idParams, noContent } from "../core/schemas.ts";
import {
  cameraCreateInput,
  cameraListInput,
  cameraOutput,
  cameraPage,
  cameraUpdateByIdInput,
  configurationOutput,
  configurationPage,
  saveConfigurationInput,
} from "./schemas.ts";
import { createConfigurationsService } from "./service.ts";

export default domain(createConfigurationsService, (op) => ({
  list: op.query({
    auth: "user",
    summary: "Every camera configuration (system admins)",
    rest: { method: "GET", path: "/v1/configurations" },
    input: pageQuery,
    output: configurationPage,
    run: (configurations, input, caller) => configurations.list(input, caller),
  }),
  save: op.mutation({
    auth: "user",
    summary: "Create a configuration, or update the one data.id names; livestream is derived from sa_stream_url",
    rest: { method: "POST", path: "/v1/configurations" },
    input: saveConfigurationInput,
    output: writeAnswer(configurationOutput),
    run: (configurations, input, caller) => configurations.save(input, caller),
  }),
  delete: op.mutation({
    auth: "user",
    summary: "Delete a configuration with its cameras and API clients",
    rest: { method: "DELETE", path: "/v1/configurations/:id", status: 204 },
    input: idParams,
    output: noContent,
    run: (configurations, input, caller) => configurations.remove(input.id, caller),
  }),
  rotateStreamKey: op.mutation({
    auth: "user",
    summary:
      "Replace the stream key with a new random one; the media gateway drops any publisher still using the old key",
    rest: { method: "POST", path: "/v1/configurations/:id/stream-key" },
    input: idParams,
    output: writeAnswer(configurationOutput),
    run: (configurations, input, caller) => configurations.rotateStreamKey(input.id, caller),
  }),
  ofClub: op.query({
    auth: "user",
    summary: "A club's configurations (its staff and system admins; not club members or players)",
    rest: { method: "GET", path: "/v1/clubs/:id/configurations" },
    input: idParams,
    output: listAnswer(configurationOutput),
    run: (configurations, input, caller) => configurations.listOfClub(input.id, caller),
  }),
  gatewayOfClub: op.query({
    auth: "user",
    summary:
      "The club's cameras that publish to the media gateway, with their stream keys and ingest URLs (the club's streams staff)",
    rest: { method: "GET", path: "/v1/clubs/:id/stream-keys" },
    input: idParams,
    output: listAnswer(configurationOutput),
    run: (configurations, input, caller) => configurations.gatewayOfClub(input.id, caller),
  }),
  listCameras: op.query({
    auth: "user",
    summary: "The cameras of a configuration",
    rest: { method: "GET", path: "/v1/configurations/:configuration/cameras" },
    input: cameraListInput,
    output: cameraPage,
    run: (configurations, { configuration, ...page }, caller) =>
      configurations.listCameras(configuration, page, caller),
  }),
  createCamera: op.mutation({
    auth: "user",
    summary: "Add a camera to a configuration",
    rest: { method: "POST", path: "/v1/configurations/:configuration/cameras", status: 201 },
    input: cameraCreateInput,
    output: writeAnswer(cameraOutput),
    run: (configurations, { configuration, ...camera }, caller) =>
      configurations.createCamera(configuration, camera, caller),
  }),
  getCamera: op.query({
    auth: "user",
    summary: "A camera",
    rest: { method: "GET", path: "/v1/cameras/:id" },
    input: idParams,
    output: resourceAnswer(cameraOutput),
    run: (configurations, input, caller) => configurations.getCamera(input.id, caller),
  }),
  updateCamera: op.mutation({
    auth: "user",
    summary: "Change the fields sent of a camera",
    rest: { method: "PUT", path: "/v1/cameras/:id" },
    input: cameraUpdateByIdInput,
    output: writeAnswer(cameraOutput),
    run: (configurations, { id, ...changes }, caller) => configurations.updateCamera(id, changes, caller),
  }),
  deleteCamera: op.mutation({
    auth: "user",
    summary: "Remove a camera",
    rest: { method: "DELETE", path: "/v1/cameras/:id", status: 204 },
    input: idParams,
    output: noContent,
    run: (configurations, input, caller) => configurations.removeCamera(input.id, caller),
  }),
}));
