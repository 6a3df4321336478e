// A sport, as the API creates it and the add-sport form checks it.
import { z } from "zod";
import { SPORT_TYPES } from "../constants.ts";
import { text } from "./core.ts";

export const createSportInput = z.strictObject({
  slug: text(50)
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/),
  name: text(100).min(1),
  type: z.enum(SPORT_TYPES),
});
