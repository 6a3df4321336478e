import { z } from "zod";
import { createFieldInput } from "@clubcast/shared/schemas";
import { pageQuery } from "../core/pagination.ts";
import { flagAnswer, idParam, namedRecord } from "../core/schemas.ts";
import { sportSchema } from "../sports/schemas.ts";

/** System administrators may narrow the list to one club. */
export const fieldsQuery = pageQuery.extend({ club: idParam.optional() });

// The input lives in @clubcast/shared: the web's add-field form checks with it too.
export { createFieldInput };

export const fieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  portable: flagAnswer,
  club: namedRecord,
  sport: sportSchema,
});

export type FieldsQuery = z.infer<typeof fieldsQuery>;
export type CreateFieldInput = z.infer<typeof createFieldInput>;
