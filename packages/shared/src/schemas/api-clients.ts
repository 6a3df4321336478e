// An API client (a camera's credentials), as the API creates it and the new-client dialog checks it.
import { z } from "zod";
import { idField, text } from "./core.ts";

export const apiClientInput = z.strictObject({
  name: text(100).min(1),
  configuration_id: idField,
});
