// The recorded section's lists: the matches, their clips and their summaries.
import { useTranslation } from "react-i18next";
import { LocalNavLink } from "../../ui/LocalLink.tsx";
import "../../styles/recorded.css";

const TABS = [
  { key: "matches", path: "/dashboard/recorded" },
  { key: "clips", path: "/dashboard/recorded/clips" },
  { key: "summaries", path: "/dashboard/recorded/summaries" },
] as const;

export function RecordedTabs() {
  const { t } = useTranslation("recorded");
  return (
    <nav className="tabs recorded-tabs" aria-label={t("tabs.label")}>
      {TABS.map((tab) => (
        <LocalNavLink key={tab.key} to={tab.path} end className="tabs__tab">
          {t(`tabs.${tab.key}`)}
        </LocalNavLink>
      ))}
    </nav>
  );
}
