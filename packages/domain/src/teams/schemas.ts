import { z } from "zod";
import { createTeamInput } from "@clubcast/shared/schemas";
import { idParam, namedRecord } from "../core/schemas.ts";
import { countryCode } from "../clubs/schemas.ts";
import { sportRef, sportSchema } from "../sports/schemas.ts";

export const clubTeamParams = z.strictObject({ club: idParam, team: idParam });
export const sportTeamsParams = z.strictObject({ sport: sportRef });

/** Booleans from a query string ("true"/"false", "1"/"0") or from tRPC. */
const queryBoolean = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((value) => value === true || value === "true" || value === "1");

export const clubTeamsQuery = z.strictObject({ is_custom: queryBoolean.optional() });
/** Teams of a sport in clubs of one country (ISO 3166 alpha-2, like a club's country_short). */
export const sportTeamsQuery = z.strictObject({
  country: countryCode.optional(),
});

// The input lives in @clubcast/shared: the web's add-team lightbox checks with it too.
export { createTeamInput };

export const teamSchema = z.object({
  id: z.number().int(),
  fullname: z.string(),
  addition: z.string().nullable(),
  parent: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  sport: sportSchema,
  is_custom: z.boolean(),
  club: namedRecord,
});

export type ClubTeamsQuery = z.infer<typeof clubTeamsQuery>;
export type SportTeamsQuery = z.infer<typeof sportTeamsQuery>;
export type CreateTeamInput = z.infer<typeof createTeamInput>;
