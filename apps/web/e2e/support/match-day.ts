// A browser file's match day: the whole platform with its media gateway and
// worker, Chromium, and FC Groen Wit at home to VV De Zwaluwen, started before
// the file's tests and stopped after them; a failing test prints the gateway's
// log. The file's camera is stopped first (`stopCamera`), while the gateway
// still runs.
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "@clubcast/testkit/browser";
import { startPlatform, type Platform } from "./platform.ts";
import { club, gatewayMatch, type SeededClub } from "./seed.ts";

export interface MatchDay {
  platform: Platform;
  browser: Browser;
  home: SeededClub;
  away: SeededClub;
  /** The match of the day, scheduled on a gateway camera of the home club that publishes with `streamKey`. */
  gatewayMatch(camera: { streamKey: string; cameraId: string; passthrough: boolean }): ReturnType<typeof gatewayMatch>;
}

export function useMatchDay(stopCamera: () => Promise<void> | void): MatchDay {
  const day = {
    gatewayMatch: (camera) => gatewayMatch(day.platform.prisma, { home: day.home, away: day.away, ...camera }),
  } as MatchDay;
  beforeAll(async () => {
    [day.platform, day.browser] = await Promise.all([
      startPlatform({ mediaGateway: true, worker: true }),
      launchBrowser(),
    ]);
    day.home = await club(day.platform.prisma, "FC Groen Wit");
    day.away = await club(day.platform.prisma, "VV De Zwaluwen");
  });
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.log(`gateway log:\n${day.platform.gatewayLog()}`)));
  afterAll(async () => {
    await stopCamera();
    await day.browser?.close();
    await day.platform?.stop();
  });
  return day;
}
