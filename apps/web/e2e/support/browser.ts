// Visitors in real Chromium (launched by @clubcast/testkit/browser), and
// screenshots at desktop and phone size into test-output/web/.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";

export const OUTPUT_DIR = fileURLToPath(new URL("../../../../test-output/web/", import.meta.url));

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Content Security Policy violations seen by any visitor since the last take (see csp-guard.ts). */
const cspViolations: string[] = [];

/** The violations seen so far, forgotten once taken. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * Records every CSP violation in the visitor's pages, as their securitypolicyviolation events
 * (Chromium's "Refused to …" console reports don't reach playwright's console event).
 */
async function watchContentSecurityPolicy(context: BrowserContext): Promise<void> {
  await context.exposeBinding("__reportCspViolation", (_source, report: string) => cspViolations.push(report));
  await context.addInitScript(() => {
    const page = window as unknown as { __reportCspViolation(report: string): Promise<void> };
    document.addEventListener("securitypolicyviolation", ({ effectiveDirective, blockedURI, documentURI }) => {
      void page.__reportCspViolation(`${effectiveDirective} refused ${blockedURI} on ${documentURI}`);
    });
  });
}

/** A fresh visitor: no cookies, English browser, Amsterdam clock, desktop size, CSP violations recorded. */
export async function newVisitor(browser: Browser, options: { locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.desktop,
    locale: options.locale ?? "en-US",
    timezoneId: "Europe/Amsterdam",
  });
  await watchContentSecurityPolicy(context);
  return context;
}

/** Saves the page at 1280×800 and at 390×844 as test-output/web/<name>-<width>x<height>.png. */
export async function screenshots(page: Page, name: string, settle?: (page: Page) => Promise<void>): Promise<void> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    await page.setViewportSize(viewport);
    await settle?.(page);
    await page.screenshot({
      path: join(OUTPUT_DIR, `${name}-${viewport.width}x${viewport.height}.png`),
      fullPage: true,
      // A full-page capture resizes the page, which can restart CSS transitions: capture them finished.
      animations: "disabled",
    });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}
