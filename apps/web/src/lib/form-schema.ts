// The web's forms check what they are about to send with the server's own input
// schemas (@clubcast/shared/schemas), through react-hook-form's zodResolver, so
// a rule is written once. Each issue shows under its field in the interface
// language: the same message key the server's 422 would carry, worded for a
// message that sits under the field's label.
import { zodResolver } from "@hookform/resolvers/zod";
import type { TFunction } from "i18next";
import type { FieldValues, Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FIELD_ERROR_KEYS, fieldErrorOf, type FieldErrorKey } from "@clubcast/shared/schemas";

const isFieldErrorKey = (key: string): key is FieldErrorKey => (FIELD_ERROR_KEYS as readonly string[]).includes(key);

/** The text of a field error in the interface language; a key only the server knows reads as an invalid value. */
export function fieldErrorText(t: TFunction, key: string, params: Record<string, string | number> = {}): string {
  return t(`field_errors.${isFieldErrorKey(key) ? key : "validation.invalid_value"}`, params);
}

/**
 * A resolver checking `toInput(values)`, the input the form sends, against
 * `schema`. The form's field names are the input's, so each issue lands on its
 * field. The form keeps its own values (raw): submitting still builds the input.
 */
export function useSchemaResolver<T extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: T) => unknown,
): Resolver<T> {
  const { t } = useTranslation();
  const checked = z
    .custom<T>()
    .transform(toInput)
    .pipe(schema as z.ZodType<unknown, unknown>);
  const resolve = zodResolver(
    checked,
    {
      error: (issue) => {
        const { key, params } = fieldErrorOf(issue as z.core.$ZodIssue, issue.input);
        return fieldErrorText(t, key, params);
      },
    },
    { raw: true },
  );
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    // A blank control is a missing value, whatever its conversion to the input made of it ("" → 0).
    for (const [name, error] of Object.entries(result.errors)) {
      const value: unknown = values[name];
      if (error && typeof value === "string" && value.trim() === "") {
        error.message = fieldErrorText(t, "validation.required");
      }
    }
    return result;
  };
}
