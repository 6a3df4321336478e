// The configuration, teams and users pages in real Chromium against the real
// server: a system administrator sets up a camera configuration (the livestream
// mode following the stream URL), its camera and fields; a club administrator
// adds a team and a user. Refused input shows the server's 422 on the right field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator } from "playwright-core";
import { launchBrowser } from "@clubcast/testkit/browser";
import { screenshots } from "./support/browser.ts";
import { quiet, toast } from "./support/dashboard.ts";
import { startPlatform, type Platform } from "./support/platform.ts";
import { signInToDashboard } from "./support/sign-in.ts";
import { club, createUser, sport, type SeededClub } from "./support/seed.ts";

let platform: Platform;
let browser: Browser;
let groenWit: SeededClub;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  const { prisma } = platform;
  groenWit = await club(prisma, "FC Groen Wit");
  await sport(prisma, "hockey", "Hockey");
  await prisma.field.create({ data: { name: "Bijveld", clubId: groenWit.id, sportId: groenWit.sportId } });
  await prisma.team.createMany({
    data: [
      { clubId: groenWit.id, sportId: groenWit.sportId, fullname: "JO17", addition: "1" },
      { clubId: groenWit.id, sportId: groenWit.sportId, fullname: "MO15" },
      { clubId: groenWit.id, sportId: groenWit.sportId, fullname: "VV Oranje", isCustom: true },
    ],
  });
  await prisma.configuration.create({
    data: {
      clubId: groenWit.id,
      fieldId: groenWit.field.id,
      barcode: "GW-001",
      saStreamUrl: "rtmp://live.example.test/gw",
    },
  });
  await prisma.computer.create({
    data: { name: "Clubhouse NUC", serial: "NUC-1001", clubId: groenWit.id, address: "10.0.0.5" },
  });
  await prisma.router.create({
    data: { name: "Pitch router", serial: "RT-2001", clubId: groenWit.id, address: "10.0.0.1" },
  });
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const signIn = (email: string) => signInToDashboard(browser, platform.url, email);

const errorOf = (field: Locator) =>
  field.evaluate((input) => {
    const id = input.getAttribute("aria-describedby");
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });

