// The pages of the web client (spec section 2), as path patterns relative to a
// locale prefix: "" is the home page, ":name" stands for one path segment. The
// web's router builds its routes from these and the server answers 404 for any
// other path, while still sending the client's not-found page.
import { DEFAULT_LOCALE, LOCALES } from "./constants.ts";

export const WEB_PAGES = {
  home: "",
  matches: "matches",
  match: "matches/:match",
  sports: "sports",
  sport: "sports/:sport",
  download: "analyze/download",
  login: "auth/login",
  register: "auth/register",
  forgot: "auth/forgot",
  reset: "auth/reset",
  dashboard: "dashboard",
  myClubs: "dashboard/clubs",
  allClubs: "dashboard/clubs/all",
  club: "dashboard/clubs/:club",
  clubOffline: "dashboard/clubs/:club/offline",
  recordedMatch: "dashboard/clubs/:club/recorded/:video",
  annotate: "dashboard/clubs/:club/recorded/:video/annotate",
  scheduler: "dashboard/scheduler",
  recorded: "dashboard/recorded",
  clips: "dashboard/recorded/clips",
  summaries: "dashboard/recorded/summaries",
  offline: "dashboard/offline",
  teams: "dashboard/teams",
  users: "dashboard/users",
  user: "dashboard/users/:id",
  streams: "dashboard/streams",
  goLive: "dashboard/streams/go-live",
  monitoring: "dashboard/monitoring",
  system: "dashboard/system",
  access: "dashboard/access",
  apiClients: "dashboard/access/clients",
  dashboardSports: "dashboard/sports",
  configurations: "dashboard/configuration",
  cameras: "dashboard/configuration/cameras",
  camera: "dashboard/configuration/cameras/:id",
  computers: "dashboard/configuration/computers",
  fields: "dashboard/configuration/fields",
  field: "dashboard/configuration/fields/:id",
  routers: "dashboard/configuration/routers",
  configurationSports: "dashboard/configuration/sports",
} as const;

/** Routes that only lead to their dashboard page (spec section 2). */
export const SHORT_ROUTES = ["recorded", "scheduler", "system", "teams", "users"] as const;

/** Every page pattern, short routes included. */
export const WEB_PAGE_PATTERNS: readonly string[] = [...Object.values(WEB_PAGES), ...SHORT_ROUTES];

/** `pattern` relative to `base` ("dashboard/clubs/:club" under "dashboard" is "clubs/:club"). */
export function webPagePath(pattern: string, base: string): string {
  if (!pattern.startsWith(`${base}/`)) throw new Error(`${pattern} is not under ${base}`);
  return pattern.slice(base.length + 1);
}

function matchesPattern(segments: string[], pattern: string): boolean {
  const parts = pattern === "" ? [] : pattern.split("/");
  return parts.length === segments.length && parts.every((part, i) => part.startsWith(":") || part === segments[i]);
}

/** Whether a URL path (without query) is a page of the web client, in any locale. */
export function isWebPage(path: string): boolean {
  const segments = path.split("/").filter((segment) => segment !== "");
  const [first] = segments;
  const localized = LOCALES.some((locale) => locale !== DEFAULT_LOCALE && locale === first);
  const rest = localized ? segments.slice(1) : segments;
  return WEB_PAGE_PATTERNS.some((pattern) => matchesPattern(rest, pattern));
}
