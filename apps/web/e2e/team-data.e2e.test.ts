// Team data (issue 16, point 7) in real Chromium: a team's addition shows once,
// a second team of the same name is refused with a message on its field, and
// the new-match form offers each side only its own club's teams.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator } from "playwright-core";
import { launchBrowser } from "@clubcast/testkit/browser";
import { expectAccessible } from "./support/axe.ts";
import { screenshots } from "./support/browser.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { club, createUser, type SeededClub } from "./support/seed.ts";

let platform: Platform;
let browser: Browser;
let groenWit: SeededClub;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  groenWit = await club(platform.prisma, "FC Groen Wit");
  const zwaluwen = await club(platform.prisma, "VV De Zwaluwen");
  const team = (clubOf: SeededClub, fullname: string, addition: string | null) =>
    platform.prisma.team.create({ data: { clubId: clubOf.id, sportId: clubOf.sportId, fullname, addition } });
  await team(groenWit, "FC Groen Wit JO17-1", "JO17-1");
  await team(groenWit, "FC Groen Wit", "1");
  await team(zwaluwen, "VV De Zwaluwen", "1");
  await team(zwaluwen, "VV De Zwaluwen VR1", null);
  await createUser(platform.prisma, { scope: "club", clubId: groenWit.id, email: "admin@teams.test" });
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const optionsOf = (select: Locator) => select.locator("option").allTextContents();

describe("a club administrator", () => {
  it("sees each team's addition once, and cannot add a second team of the same name", async () => {
    const page = await signInToDashboard(browser, platform.url, "admin@teams.test");
    await page.goto(`${platform.url}/dashboard/teams`);
    const list = page.locator("#content");
    await list.getByText("FC Groen Wit JO17-1", { exact: true }).waitFor();
    await list.getByText("FC Groen Wit 1", { exact: true }).waitFor();
    expect(await list.textContent()).not.toContain("JO17-1 JO17-1");

    await page.getByRole("button", { name: "Add team" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a team" });
    await dialog.getByLabel("Full name").fill("fc groen wit  jo17-1");
    await dialog.getByRole("button", { name: "Add team" }).click();
    const fullname = dialog.getByLabel("Full name");
    await expect
      .poll(() =>
        fullname.evaluate((input) => document.getElementById(input.getAttribute("aria-describedby")!)?.textContent),
      )
      .toBe("The club already has a team named FC Groen Wit JO17-1.");
    expect(await platform.prisma.team.count({ where: { clubId: groenWit.id } })).toBe(2);
    await expectAccessible(page, "the add-team dialog with a taken name");
    await screenshots(page, "team-name-taken");
  });

  it("offers each side of a new match only its own club's teams", async () => {
    const page = await signInToDashboard(browser, platform.url, "admin@teams.test");
    await page.goto(`${platform.url}/dashboard/scheduler`);
    await page.getByRole("button", { name: "New match" }).click();
    const form = page.getByRole("dialog", { name: "New match" });
    const [ours, theirs] = [
      ["None", "FC Groen Wit 1", "FC Groen Wit JO17-1"],
      ["None", "VV De Zwaluwen 1", "VV De Zwaluwen VR1"],
    ];

    await form.getByLabel("Home club").selectOption({ label: "FC Groen Wit" });
    await form.getByLabel("Away club").selectOption({ label: "VV De Zwaluwen" });
    await expect.poll(() => optionsOf(form.getByLabel("Home team"))).toEqual(ours);
    await expect.poll(() => optionsOf(form.getByLabel("Away team"))).toEqual(theirs);
    await form.getByLabel("Away team").selectOption({ label: "VV De Zwaluwen 1" });
    await expectAccessible(page, "the new-match form");
    await screenshots(page, "new-match-away-team");

    // Another away club: the away team picked for the previous one goes.
    await form.getByLabel("Away club").selectOption({ label: "FC Groen Wit" });
    await expect.poll(() => optionsOf(form.getByLabel("Away team"))).toEqual(ours);
    expect(await form.getByLabel("Away team").inputValue()).toBe("");
    // No away club: the scheduling club's teams.
    await form.getByLabel("Away club").selectOption({ label: "None" });
    await expect.poll(() => optionsOf(form.getByLabel("Away team"))).toEqual(ours);
  });
});
