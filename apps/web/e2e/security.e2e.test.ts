// What the browser enforces for us, in real Chromium: the Content Security Policy
// refuses injected inline script (and the CSP guard notices), the API docs work
// under their own policy, and page scripts cannot read the sign-in token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from "@clubcast/shared";
import { launchBrowser } from "@clubcast/testkit/browser";
import { newVisitor, takeCspViolations } from "./support/browser.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { club, createUser } from "./support/seed.ts";

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe("the Content Security Policy", () => {
  it("refuses an injected inline script, and the guard of every browser test reports it", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/`);
    await page.getByRole("heading", { level: 2, name: "Live now" }).waitFor();
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.head.append(script);
      return "injected" in window;
    });
    expect(ran).toBe(false);
    await expect
      .poll(() => takeCspViolations(), { timeout: 5_000 })
      .toEqual([`script-src-elem refused inline on ${platform.url}/`]);
    await context.close();
  });

  it("lets Swagger UI show the API at /docs", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/docs`);
    await page
      .getByRole("heading", { name: /Clubcast/ })
      .first()
      .waitFor();
    await page.locator(".opblock-tag").first().waitFor();
    await context.close();
  });
});

describe("the sign-in token", () => {
  it("is an httpOnly cookie page scripts cannot read; the page's writes carry the CSRF token", async () => {
    const { id: clubId } = await club(platform.prisma, "FC Groen Wit");
    const user = await createUser(platform.prisma, { scope: "club", clubId });
    const page = await signInToDashboard(browser, platform.url, user.email);
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false });
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toContain(session!.value);
    expect(visible).toContain(`${CSRF_COOKIE}=`);

    // A write from the page without the CSRF header (what a forged request amounts to) is refused.
    const forged = await page.evaluate(() => fetch("/v1/logout", { method: "POST" }).then((answer) => answer.status));
    expect(forged).toBe(403);
    const csrf = cookies.find((cookie) => cookie.name === CSRF_COOKIE)!.value;
    const allowed = await page.evaluate(
      ([header, value]) => fetch("/v1/logout", { method: "POST", headers: { [header]: value } }).then((a) => a.status),
      [CSRF_HEADER, csrf] as const,
    );
    expect(allowed).toBe(200);
    await page.context().close();
  });
});
