// Sign in: on success the guest guard sends the user on to the validated
// redirect target or the dashboard.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { loginInput } from "@clubcast/shared/schemas";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { failureMessage } from "../../lib/server-errors.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { FormAlert, FormField } from "./FormField.tsx";

interface LoginForm {
  email: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation(["account", "translation"]);
  const auth = useAuth();
  useDocumentTitle(t("auth.login.title"));
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = useSchemaResolver<LoginForm>(loginInput, (values) => values);
  const { register, handleSubmit, formState } = useForm<LoginForm>({ resolver });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      await auth.login(email, password);
    } catch (error) {
      setFailure(failureMessage(error, t("auth.failed")));
    }
  });

  return (
    <div className="auth-card">
      <h1 className="auth-card__title display">{t("auth.login.title")}</h1>
      <p className="auth-card__subtitle">{t("auth.login.subtitle")}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormAlert message={failure} />
        <FormField
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register("email")}
        />
        <FormField
          label={t("auth.password")}
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register("password")}
        />
        <div className="form__row">
          <LocalLink to="/auth/forgot" className="text-link">
            {t("auth.login.forgot")}
          </LocalLink>
        </div>
        <SubmitButton
          busy={formState.isSubmitting}
          busyLabel={t("auth.login.submitting")}
          className="button button--primary button--block"
        >
          {t("auth.login.submit")}
        </SubmitButton>
      </form>
      <p className="auth-card__switch">
        {t("auth.login.no_account")}{" "}
        <LocalLink to="/auth/register" className="text-link">
          {t("auth.login.register")}
        </LocalLink>
      </p>
    </div>
  );
}
