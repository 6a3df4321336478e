// Zod building blocks every input schema is made of (the server's and the web
// forms' alike): record ids, integers and numbers in range, text, the spec's 0/1
// flags, URL fields. What the database can't take (a NUL byte, a lone surrogate,
// an integer past its column) fails here with a message key naming the field,
// never as a failed query.
import { z } from "zod";
import { MAX_INT, MIN_INT } from "../constants.ts";
import { fieldError } from "./issues.ts";

/** A UTF-16 surrogate without its other half: not encodable as UTF-8, so PostgreSQL refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Text PostgreSQL can store: no NUL byte, no lone surrogate. */
const storable = (value: string) => !value.includes("\u0000") && !LONE_SURROGATE.test(value);
const STORABLE = fieldError("validation.invalid_characters");

/** Any text a client sends, as sent. The base of every other text block. */
export const plainText = z.string().refine(storable, STORABLE);
/** Text from a form: trimmed, at most `max` characters. */
export const text = (max: number) => plainText.trim().max(max);
/** Text kept exactly as sent (passwords, secrets, tokens): at most `max` characters. */
export const exactText = (max: number) => plainText.max(max);
export const httpUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .refine(storable, STORABLE);

/** A whole number in a JSON body, within an integer column's range (or a narrower one). */
export const integer = (min = MIN_INT, max = MAX_INT) => z.number().int().min(min).max(max);
/** A number in a JSON body within bounds (coordinates, angles): never unbounded. */
export const decimal = (min: number, max: number) => z.number().min(min).max(max);

/** Decimal digits, the only way a whole number is written in text (no sign, hex, exponent, blanks, leading zero). */
export const DIGITS = /^(0|[1-9]\d{0,9})$/;

/**
 * A whole number that may come as text (a URL's path or query string, or a form):
 * decimal digits only; other text stays text and is refused as not a number.
 * z.coerce.number() would take "0x10", "1e3" and " 5 ".
 */
export function integerParam(min: number, max = MAX_INT) {
  const digitsAsNumber = (value: unknown) => (typeof value === "string" && DIGITS.test(value) ? Number(value) : value);
  return z.preprocess(digitsAsNumber, integer(min, max));
}

/** A record id that may come as text: in a URL (path or query string), or a match's club and field. */
export const idParam = integerParam(1);
/** A record id in a JSON body: a number, never coerced. */
export const idField = integer(1);
/** The path of a route about one record: `/…/:id`. */
export const idParams = z.strictObject({ id: idParam });

/** The spec's 0/1 flags; true/false (and "0"/"1" from forms) are accepted too. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1")])
  .transform((value) => value === true || value === 1 || value === "1");

/** Blank text clears a value: forms send "" for an emptied input, stored as null. */
const blankAsNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/** An optional value that may be cleared with null or blank text. */
export function clearable<S extends z.ZodType>(schema: S) {
  return z.preprocess(blankAsNull, schema.nullable()).optional();
}