describe("a system administrator", () => {
  it("creates a configuration, adds and aims a camera, and deletes a field", async () => {
    const admin = await createUser(platform.prisma, { scope: "system" });
    const page = await signIn(admin.email);

    await page.goto(`${platform.url}/dashboard/configuration`);
    await page.getByText("GW-001", { exact: true }).waitFor();
    await screenshots(page, "configuration-list", quiet);

    await page.getByRole("button", { name: "New configuration" }).click();
    const editor = page.getByRole("region", { name: "New configuration" });
    expect(await editor.getByRole("switch", { name: "Main camera" }).isChecked()).toBe(true);
    expect(await editor.getByRole("switch", { name: "Passthrough" }).isChecked()).toBe(false);
    expect(await editor.getByLabel("Overlays").inputValue()).toBe("usflogo");
    expect(await editor.getByLabel("Camera type").inputValue()).toBe("SA_PRO");

    await editor.getByLabel("Barcode").fill("GW-002");
    await editor.getByRole("combobox", { name: "Club" }).selectOption({ label: "FC Groen Wit" });
    await editor
      .getByRole("combobox", { name: "Field" })
      .getByRole("option", { name: "Bijveld" })
      .waitFor({ state: "attached" });
    await editor.getByRole("combobox", { name: "Field" }).selectOption({ label: "Hoofdveld" });

    // The livestream mode follows the stream URL as it is typed.
    const streamUrl = editor.getByLabel("Stream URL", { exact: true });
    const mode = editor.locator(".livestream");
    await mode.getByText("Disabled", { exact: true }).waitFor();
    await streamUrl.fill("rtmp://live.example.test/gw-2");
    await mode.getByText("RTMP", { exact: true }).waitFor();
    await streamUrl.fill("{address}");
    await mode.getByText("Disabled", { exact: true }).waitFor();
    await streamUrl.fill("{address}:9000?streamid=gw-2");
    await mode.getByText("SRT", { exact: true }).waitFor();

    // The form checks with the server's own schema: an address that isn't one is refused on that field.
    const localIp = editor.getByLabel("Local IP address");
    await localIp.fill("999.1.1.1");
    await editor.getByLabel("Latitude").fill("52,0705");
    await editor.getByRole("button", { name: "Create configuration" }).click();
    await editor.getByText("The format isn't valid.").waitFor();
    expect(await errorOf(localIp)).toBe("The format isn't valid.");
    expect(await localIp.getAttribute("aria-invalid")).toBe("true");
    await screenshots(page, "configuration-editor", quiet);

    await localIp.fill("192.168.10.20");
    await editor.getByRole("button", { name: "Create configuration" }).click();
    await toast(page, "Configuration created");
    await page.getByRole("region", { name: "Edit GW-002" }).waitFor();
    const stored = await platform.prisma.configuration.findUniqueOrThrow({ where: { barcode: "GW-002" } });
    expect(stored).toMatchObject({
      livestream: "srt",
      localIp: "192.168.10.20",
      latitude: 52.0705,
      isMain: true,
      passthrough: false,
      overlays: "usflogo",
      cameraType: "SA_PRO",
      fieldId: groenWit.field.id,
    });

    // Its cameras: add one, then aim it on its own page.
    await page.getByRole("link", { name: "Cameras of GW-002" }).click();
    await page.waitForURL(`**/dashboard/configuration/cameras?configuration=${stored.id}`);
    // The empty state is the server's own text for the empty list.
    await page.getByText("No cameras found").waitFor();
    await page.getByRole("button", { name: "Add camera" }).click();
    const addCamera = page.getByRole("dialog", { name: "Add a camera" });
    await addCamera.getByLabel("Display name").fill("Main stand");
    await addCamera.getByLabel("Technical name").fill("gw-main-stand");
    await addCamera.getByRole("button", { name: "Add camera" }).click();
    await toast(page, "Main stand was added");
    await page.getByRole("link", { name: "Main stand", exact: true }).waitFor();
    await screenshots(page, "configuration-cameras", quiet);

    await page.getByRole("link", { name: "Main stand", exact: true }).click();
    await page.getByRole("main").getByRole("heading", { level: 1, name: "Main stand" }).waitFor();
    const tilt = page.getByLabel("Tilt", { exact: true });
    await tilt.fill("120");
    await page.getByRole("button", { name: "Save camera" }).click();
    await page.locator(".field--invalid").getByLabel("Tilt", { exact: true }).waitFor();
    expect(await errorOf(tilt)).toBe("At most 90.");
    await page.getByLabel("Pan", { exact: true }).fill("-35.5");
    await tilt.fill("-12");
    await page.getByLabel("Focal length", { exact: true }).fill("48");
    await page.getByRole("button", { name: "Save camera" }).click();
    await toast(page, "Camera saved");
    const camera = await platform.prisma.camera.findFirstOrThrow({ where: { technicalName: "gw-main-stand" } });
    expect(camera).toMatchObject({ pan: -35.5, tilt: -12, focal: 48 });
    await page.getByText("Pan -35.5° · tilt -12° · focal 48 mm").waitFor();
    await screenshots(page, "configuration-camera", quiet);

    await page.getByRole("button", { name: "Remove camera" }).click();
    await page.getByRole("dialog", { name: "Remove this camera?" }).getByRole("button", { name: "Delete" }).click();
    await toast(page, "Camera has been removed");
    await page.waitForURL(`**/dashboard/configuration/cameras?configuration=${stored.id}`);
    expect(await platform.prisma.camera.count({ where: { configurationId: stored.id } })).toBe(0);

    // Fields: open one and delete it.
    await page.getByRole("navigation", { name: "Configuration pages" }).getByRole("link", { name: "Fields" }).click();
    await page.getByRole("link", { name: "Bijveld" }).waitFor();
    await screenshots(page, "configuration-fields", quiet);
    await page.getByRole("link", { name: "Bijveld" }).click();
    await page.getByRole("main").getByRole("heading", { level: 1, name: "Bijveld" }).waitFor();
    await page.getByText("No camera configuration is placed on this field.").waitFor();
    await screenshots(page, "configuration-field", quiet);
    await page.getByRole("button", { name: "Delete field" }).click();
    await page.getByRole("dialog", { name: "Delete this field?" }).getByRole("button", { name: "Delete" }).click();
    await toast(page, "Field delted");
    await page.waitForURL("**/dashboard/configuration/fields");
    expect(await platform.prisma.field.count({ where: { name: "Bijveld" } })).toBe(0);

    // Computers, routers and sports: their lists, and registering a router.
    const nav = page.getByRole("navigation", { name: "Configuration pages" });
    await nav.getByRole("link", { name: "Computers" }).click();
    await page.getByRole("cell", { name: "Clubhouse NUC", exact: true }).waitFor();
    await screenshots(page, "configuration-computers", quiet);
    await nav.getByRole("link", { name: "Routers" }).click();
    await page.getByRole("cell", { name: "Pitch router", exact: true }).waitFor();
    await page.getByRole("button", { name: "Add router" }).click();
    const addRouter = page.getByRole("dialog", { name: "Register a router" });
    await addRouter.getByLabel("Name").fill("Second router");
    await addRouter.getByLabel("Serial number").fill("RT-2001");
    await addRouter.getByRole("button", { name: "Add router" }).click();
    // The server's 422 in the form's own words, under the field's label: no API field name ("The serial has…").
    const serial = addRouter.getByLabel("Serial number");
    await expect
      .poll(() =>
        serial.evaluate((input) => document.getElementById(input.getAttribute("aria-describedby")!)?.textContent),
      )
      .toBe("This is already taken.");
    await addRouter.getByLabel("Serial number").fill("RT-2002");
    await addRouter.getByRole("button", { name: "Add router" }).click();
    await toast(page, "Second router was registered");
    await page.getByRole("cell", { name: "Second router", exact: true }).waitFor();
    await screenshots(page, "configuration-routers", quiet);
    await nav.getByRole("link", { name: "Sports" }).click();
    await page.getByRole("cell", { name: "hockey", exact: true }).waitFor();
    await screenshots(page, "configuration-sports", quiet);

    // Deleting a configuration: the 'config-deleted' toast, and the list reloads.
    await nav.getByRole("link", { name: "Configurations" }).click();
    await page.getByRole("button", { name: "Delete GW-001" }).click();
    await page
      .getByRole("dialog", { name: "Delete this configuration?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await toast(page, "Configuration deleted");
    await page.getByText("GW-001", { exact: true }).waitFor({ state: "detached" });
    await page.context().close();
  });
});

describe("a club administrator", () => {
  it("adds a team through the lightbox and creates a user", async () => {
    const admin = await createUser(platform.prisma, {
      scope: "club",
      clubId: groenWit.id,
      email: "admin@groenwit.test",
    });
    const page = await signIn(admin.email);

    await page.goto(`${platform.url}/dashboard/teams`);
    await page.getByRole("main").getByRole("heading", { level: 1, name: "Your teams" }).waitFor();
    await page.getByRole("cell", { name: "JO17 1", exact: true }).waitFor();
    await page.getByRole("switch", { name: "Hide custom teams" }).check();
    await page.getByRole("cell", { name: "VV Oranje", exact: true }).waitFor({ state: "detached" });
    await screenshots(page, "teams", quiet);

    await page.getByRole("button", { name: "Add team" }).click();
    const lightbox = page.getByRole("dialog", { name: "Add a team" });
    const fullname = lightbox.getByLabel("Full name");
    // Blank once trimmed: the form's check with the server's schema lands on the name.
    await fullname.fill("   ");
    await lightbox.getByRole("button", { name: "Add team" }).click();
    await lightbox.getByText("Please fill in this field.").waitFor();
    expect(await errorOf(fullname)).toBe("Please fill in this field.");
    await screenshots(page, "teams-add", quiet);
    await fullname.fill("JO19");
    await lightbox.getByLabel("Addition").fill("2");
    await lightbox.getByRole("combobox", { name: "Parent team" }).selectOption({ label: "JO17 1" });
    await lightbox.getByRole("button", { name: "Add team" }).click();
    await toast(page, "JO19 2 was added");
    await page.getByRole("cell", { name: "JO19 2", exact: true }).waitFor();
    const team = await platform.prisma.team.findFirstOrThrow({
      where: { fullname: "JO19" },
      include: { parent: true },
    });
    expect(team).toMatchObject({ clubId: groenWit.id, addition: "2", isCustom: false, parent: { fullname: "JO17" } });

    await page.goto(`${platform.url}/dashboard/users`);
    await page.getByRole("main").getByRole("heading", { level: 1, name: "Your users" }).waitFor();
    await page.getByRole("button", { name: "New user" }).click();
    const dialog = page.getByRole("dialog", { name: "New user" });
    await dialog.getByLabel("First name").fill("Sanne");
    await dialog.getByLabel("Last name").fill("Jansen");
    const email = dialog.getByLabel("E-mail address");
    await email.fill("admin@groenwit.test");
    await dialog.getByRole("combobox", { name: "Scope" }).selectOption("trainer");
    await dialog.getByRole("button", { name: /^Teams/ }).click();
    await page.getByRole("option", { name: "JO19 2" }).click();
    await page.getByRole("option", { name: "MO15" }).click();
    await page.keyboard.press("Escape");
    await dialog.getByLabel("Password", { exact: true }).fill("a long enough password");
    await dialog.getByLabel("Repeat password").fill("a long enough password");
    await dialog.getByRole("button", { name: "Create user" }).click();
    await dialog.getByText("This e-mail address is already registered.").waitFor();
    expect(await errorOf(email)).toBe("This e-mail address is already registered.");
    await screenshots(page, "users-create", quiet);
    await email.fill("sanne@groenwit.test");
    await dialog.getByRole("button", { name: "Create user" }).click();
    await toast(page, "Sanne Jansen was created");
    const created = await platform.prisma.user.findUniqueOrThrow({
      where: { email: "sanne@groenwit.test" },
      include: { teams: { include: { team: true } } },
    });
    expect(created).toMatchObject({ scope: "trainer", clubId: groenWit.id });
    expect(created.teams.map(({ team }) => team.fullname).sort()).toEqual(["JO19", "MO15"]);
    await page.getByRole("link", { name: "Sanne Jansen" }).waitFor();
    await screenshots(page, "users", quiet);

    await page.getByRole("link", { name: "Sanne Jansen" }).click();
    await page.getByRole("main").getByRole("heading", { level: 1, name: "Sanne Jansen" }).waitFor();
    await page.getByText("MO15").waitFor();
    await screenshots(page, "user-detail", quiet);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog", { name: "Delete this user?" }).getByRole("button", { name: "Delete" }).click();
    await toast(page, "User deleted");
    await page.waitForURL("**/dashboard/users");
    expect(await platform.prisma.user.count({ where: { email: "sanne@groenwit.test" } })).toBe(0);
    await page.context().close();
  });
});
