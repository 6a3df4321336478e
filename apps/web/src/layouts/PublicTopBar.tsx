// The public top bar (spec section 2): home, matches, sports, sign in, a
// dashboard button for users who have one, sign out, language flags.
import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { hasDashboard } from "@clubcast/shared";
import { useAuth } from "../auth/AuthProvider.tsx";
import { DASHBOARD_HOME, LOGIN_PATH } from "../auth/paths.ts";
import { Icon } from "../ui/Icon.tsx";
import { LanguageFlags } from "../ui/LanguageFlags.tsx";
import { LocalLink, LocalNavLink } from "../ui/LocalLink.tsx";
import { Logo } from "../ui/Logo.tsx";

function NavLinks() {
  const { t } = useTranslation();
  const linkClass = ({ isActive }: { isActive: boolean }) => `topbar__link${isActive ? " is-active" : ""}`;
  return (
    <>
      <LocalNavLink to="/" end className={linkClass}>
        {t("nav.home")}
      </LocalNavLink>
      <LocalNavLink to="/matches" className={linkClass}>
        {t("nav.matches")}
      </LocalNavLink>
      <LocalNavLink to="/sports" className={linkClass}>
        {t("nav.sports")}
      </LocalNavLink>
    </>
  );
}

function AccountActions() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.status !== "signedIn") {
    return (
      <LocalLink to={LOGIN_PATH} className="button button--primary button--small">
        <Icon name="login" size={18} />
        {t("nav.sign_in")}
      </LocalLink>
    );
  }
  return (
    <>
      {hasDashboard(auth.scope) && (
        <LocalLink to={DASHBOARD_HOME} className="button button--primary button--small">
          <Icon name="grid" size={18} />
          {t("nav.dashboard")}
        </LocalLink>
      )}
      <button type="button" className="button button--ghost button--small" onClick={() => void auth.logout()}>
        <Icon name="logout" size={18} />
        {t("nav.sign_out")}
      </button>
    </>
  );
}

export function PublicTopBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const drawerId = useId();

  // A followed link closes the mobile menu.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="topbar">
      <div className="topbar__inner container">
        <Logo />
        <nav className="topbar__nav" aria-label={t("nav.main")}>
          <NavLinks />
        </nav>
        <div className="topbar__actions">
          <LanguageFlags />
          <AccountActions />
        </div>
        <button
          type="button"
          className="icon-button topbar__toggle"
          aria-expanded={open}
          aria-controls={drawerId}
          aria-label={open ? t("nav.close_menu") : t("nav.open_menu")}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name={open ? "close" : "menu"} size={24} />
        </button>
      </div>
      <div id={drawerId} className="topbar__drawer" hidden={!open}>
        <nav className="topbar__drawer-nav" aria-label={t("nav.main")}>
          <NavLinks />
        </nav>
        <div className="topbar__drawer-actions">
          <AccountActions />
        </div>
        <LanguageFlags className="flags--large" />
      </div>
    </header>
  );
}
