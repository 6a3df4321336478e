import { describe, expect, it } from "vitest";
import { act, renderHook } from "@testing-library/react";
import i18next from "i18next";
import type { FieldValues, Resolver, ResolverOptions } from "react-hook-form";
import { createFieldInput, createMatchInput, registerInput } from "@clubcast/shared/schemas";
import { useSchemaResolver } from "./form-schema.ts";

interface FieldForm {
  name: string;
  club: string;
  sport: string;
  portable: boolean;
}
const fieldInput = (form: FieldForm) => ({ ...form, club: Number(form.club), sport: Number(form.sport) });

/** The message under each field after checking `values`. */
async function messages<T extends FieldValues>(resolver: Resolver<T>, values: T) {
  const options = { fields: {}, shouldUseNativeValidation: false } as unknown as ResolverOptions<T>;
  const { errors } = await resolver(values, undefined, options);
  return Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, error?.message]));
}

describe("useSchemaResolver", () => {
  it("says what the API's schema finds under each field, an emptied control being a missing value", async () => {
    const { result } = renderHook(() => useSchemaResolver<FieldForm>(createFieldInput, fieldInput));
    expect(await messages(result.current, { name: " ", club: "", sport: "3", portable: false })).toEqual({
      name: "Please fill in this field.",
      club: "Please fill in this field.",
    });
    expect(await messages(result.current, { name: "x".repeat(101), club: "2", sport: "3", portable: false })).toEqual({
      name: "At most 100 characters.",
    });
  });

  it("passes values the API takes, leaving the form its own values", async () => {
    const { result } = renderHook(() => useSchemaResolver<FieldForm>(createFieldInput, fieldInput));
    const form = { name: "Hoofdveld", club: "2", sport: "3", portable: true };
    const options = { fields: {}, shouldUseNativeValidation: false } as unknown as ResolverOptions<FieldForm>;
    expect(await result.current(form, undefined, options)).toEqual({ values: form, errors: {} });
  });

  it("words the schemas' own rules: e-mail, password length and confirmation, a date that exists", async () => {
    const account = { email: "a@b.nl", first_name: "An", last_name: "de Vries", password: "long enough" };
    const { result: signUp } = renderHook(() => useSchemaResolver(registerInput, (values: FieldValues) => values));
    expect(
      await messages(signUp.current, {
        ...account,
        email: "not an address",
        password: "short",
        password_confirmation: "short",
      }),
    ).toEqual({ email: "Enter a valid e-mail address.", password: "At least 8 characters." });
    expect(await messages(signUp.current, { ...account, password_confirmation: "something else" })).toEqual({
      password_confirmation: "The passwords don't match.",
    });

    const { result: newMatch } = renderHook(() =>
      useSchemaResolver(createMatchInput, (values: FieldValues) => ({ ...values, club: 1 })),
    );
    const match = { field: "11", date: "2025-02-30", start: "14:30", stop: "16:00" };
    expect(await messages(newMatch.current, match)).toEqual({ date: "Enter a date that exists." });
  });

  it("speaks the interface language", async () => {
    await act(() => i18next.changeLanguage("nl"));
    try {
      const { result } = renderHook(() => useSchemaResolver<FieldForm>(createFieldInput, fieldInput));
      expect(await messages(result.current, { name: "", club: "2", sport: "3", portable: false })).toEqual({
        name: "Vul dit veld in.",
      });
    } finally {
      await act(() => i18next.changeLanguage("en"));
    }
  });
});
