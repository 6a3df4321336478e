// What a refused call says, for forms and toasts: the server's 422 answers name
// each failing field ({errors: {field: [messages]}}), and its 409 answers list the
// reason the same way, through REST and tRPC alike. The one place that reads them.
import { TRPCClientError } from "@trpc/react-query";
import i18next from "i18next";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, type FieldIssues } from "./api.ts";

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

/** The per-field message keys of a refused call (the server's `issues`), or null. */
export function serverFieldIssues(error: unknown): FieldIssues | null {
  if (error instanceof ApiError) return error.issues;
  if (error instanceof TRPCClientError)
    return (error.data as { issues?: FieldIssues | null } | undefined)?.issues ?? null;
  return null;
}

/**
 * The form's own words for a server issue on a field: the message under its
 * label, in the interface language, naming no field (the server's names are
 * the API's, "fullname"). Null when the web has no wording for the key.
 */
export function formWording(issue: FieldIssues[string][number] | undefined): string | null {
  const key = `field_errors.${issue?.key ?? ""}`;
  // A key from the server, not one the type checker knows: looked up with a default.
  return issue && i18next.exists(key) ? i18next.t(key, { ...issue.params, defaultValue: "" }) : null;
}

/** The message to show for a failed call: the first of its `errors` (422, 409), else the server's message, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  const first = Object.values(serverFieldErrors(error) ?? {})[0]?.[0];
  if (first) return first;
  if ((error instanceof ApiError || error instanceof TRPCClientError) && error.message) return error.message;
  return fallback;
}

/**
 * Puts each 422 message on the form field it names (the server's path without
 * `prefix`, e.g. "data.barcode" → "barcode"), in the form's own words where the
 * web has them for the issue's key (formWording), and returns what is left for the
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
  const issues = serverFieldIssues(error);
  let unplaced: string | null = null;
  let focused = false;
  for (const [path, messages] of Object.entries(errors)) {
    const name = (path.startsWith(prefix) ? path.slice(prefix.length) : path) as Path<T>;
    if (fields.includes(name)) {
      const message = formWording(issues?.[path]?.[0]) ?? messages[0] ?? fallback;
      setError(name, { type: "server", message }, { shouldFocus: !focused });
      focused = true;
    } else {
      unplaced ??= messages[0] ?? fallback;
    }
  }
  return unplaced;
}
