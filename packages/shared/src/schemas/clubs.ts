// A club as the API creates and updates it, and as the club's settings form checks it.
import { z } from "zod";
import { DEFAULT_COUNTRY, DEFAULT_COUNTRY_SHORT, DEFAULT_TIMEZONE } from "../constants.ts";
import { email } from "./auth.ts";
import { flag, httpUrl, idField, plainText, text } from "./core.ts";
import { fieldError } from "./issues.ts";

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
      ctx.addIssue({ code: "custom", ...fieldError("validation.timezone") });
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
  /** Whether the worker listens to the club's recordings and suggests moments (issue 30). */
  suggest_moments: flag,
};

export const createClubInput = z.strictObject({
  ...clubFields,
  timezone: clubFields.timezone.default(DEFAULT_TIMEZONE),
  country: clubFields.country.default(DEFAULT_COUNTRY),
  country_short: clubFields.country_short.default(DEFAULT_COUNTRY_SHORT),
  activated: clubFields.activated.default(true),
  logo: clubFields.logo.optional(),
  notification_email: clubFields.notification_email.optional(),
  suggest_moments: clubFields.suggest_moments.default(true),
});

export const updateClubInput = z.strictObject(clubFields).partial();
/** tRPC: the club's id alongside the changes. */
export const updateClubByIdInput = updateClubInput.extend({ id: idField });

/** Standard base64 with padding (zod's own base64 check writes a JSON Schema keyword OpenAPI 3.0 lacks). */
const base64 = z
  .string()
  .min(1)
  .refine(
    (value) => value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value),
    fieldError("validation.invalid_format"),
  );

/** A club's new logo: the image file's bytes in base64 (PNG, JPEG or WebP; the server reads the type from them). */
export const setClubLogoInput = z.strictObject({ id: idField, image: base64 });
