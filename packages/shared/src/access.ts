// Scopes, permissions and the dashboard menu of spec section 6: one table,
// used by the server's policy module and by the web client's menu and guards.

export const STORED_SCOPES = ["clubmember", "player", "trainer", "club", "system"] as const;
export type StoredScope = (typeof STORED_SCOPES)[number];
/** 'user' is the scope of a visitor who is not logged in. */
export type Scope = StoredScope | "user";
export const DEFAULT_NEW_USER_SCOPE: StoredScope = "player";
/** The scopes whose users may enter the score of a match (canScore below; camera controllers may too). */
const SCORE_SCOPES: readonly Scope[] = ["trainer", "club", "system"];

export const PERMISSIONS = {
  schedulerAll: "scheduler.all",
  usersAll: "users.all",
} as const;

export const DASHBOARD_SECTIONS = [
  "dashboard",
  "recorded",
  "scheduler",
  "offline",
  "teams",
  "users",
  "system",
  "streams",
  "configuration",
  "clubs",
  "clubs/all",
  "monitoring",
  "access",
] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

interface ScopeAccess {
  menu: readonly DashboardSection[];
  restricted: readonly DashboardSection[];
}

const MEMBER_ACCESS: ScopeAccess = {
  menu: ["dashboard", "recorded"],
  // Section 6 table, plus the system-only pages the spec leaves unstated.
  restricted: [
    "configuration",
    "teams",
    "streams",
    "users",
    "clubs",
    "clubs/all",
    "scheduler",
    "offline",
    "monitoring",
    "access",
    "system",
  ],
};

export const SCOPE_ACCESS: Record<Scope, ScopeAccess> = {
  user: { menu: [], restricted: [...DASHBOARD_SECTIONS] },
  clubmember: MEMBER_ACCESS,
  player: MEMBER_ACCESS,
  trainer: MEMBER_ACCESS,
  club: {
    // Streams: their own club's live and upcoming matches and camera previews (the media gateway).
    menu: ["dashboard", "scheduler", "streams", "offline", "recorded", "teams", "users", "system"],
    restricted: ["configuration", "clubs", "clubs/all", "monitoring", "access"],
  },
  system: {
    menu: ["dashboard", "streams", "configuration", "clubs", "users", "monitoring"],
    restricted: [],
  },
};

/** Sections a permission lifts from the restricted list and adds to the menu. */
const PERMISSION_GRANTS: Record<string, readonly DashboardSection[]> = {
  [PERMISSIONS.schedulerAll]: ["scheduler", "offline"],
  [PERMISSIONS.usersAll]: ["users"],
};

export interface Actor {
  scope: Scope;
  permissions: readonly string[];
}

function grantedSections(permissions: readonly string[]): Set<DashboardSection> {
  return new Set(permissions.flatMap((p) => PERMISSION_GRANTS[p] ?? []));
}

/**
 * The section whose staff manage a club's clips and summaries (issue 14): who runs the club's
 * recordings. Members and players see clips of their own markers and watch what is shared with them.
 */
export const CLIPS_SECTION: DashboardSection = "scheduler";

/** The clubs a match belongs to, for the rule below: its owner, the club it is shared with, and its two sides. */
export interface MatchClubs {
  club: number;
  sharedWith: number | null;
  sharedOpponent: boolean;
  home: number | null;
  away: number | null;
}

/** The clubs whose staff may annotate a match: its own, the club it is shared with, and the opponent it is shared with. */
export function annotatingClubs(match: MatchClubs): number[] {
  const opponents = match.sharedOpponent ? [match.home, match.away] : [];
  return [match.club, match.sharedWith, ...opponents].filter((club): club is number => club !== null);
}

/**
 * Who may annotate a match, and so make the worker cut video (markers, clips, summaries; issue 25):
 * the clips staff (CLIPS_SECTION) of a club in annotatingClubs, or a system admin. Anyone else may
 * watch what is shared with them, never queue a cut.
 */
export function canAnnotate(user: Actor, userClubId: number | null, match: MatchClubs): boolean {
  if (user.scope === "system") return true;
  if (userClubId === null || !canOpenSection(user, CLIPS_SECTION)) return false;
  return annotatingClubs(match).includes(userClubId);
}

/**
 * Who may enter a match's score (spec section 6; issue 27): a system admin any match's, a trainer or club
 * admin a match their club owns or plays in. Players, members and visitors never: they see no score control,
 * and the score API answers them 403. (A match's own camera controller may too; the server checks that one.)
 */
export function canScore(user: { scope: Scope }, userClubId: number | null, match: MatchClubs): boolean {
  if (!SCORE_SCOPES.includes(user.scope)) return false;
  if (user.scope === "system") return true;
  return userClubId !== null && [match.club, match.home, match.away].includes(userClubId);
}

export function menuFor(actor: Actor): DashboardSection[] {
  const granted = grantedSections(actor.permissions);
  const menu: DashboardSection[] = [...SCOPE_ACCESS[actor.scope].menu];
  for (const section of DASHBOARD_SECTIONS) if (granted.has(section) && !menu.includes(section)) menu.push(section);
  return menu;
}

export function canOpenSection(actor: Actor, section: DashboardSection): boolean {
  if (actor.scope === "user") return false;
  if (!SCOPE_ACCESS[actor.scope].restricted.includes(section)) return true;
  return grantedSections(actor.permissions).has(section);
}

/**
 * Whether a user may open the dashboard pages of a club (/dashboard/clubs/{id}/…): system admins any club's,
 * everyone else only their own club's; another club's pages are restricted routes (issue 16).
 */
export function canOpenClubPages(user: { scope: Scope; club: { id: number } | null }, clubId: number): boolean {
  return user.scope === "system" || user.club?.id === clubId;
}

export function hasDashboard(scope: Scope): boolean {
  return scope !== "user";
}

/** Club configurations are loaded only when the scope is not clubmember or player. */
export function loadsClubConfigurations(scope: Scope): boolean {
  return scope !== "clubmember" && scope !== "player" && scope !== "user";
}

/** How far a scope reaches when managing users: nobody grants or manages a scope above their own. */
const SCOPE_RANK: Record<StoredScope, number> = { clubmember: 0, player: 0, trainer: 0, club: 1, system: 2 };

/** The scopes a user of `scope` may give to (or manage in) another user. */
export function grantableScopes(scope: Scope): StoredScope[] {
  if (scope === "user") return [];
  return STORED_SCOPES.filter((candidate) => SCOPE_RANK[candidate] <= SCOPE_RANK[scope]);
}
