import { useTranslation } from "react-i18next";
import { LocalLink } from "./LocalLink.tsx";

/** The wordmark, linking to the home page (or `to`). */
export function Logo({ to = "/", inverted = false }: { to?: string; inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <LocalLink to={to} className={`logo${inverted ? " logo--inverted" : ""}`} aria-label={t("nav.home_link")}>
      <svg className="logo__mark" viewBox="0 0 64 64" width="34" height="34" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <circle cx="32" cy="32" r="17" fill="none" stroke="var(--logo-ring)" strokeWidth="5" />
        <path d="M28 24l12 8-12 8z" fill="var(--logo-play)" />
      </svg>
      <span className="logo__word">{t("app.name")}</span>
    </LocalLink>
  );
}
