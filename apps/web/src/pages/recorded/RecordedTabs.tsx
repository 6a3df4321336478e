// The recorded section's lists: the matches, their clips and their summaries,
// of the same working club (a system administrator's `?club=` goes along).
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LocalNavLink } from "../../ui/LocalLink.tsx";
import "../../styles/recorded.css";

const TABS = [
  { key: "matches", path: "/dashboard/recorded" },
  { key: "clips", path: "/dashboard/recorded/clips" },
  { key: "summaries", path: "/dashboard/recorded/summaries" },
] as const;

export function RecordedTabs() {
  const { t } = useTranslation("recorded");
  const club = useSearchParams()[0].get("club");
  const search = club ? `?${new URLSearchParams({ club }).toString()}` : "";
  return (
    <nav className="tabs recorded-tabs" aria-label={t("tabs.label")}>
      {TABS.map((tab) => (
        <LocalNavLink key={tab.key} to={`${tab.path}${search}`} end className="tabs__tab">
          {t(`tabs.${tab.key}`)}
        </LocalNavLink>
      ))}
    </nav>
  );
}
