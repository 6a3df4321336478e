// The configuration section's frame: a bar linking its sub-pages (spec section 2:
// configurations, cameras, computers, fields, routers and sports) above the page.
import { useLayoutEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "../../ui/Icon.tsx";
import { LocalNavLink } from "../../ui/LocalLink.tsx";
import { CONFIGURATION_PATH } from "./paths.ts";
import "../../styles/admin.css";
import "../../styles/configuration.css";

const SUB_PAGES = [
  { path: "", label: "configurations", icon: "settings" },
  { path: "/cameras", label: "cameras", icon: "camera" },
  { path: "/computers", label: "computers", icon: "computer" },
  { path: "/fields", label: "fields", icon: "field" },
  { path: "/routers", label: "routers", icon: "router" },
  { path: "/sports", label: "sports", icon: "trophy" },
] as const satisfies readonly { path: string; label: string; icon: IconName }[];

export default function ConfigurationLayout() {
  const { t } = useTranslation("configuration");
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);

  // On a narrow screen the bar scrolls sideways: keep the current page's link in view.
  useLayoutEffect(() => {
    const bar = nav.current;
    const active = bar?.querySelector<HTMLElement>(".config-nav__link.active");
    if (bar && active) bar.scrollLeft = active.offsetLeft - (bar.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);

  return (
    <div className="config-layout">
      <nav ref={nav} className="config-nav" aria-label={t("nav.label")}>
        <ul className="config-nav__list">
          {SUB_PAGES.map((page) => (
            <li key={page.label}>
              <LocalNavLink to={CONFIGURATION_PATH + page.path} end={page.path === ""} className="config-nav__link">
                <Icon name={page.icon} size={18} />
                {t(`nav.${page.label}`)}
              </LocalNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
