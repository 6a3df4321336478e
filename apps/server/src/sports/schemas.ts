import { z } from "zod";
import { SPORT_TYPES } from "@clubcast/shared";
import { idParam, text } from "../core/schemas.ts";

/**
 * A sport in a URL: its id (digits, within range) or its slug (anything else).
 * Digits are always an id, so "2147483648" is a 422, not a slug nor a failed query.
 */
export const sportRef = z.union([idParam, text(50).min(1).toLowerCase().regex(/\D/)]);

export const sportParams = z.strictObject({ sport: sportRef });

export const createSportInput = z.strictObject({
  slug: text(50)
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/),
  name: text(100).min(1),
  type: z.enum(SPORT_TYPES),
});

export const sportSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(SPORT_TYPES),
});

export type CreateSportInput = z.infer<typeof createSportInput>;
export type SportRef = z.output<typeof sportRef>;
