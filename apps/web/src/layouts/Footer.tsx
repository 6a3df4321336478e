import { useTranslation } from "react-i18next";
import { APP_VERSION } from "@clubcast/shared";
import { trpc } from "../lib/trpc.ts";
import { LocalLink } from "../ui/LocalLink.tsx";
import { Logo } from "../ui/Logo.tsx";

export function Footer() {
  const { t } = useTranslation();
  // The running server's version; the client's own until it answers.
  const info = trpc.appInfo.get.useQuery(undefined, { staleTime: Infinity });
  return (
    <footer className="footer">
      <div className="footer__inner container">
        <div className="footer__brand">
          <Logo inverted />
          <p>{t("footer.about")}</p>
        </div>
        <nav className="footer__links" aria-label={t("footer.navigation")}>
          <LocalLink to="/matches">{t("nav.matches")}</LocalLink>
          <LocalLink to="/sports">{t("nav.sports")}</LocalLink>
          <LocalLink to="/analyze/download">{t("footer.desktop_app")}</LocalLink>
        </nav>
        <p className="footer__meta">
          <span>{t("footer.rights", { year: new Date().getFullYear() })}</span>
          <span className="footer__version">
            {t("footer.version", { version: info.data?.data.version ?? APP_VERSION })}
          </span>
        </p>
      </div>
    </footer>
  );
}
