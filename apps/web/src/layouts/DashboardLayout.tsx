// The dashboard frame (spec section 2): top bar, left navigation, content.
// On wide screens the navigation is a rail of icons that opens over the
// content; below 1024 px it is a drawer behind the toggle. Either way it opens
// when the dashboard loads and hides MENU_AUTO_HIDE_MS later.
import { useId } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { canOpenClubPages, canOpenSection, menuFor } from "@clubcast/shared";
import { useAuth } from "../auth/AuthProvider.tsx";
import { DASHBOARD_HOME } from "../auth/paths.ts";
import { useLocalize } from "../i18n/useLocale.ts";
import { CurrentClubProvider } from "../lib/current-club.tsx";
import { useDocumentTitle } from "../lib/document-title.ts";
import { PageTitleProvider } from "../lib/page-title.tsx";
import { NotificationBell } from "../notifications/NotificationBell.tsx";
import { useUserMessages } from "../notifications/useUserMessages.ts";
import { Icon } from "../ui/Icon.tsx";
import { LanguageFlags } from "../ui/LanguageFlags.tsx";
import { LocalLink, LocalNavLink } from "../ui/LocalLink.tsx";
import { Logo } from "../ui/Logo.tsx";
import { SkipLink } from "./PublicLayout.tsx";
import { SECTION_ICONS, clubOf, sectionLabelKey, sectionOf, sectionPath } from "./dashboard-sections.ts";
import { AccountMenu, LanguageCycle, SupportLink } from "./frame/TopBarActions.tsx";
import { TopBarSearch } from "./frame/TopBarSearch.tsx";
import { useSectionTitle } from "./frame/useSectionTitle.ts";
import { useSideMenu } from "./frame/useSideMenu.ts";
import "../styles/dashboard.css";

function TopBarTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return <h1 className="dash-topbar__title">{title}</h1>;
}

export default function DashboardLayout() {
  // The frame's own namespaces load together, before the first paint of the frame.
  const { t } = useTranslation(["translation", "frame", "notifications"]);
  const auth = useAuth();
  const localize = useLocalize();
  const { pathname } = useLocation();
  const menu = useSideMenu(pathname);
  const navId = useId();
  const user = auth.user!;
  useUserMessages(user.id);
  const actor = { scope: auth.scope, permissions: user.permissions };
  const section = sectionOf(pathname);
  const club = clubOf(pathname);
  const sectionTitle = useSectionTitle();

  // Route names are checked on every navigation; a restricted one goes to the dashboard (spec section 6),
  // and so do another club's pages.
  if ((section && !canOpenSection(actor, section)) || (club !== null && !canOpenClubPages(user, club))) {
    return <Navigate replace to={localize(DASHBOARD_HOME)} />;
  }

  return (
    <CurrentClubProvider>
      <PageTitleProvider>
        {(customTitle) => (
          <div className={`dash${menu.open ? " dash--nav-open" : ""}`}>
            <SkipLink />
            <header className="dash-topbar">
              <button
                type="button"
                className="icon-button dash-topbar__toggle"
                aria-expanded={menu.open}
                aria-controls={navId}
                aria-label={t("dashboard.toggle_menu")}
                onClick={menu.toggle}
              >
                <Icon name={menu.open ? "close" : "menu"} size={22} />
              </button>
              <span className={`dash-topbar__logo${auth.scope === "system" ? " dash-topbar__logo--system" : ""}`}>
                <Logo to={DASHBOARD_HOME} />
              </span>
              <TopBarTitle title={customTitle ?? sectionTitle} />
              <div className="dash-topbar__actions">
                <TopBarSearch />
                <NotificationBell userId={user.id} />
                <SupportLink />
                <LanguageCycle />
                <AccountMenu />
              </div>
            </header>
            <nav id={navId} className="dash-nav" aria-label={t("dashboard.navigation")} {...menu.handlers}>
              <ul className="dash-nav__list">
                {menuFor(actor).map((item) => (
                  <li key={item}>
                    <LocalNavLink
                      to={sectionPath(item)}
                      end={item === "dashboard"}
                      className="dash-nav__link"
                      title={t(sectionLabelKey(item, auth.scope))}
                    >
                      <Icon name={SECTION_ICONS[item]} size={20} />
                      <span className="dash-nav__label">{t(sectionLabelKey(item, auth.scope))}</span>
                    </LocalNavLink>
                  </li>
                ))}
              </ul>
              <div className="dash-nav__footer">
                <LocalLink to="/" className="dash-nav__link" title={t("dashboard.public_site")}>
                  <Icon name="broadcast" size={20} />
                  <span className="dash-nav__label">{t("dashboard.public_site")}</span>
                </LocalLink>
                <div className="dash-nav__language">
                  <span className="dash-nav__caption">{t("frame:menu.language")}</span>
                  <LanguageFlags />
                </div>
                <button
                  type="button"
                  className="dash-nav__link dash-nav__logout"
                  onClick={() => void auth.logout()}
                  title={t("nav.sign_out")}
                >
                  <Icon name="logout" size={20} />
                  <span className="dash-nav__label">{t("nav.sign_out")}</span>
                </button>
              </div>
            </nav>
            {menu.open && <div className="dash-scrim" aria-hidden="true" onClick={menu.close} />}
            <main id="content" className="dash-content" tabIndex={-1}>
              <Outlet />
            </main>
          </div>
        )}
      </PageTitleProvider>
    </CurrentClubProvider>
  );
}
