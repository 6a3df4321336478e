import { z } from "zod";
import { pageQuery } from "../core/pagination.ts";
import { flag, flagAnswer, idField, idParam, namedRecord, text } from "../core/schemas.ts";
import { sportSchema } from "../sports/schemas.ts";

/** System administrators may narrow the list to one club. */
export const fieldsQuery = pageQuery.extend({ club: idParam.optional() });

export const createFieldInput = z.strictObject({
  name: text(100).min(1),
  club: idField,
  sport: idField,
  portable: flag.default(false),
});

export const fieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  portable: flagAnswer,
  club: namedRecord,
  sport: sportSchema,
});

export type FieldsQuery = z.infer<typeof fieldsQuery>;
export type CreateFieldInput = z.infer<typeof createFieldInput>;
