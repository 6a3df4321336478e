import { defineConfig } from "vitest/config";

// One run over every workspace. Server and worker tests talk to real Postgres
// and Redis (see packages/testkit); each test file gets a database of its own.
export default defineConfig({
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    projects: [
      {
        test: {
          name: "shared",
          include: ["packages/shared/test/**/*.test.ts"],
          environment: "node",
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
    ],
  },
});
