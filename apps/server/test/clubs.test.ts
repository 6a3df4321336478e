import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { CLUB_LOGO_MAX_BYTES } from "@clubcast/shared";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createClub, createSport, createUser } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
beforeAll(async () => {
  await t.deps.prisma.club.update({ where: { id: cast.clubA.id }, data: { notificationEmail: "board@alpha.test" } });
});

const clubRow = (id: number) => t.deps.prisma.club.findUniqueOrThrow({ where: { id } });

describe("GET /v1/clubs", () => {
  it("lists every club for system administrators, paged", async () => {
    const all = await http.get("/v1/clubs?limit=100", cast.system.token);
    expect(all.statusCode).toBe(200);
    const names = all.json().data.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(["Alpha Rovers", "Bravo United"]));
    const total = await t.deps.prisma.club.count();
    expect(all.json().meta).toMatchObject({ current_page: 1, per_page: 100, total });

    const firstPage = await http.get("/v1/clubs?page=1&limit=1", cast.system.token);
    expect(firstPage.json().data).toHaveLength(1);
    expect(firstPage.json().meta).toMatchObject({ current_page: 1, last_page: total, per_page: 1, from: 1, to: 1 });
  });

  it("shows everyone else only their own club, with its full fields", async () => {
    for (const member of [cast.adminA, cast.playerA]) {
      const res = await http.get("/v1/clubs", member.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        expect.objectContaining({ id: cast.clubA.id, notification_email: "board@alpha.test" }),
      ]);
    }
    expect((await http.get("/v1/clubs", cast.loner.token)).json()).toMatchObject({
      data: [],
      message: "No clubs found",
      meta: { total: 0 },
    });
  });

  it("needs a signed-in caller and valid paging", async () => {
    expect((await http.get("/v1/clubs")).statusCode).toBe(401);
    const bad = await http.get("/v1/clubs?limit=101", cast.system.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty("limit");
  });
});

describe("GET /v1/active-clubs", () => {
  it("lists activated clubs by name for anyone, without private fields", async () => {
    const sleeping = await createClub(t.deps.prisma, { name: "Aardvark Sleepers", activated: false });
    const res = await http.get("/v1/active-clubs?limit=100");
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((c: { id: number }) => c.id);
    expect(ids).toContain(cast.clubA.id);
    expect(ids).not.toContain(sleeping.id);
    const alpha = res.json().data.find((c: { id: number }) => c.id === cast.clubA.id);
    expect(alpha).toMatchObject({
      activated: 1,
      timezone: "Europe/Amsterdam",
      country_short: "NL",
      sport: { slug: "football" },
    });
    expect(alpha).not.toHaveProperty("notification_email");
    const names = res.json().data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
  });
});

describe("GET /v1/clubs/{id}", () => {
  it("gives anyone an activated club's public fields and its members everything", async () => {
    const anonymous = await http.get(`/v1/clubs/${cast.clubA.id}`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data).toMatchObject({ id: cast.clubA.id, name: "Alpha Rovers" });
    expect(anonymous.json().data).not.toHaveProperty("notification_email");

    const outsider = await http.get(`/v1/clubs/${cast.clubA.id}`, cast.adminB.token);
    expect(outsider.json().data).not.toHaveProperty("notification_email");

    const member = await http.get(`/v1/clubs/${cast.clubA.id}`, cast.playerA.token);
    expect(member.json().data.notification_email).toBe("board@alpha.test");
    const system = await http.get(`/v1/clubs/${cast.clubA.id}`, cast.system.token);
    expect(system.json().data.notification_email).toBe("board@alpha.test");
  });

  it("hides a deactivated club from outsiders but not from its members", async () => {
    const hidden = await createClub(t.deps.prisma, { name: "Hidden Hares", activated: false });
    const anonymous = await http.get(`/v1/clubs/${hidden.id}`);
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().message).toBe("No club found");
    expect((await http.get(`/v1/clubs/${hidden.id}`, cast.adminA.token)).statusCode).toBe(404);
    expect((await http.get(`/v1/clubs/${hidden.id}`, cast.system.token)).json().data.activated).toBe(0);
  });

  it("answers 404 for an unknown club and 422 for a malformed id", async () => {
    expect((await http.get("/v1/clubs/999999", cast.system.token)).statusCode).toBe(404);
    const bad = await http.get("/v1/clubs/abc");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty("id");
  });
});

