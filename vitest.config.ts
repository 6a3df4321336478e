import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const MEDIA_BESIDE = "media-beside";
const MEDIA_BESIDE_FILES = ["apps/media/test/srt-lossy.test.ts", "apps/media/test/restart.test.ts"];

/**
 * Vitest starts the biggest files first (without timings of an earlier run): the gateway files that run
 * beside the others are small files that take minutes, so they go first, or they would end the step late.
 */
class SlowWaitsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (file: TestSpecification) => (file.project.name === MEDIA_BESIDE ? 0 : 1);
    return sorted.sort((a, b) => first(a) - first(b));
  }
}

// One run over every workspace. Server and worker tests talk to real Postgres
// and Redis (see packages/testkit); each test file gets a database of its own.
//
// The run goes in three steps, one after the other: the unit, server, worker
// and web files three at a time (they mostly wait on Postgres, Redis and
// ffmpeg, so three keep two cores busy; vitest's default on two cores is one),
// with the gateway files that mostly wait among them (first); then the other
// media gateway files alone, then the browser files two at a time.
// Files that cannot share the machine say so with fileParallelism: false.
// The server, worker and gateway files start their app in-process and share their worker's modules
// (isolate: false): importing the app again for every file was half of a file's time. Each file still
// has its own database, Redis prefix and media folder; the web files mock modules, so they stay isolated.
export default defineConfig({
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    sequence: { sequencer: SlowWaitsFirst },
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
          isolate: false,
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
          isolate: false,
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
          isolate: false,
          include: ["apps/media/test/**/*.test.ts"],
          exclude: MEDIA_BESIDE_FILES,
          environment: "node",
          globalSetup: ["packages/testkit/src/global-setup.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Gateway files that mostly wait on the clock with one or two light passthrough streams (SRT held
        // over a lossy link for minutes, a gateway restarted mid-match): they run first among the unit,
        // server and worker files (SlowWaitsFirst) instead of holding up the media step.
        test: {
          name: MEDIA_BESIDE,
          isolate: false,
          include: MEDIA_BESIDE_FILES,
          environment: "node",
          globalSetup: ["packages/testkit/src/global-setup.ts"],
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
          // A page polled for what it shows may take seconds to load while another file's platform runs
          // beside it: expect.poll's own default (1 s) made a heading look missing in CI.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
