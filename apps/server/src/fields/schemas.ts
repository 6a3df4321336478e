import { z } from "zod";
import { pageQuery } from "../core/pagination.ts";
import { idField, idParam, zeroOrOne } from "../clubs/schemas.ts";

export const fieldParams = z.strictObject({ id: idParam });

/** System administrators may narrow the list to one club. */
export const fieldsQuery = pageQuery.extend({ club: idParam.optional() });

export const createFieldInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  club: idField,
  sport: idField,
  portable: zeroOrOne.default(false),
});

const field = z.object({
  id: z.number().int(),
  name: z.string(),
  portable: z.union([z.literal(0), z.literal(1)]),
  club: z.object({ id: z.number().int(), name: z.string() }),
  sport: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), type: z.string() }),
});
export const fieldSchema = field;
export const fieldAnswer = z.object({ data: field });

export type FieldsQuery = z.infer<typeof fieldsQuery>;
export type CreateFieldInput = z.infer<typeof createFieldInput>;
