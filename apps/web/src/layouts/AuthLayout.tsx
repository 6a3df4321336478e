// The auth layout: the club brand panel beside the form; one column on mobile.
import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { LanguageFlags } from "../ui/LanguageFlags.tsx";
import { Logo } from "../ui/Logo.tsx";
import "../styles/auth.css";

export default function AuthLayout() {
  const { t } = useTranslation(["account", "translation"]);
  return (
    <div className="auth-layout">
      <aside className="auth-layout__brand pitch pitch--dark">
        <Logo inverted />
        <div className="auth-layout__pitch-copy">
          <h2 className="display">{t("auth.brand_title")}</h2>
          <p>{t("auth.brand_text")}</p>
        </div>
      </aside>
      <div className="auth-layout__panel">
        <div className="auth-layout__top">
          <span className="auth-layout__mobile-logo">
            <Logo />
          </span>
          <LanguageFlags />
        </div>
        <main id="content" className="auth-layout__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
