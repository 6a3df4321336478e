// Choosing a new password from the e-mailed link (?token=&email=).
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { resetInput } from "@clubcast/shared/schemas";
import { LOGIN_PATH } from "../../auth/paths.ts";
import { useLocalize } from "../../i18n/useLocale.ts";
import { apiFetch } from "../../lib/api.ts";
import { failureMessage } from "../../lib/server-errors.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { FormAlert, FormField } from "./FormField.tsx";

/** The link's token and address, and the new password: all checked as the API will. */
interface ResetForm {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export default function ResetPage() {
  const { t } = useTranslation(["account", "translation"]);
  useDocumentTitle(t("auth.reset.title"));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const localize = useLocalize();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const token = params.get("token");
  const email = params.get("email");
  const resolver = useSchemaResolver<ResetForm>(resetInput, (values) => values);
  const { register, handleSubmit, formState } = useForm<ResetForm>({
    defaultValues: { token: token ?? "", email: email ?? "", password: "", password_confirmation: "" },
    resolver,
  });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const answer = await apiFetch<{ message: string }>("/v1/reset", {
        method: "POST",
        body: input,
      });
      toast.success(answer.message);
      navigate(localize(LOGIN_PATH), { replace: true });
    } catch (error) {
      setFailure(failureMessage(error, t("auth.failed")));
    }
  });

  return (
    <div className="auth-card">
      <h1 className="auth-card__title display">{t("auth.reset.title")}</h1>
      {token && email ? (
        <>
          <p className="auth-card__subtitle">{t("auth.reset.subtitle")}</p>
          <form className="form" onSubmit={onSubmit} noValidate>
            <FormAlert message={failure ?? formState.errors.token?.message ?? null} />
            <FormField
              label={t("auth.email")}
              type="email"
              value={email}
              readOnly
              autoComplete="username"
              error={formState.errors.email?.message}
            />
            <FormField
              label={t("auth.password")}
              type="password"
              autoComplete="new-password"
              hint={t("auth.password_hint")}
              error={formState.errors.password?.message}
              {...register("password")}
            />
            <FormField
              label={t("auth.password_confirmation")}
              type="password"
              autoComplete="new-password"
              error={formState.errors.password_confirmation?.message}
              {...register("password_confirmation")}
            />
            <SubmitButton
              busy={formState.isSubmitting}
              busyLabel={t("auth.reset.submitting")}
              className="button button--primary button--block"
            >
              {t("auth.reset.submit")}
            </SubmitButton>
          </form>
        </>
      ) : (
        <>
          <FormAlert message={t("auth.reset.missing_token")} />
          <LocalLink to="/auth/forgot" className="button button--primary button--block">
            {t("auth.reset.request_new")}
          </LocalLink>
        </>
      )}
    </div>
  );
}
