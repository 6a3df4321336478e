// The name of the dashboard section on screen, in the interface language: the
// top bar's title, and the page heading of pages that carry no title of their own.
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { sectionLabelKey, sectionOf } from "../dashboard-sections.ts";

export function useSectionTitle(): string {
  const { t } = useTranslation();
  const { scope } = useAuth();
  const section = sectionOf(useLocation().pathname);
  return section ? t(sectionLabelKey(section, scope)) : t("dashboard.title");
}
