// A club's team, as the API creates it and the add-team lightbox checks it.
import { z } from "zod";
import { idField, text } from "./core.ts";

/** The add-team lightbox. The sport defaults to the club's. */
export const createTeamInput = z.strictObject({
  fullname: text(150).min(1),
  addition: text(50).nullable().optional(),
  parent: idField.nullable().optional(),
  sport: idField.optional(),
  is_custom: z.boolean().default(false),
});
