import { z } from "zod";
import {
  countryCode,
  createClubInput,
  setClubLogoInput,
  updateClubByIdInput,
  updateClubInput,
} from "@clubcast/shared/schemas";
import { pageQuery } from "../core/pagination.ts";
import { flagAnswer } from "../core/schemas.ts";
import { sportSchema } from "../sports/schemas.ts";

// The inputs live in @clubcast/shared: the web's club settings form checks with them too.
export { countryCode, createClubInput, setClubLogoInput, updateClubByIdInput, updateClubInput };

export const clubsQuery = pageQuery;

const publicClub = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  timezone: z.string(),
  country: z.string(),
  country_short: z.string(),
  activated: flagAnswer,
  sport_id: z.number().int(),
  sport: sportSchema,
});
export const publicClubSchema = publicClub;
export const clubSchema = publicClub.extend({
  notification_email: z.string().nullable().optional(),
  suggest_moments: flagAnswer.optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});

export type CreateClubInput = z.infer<typeof createClubInput>;
export type UpdateClubInput = z.infer<typeof updateClubInput>;
export type SetClubLogoInput = z.infer<typeof setClubLogoInput>;
