// axe-core in the page under test: no violation of WCAG 2.0/2.1 A and AA may
// remain. A failure names each rule with the elements that break it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { VIEWPORTS } from "./browser.ts";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core over the whole page, once its transitions have ended, and fails with what it found. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // A dialog still fading in has colours halfway to its own: contrast is judged on the finished page.
  // (Endless ones, a pulsing live dot, a spinner, are left running.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated, not added as a <script>: the page's Content Security Policy rightly refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { runOnly: { type: "tag", values: tags } })) as {
      violations: Violation[];
    };
    return result.violations.map(({ id, help, nodes }) => ({
      id,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, WCAG_AA);
  if (violations.length === 0) return;
  const report = violations
    .map(
      (violation) =>
        `${violation.id}: ${violation.help}\n` +
        violation.nodes.map((node) => `  ${node.target.join(" ")} — ${node.failureSummary ?? ""}`).join("\n"),
    )
    .join("\n");
  throw new Error(`axe-core found WCAG AA violations on ${what}:\n${report}`);
}

/** expectAccessible at every size of VIEWPORTS (a phone's layout is another page), then back to the page's own. */
export async function expectAccessibleAtEverySize(page: Page, what: string): Promise<void> {
  const own = page.viewportSize();
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${what} (${size})`);
  }
  if (own) await page.setViewportSize(own);
}
