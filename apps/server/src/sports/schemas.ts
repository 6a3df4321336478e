import { z } from "zod";
import { SPORT_TYPES } from "@clubcast/shared";

/** A sport in a URL: its numeric id or its slug. */
export const sportRef = z.string().trim().min(1).max(50);

export const sportParams = z.strictObject({ sport: sportRef });

export const createSportInput = z.strictObject({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/)
    .max(50),
  name: z.string().trim().min(1).max(100),
  type: z.enum(SPORT_TYPES),
});

export const sportSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(SPORT_TYPES),
});
export const sportAnswer = z.object({ data: sportSchema });
export const sportsAnswer = z.object({ data: z.array(sportSchema) });

export type CreateSportInput = z.infer<typeof createSportInput>;
