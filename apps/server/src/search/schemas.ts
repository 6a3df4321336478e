import { z } from "zod";
import { MATCH_STATUSES } from "@clubcast/shared";
import { publicClubSchema } from "../clubs/schemas.ts";
import { teamSchema } from "../teams/schemas.ts";

export const SEARCH_LIMIT = 10;

export const searchInput = z.strictObject({ query: z.string().trim().min(1).max(100) });

const named = z.object({ id: z.number().int(), name: z.string() });
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
      club: named.nullable(),
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
