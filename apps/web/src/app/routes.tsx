// Every route in three locale variants: no prefix (English), /nl and /de.
import type { RouteObject } from "react-router";
import { DEFAULT_LOCALE, LOCALES } from "@clubcast/shared";
import { AppShell } from "./AppShell.tsx";
import { lazyPage } from "./lazy.tsx";
import { GuestOnly, RequireAuth } from "../auth/guards.tsx";
import { PublicLayout } from "../layouts/PublicLayout.tsx";
import { EmptyLayout } from "../layouts/EmptyLayout.tsx";
import { NotFoundPage } from "../pages/errors/NotFoundPage.tsx";
import { LocalRedirect, SHORT_ROUTES, ShortRoute } from "./ShortRoute.tsx";

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
      children: [
        {
          element: PAGES.dashboardLayout,
          children: [
            { index: true, element: PAGES.dashboard },
            { path: "clubs", element: PAGES.myClubs },
            { path: "clubs/all", element: PAGES.allClubs },
            { path: "clubs/:club", element: PAGES.club },
            { path: "clubs/:club/offline", element: PAGES.clubOffline },
            { path: "clubs/:club/recorded/:video", element: PAGES.recordedMatch },
            { path: "clubs/:club/recorded/:video/annotate", element: PAGES.annotate },
            { path: "scheduler", element: PAGES.scheduler },
            { path: "recorded", element: PAGES.recorded },
            { path: "recorded/clips", element: PAGES.clips },
            { path: "recorded/summaries", element: PAGES.summaries },
            { path: "offline", element: PAGES.offline },
            { path: "teams", element: PAGES.teams },
            { path: "users", element: PAGES.users },
            { path: "users/:id", element: PAGES.user },
            { path: "streams", element: PAGES.streams },
            { path: "streams/go-live", element: PAGES.goLive },
            { path: "monitoring", element: PAGES.monitoring },
            { path: "system", element: PAGES.system },
            { path: "access", element: PAGES.access },
            { path: "access/clients", element: PAGES.apiClients },
            { path: "sports", element: <LocalRedirect to="/dashboard/configuration/sports" /> },
            {
              path: "configuration",
              element: PAGES.configurationLayout,
              children: [
                { index: true, element: PAGES.configurations },
                { path: "cameras", element: PAGES.cameras },
                { path: "cameras/:id", element: PAGES.camera },
                { path: "computers", element: PAGES.computers },
                { path: "fields", element: PAGES.fields },
                { path: "fields/:id", element: PAGES.field },
                { path: "routers", element: PAGES.routers },
                { path: "sports", element: PAGES.configurationSports },
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
