import { beforeAll, describe, expect, it } from "vitest";
import type { Club } from "@clubcast/db";
import { useTestAppWithCast } from "@clubcast/testkit/api";

const { t, http, cast } = useTestAppWithCast();
let club: Club;
let system: string;
let clubAdmin: string;
let trainer: string;

beforeAll(async () => {
  club = cast.clubA;
  system = cast.system.token;
  clubAdmin = cast.adminA.token;
  trainer = cast.trainerA.token;
});

const kinds = [
  { url: "/v1/computers", count: () => t.deps.prisma.computer.count() },
  { url: "/v1/routers", count: () => t.deps.prisma.router.count() },
];

describe.each(kinds)("$url", ({ url, count }) => {
  it("answers an empty page before any is registered", async () => {
    const res = await http.get(url, system);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [],
      message: url === "/v1/computers" ? "No computers found" : "No routers found",
      meta: { current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null },
    });
  });

  it("registers devices and pages them for system admins", async () => {
    const created = await http.post(
      url,
      { name: "Clubhouse", club: club.id, address: "10.0.0.2", serial: `${url}-SN-1` },
      system,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(url === "/v1/computers" ? "Computer registered." : "Router registered.");
    const { data } = created.json();
    expect(data).toEqual({
      id: data.id,
      name: "Clubhouse",
      club: { id: club.id, name: club.name },
      address: "10.0.0.2",
      serial: `${url}-SN-1`,
      created_at: data.created_at,
    });
    const unattached = await http.post(url, { name: "Spare", serial: `${url}-SN-2`, address: "" }, system);
    expect(unattached.json().data).toMatchObject({ club: null, address: null });

    const page = await http.get(`${url}?page=2&limit=1`, system);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.map((d: { name: string }) => d.name)).toEqual(["Spare"]);
    expect(page.json().meta).toMatchObject({ current_page: 2, last_page: 2, total: 2, from: 2, to: 2 });
  });

  it("answers 422 naming the field for a taken serial, an unknown club and missing fields, creating nothing", async () => {
    await http.post(url, { name: "First", serial: `${url}-DUP` }, system);
    const before = await count();

    const duplicate = await http.post(url, { name: "Second", serial: `${url}-DUP` }, system);
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({
      message: "The serial has already been taken.",
      errors: { serial: ["The serial has already been taken."] },
      issues: { serial: [{ key: "validation.taken", params: { field: "serial" } }] },
    });

    const unknownClub = await http.post(url, { name: "X", serial: `${url}-X`, club: 999_999 }, system);
    expect(unknownClub.json().errors).toEqual({ club: ["The selected club is invalid."] });

    const missing = await http.post(url, { club: "one", colour: "red" }, system);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(["club", "colour", "name", "serial"]);

    expect(await count()).toBe(before);
  });

  it("answers 401 anonymously and 403 to club staff, creating nothing", async () => {
    const before = await count();
    const device = { name: "Rogue", serial: `${url}-ROGUE` };
    expect((await http.get(url)).statusCode).toBe(401);
    expect((await http.post(url, device)).statusCode).toBe(401);
    for (const token of [clubAdmin, trainer]) {
      expect((await http.get(url, token)).statusCode).toBe(403);
      expect((await http.post(url, device, token)).statusCode).toBe(403);
    }
    expect(await count()).toBe(before);
  });
});

describe("tRPC", () => {
  it("lists and registers computers and routers with the same rules", async () => {
    const created = await http.mutation("devices.createRouter", { name: "Gate", serial: "TRPC-R-1" }, system);
    expect(created.statusCode).toBe(200);
    const listed = await http.query("devices.routers", { limit: 100 }, system);
    expect(listed.json().result.data.data).toContainEqual(created.json().result.data.data);

    const duplicate = await http.mutation("devices.createRouter", { name: "Gate", serial: "TRPC-R-1" }, system);
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().error.data.errors).toEqual({ serial: ["The serial has already been taken."] });

    expect((await http.query("devices.computers", {}, clubAdmin)).statusCode).toBe(403);
    expect((await http.mutation("devices.createComputer", { name: "C", serial: "C" })).statusCode).toBe(401);
  });
});
