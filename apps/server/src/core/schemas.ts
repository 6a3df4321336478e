// Zod building blocks the domains' schemas share: record ids, the spec's 0/1
// flags, text and URL fields, and the small answer shapes many routes give.
import { z } from "zod";
import { pageQuery } from "./pagination.ts";

/** Ids are PostgreSQL integers: a larger number is a 422, never a failed query. */
const MAX_ID = 2_147_483_647;

/** A record id that may come as text: in a URL (path or query string), or a match's club and field. */
export const idParam = z.coerce.number().int().positive().max(MAX_ID);
/** A record id in a JSON body: a number, never coerced. */
export const idField = z.number().int().positive().max(MAX_ID);
/** The path of a route about one record: `/…/:id`. */
export const idParams = z.strictObject({ id: idParam });
/** tRPC: a club's paged list, the club's id alongside page and limit. */
export const clubPageInput = pageQuery.extend({ club: idParam });

/** The spec's 0/1 flags; true/false (and "0"/"1" from forms) are accepted too. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1")])
  .transform((value) => value === true || value === 1 || value === "1");

export const text = (max: number) => z.string().trim().max(max);
export const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** Blank text clears a value: forms send "" for an emptied input, stored as null. */
const blankAsNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/** An optional value that may be cleared with null or blank text. */
export function clearable<S extends z.ZodType>(schema: S) {
  return z.preprocess(blankAsNull, schema.nullable()).optional();
}

// ── answers (for the OpenAPI document) ──

/** A 0/1 flag as answers show it. */
export const flagAnswer = z.union([z.literal(0), z.literal(1)]);
/** A related record as answers show it. */
export const namedRecord = z.object({ id: z.number().int(), name: z.string() });
/** The answer of an operation that returns no object. */
export const messageAnswer = z.object({ message: z.string() });
