// Signing in through the real login page, as a user of the browser journeys does, or over the API for what a
// test does beside the page.
import { expect } from "vitest";
import type { Browser, Page } from "playwright-core";
import { newVisitor } from "./browser.ts";
import { TEST_PASSWORD } from "./seed.ts";

/** A fresh visitor signed in as `email` (password TEST_PASSWORD), on the dashboard. */
export async function signInToDashboard(browser: Browser, baseUrl: string, email: string): Promise<Page> {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/dashboard/`);
  return page;
}

/** An access token for `email` (password TEST_PASSWORD) from the API's login, for calls a test makes itself. */
export async function signInToApi(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (await response.json()).access_token;
}
