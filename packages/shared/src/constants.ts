// Business constants and limits of spec section 9. Import them; never re-type them.

export const APP_VERSION = "2.7.2";
export const DESKTOP_APP_VERSION = "1.6.14";

export const LOCALES = ["en", "nl", "de"] as const;
export type LocaleCode = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: LocaleCode = "en";
export const LOCALE_ISO: Record<LocaleCode, string> = { en: "en-US", nl: "nl-NL", de: "de-DE" };
export const LOCALE_COOKIE_DAYS = 365;

export const AUTH_COOKIE_PREFIX = "auth.";
export const TOKEN_TYPE = "Bearer";
/** The web client's sign-in token: an httpOnly cookie the server sets, never read by page scripts. */
export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}_token.local`;
/**
 * Double-submit CSRF protection of cookie-authenticated writes: the server sets this readable
 * cookie next to the session cookie, and the web client echoes it in CSRF_HEADER.
 */
export const CSRF_COOKIE = "XSRF-TOKEN";
export const CSRF_HEADER = "X-XSRF-TOKEN";

/** The range of PostgreSQL's integer columns (ids, positions in milliseconds, counts). */
export const MAX_INT = 2_147_483_647;
export const MIN_INT = -2_147_483_648;

export const PAGINATION = {
  defaultPage: 1,
  defaultLimit: 20,
  maxLimit: 100,
  /** Live and upcoming stream lists. */
  streamsLimit: 10,
} as const;

export const HOME_LISTS = { slider: 5, live: 7, upcoming: 8, vod: 7 } as const;

export const SEARCH_DEBOUNCE_MS = 200;
export const TOAST_DURATION_MS = 2000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const MENU_AUTO_HIDE_MS = 1500;
export const MENU_HIDE_DEBOUNCE_MS = 200;
export const MENU_SHOW_DEBOUNCE_MS = 500;
export const ANNOTATION_CLIP_LENGTH = 20;
/**
 * A configuration, camera, computer or router is online while its last heartbeat is at most this old
 * (not in the spec; issue 16). Controllers and the media gateway report every 30 s: three missed is offline.
 */
export const HEARTBEAT_ONLINE_WITHIN_S = 90;
/** Start recording asks for confirmation when the match's kick-off is further away than this (issue 16). */
export const EARLY_RECORDING_CONFIRM_MINUTES = 30;

export const DEFAULT_TIMEZONE = "Europe/Amsterdam";
export const DEFAULT_COUNTRY = "Netherlands";
export const DEFAULT_COUNTRY_SHORT = "NL";
/** The largest club logo accepted (decoded bytes); larger uploads answer 413. */
export const CLUB_LOGO_MAX_BYTES = 512 * 1024;
/** The club logo formats accepted: raster images only, since an SVG can carry script. */
export const CLUB_LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

export const PROGRESS_BAR = { throttleMs: 200, durationMs: 5000, heightPx: 2 } as const;
export const SLIDE_ANIMATION_S = 0.3;
// The web client's CSS gets the layout values below as variables and custom media (apps/web/build/layout-css.ts).
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1920, mobileMax: 1023, large: 1500 } as const;
export const TOP_BAR_HEIGHT = { desktop: 80, mobile: 45 } as const;
/** Share of the screen's width the open side navigation takes: on every screen, and on large ones. */
export const SIDE_NAV_WIDTH_PERCENT = { default: 20, large: 15 } as const;
export const FRONT_PAGE_WIDTH = 1200;

/** Greeting by time of day: morning before 12, afternoon 12 to 17, evening after. */
export function greetingFor(hour: number): "morning" | "afternoon" | "evening" {
  if (hour < 12) return "morning";
  if (hour < 17) return "afternoon";
  return "evening";
}

export const SPORT_TYPES = [
  "basketball",
  "figure_skating",
  "floorball",
  "football",
  "football_tactical",
  "futsal",
  "handball",
  "hockey",
  "icehockey",
  "rugby",
  "rugby_tactical",
  "volleyball",
  "waterpolo",
] as const;
export type SportType = (typeof SPORT_TYPES)[number];

/** Annotation frame rates (frames per second). */
export const FRAME_RATES = {
  PAL: 25,
  NTSC: 30000 / 1001,
  PALp: 50,
  NTSCp: 60000 / 1001,
} as const;

/** Camera defaults of a new match (spec section 3). */
export const MATCH_DEFAULTS = {
  cameraView: "media",
  cameraPlayerTracking: "auto",
  cameraFocus: "centre",
  createSummary: true,
} as const;

/** Defaults of a new configuration (spec sections 3 and 4). */
export const CONFIGURATION_DEFAULTS = {
  isMain: true,
  passthrough: false,
  overlays: "usflogo",
  livestream: "srt",
  cameraType: "SA_PRO",
} as const;
