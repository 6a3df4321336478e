import { z } from "zod";
import { SPORT_TYPES } from "@clubcast/shared";
import { createSportInput } from "@clubcast/shared/schemas";
import { idParam, text } from "../core/schemas.ts";

/**
 * A sport in a URL: its id (digits, within range) or its slug (anything else).
 * Digits are always an id, so "2147483648" is a 422, not a slug nor a failed query.
 */
export const sportRef = z.union([idParam, text(50).min(1).toLowerCase().regex(/\D/)]);

export const sportParams = z.strictObject({ sport: sportRef });

// The input lives in @clubcast/shared: the web's add-sport form checks with it too.
export { createSportInput };

export const sportSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(SPORT_TYPES),
});

export type CreateSportInput = z.infer<typeof createSportInput>;
export type SportRef = z.output<typeof sportRef>;
