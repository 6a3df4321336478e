// A club's field, as the API creates it and the add-field form checks it.
import { z } from "zod";
import { flag, idField, text } from "./core.ts";

export const createFieldInput = z.strictObject({
  name: text(100).min(1),
  club: idField,
  sport: idField,
  portable: flag.default(false),
});
