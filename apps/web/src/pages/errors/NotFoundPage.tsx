// An unknown route (spec section 2): 'This page could not be found'.
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { Logo } from "../../ui/Logo.tsx";

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("errors.page_not_found"));
  return (
    <div className="error-view">
      <Logo />
      <p className="error-view__code display" aria-hidden="true">
        404
      </p>
      <h1 className="error-view__title">{t("errors.not_found_page")}</h1>
      <LocalLink to="/" className="button button--primary">
        {t("errors.back_home")}
      </LocalLink>
    </div>
  );
}
