import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { registerInput } from "@clubcast/shared/schemas";
import { apiFetch } from "../../lib/api.ts";
import { failureMessage } from "../../lib/server-errors.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import type { RouterInputs } from "../../lib/trpc.ts";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { FormAlert, FormField } from "./FormField.tsx";

type RegisterInput = RouterInputs["auth"]["register"];

export default function RegisterPage() {
  const { t } = useTranslation(["account", "translation"]);
  useDocumentTitle(t("auth.register.title"));
  const [failure, setFailure] = useState<string | null>(null);
  // The server answers the same whether or not the address had an account; its owner is e-mailed.
  const [sent, setSent] = useState<string | null>(null);
  const resolver = useSchemaResolver<RegisterInput>(registerInput, (values) => values);
  const { register, handleSubmit, formState } = useForm<RegisterInput>({ resolver });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      setSent((await apiFetch<{ message: string }>("/v1/register", { method: "POST", body: input })).message);
    } catch (error) {
      setFailure(failureMessage(error, t("auth.failed")));
    }
  });

  return (
    <div className="auth-card">
      <h1 className="auth-card__title display">{t("auth.register.title")}</h1>
      <p className="auth-card__subtitle">{t("auth.register.subtitle")}</p>
      {sent ? (
        <FormAlert message={sent} tone="success" />
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <FormAlert message={failure} />
          <div className="form__pair">
            <FormField
              label={t("auth.first_name")}
              autoComplete="given-name"
              error={errors.first_name?.message}
              {...register("first_name")}
            />
            <FormField
              label={t("auth.last_name")}
              autoComplete="family-name"
              error={errors.last_name?.message}
              {...register("last_name")}
            />
          </div>
          <FormField
            label={t("auth.email")}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register("email")}
          />
          <FormField
            label={t("auth.password")}
            type="password"
            autoComplete="new-password"
            hint={t("auth.password_hint")}
            error={errors.password?.message}
            {...register("password")}
          />
          <FormField
            label={t("auth.password_confirmation")}
            type="password"
            autoComplete="new-password"
            error={errors.password_confirmation?.message}
            {...register("password_confirmation")}
          />
          <SubmitButton
            busy={formState.isSubmitting}
            busyLabel={t("auth.register.submitting")}
            className="button button--primary button--block"
          >
            {t("auth.register.submit")}
          </SubmitButton>
        </form>
      )}
      <p className="auth-card__switch">
        {t("auth.register.have_account")}{" "}
        <LocalLink to="/auth/login" className="text-link">
          {t("auth.register.login")}
        </LocalLink>
      </p>
    </div>
  );
}
