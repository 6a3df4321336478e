import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets the browser tab's title: "<page> · Clubcast". */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const app = t("app.name");
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}
