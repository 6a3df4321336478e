// Every route in three locale variants: no prefix (English), /nl and /de.
import type { RouteObject } from "react-router";
import { DEFAULT_LOCALE, LOCALES } from "@clubcast/shared";
import { AppShell } from "./AppShell.tsx";
import { lazyPage } from "./lazy.tsx";
import { GuestOnly, RequireAuth } from "../auth/guards.tsx";
import { PublicLayout } from "../layouts/PublicLayout.tsx";
import { EmptyLayout } from "../layouts/EmptyLayout.tsx";
import { NotFoundPage } from "../pages/errors/NotFoundPage.tsx";

// One element per page, shared by the three locale trees (each is its own chunk).
const PAGES = {
  home: lazyPage(() => import("../pages/home/HomePage.tsx")),
  matches: lazyPage(() => import("../pages/matches/MatchesPage.tsx")),
  match: lazyPage(() => import("../pages/matches/MatchDetailPage.tsx")),
  sports: lazyPage(() => import("../pages/sports/SportsPage.tsx")),
  sport: lazyPage(() => import("../pages/sports/SportDetailPage.tsx")),
  download: lazyPage(() => import("../pages/download/DownloadPage.tsx")),
  authLayout: lazyPage(() => import("../layouts/AuthLayout.tsx")),
  login: lazyPage(() => import("../pages/auth/LoginPage.tsx")),
  register: lazyPage(() => import("../pages/auth/RegisterPage.tsx")),
  forgot: lazyPage(() => import("../pages/auth/ForgotPage.tsx")),
  reset: lazyPage(() => import("../pages/auth/ResetPage.tsx")),
  dashboardLayout: lazyPage(() => import("../layouts/DashboardLayout.tsx")),
  dashboard: lazyPage(() => import("../pages/dashboard/DashboardHomePage.tsx")),
};

/** The routes of one locale, relative to its prefix. */
export function localeRoutes(): RouteObject[] {
  return [
    {
      element: <PublicLayout />,
      children: [
        { index: true, element: PAGES.home },
        { path: "matches", element: PAGES.matches },
        { path: "matches/:match", element: PAGES.match },
        { path: "sports", element: PAGES.sports },
        { path: "sports/:sport", element: PAGES.sport },
        { path: "analyze/download", element: PAGES.download },
      ],
    },
    {
      path: "auth",
      element: <GuestOnly />,
      children: [
        {
          element: PAGES.authLayout,
          children: [
            { path: "login", element: PAGES.login },
            { path: "register", element: PAGES.register },
            { path: "forgot", element: PAGES.forgot },
            { path: "reset", element: PAGES.reset },
          ],
        },
      ],
    },
    {
      path: "dashboard",
      element: <RequireAuth />,
      children: [{ element: PAGES.dashboardLayout, children: [{ index: true, element: PAGES.dashboard }] }],
    },
    { element: <EmptyLayout />, children: [{ path: "*", element: <NotFoundPage /> }] },
  ];
}

export function appRoutes(): RouteObject[] {
  return [
    {
      path: "/",
      element: <AppShell />,
      children: [
        ...localeRoutes(),
        ...LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => ({
          path: locale,
          children: localeRoutes(),
        })),
      ],
    },
  ];
}
