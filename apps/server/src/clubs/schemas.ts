import { z } from "zod";
import { DEFAULT_COUNTRY, DEFAULT_COUNTRY_SHORT, DEFAULT_TIMEZONE } from "@clubcast/shared";
import { pageQuery } from "../core/pagination.ts";

/** A record id in a URL. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
/** A record id in a JSON body. */
export const idField = z.number().int().positive().max(2_147_483_647);

/** The answer of an operation that returns no object. */
export const messageAnswer = z.object({ message: z.string() });

/** The spec's 0-or-1 flags; true and false are accepted too. */
export const zeroOrOne = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);

/** A canonical IANA time zone name, checked against the runtime's own zone database. */
const timezone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((zone, ctx) => {
    try {
      return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: "custom", params: { key: "validation.timezone" } });
      return z.NEVER;
    }
  });

const clubFields = {
  name: z.string().trim().min(1).max(100),
  sport_id: idField,
  timezone,
  country: z.string().trim().min(1).max(100),
  country_short: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
  activated: zeroOrOne,
  logo: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullable(),
  notification_email: z.string().trim().toLowerCase().pipe(z.email().max(255)).nullable(),
};

export const clubParams = z.strictObject({ id: idParam });

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
/** tRPC: the club's id alongside the changes. */
export const updateClubByIdInput = updateClubInput.extend({ id: idField });

export const clubsQuery = pageQuery;

const sport = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), type: z.string() });
const publicClub = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  timezone: z.string(),
  country: z.string(),
  country_short: z.string(),
  activated: z.union([z.literal(0), z.literal(1)]),
  sport_id: z.number().int(),
  sport,
});
export const publicClubSchema = publicClub;
export const clubSchema = publicClub.extend({
  notification_email: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export const clubAnswer = z.object({ data: clubSchema });

export type CreateClubInput = z.infer<typeof createClubInput>;
export type UpdateClubInput = z.infer<typeof updateClubInput>;
