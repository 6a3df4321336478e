// The dashboard's sections as the frame shows them: route, label and icon.
import { DASHBOARD_SECTIONS, type DashboardSection, type Scope } from "@clubcast/shared";
import { DASHBOARD_HOME } from "../auth/paths.ts";
import { stripLocale } from "../i18n/locale.ts";
import type { IconName } from "../ui/Icon.tsx";

export const SECTION_ICONS: Record<DashboardSection, IconName> = {
  dashboard: "grid",
  recorded: "video",
  scheduler: "calendarClock",
  offline: "layers",
  teams: "users",
  users: "user",
  system: "settings",
  streams: "broadcast",
  configuration: "settings",
  clubs: "trophy",
  "clubs/all": "globe",
  monitoring: "activity",
  access: "key",
};

export function sectionPath(section: DashboardSection): string {
  return section === "dashboard" ? DASHBOARD_HOME : `/dashboard/${section}`;
}

/** The section a dashboard path belongs to (`/nl/dashboard/clubs/all` → clubs/all), or null when it names none. */
export function sectionOf(pathname: string): DashboardSection | null {
  const [first = "", second = "", third = ""] = stripLocale(pathname)
    .replace(/^\/dashboard\/?/, "")
    .split("/");
  if (first === "") return "dashboard";
  if (first === "clubs" && second === "all") return "clubs/all";
  // A club's recorded matches (and their annotation) and its offline recordings are those sections' pages.
  if (first === "clubs" && (third === "recorded" || third === "offline")) return third;
  return (DASHBOARD_SECTIONS as readonly string[]).includes(first) ? (first as DashboardSection) : null;
}

/** The club whose pages a dashboard path shows (`/dashboard/clubs/1/recorded/23` → 1), or null. */
export function clubOf(pathname: string): number | null {
  const found = /^\/dashboard\/clubs\/([1-9][0-9]*)(?:\/|$)/.exec(stripLocale(pathname));
  return found ? Number(found[1]) : null;
}

type SectionLabelKey =
  `dashboard.sections.${"your_users" | "your_teams" | Exclude<DashboardSection, "clubs/all"> | "clubs_all"}`;

/** The translation key of a section's label; the club scope reads 'your users' and 'your teams' (spec section 6). */
export function sectionLabelKey(section: DashboardSection, scope: Scope): SectionLabelKey {
  if (scope === "club" && (section === "users" || section === "teams")) return `dashboard.sections.your_${section}`;
  return section === "clubs/all" ? "dashboard.sections.clubs_all" : `dashboard.sections.${section}`;
}
