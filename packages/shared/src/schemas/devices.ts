// A club's computer or router, as the API creates it and the add-device form checks it.
import { z } from "zod";
import { clearable, idField, text } from "./core.ts";

/** A computer or router at a club (spec section 3 shows only their lists). */
export const deviceInput = z.strictObject({
  name: text(100).min(1),
  club: idField.nullable().optional(),
  address: clearable(text(255)),
  serial: text(100).min(1),
});
