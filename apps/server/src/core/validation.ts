// Turning zod failures into our 422 shape: {message, errors: {field: [messages]}}.
import type { z } from "zod";
import { fieldErrorOf } from "@clubcast/shared/schemas";
import { fieldLabel, ValidationError, type FieldErrors, type FieldMessage } from "@clubcast/domain/core/errors.ts";
import type { MessageKey } from "@clubcast/domain/core/i18n.ts";

/** What the client sent at `path` (undefined where it sent nothing). */
function sentAt(sent: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined,
    sent,
  );
}

function messageFor(issue: z.core.$ZodIssue, path: string, sent: unknown): FieldMessage {
  const { key, params } = fieldErrorOf(issue, sentAt(sent, issue.path));
  return { key: key as MessageKey, params: { field: fieldLabel(path) || "body", ...params } };
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
