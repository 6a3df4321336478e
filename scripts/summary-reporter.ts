// Prints the run's closing lines in the plain form CI reads: "Tests: N passed, N failed", and before it
// each file that did not pass and each error outside a test. CI keeps only the end of the output, and
// vitest names a worker that died ("Worker exited unexpectedly") without the file it was running.
import { relative } from "node:path";
import type { Reporter, SerializedError, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
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
    const lines: string[] = [];
    for (const module of testModules) {
      const state = module.state();
      if (state === "passed" || state === "skipped") continue;
      const { heap } = module.diagnostic();
      const heapNote = heap ? `, heap ${Math.round(heap / 2 ** 20)} MB` : "";
      lines.push(`File ${state}: [${module.project.name}] ${relative(process.cwd(), module.moduleId)}${heapNote}`);
    }
    for (const error of unhandledErrors) lines.push(`Error outside a test: ${error.message}`);
    const failedModules = testModules.filter((m) => m.state() === "failed" && m.children.size === 0).length;
    lines.push(`Tests: ${passed} passed, ${failed + failedModules} failed${skipped ? `, ${skipped} skipped` : ""}`);
    process.stdout.write(`\n${lines.join("\n")}\n`);
  }
}