describe("POST /v1/clubs", () => {
  it("lets system administrators create a club with the spec's defaults", async () => {
    const sport = await createSport(t.deps.prisma, "hockey");
    const res = await http.post("/v1/clubs", { name: "  Charlie Hockey  ", sport_id: sport.id }, cast.system.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Club created.");
    expect(res.json().data).toMatchObject({
      name: "Charlie Hockey",
      sport_id: sport.id,
      sport: { type: "hockey" },
      timezone: "Europe/Amsterdam",
      country: "Netherlands",
      country_short: "NL",
      activated: 1,
      logo: null,
      notification_email: null,
    });
    expect(await clubRow(res.json().data.id)).toMatchObject({ name: "Charlie Hockey", activated: true });
  });

  it("takes every field, canonicalising the time zone and the country code", async () => {
    const sport = await createSport(t.deps.prisma, "handball");
    const res = await http.post(
      "/v1/clubs",
      {
        name: "Delta Handball",
        sport_id: sport.id,
        timezone: "europe/berlin",
        country: "Germany",
        country_short: "de",
        activated: 0,
        logo: "https://cdn.example.test/delta.png",
        notification_email: "Board@Delta.test",
      },
      cast.system.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      timezone: "Europe/Berlin",
      country_short: "DE",
      activated: 0,
      notification_email: "board@delta.test",
    });
  });

  it("answers 422 naming the field for invalid input, and creates nothing", async () => {
    const before = await t.deps.prisma.club.count();
    const sport = await createSport(t.deps.prisma);
    const cases: [object, string][] = [
      [{ sport_id: sport.id }, "name"],
      [{ name: "X", sport_id: sport.id, timezone: "Mars/Olympus_Mons" }, "timezone"],
      [{ name: "X", sport_id: 999999 }, "sport_id"],
      [{ name: "X", sport_id: sport.id, activated: 2 }, "activated"],
      [{ name: "X", sport_id: sport.id, country_short: "NLD" }, "country_short"],
      [{ name: "X", sport_id: sport.id, logo: "javascript:alert(1)" }, "logo"],
      [{ name: "X", sport_id: sport.id, owner: 1 }, "owner"],
    ];
    for (const [payload, field] of cases) {
      const res = await http.post("/v1/clubs", payload, cast.system.token);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const zone = await http.post("/v1/clubs", cases[1]![0], cast.system.token);
    expect(zone.json().message).toBe("The timezone field must be a valid time zone.");
    expect(await t.deps.prisma.club.count()).toBe(before);
  });

  it("is for system administrators only", async () => {
    const before = await t.deps.prisma.club.count();
    const payload = { name: "Sneaky", sport_id: cast.clubA.sportId };
    expect((await http.post("/v1/clubs", payload)).statusCode).toBe(401);
    expect((await http.post("/v1/clubs", payload, cast.adminA.token)).statusCode).toBe(403);
    expect((await http.post("/v1/clubs", payload, cast.playerA.token)).statusCode).toBe(403);
    expect(await t.deps.prisma.club.count()).toBe(before);
  });
});

describe("PUT /v1/clubs/{id}", () => {
  it("lets a club's administrator edit their club", async () => {
    const club = await createClub(t.deps.prisma, { name: "Echo" });
    const admin = await createUser(t.deps.prisma, { scope: "club", clubId: club.id });
    const token = await http.login(admin.email);
    const res = await http.put(
      `/v1/clubs/${club.id}`,
      { name: "Echo Athletic", timezone: "Europe/London", notification_email: "info@echo.test" },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Club updated.");
    expect(res.json().data).toMatchObject({
      name: "Echo Athletic",
      timezone: "Europe/London",
      notification_email: "info@echo.test",
    });
    expect(await clubRow(club.id)).toMatchObject({ name: "Echo Athletic", timezone: "Europe/London" });
  });

  it("leaves activation to system administrators", async () => {
    const refused = await http.put(`/v1/clubs/${cast.clubA.id}`, { activated: 0 }, cast.adminA.token);
    expect(refused.statusCode).toBe(403);
    expect((await clubRow(cast.clubA.id)).activated).toBe(true);

    const club = await createClub(t.deps.prisma);
    const res = await http.put(`/v1/clubs/${club.id}`, { activated: 0 }, cast.system.token);
    expect(res.statusCode).toBe(200);
    expect((await clubRow(club.id)).activated).toBe(false);
  });

  it("refuses other clubs' administrators (404), members (403) and anonymous callers (401), changing nothing", async () => {
    const change = { name: "Hijacked" };
    const other = await http.put(`/v1/clubs/${cast.clubA.id}`, change, cast.adminB.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("No club found");
    expect((await http.put(`/v1/clubs/${cast.clubA.id}`, change, cast.playerA.token)).statusCode).toBe(403);
    expect((await http.put(`/v1/clubs/${cast.clubA.id}`, change, cast.trainerA.token)).statusCode).toBe(403);
    expect((await http.put(`/v1/clubs/${cast.clubA.id}`, change)).statusCode).toBe(401);
    expect((await http.put("/v1/clubs/999999", change, cast.system.token)).statusCode).toBe(404);
    expect((await clubRow(cast.clubA.id)).name).toBe("Alpha Rovers");
  });

  it("answers 422 naming the field", async () => {
    const res = await http.put(`/v1/clubs/${cast.clubA.id}`, { name: "", sport_id: 999999 }, cast.adminA.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty("name");
    const sport = await http.put(`/v1/clubs/${cast.clubA.id}`, { sport_id: 999999 }, cast.adminA.token);
    expect(sport.statusCode).toBe(422);
    expect(sport.json().errors).toHaveProperty("sport_id");
    expect((await clubRow(cast.clubA.id)).name).toBe("Alpha Rovers");
  });
});

/** A PNG's signature followed by `size` bytes in all: the server reads the type from the bytes. */
const pngOf = (size: number, fill = 7) => {
  const bytes = Buffer.alloc(size, fill);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};
const logoUrlPath = (url: string) => new URL(url).pathname;

describe("PUT /v1/clubs/{id}/logo", () => {
  it("keeps the image as media, serves it under /media/clubs, and replaces the previous logo", async () => {
    const first = pngOf(2000, 1);
    const res = await http.put(
      `/v1/clubs/${cast.clubA.id}/logo`,
      { image: first.toString("base64") },
      cast.adminA.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Logo saved.");
    const firstUrl = res.json().data.logo as string;
    expect(firstUrl).toMatch(new RegExp(`/media/clubs/${cast.clubA.id}/logo-[0-9a-f]{16}\\.png$`));
    expect((await clubRow(cast.clubA.id)).logo).toBe(firstUrl);

    const served = await http.get(logoUrlPath(firstUrl));
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(first)).toBe(true);
    // The public page shows it to anyone.
    expect((await http.get(`/v1/clubs/${cast.clubA.id}`)).json().data.logo).toBe(firstUrl);

    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 3)]);
    const second = await http.put(
      `/v1/clubs/${cast.clubA.id}/logo`,
      { image: jpeg.toString("base64") },
      cast.system.token,
    );
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().data.logo as string;
    expect(secondUrl).toMatch(/\.jpg$/);
    expect((await http.get(logoUrlPath(secondUrl))).headers["content-type"]).toBe("image/jpeg");
    expect((await http.get(logoUrlPath(firstUrl))).statusCode).toBe(404);

    const removed = await http.del(`/v1/clubs/${cast.clubA.id}/logo`, cast.adminA.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.logo).toBeNull();
    expect((await http.get(logoUrlPath(secondUrl))).statusCode).toBe(404);
  });

  it("answers 422 naming the image for anything but PNG, JPEG or WebP, an SVG included, and keeps the logo", async () => {
    await t.deps.prisma.club.update({ where: { id: cast.clubB.id }, data: { logo: null } });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const signatures = [
      [0x89, 0x50, 0x4e, 0x47],
      [0xff, 0xd8, 0xff],
      [0x52, 0x49, 0x46, 0x46],
    ];
    const notAnImage = fc
      .uint8Array({ minLength: 1, maxLength: 300 })
      .filter((bytes) => !signatures.some((signature) => signature.every((byte, i) => bytes[i] === byte)))
      .map((bytes) => Buffer.from(bytes));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(svg), notAnImage), async (bytes) => {
        const res = await http.put(
          `/v1/clubs/${cast.clubB.id}/logo`,
          { image: bytes.toString("base64") },
          cast.system.token,
        );
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.image).toEqual(["The image field must be a PNG, JPEG or WebP image."]);
      }),
      { numRuns: 40, seed: 1626 },
    );
    for (const image of ["", "not base64!"]) {
      const res = await http.put(`/v1/clubs/${cast.clubB.id}/logo`, { image }, cast.system.token);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty("image");
    }
    expect((await clubRow(cast.clubB.id)).logo).toBeNull();
  });

  it("answers 413 for a logo over the limit, and for a body over the server's limit", async () => {
    const over = await http.put(
      `/v1/clubs/${cast.clubB.id}/logo`,
      { image: pngOf(CLUB_LOGO_MAX_BYTES + 1).toString("base64") },
      cast.system.token,
    );
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(`The logo is too large: at most ${CLUB_LOGO_MAX_BYTES / 1024} KB are accepted.`);
    const atLimit = await http.put(
      `/v1/clubs/${cast.clubB.id}/logo`,
      { image: pngOf(CLUB_LOGO_MAX_BYTES).toString("base64") },
      cast.system.token,
    );
    expect(atLimit.statusCode).toBe(200);
    const huge = await http.put(
      `/v1/clubs/${cast.clubB.id}/logo`,
      { image: pngOf(2 * 1024 * 1024).toString("base64") },
      cast.system.token,
    );
    expect(huge.statusCode).toBe(413);
  });

  it("serves nothing but logo files below a club's folder", async () => {
    for (const path of [
      "manifest.json",
      "logo.png",
      "..%2F..%2Fmatches%2F1%2Fposter.jpg",
      "logo-0123456789abcdef.svg",
    ]) {
      expect((await http.get(`/media/clubs/${cast.clubA.id}/${path}`)).statusCode).toBe(404);
    }
  });
});

