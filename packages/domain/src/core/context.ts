import type { LocaleCode, StoredScope } from "@clubcast/shared";
import type { CacheMoment } from "./read-cache.ts";

/** The signed-in user a request acts for. */
export interface AuthUser {
  id: number;
  email: string;
  scope: StoredScope;
  clubId: number | null;
  teamIds: number[];
  /** Names of the permissions of the user's roles. */
  permissions: string[];
}

/**
 * A machine signed in with API-client credentials: the camera controller of one
 * configuration, or the media gateway (configurationId and clubId null), which
 * reports for every configuration of the gateway camera type.
 */
export interface CameraClient {
  apiClientId: number;
  configurationId: number | null;
  clubId: number | null;
}

/** Who is calling and how, as every service sees it (transport-free). */
export interface RequestContext {
  user: AuthUser | null;
  client: CameraClient | null;
  /** The bearer token presented, if any (logout revokes it). */
  token: string | null;
  locale: LocaleCode;
  ip: string;
  /**
   * When signed in: the read cache's moment the caller was authenticated at,
   * before the request wrote anything; its cached reads may answer from data
   * committed up to then (they share the caller's version read).
   */
  cacheMoment?: CacheMoment;
}

export function anonymousContext(locale: LocaleCode = "en", ip = "127.0.0.1"): RequestContext {
  return { user: null, client: null, token: null, locale, ip };
}
