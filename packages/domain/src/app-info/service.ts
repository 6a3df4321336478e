// What the platform tells about itself: the application version (shown in the
// web client's footer) and the desktop app's version and download links, which
// are configuration (spec sections 1 and 2, /analyze/download).
import { APP_VERSION } from "@clubcast/shared";
import { loadSettings } from "@clubcast/settings";
import type { AppInfo } from "./schemas.ts";

const DOWNLOAD_BASE = "https://downloads.clubcast.app/desktop";

/** Download links from DESKTOP_APP_* variables, defaulting to the release of the configured version. */
export function appInfoFromEnv(env: NodeJS.ProcessEnv): AppInfo {
  const settings = loadSettings(env);
  const version = settings.DESKTOP_APP_VERSION;
  const release = `${DOWNLOAD_BASE}/${version}/Clubcast-${version}`;
  return {
    version: APP_VERSION,
    desktop_app: {
      version,
      mac_arm: settings.DESKTOP_APP_MAC_ARM_URL ?? `${release}-arm64.dmg`,
      mac_intel: settings.DESKTOP_APP_MAC_INTEL_URL ?? `${release}-x64.dmg`,
      windows: settings.DESKTOP_APP_WINDOWS_URL ?? `${release}-setup.exe`,
    },
  };
}

export function createAppInfoService(env: NodeJS.ProcessEnv = process.env) {
  // Read once at start-up, like the rest of the configuration.
  const answer = { data: appInfoFromEnv(env) };
  return {
    get: async (): Promise<{ data: AppInfo }> => answer,
  };
}

export type AppInfoService = ReturnType<typeof createAppInfoService>;
