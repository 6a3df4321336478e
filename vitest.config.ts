import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const MEDIA_BESIDE = "media-beside";
const MEDIA_BESIDE_FILES = ["apps/media/test/srt-lossy.test.ts", "apps/media/test/restart.test.ts"];
/**
 * Gateway files that transcode several cameras or a 720p ladder: each has the two cores to itself. (ingest's
 * HEVC refusal over SRT, once timed out on a busy machine, is decided by relay token since, and runs paired.)
 */
const MEDIA_ALONE_FILES = ["apps/media/test/recording.test.ts", "apps/media/test/stream-mix.test.ts"];

/**
 * The order files start in. Vitest runs a step's projects by name and, without timings of an earlier
 * run (CI's clone has none), the biggest files first; that left the worker's files, the longest, to the
 * end of the first step, one core idle behind them. So: the gateway files that run beside the others
 * first (small files that take minutes), then the worker's, the server's, the web client's, the rest.
 */
const PROJECTS_FIRST = [MEDIA_BESIDE, "worker", "server", "web"];

class LongestProjectsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = PROJECTS_FIRST.indexOf(file.project.name);
      return index === -1 ? PROJECTS_FIRST.length : index;
    };
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

// One run over every workspace. Server and worker tests talk to real Postgres
// and Redis (see packages/testkit); each test file gets a database of its own.
//
// The run goes in four steps, one after the other: the unit, server, worker
// and web files three at a time (they mostly wait on Postgres, Redis and
// ffmpeg, so three keep two cores busy; vitest's default on two cores is one),
// with the gateway files that mostly wait among them (first); then the media
// gateway files that transcode most alone, the other gateway files two at a
// time, and the browser files two at a time.
// Files that cannot share the machine say so with fileParallelism: false.
// The server, worker, gateway and browser files start their app in-process (the browser files its gateway)
// and share their worker's modules (isolate: false): importing the app again for every file was half of a
// file's time. Each file still has its own database, Redis prefix and media folder; the web files mock
// modules, so they stay isolated.
export default defineConfig({
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    sequence: { sequencer: LongestProjectsFirst },
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
        // Live video has to keep up with the clock: the files that transcode several cameras or a 720p
        // ladder run one at a time, after the unit, server, worker and web files (groupOrder), with the
        // machine's two cores to themselves.
        test: {
          name: "media",
          isolate: false,
          include: MEDIA_ALONE_FILES,
          environment: "node",
          globalSetup: ["packages/testkit/src/global-setup.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The other gateway files (passthrough streams, or one small camera through the ladder) two at a time.
        test: {
          name: "media-paired",
          isolate: false,
          include: ["apps/media/test/**/*.test.ts"],
          exclude: [...MEDIA_ALONE_FILES, ...MEDIA_BESIDE_FILES],
          environment: "node",
          globalSetup: ["packages/testkit/src/global-setup.ts"],
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
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
          // Each file still starts its own platform and Chromium; what the files share is their worker's
          // modules (playwright, Prisma, the gateway), imported once per worker instead of once per file.
          isolate: false,
          include: ["apps/web/e2e/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["packages/testkit/src/global-setup.ts", "apps/web/e2e/global-setup.ts"],
          setupFiles: ["apps/web/e2e/support/csp-guard.ts"],
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
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
