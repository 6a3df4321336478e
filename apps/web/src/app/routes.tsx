// Every route in three locale variants: no prefix (English), /nl and /de.
import type { RouteObject } from "react-router";
import { DEFAULT_LOCALE, LOCALES, SHORT_ROUTES, WEB_PAGES, webPagePath } from "@clubcast/shared";
import { AppShell } from "./AppShell.tsx";
import { lazyPage } from "./lazy.tsx";
import type { PrefetchingRoute } from "./preload.ts";
import { routeId } from "../lib/route-id.ts";
import { loadPlayerCode } from "../pages/matches/player-code.ts";
import { GuestOnly, RequireAuth } from "../auth/guards.tsx";
import { PublicLayout } from "../layouts/PublicLayout.tsx";
import { EmptyLayout } from "../layouts/EmptyLayout.tsx";
import { NotFoundPage } from "../pages/errors/NotFoundPage.tsx";
import { LocalRedirect, ShortRoute } from "./ShortRoute.tsx";

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
  myClubs: lazyPage(() => import("../pages/clubs/MyClubsPage.tsx")),
  allClubs: lazyPage(() => import("../pages/clubs/AllClubsPage.tsx")),
  club: lazyPage(() => import("../pages/clubs/ClubPage.tsx")),
  clubOffline: lazyPage(() => import("../pages/clubs/ClubOfflinePage.tsx")),
  recordedMatch: lazyPage(() => import("../pages/clubs/RecordedMatchPage.tsx")),
  annotate: lazyPage(() => import("../pages/annotate/AnnotatePage.tsx")),
  scheduler: lazyPage(() => import("../pages/scheduler/SchedulerPage.tsx")),
  recorded: lazyPage(() => import("../pages/recorded/RecordedPage.tsx")),
  offline: lazyPage(() => import("../pages/recorded/OfflinePage.tsx")),
  clips: lazyPage(() =>
    import("../pages/recorded/RenderedVideosPage.tsx").then((page) => ({ default: page.ClipsPage })),
  ),
  summaries: lazyPage(() =>
    import("../pages/recorded/RenderedVideosPage.tsx").then((page) => ({ default: page.SummariesPage })),
  ),
  teams: lazyPage(() => import("../pages/org/TeamsPage.tsx")),
  users: lazyPage(() => import("../pages/org/UsersPage.tsx")),
  user: lazyPage(() => import("../pages/org/UserDetailPage.tsx")),
  configurationLayout: lazyPage(() => import("../pages/configuration/ConfigurationLayout.tsx")),
  configurations: lazyPage(() => import("../pages/configuration/ConfigurationsPage.tsx")),
  cameras: lazyPage(() => import("../pages/configuration/CamerasPage.tsx")),
  camera: lazyPage(() => import("../pages/configuration/CameraDetailPage.tsx")),
  computers: lazyPage(() => import("../pages/configuration/ComputersPage.tsx")),
  routers: lazyPage(() => import("../pages/configuration/RoutersPage.tsx")),
  fields: lazyPage(() => import("../pages/configuration/FieldsPage.tsx")),
  field: lazyPage(() => import("../pages/configuration/FieldDetailPage.tsx")),
  configurationSports: lazyPage(() => import("../pages/configuration/SportsAdminPage.tsx")),
  streams: lazyPage(() => import("../pages/admin/StreamsPage.tsx")),
  goLive: lazyPage(() => import("../pages/admin/GoLivePage.tsx")),
  monitoring: lazyPage(() => import("../pages/admin/MonitoringPage.tsx")),
  system: lazyPage(() => import("../pages/admin/SystemPage.tsx")),
  access: lazyPage(() => import("../pages/admin/AccessPage.tsx")),
  apiClients: lazyPage(() => import("../pages/admin/ApiClientsPage.tsx")),
};

/** A live match's supporter waits for its match and the player's code before anything plays. */
const MATCH_PAGE: PrefetchingRoute = {
  prefetch(params, data) {
    const id = routeId(params.match);
    if (id !== null) void data.matches.byId.prefetch({ id });
    void loadPlayerCode().catch(() => {});
  },
};

