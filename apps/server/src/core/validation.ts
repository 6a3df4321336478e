// Turning zod failures into our 422 shape: {message, errors: {field: [messages]}}.
import type { z } from "zod";
import { fieldLabel, ValidationError, type FieldErrors, type FieldMessage } from "./errors.ts";

function messageFor(issue: z.core.$ZodIssue, path: string): FieldMessage {
  const field = fieldLabel(path) || "body";
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
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

export function fieldErrorsFromZod(error: z.ZodError, prefix = ""): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: FieldMessage) => (errors[path] ??= []).push(message);
  for (const issue of error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const keyPath = path ? `${path}.${key}` : key;
        add(keyPath, { key: "validation.unknown_field", params: { field: key } });
      }
    } else {
      add(path || "body", messageFor(issue, path));
    }
  }
  return errors;
}

/** Parses `input` or throws a 422 naming the failing fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix = ""): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrorsFromZod(result.error, prefix));
  return result.data;
}
