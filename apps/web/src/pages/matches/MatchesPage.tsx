import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { MatchBrowser } from "./MatchBrowser.tsx";

export default function MatchesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("matches.title"));
  return (
    <>
      <PageHeader title={t("matches.title")} subtitle={t("matches.subtitle")} />
      <MatchBrowser />
    </>
  );
}
