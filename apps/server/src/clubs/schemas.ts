import { z } from "zod";
import { DEFAULT_COUNTRY, DEFAULT_COUNTRY_SHORT, DEFAULT_TIMEZONE } from "@clubcast/shared";
import { pageQuery } from "../core/pagination.ts";
import { flag, flagAnswer, httpUrl, idField, plainText, text } from "../core/schemas.ts";
import { email } from "../auth/schemas.ts";
import { sportSchema } from "../sports/schemas.ts";

/** A country as ISO 3166 alpha-2 (NL, DE, GB, US). */
export const countryCode = plainText
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);

/** A canonical IANA time zone name, checked against the runtime's own zone database. */
const timezone = text(64)
  .min(1)
  .transform((zone, ctx) => {
    try {
      return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: "custom", params: { key: "validation.timezone" } });
      return z.NEVER;
    }
  });

const clubFields = {
  name: text(100).min(1),
  sport_id: idField,
  timezone,
  country: text(100).min(1),
  country_short: countryCode,
  activated: flag,
  logo: httpUrl.nullable(),
  notification_email: email.nullable(),
};

export const createClubInput = z.strictObject({
  ...clubFields,
  timezone: clubFields.timezone.default(DEFAULT_TIMEZONE),
  country: clubFields.country.default(DEFAULT_COUNTRY),
  country_short: clubFields.country_short.default(DEFAULT_COUNTRY_SHORT),
  activated: clubFields.activated.default(true),
  logo: clubFields.logo.optional(),
  notification_email: clubFields.notification_email.optional(),
});

export const updateClubInput = z.strictObject(clubFields).partial();
/** The club (its path id on REST) and the changes. */
export const updateClubByIdInput = updateClubInput.extend({ id: idField });

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
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});

export type CreateClubInput = z.infer<typeof createClubInput>;
export type UpdateClubInput = z.infer<typeof updateClubInput>;