/** A page's path below a parent route (the paths themselves live in @clubcast/shared, which the server reads too). */
const AUTH = "auth";
const DASHBOARD = "dashboard";
const CONFIGURATION = WEB_PAGES.configurations;
const auth = (pattern: string) => webPagePath(pattern, AUTH);
const dashboard = (pattern: string) => webPagePath(pattern, DASHBOARD);
const configuration = (pattern: string) => webPagePath(pattern, CONFIGURATION);

/** The routes of one locale, relative to its prefix. */
export function localeRoutes(): RouteObject[] {
  return [
    {
      element: <PublicLayout />,
      children: [
        { index: true, element: PAGES.home },
        { path: WEB_PAGES.matches, element: PAGES.matches },
        { path: WEB_PAGES.match, element: PAGES.match, handle: MATCH_PAGE },
        { path: WEB_PAGES.sports, element: PAGES.sports },
        { path: WEB_PAGES.sport, element: PAGES.sport },
        { path: WEB_PAGES.download, element: PAGES.download },
      ],
    },
    {
      path: AUTH,
      element: <GuestOnly />,
      children: [
        {
          element: PAGES.authLayout,
          children: [
            { path: auth(WEB_PAGES.login), element: PAGES.login },
            { path: auth(WEB_PAGES.register), element: PAGES.register },
            { path: auth(WEB_PAGES.forgot), element: PAGES.forgot },
            { path: auth(WEB_PAGES.reset), element: PAGES.reset },
          ],
        },
      ],
    },
    {
      path: DASHBOARD,
      element: <RequireAuth />,
      children: [
        {
          element: PAGES.dashboardLayout,
          children: [
            { index: true, element: PAGES.dashboard },
            { path: dashboard(WEB_PAGES.myClubs), element: PAGES.myClubs },
            { path: dashboard(WEB_PAGES.allClubs), element: PAGES.allClubs },
            { path: dashboard(WEB_PAGES.club), element: PAGES.club },
            { path: dashboard(WEB_PAGES.clubOffline), element: PAGES.clubOffline },
            { path: dashboard(WEB_PAGES.recordedMatch), element: PAGES.recordedMatch },
            { path: dashboard(WEB_PAGES.annotate), element: PAGES.annotate },
            { path: dashboard(WEB_PAGES.scheduler), element: PAGES.scheduler },
            { path: dashboard(WEB_PAGES.recorded), element: PAGES.recorded },
            { path: dashboard(WEB_PAGES.clips), element: PAGES.clips },
            { path: dashboard(WEB_PAGES.summaries), element: PAGES.summaries },
            { path: dashboard(WEB_PAGES.offline), element: PAGES.offline },
            { path: dashboard(WEB_PAGES.teams), element: PAGES.teams },
            { path: dashboard(WEB_PAGES.users), element: PAGES.users },
            { path: dashboard(WEB_PAGES.user), element: PAGES.user },
            { path: dashboard(WEB_PAGES.streams), element: PAGES.streams },
            { path: dashboard(WEB_PAGES.goLive), element: PAGES.goLive },
            { path: dashboard(WEB_PAGES.monitoring), element: PAGES.monitoring },
            { path: dashboard(WEB_PAGES.system), element: PAGES.system },
            { path: dashboard(WEB_PAGES.access), element: PAGES.access },
            { path: dashboard(WEB_PAGES.apiClients), element: PAGES.apiClients },
            {
              path: dashboard(WEB_PAGES.dashboardSports),
              element: <LocalRedirect to={`/${WEB_PAGES.configurationSports}`} />,
            },
            {
              path: dashboard(CONFIGURATION),
              element: PAGES.configurationLayout,
              children: [
                { index: true, element: PAGES.configurations },
                { path: configuration(WEB_PAGES.cameras), element: PAGES.cameras },
                { path: configuration(WEB_PAGES.camera), element: PAGES.camera },
                { path: configuration(WEB_PAGES.computers), element: PAGES.computers },
                { path: configuration(WEB_PAGES.fields), element: PAGES.fields },
                { path: configuration(WEB_PAGES.field), element: PAGES.field },
                { path: configuration(WEB_PAGES.routers), element: PAGES.routers },
                { path: configuration(WEB_PAGES.configurationSports), element: PAGES.configurationSports },
              ],
            },
          ],
        },
      ],
    },
    ...SHORT_ROUTES.map((section) => ({ path: section, element: <ShortRoute section={section} /> })),
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
