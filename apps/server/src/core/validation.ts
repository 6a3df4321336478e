// Turning zod failures into our 422 shape: {message, errors: {field: [messages]}}.
import type { z } from "zod";
import { fieldLabel, ValidationError, type FieldErrors, type FieldMessage } from "./errors.ts";

/** What the client sent at `path` (undefined where it sent nothing). */
function sentAt(sent: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined,
    sent,
  );
}

function messageFor(issue: z.core.$ZodIssue, path: string, sent: unknown): FieldMessage {
  const field = fieldLabel(path) || "body";
  switch (issue.code) {
    case "invalid_type":
      // zod leaves the value out of its issues, so what was sent tells a missing field from a wrong type.
      return sentAt(sent, issue.path) === undefined
        ? { key: "validation.required", params: { field } }
        : { key: "validation.invalid_type", params: { field, expected: issue.expected } };
    case "too_small":
      return issue.origin === "string"
        ? { key: "validation.too_short", params: { field, minimum: Number(issue.minimum) } }
        : { key: "validation.too_small", params: { field, minimum: Number(issue.minimum) } };
    case "too_big":
      return issue.origin === "string"
        ? { key: "validation.too_long", params: { field, maximum: Number(issue.maximum) } }
        : { key: "validation.too_big", params: { field, maximum: Number(issue.maximum) } };
    case "invalid_format":
      return issue.format === "email"
        ? { key: "validation.invalid_email", params: { field } }
        : { key: "validation.invalid_format", params: { field } };
    case "invalid_value":
    case "invalid_union":
      return { key: "validation.invalid_value", params: { field } };
    case "custom":
      // Refinements carry their message key in `params.key`.
      return issue.params?.key
        ? { key: issue.params.key, params: { field, ...(issue.params.values ?? {}) } }
        : { key: "validation.invalid_value", params: { field } };
    default:
      return { key: "validation.invalid_value", params: { field } };
  }
}

/** The 422 field errors of `error`, raised parsing `sent`. */
function fieldErrorsFromZod(error: z.ZodError, sent: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: FieldMessage) => (errors[path] ??= []).push(message);
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const keyPath = path ? `${path}.${key}` : key;
        add(keyPath, { key: "validation.unknown_field", params: { field: key } });
      }
    } else {
      add(path || "body", messageFor(issue, path, sent));
    }
  }
  return errors;
}

/** Parses `input` or throws a 422 naming the failing fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrorsFromZod(result.error, input));
  return result.data;
}
