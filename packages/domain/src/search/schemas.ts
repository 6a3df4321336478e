import { z } from "zod";
import { MATCH_STATUSES } from "@clubcast/shared";
import { resourceAnswer } from "../core/answers.ts";
import { namedRecord, text } from "../core/schemas.ts";
import { publicClubSchema } from "../clubs/schemas.ts";
import { teamSchema } from "../teams/schemas.ts";

export const SEARCH_LIMIT = 10;

export const searchInput = z.strictObject({ query: text(100).min(1) });

const searchResults = z.object({
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

/** What was found, by kind: one resource whose lists may each be empty. */
export const searchAnswer = resourceAnswer(searchResults);

export type SearchInput = z.infer<typeof searchInput>;
