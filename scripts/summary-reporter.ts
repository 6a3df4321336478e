// Prints the run's closing line in the plain form CI reads: "Tests: N passed, N failed".
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
    }
    const failedModules = testModules.filter((m) => m.state() === "failed" && m.children.size === 0).length;
    process.stdout.write(
      `\nTests: ${passed} passed, ${failed + failedModules} failed${skipped ? `, ${skipped} skipped` : ""}\n`,
    );
  }
}
