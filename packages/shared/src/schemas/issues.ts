// What a zod issue says, as a message key and its values: the server translates
// it into the caller's language for its 422 answers (naming the field), and the
// web's forms show it under the field (apps/web/src/lib/form-schema.ts).
import type { z } from "zod";

/** The keys the input schemas' issues map to; a refinement may name another in `params.key`. */
export const FIELD_ERROR_KEYS = [
  "validation.required",
  "validation.invalid_type",
  "validation.too_small",
  "validation.too_big",
  "validation.too_short",
  "validation.too_long",
  "validation.invalid_email",
  "validation.invalid_value",
  "validation.invalid_format",
  "validation.invalid_characters",
  "validation.passwords_differ",
  "validation.timezone",
  "match.invalid_date",
  "match.invalid_time",
] as const;
export type FieldErrorKey = (typeof FIELD_ERROR_KEYS)[number];

export interface FieldError {
  /** A FieldErrorKey, or the key a server-only refinement names. */
  key: string;
  params: Record<string, string | number>;
}

/** The message params a refinement carries: `refine(check, fieldError("match.invalid_date"))`. */
export const fieldError = (key: FieldErrorKey) => ({ params: { key } }) as const;

/**
 * What `issue` says about a field; `sent` is what the client sent there (zod leaves
 * the value out of its issues, and it tells a missing field from a wrong type).
 */
export function fieldErrorOf(issue: z.core.$ZodIssue, sent: unknown): FieldError {
  switch (issue.code) {
    case "invalid_type":
      return sent === undefined
        ? { key: "validation.required", params: {} }
        : { key: "validation.invalid_type", params: { expected: issue.expected } };
    case "too_small":
      return issue.origin === "string"
        ? { key: "validation.too_short", params: { minimum: Number(issue.minimum) } }
        : { key: "validation.too_small", params: { minimum: Number(issue.minimum) } };
    case "too_big":
      return issue.origin === "string"
        ? { key: "validation.too_long", params: { maximum: Number(issue.maximum) } }
        : { key: "validation.too_big", params: { maximum: Number(issue.maximum) } };
    case "invalid_format":
      return issue.format === "email"
        ? { key: "validation.invalid_email", params: {} }
        : { key: "validation.invalid_format", params: {} };
    case "custom":
      // Refinements carry their message key in `params.key`.
      return issue.params?.key
        ? { key: String(issue.params.key), params: { ...(issue.params.values ?? {}) } }
        : { key: "validation.invalid_value", params: {} };
    default:
      return { key: "validation.invalid_value", params: {} };
  }
}
