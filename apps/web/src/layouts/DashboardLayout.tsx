// The dashboard frame (spec section 2): top bar, left navigation, content.
// Below 1024 px the navigation becomes a drawer behind the toggle.
import { useEffect, useId, useRef, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { canOpenSection, LOCALES, menuFor } from "@clubcast/shared";
import { useAuth } from "../auth/AuthProvider.tsx";
import { DASHBOARD_HOME } from "../auth/paths.ts";
import { useLocale, useLocalize } from "../i18n/useLocale.ts";
import { useDocumentTitle } from "../lib/document-title.ts";
import { ClubBadge } from "../ui/ClubBadge.tsx";
import { Icon } from "../ui/Icon.tsx";
import { LanguageFlags, useSwitchLocale } from "../ui/LanguageFlags.tsx";
import { LocalLink, LocalNavLink } from "../ui/LocalLink.tsx";
import { Logo } from "../ui/Logo.tsx";
import { SkipLink } from "./PublicLayout.tsx";
import { SECTION_ICONS, sectionLabelKey, sectionOf, sectionPath } from "./dashboard-sections.ts";
import "../styles/dashboard.css";

/** Cycles to the next available locale (spec section 2, dashboard top bar). */
function LanguageCycle() {
  const { t } = useTranslation();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  const next = LOCALES[(LOCALES.indexOf(locale) + 1) % LOCALES.length]!;
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      onClick={() => void switchLocale(next)}
      aria-label={t("dashboard.switch_language", { language: t(`locales.${next}`) })}
    >
      <Icon name="globe" size={18} />
      <span className="dash-topbar__locale">{locale.toUpperCase()}</span>
    </button>
  );
}

/** The account dropdown with its single entry: sign out. */
function AccountMenu({ name }: { name: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={root}>
      <button
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t("dashboard.account")}
        onClick={() => setOpen((value) => !value)}
      >
        <ClubBadge name={name} size={32} />
        <span className="account-menu__name">{name}</span>
      </button>
      <div id={menuId} className="account-menu__panel" hidden={!open}>
        <p className="account-menu__who">{t("dashboard.signed_in_as", { name })}</p>
        <button type="button" className="account-menu__item" onClick={() => void auth.logout()}>
          <Icon name="logout" size={18} />
          {t("nav.sign_out")}
        </button>
      </div>
    </div>
  );
}

export default function DashboardLayout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const localize = useLocalize();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const navId = useId();
  const user = auth.user!;
  const actor = { scope: auth.scope, permissions: user.permissions };
  const section = sectionOf(pathname);
  const title = section ? t(sectionLabelKey(section, auth.scope)) : t("dashboard.title");
  useDocumentTitle(title);

  useEffect(() => setNavOpen(false), [pathname]);

  // Route names are checked on every navigation; a restricted one goes to the dashboard (spec section 6).
  if (section && !canOpenSection(actor, section)) return <Navigate replace to={localize(DASHBOARD_HOME)} />;

  const fullName = `${user.first_name} ${user.last_name}`;
  return (
    <div className={`dash${navOpen ? " dash--nav-open" : ""}`}>
      <SkipLink />
      <header className="dash-topbar">
        <button
          type="button"
          className="icon-button dash-topbar__toggle"
          aria-expanded={navOpen}
          aria-controls={navId}
          aria-label={t("dashboard.toggle_menu")}
          onClick={() => setNavOpen((open) => !open)}
        >
          <Icon name={navOpen ? "close" : "menu"} size={22} />
        </button>
        <span className={`dash-topbar__logo${auth.scope === "system" ? " dash-topbar__logo--system" : ""}`}>
          <Logo to={DASHBOARD_HOME} />
        </span>
        <h1 className="dash-topbar__title">{title}</h1>
        <div className="dash-topbar__actions">
          <LanguageCycle />
          <AccountMenu name={fullName} />
        </div>
      </header>
      <nav id={navId} className="dash-nav" aria-label={t("dashboard.navigation")}>
        <ul className="dash-nav__list">
          {menuFor(actor).map((item) => (
            <li key={item}>
              <LocalNavLink to={sectionPath(item)} end={item === "dashboard"} className="dash-nav__link">
                <Icon name={SECTION_ICONS[item]} size={20} />
                <span>{t(sectionLabelKey(item, auth.scope))}</span>
              </LocalNavLink>
            </li>
          ))}
        </ul>
        <div className="dash-nav__footer">
          <LocalLink to="/" className="dash-nav__link">
            <Icon name="broadcast" size={20} />
            <span>{t("dashboard.public_site")}</span>
          </LocalLink>
          <LanguageFlags />
          <button type="button" className="dash-nav__link dash-nav__logout" onClick={() => void auth.logout()}>
            <Icon name="logout" size={20} />
            <span>{t("nav.sign_out")}</span>
          </button>
        </div>
      </nav>
      {navOpen && <div className="dash-scrim" aria-hidden="true" onClick={() => setNavOpen(false)} />}
      <main id="content" className="dash-content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
