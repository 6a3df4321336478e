// What a refused call says, for forms and toasts: the server's 422 answers name
// each failing field ({errors: {field: [messages]}}), through REST and tRPC alike.
import { TRPCClientError } from "@trpc/react-query";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api.ts";

export type FieldMessages = Record<string, string[]>;

/** The per-field messages of a refused call, or null when it names no fields. */
export function serverFieldErrors(error: unknown): FieldMessages | null {
  if (error instanceof ApiError) return error.errors;
  if (error instanceof TRPCClientError) {
    const errors = (error.data as { errors?: FieldMessages | null } | undefined)?.errors;
    return errors && Object.keys(errors).length ? errors : null;
  }
  return null;
}

/** The message to show for a failed call: the first of a 422's messages, else the server's message, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  const first = Object.values(serverFieldErrors(error) ?? {})[0]?.[0];
  if (first) return first;
  if ((error instanceof ApiError || error instanceof TRPCClientError) && error.message) return error.message;
  return fallback;
}

/**
 * Puts each 422 message on the form field it names (the server's path without
 * `prefix`, e.g. "data.barcode" → "barcode") and returns what is left for the
 * form's own alert: the first message naming no field of the form, or the
 * failure message when the call failed for another reason; null when every
 * message found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
  prefix = "",
): string | null {
  const errors = serverFieldErrors(error);
  if (!errors) return failureMessage(error, fallback);
  let unplaced: string | null = null;
  let focused = false;
  for (const [path, messages] of Object.entries(errors)) {
    const name = (path.startsWith(prefix) ? path.slice(prefix.length) : path) as Path<T>;
    const message = messages[0] ?? fallback;
    if (fields.includes(name)) {
      setError(name, { type: "server", message }, { shouldFocus: !focused });
      focused = true;
    } else {
      unplaced ??= message;
    }
  }
  return unplaced;
}
