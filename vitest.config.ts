import { defineConfig } from "vitest/config";

// One run over every workspace. Server and worker tests talk to real Postgres
// and Redis (see packages/testkit); each test file gets a database of its own.
//
// The run goes in three steps, one after the other: the unit, server, worker
// and web files three at a time (they mostly wait on Postgres, Redis and
// ffmpeg, so three keep two cores busy; vitest's default on two cores is one),
// then the media gateway's files alone, then the browser files two at a time.
// Files that cannot share the machine say so with fileParallelism: false.
export default defineConfig({
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "shared",
          // The packages' unit tests: no Postgres, no Redis.
          include: [
            "packages/shared/test/**/*.test.ts",
            "packages/domain/test/**/*.test.ts",
            "packages/media-store/test/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        // The start script's supervisor, with real child processes; whole instances started by npm start.
        // One file at a time: the instances' files and the production build each make the web build
        // if it is stale, and two Vite builds must not write apps/web/dist at once.
        test: {
          name: "scripts",
          include: ["scripts/test/**/*.test.ts"],
          environment: "node",
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["packages/testkit/src/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "worker",
          include: ["apps/worker/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["packages/testkit/src/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The media gateway: real nginx-rtmp and ffmpeg publishing over RTMP and SRT, played in Chromium.
        // Live video has to keep up with the clock, so these files run one at a time, after the
        // unit, server, worker and web files (groupOrder), with the machine's two cores to themselves.
        test: {
          name: "media",
          include: ["apps/media/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["packages/testkit/src/global-setup.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/web/{src,build}/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["apps/web/test/setup.ts"],
          // Typing a form into jsdom takes seconds when the server and media projects share the two cores.
          testTimeout: 20_000,
        },
      },
      {
        // Real Chromium against the real server serving the built web client. Each file has a platform
        // of its own (database, port, Redis prefix, media folder), so two run at once, after the media files.
        test: {
          name: "browser",
          include: ["apps/web/e2e/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["packages/testkit/src/global-setup.ts", "apps/web/e2e/global-setup.ts"],
          setupFiles: ["apps/web/e2e/support/csp-guard.ts"],
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