describe("clubs over tRPC", () => {
  it("applies the same rules as REST", async () => {
    const mine = await http.query("clubs.list", { page: 1, limit: 20 }, cast.adminA.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().result.data.data.map((c: { id: number }) => c.id)).toEqual([cast.clubA.id]);

    const active = await http.query("clubs.active", { page: 1, limit: 5 });
    expect(active.json().result.data.meta.per_page).toBe(5);

    const refused = await http.mutation("clubs.update", { id: cast.clubA.id, name: "Nope" }, cast.adminB.token);
    expect(refused.statusCode).toBe(404);
    const forbidden = await http.mutation(
      "clubs.create",
      { name: "Nope", sport_id: cast.clubA.sportId },
      cast.adminA.token,
    );
    expect(forbidden.statusCode).toBe(403);

    const updated = await http.mutation("clubs.update", { id: cast.clubA.id, country: "Nederland" }, cast.adminA.token);
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result.data.data.country).toBe("Nederland");

    const image = pngOf(100).toString("base64");
    expect((await http.mutation("clubs.setLogo", { id: cast.clubA.id, image }, cast.adminB.token)).statusCode).toBe(
      404,
    );
    const logo = await http.mutation("clubs.setLogo", { id: cast.clubA.id, image }, cast.adminA.token);
    expect(logo.statusCode).toBe(200);
    expect(logo.json().result.data.data.logo).toMatch(/\/media\/clubs\/\d+\/logo-[0-9a-f]{16}\.png$/);
  });
});
