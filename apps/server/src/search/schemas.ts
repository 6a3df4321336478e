import { z } from "zod";
import { MATCH_STATUSES } from "@clubcast/shared";
import { namedRecord, text } from "../core/schemas.ts";
import { publicClubSchema } from "../clubs/schemas.ts";
import { teamSchema } from "../teams/schemas.ts";

export const SEARCH_LIMIT = 10;

export const searchInput = z.strictObject({ query: text(100).min(1) });

export const searchAnswer = z.object({
  clubs: z.array(publicClubSchema),
  teams: z.array(teamSchema),
  users: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      scope: z.string(),
      club: namedRecord.nullable(),
    }),
  ),
  matches: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      starting_at: z.object({ date: z.string(), timezone: z.string() }),
      status: z.enum(MATCH_STATUSES),
    }),
  ),
});

export type SearchInput = z.infer<typeof searchInput>;
