// What the dashboard's browser journeys share: waiting for a toast, a quiet
// page before a screenshot, and screenshots checked by axe-core at each size.
import type { Page } from "playwright-core";
import { expectAccessible } from "./axe.ts";
import { screenshots } from "./browser.ts";

/** A toast's text (toasts disappear after 2 s, so wait for it right after the action). */
export const toast = (page: Page, text: string) => page.locator(".toasts").getByText(text, { exact: true }).waitFor();

/** Before a screenshot: the menu has hidden itself again, toasts are gone, and the page is at its top. */
export async function quiet(page: Page) {
  // The toggle is hidden on wide screens, yet says whether the menu is open.
  await page
    .getByRole("button", { name: "Toggle navigation", includeHidden: true })
    .and(page.locator('[aria-expanded="false"]'))
    .waitFor({ state: "attached" });
  await page.locator(".toast").first().waitFor({ state: "detached" });
  // A new viewport slides the menu to its place for that size.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Screenshots at desktop and phone size, each after axe-core found no WCAG AA violation at that size. */
export const shoot = (page: Page, name: string, settle: ((page: Page) => Promise<void>) | null = quiet) =>
  screenshots(page, name, async (current) => {
    await settle?.(current);
    await expectAccessible(current, `${name} at ${current.viewportSize()?.width ?? 0} px`);
  });
