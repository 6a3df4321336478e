// Signing in and out in real Chromium against the real server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser } from "@clubcast/testkit/browser";
import { newVisitor, screenshots } from "./support/browser.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { club, createUser, TEST_PASSWORD } from "./support/seed.ts";

const TOKEN_COOKIE = "auth._token.local";

let platform: Platform;
let browser: Browser;
let clubId: number;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  clubId = (await club(platform.prisma, "FC Groen Wit")).id;
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const tokenOf = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === TOKEN_COOKIE)?.value ?? null;

describe("signing in", () => {
  it("sends a visitor from a dashboard page to the login page and back after signing in", async () => {
    const user = await createUser(platform.prisma, { scope: "club", clubId, email: "admin@groenwit.test" });
    const context = await newVisitor(browser);
    const page = await context.newPage();

    await page.goto(`${platform.url}/dashboard/`);
    await page.waitForURL("**/auth/login?redirect=/dashboard/");
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    await screenshots(page, "login");

    await page.getByLabel("E-mail address").fill(user.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").getByText("Bad credentials").waitFor();
    expect(await tokenOf(context)).toBeNull();

    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${platform.url}/dashboard/`);
    await page.getByRole("heading", { name: /^Good (morning|afternoon|evening), Test$/ }).waitFor();
    // The token is kept in the auth. cookie and is the server's own.
    const token = await tokenOf(context);
    expect(token).not.toBeNull();
    const me = await fetch(`${platform.url}/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await me.json()).user.email).toBe(user.email);
    // The club admin's menu.
    const menu = page.getByRole("navigation", { name: "Dashboard navigation" });
    expect(await menu.getByRole("link", { name: "Your users" }).count()).toBe(1);
    await screenshots(page, "dashboard-club", async (shot) => {
      // On a phone the navigation is a drawer: show it open once.
      if ((shot.viewportSize()?.width ?? 0) < 1024)
        await shot.getByRole("button", { name: "Toggle navigation" }).click();
    });

    // The public site offers the dashboard and sign out to a signed-in user.
    await page.goto(`${platform.url}/`);
    await page.getByRole("link", { name: "Dashboard" }).first().waitFor();
    expect(await page.getByRole("link", { name: "Sign in" }).count()).toBe(0);
    await context.close();
  });

  it("signs in to the visitor's locale and lands on the redirect target", async () => {
    const user = await createUser(platform.prisma, { scope: "player", clubId });
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/nl/dashboard`);
    await page.waitForURL("**/nl/auth/login?redirect=/nl/dashboard");
    await page.getByLabel("E-mailadres").fill(user.email);
    await page.getByLabel("Wachtwoord").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Inloggen" }).click();
    await page.waitForURL(`${platform.url}/nl/dashboard`);
    await page.getByRole("heading", { name: /^(Goedemorgen|Goedemiddag|Goedenavond), Test$/ }).waitFor();
    await context.close();
  });

  it("creates an account, which then signs in", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/auth/register`);
    await page.getByLabel("First name").fill("Sanne");
    await page.getByLabel("Last name").fill("Jansen");
    await page.getByLabel("E-mail address").fill("sanne@example.test");
    await page.getByLabel("Password", { exact: true }).fill("a long enough password");
    await page.getByLabel("Repeat password").fill("a different password");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("The passwords don't match.").waitFor();
    await screenshots(page, "register");
    await page.getByLabel("Repeat password").fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    // The same answer whether or not the address had an account: the e-mail tells its owner.
    await page.getByText("We've sent an e-mail to this address").waitFor();
    const stored = await platform.prisma.user.findUniqueOrThrow({ where: { email: "sanne@example.test" } });
    expect(stored.scope).toBe("player");
    await page.goto(`${platform.url}/auth/login`);
    await page.getByLabel("E-mail address").fill("sanne@example.test");
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${platform.url}/dashboard/`);
    await page.getByRole("heading", { name: /, Sanne$/ }).waitFor();
    await context.close();
  });
});

describe("signing out", () => {
  it("revokes the token on the server, forgets it and goes to the login page", async () => {
    const user = await createUser(platform.prisma, { scope: "trainer", clubId });
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/de/auth/login`);
    await page.getByLabel("E-Mail-Adresse").fill(user.email);
    await page.getByLabel("Passwort").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await page.waitForURL(`${platform.url}/de/dashboard/`);
    const token = await tokenOf(context);

    await page.getByRole("button", { name: "Konto" }).click();
    await page.getByRole("button", { name: "Abmelden" }).first().click();
    await page.waitForURL(`${platform.url}/de/auth/login`);
    expect(await tokenOf(context)).toBeNull();
    const me = await fetch(`${platform.url}/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);

    // Signed out, the dashboard is closed again.
    await page.goto(`${platform.url}/de/dashboard/`);
    await page.waitForURL("**/de/auth/login?redirect=/de/dashboard/");
    await context.close();
  });

  it("ends the session when the server refuses the token (401)", async () => {
    const user = await createUser(platform.prisma, { scope: "club", clubId });
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/auth/login`);
    await page.getByLabel("E-mail address").fill(user.email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${platform.url}/dashboard/`);

    await platform.prisma.accessToken.updateMany({ where: { userId: user.id }, data: { revokedAt: new Date() } });
    await page.reload();
    await page.waitForURL("**/auth/login?redirect=/dashboard/");
    expect(await tokenOf(context)).toBeNull();
    // A visitor sees sign in on the public site, and no dashboard button.
    await page.goto(`${platform.url}/`);
    await page.getByRole("link", { name: "Sign in" }).first().waitFor();
    expect(await page.getByRole("link", { name: "Dashboard" }).count()).toBe(0);
    await context.close();
  });
});
