import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { forgotInput } from "@clubcast/shared/schemas";
import { apiFetch } from "../../lib/api.ts";
import { failureMessage } from "../../lib/server-errors.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { FormAlert, FormField } from "./FormField.tsx";

export default function ForgotPage() {
  const { t } = useTranslation(["account", "translation"]);
  useDocumentTitle(t("auth.forgot.title"));
  const [outcome, setOutcome] = useState<{ tone: "error" | "success"; message: string } | null>(null);
  const resolver = useSchemaResolver<{ email: string }>(forgotInput, (values) => values);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ resolver });

  const onSubmit = handleSubmit(async (input) => {
    setOutcome(null);
    try {
      const answer = await apiFetch<{ message: string }>("/v1/forgot", { method: "POST", body: input });
      setOutcome({ tone: "success", message: answer.message });
    } catch (error) {
      setOutcome({ tone: "error", message: failureMessage(error, t("auth.failed")) });
    }
  });

  return (
    <div className="auth-card">
      <h1 className="auth-card__title display">{t("auth.forgot.title")}</h1>
      <p className="auth-card__subtitle">{t("auth.forgot.subtitle")}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormAlert message={outcome?.message ?? null} tone={outcome?.tone} />
        <FormField
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register("email")}
        />
        <SubmitButton
          busy={formState.isSubmitting}
          busyLabel={t("auth.forgot.submitting")}
          className="button button--primary button--block"
        >
          {t("auth.forgot.submit")}
        </SubmitButton>
      </form>
      <p className="auth-card__switch">
        <LocalLink to="/auth/login" className="text-link">
          {t("auth.forgot.back")}
        </LocalLink>
      </p>
    </div>
  );
}
