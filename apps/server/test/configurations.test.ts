import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Club, Field } from "@clubcast/db";
import { useTestAppWithCast } from "@clubcast/testkit/api";
import { createCamera, createClub, createConfiguration, createField, createUser } from "@clubcast/testkit/factories";

const { t, http, cast } = useTestAppWithCast();
let clubA: Club;
let clubB: Club;
let fieldA1: Field;
let fieldA2: Field;
let fieldB: Field;
const tokens = {} as Record<"system" | "adminA" | "trainerA" | "playerA" | "memberA" | "adminB", string>;

beforeAll(async () => {
  const { prisma } = t.deps;
  ({ clubA, clubB } = cast);
  fieldA1 = await createField(prisma, clubA.id, { name: "A main pitch" });
  fieldA2 = await createField(prisma, clubA.id, { name: "B side pitch" });
  fieldB = await createField(prisma, clubB.id);
  tokens.system = cast.system.token;
  tokens.adminA = cast.adminA.token;
  tokens.trainerA = cast.trainerA.token;
  tokens.playerA = cast.playerA.token;
  tokens.memberA = await http.login((await createUser(prisma, { scope: "clubmember", clubId: clubA.id })).email);
  tokens.adminB = cast.adminB.token;
});

const save = (data: object, token: string | undefined = tokens.system) =>
  http.post("/v1/configurations", { data }, token);
const stored = (id: number) => t.deps.prisma.configuration.findUniqueOrThrow({ where: { id } });

describe("GET /v1/configurations", () => {
  it("pages every club's configurations for system admins", async () => {
    await createConfiguration(t.deps.prisma, { clubId: clubA.id, fieldId: fieldA1.id });
    await createConfiguration(t.deps.prisma, { clubId: clubB.id, fieldId: fieldB.id });
    const total = await t.deps.prisma.configuration.count();

    const res = await http.get("/v1/configurations?page=1&limit=1", tokens.system);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.meta).toEqual({ current_page: 1, last_page: total, per_page: 1, total, from: 1, to: 1 });
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        "id",
        "barcode",
        "club",
        "field",
        "stream_key",
        "ant_stream_id",
        "qr_code",
        "latitude",
        "longitude",
        "is_main",
        "passthrough",
        "overlays",
        "livestream",
        "local_ip",
        "resolution",
        "sa_server_id",
        "sa_camera_id",
        "sa_camera_name",
        "sa_stream_url",
        "sa_stream_url_local",
        "sa_sport",
        "camera_type",
        "server_url",
        "ingest",
        "status",
        "last_heartbeat_at",
      ].sort(),
    );

    const all = (await http.get("/v1/configurations?limit=100", tokens.system)).json();
    expect(new Set(all.data.map((c: { club: { id: number } }) => c.club.id))).toEqual(new Set([clubA.id, clubB.id]));
  });

  it("answers 401 anonymously, 403 to club staff and 422 for a limit over 100", async () => {
    expect((await http.get("/v1/configurations")).statusCode).toBe(401);
    expect((await http.get("/v1/configurations", tokens.adminA)).statusCode).toBe(403);
    expect((await http.get("/v1/configurations", tokens.trainerA)).statusCode).toBe(403);
    const tooMany = await http.get("/v1/configurations?limit=101", tokens.system);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toHaveProperty("limit");
  });
});

describe("POST /v1/configurations (create)", () => {
  it("creates with the spec's defaults and derives livestream from sa_stream_url", async () => {
    const res = await save({ club: clubA.id, field: fieldA2.id, sa_stream_url: "{address}:9000?streamid=abc" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Configuration created.");
    const { data } = res.json();
    expect(data).toMatchObject({
      club: { id: clubA.id, name: clubA.name },
      field: { id: fieldA2.id, name: "B side pitch" },
      is_main: 1,
      passthrough: 0,
      overlays: "usflogo",
      camera_type: "SA_PRO",
      livestream: "srt",
      barcode: null,
    });
    expect((await stored(data.id)).livestream).toBe("srt");
  });

  it("ignores a livestream sent in the input: the derived mode is stored", async () => {
    const rtmp = await save({ club: clubA.id, sa_stream_url: "rtmp://live.example.test/app/key", livestream: "srt" });
    expect(rtmp.statusCode).toBe(200);
    expect(rtmp.json().data.livestream).toBe("rtmp");
    expect((await stored(rtmp.json().data.id)).livestream).toBe("rtmp");

    const bare = await save({ club: clubA.id, sa_stream_url: "{address}", livestream: "rtmp" });
    expect(bare.json().data.livestream).toBe("disabled");
    const none = await save({ club: clubA.id, livestream: "srt" });
    expect(none.json().data.livestream).toBe("disabled");
  });

  it("stores every field of the form, with 0/1 flags and blank text as null", async () => {
    const res = await save({
      club: { id: clubA.id, name: clubA.name },
      field: { id: fieldA1.id, name: "A main pitch" },
      barcode: "CFG-0001",
      stream_key: "key-1",
      ant_stream_id: "ant-1",
      qr_code: "qr-1",
      latitude: 52.37,
      longitude: 4.89,
      is_main: 0,
      passthrough: 1,
      overlays: "none",
      local_ip: "192.168.1.20",
      resolution: "1920x1080",
      sa_server_id: "srv-1",
      sa_camera_id: "cam-1",
      sa_camera_name: "North stand",
      sa_stream_url: "",
      sa_stream_url_local: "{address}:9001",
      sa_sport: "football",
      camera_type: "SA_LITE",
      server_url: "http://camera-server.test:8080",
    });
    expect(res.statusCode).toBe(200);
    const row = await stored(res.json().data.id);
    expect(row).toMatchObject({
      clubId: clubA.id,
      fieldId: fieldA1.id,
      barcode: "CFG-0001",
      streamKey: "key-1",
      antStreamId: "ant-1",
      qrCode: "qr-1",
      latitude: 52.37,
      longitude: 4.89,
      isMain: false,
      passthrough: true,
      overlays: "none",
      localIp: "192.168.1.20",
      resolution: "1920x1080",
      saServerId: "srv-1",
      saCameraId: "cam-1",
      saCameraName: "North stand",
      saStreamUrl: null,
      saStreamUrlLocal: "{address}:9001",
      saSport: "football",
      cameraType: "SA_LITE",
      serverUrl: "http://camera-server.test:8080",
      livestream: "disabled",
    });
  });

  it("answers 422 naming the fields inside the data wrapper, and creates nothing", async () => {
    const before = await t.deps.prisma.configuration.count();

    const noWrapper = await http.post("/v1/configurations", { club: clubA.id }, tokens.system);
    expect(noWrapper.statusCode).toBe(422);
    expect(Object.keys(noWrapper.json().errors).sort()).toEqual(["club", "data"]);

    const noClub = await save({});
    expect(noClub.statusCode).toBe(422);
    expect(noClub.json()).toEqual({
      message: "The club field is required.",
      errors: { "data.club": ["The club field is required."] },
      issues: { "data.club": [{ key: "validation.required", params: { field: "club" } }] },
    });

    const invalid = await save({
      club: clubA.id,
      latitude: 91,
      is_main: 2,
      server_url: "ftp://camera.test",
      local_ip: "999.1.1.1",
      livestream: "hls",
      surprise: true,
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(
      ["data.is_main", "data.latitude", "data.livestream", "data.local_ip", "data.server_url", "data.surprise"].sort(),
    );

    const unknownClub = await save({ club: 999_999 });
    expect(unknownClub.statusCode).toBe(422);
    expect(unknownClub.json().errors).toEqual({ "data.club": ["The selected club is invalid."] });

    const unknownField = await save({ club: clubA.id, field: 999_999 });
    expect(unknownField.json().errors).toEqual({ "data.field": ["The selected field is invalid."] });

    const otherClubsField = await save({ club: clubA.id, field: fieldB.id });
    expect(otherClubsField.statusCode).toBe(422);
    expect(otherClubsField.json().errors).toEqual({
      "data.field": ["The selected field does not belong to the configuration's club."],
    });

    expect(await t.deps.prisma.configuration.count()).toBe(before);
  });

  it("answers 422 on data.barcode when the barcode is taken", async () => {
    const first = await save({ club: clubA.id, barcode: "DUP-1" });
    expect(first.statusCode).toBe(200);
    const second = await save({ club: clubB.id, barcode: "DUP-1" });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors).toEqual({ "data.barcode": ["The barcode has already been taken."] });
    expect(await t.deps.prisma.configuration.count({ where: { barcode: "DUP-1" } })).toBe(1);
  });

  it("answers 401 anonymously and 403 to club staff, creating nothing", async () => {
    const before = await t.deps.prisma.configuration.count();
    expect((await http.post("/v1/configurations", { data: { club: clubA.id } })).statusCode).toBe(401);
    expect((await save({ club: clubA.id }, tokens.adminA)).statusCode).toBe(403);
    expect((await save({ club: clubA.id }, tokens.trainerA)).statusCode).toBe(403);
    expect(await t.deps.prisma.configuration.count()).toBe(before);
  });
});

describe("POST /v1/configurations (update with data.id)", () => {
  it("changes only the fields sent and re-derives livestream", async () => {
    const created = (await save({ club: clubA.id, sa_stream_url: "{address}:9000", overlays: "club" })).json().data;
    const res = await save({ id: created.id, sa_stream_url: "rtmp://live.example.test/key", livestream: "srt" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Configuration saved.");
    expect(res.json().data).toMatchObject({ id: created.id, livestream: "rtmp", overlays: "club" });
    expect(await stored(created.id)).toMatchObject({ livestream: "rtmp", overlays: "club" });

    const cleared = await save({ id: created.id, sa_stream_url: null });
    expect(cleared.json().data.livestream).toBe("disabled");

    // Changing something else keeps the mode of the stored URL.
    await save({ id: created.id, sa_stream_url: "{address}:7000" });
    const renamed = await save({ id: created.id, sa_camera_name: "Renamed" });
    expect(renamed.json().data).toMatchObject({ livestream: "srt", sa_camera_name: "Renamed" });
  });

  it("accepts a record as the API presented it, posted back unchanged", async () => {
    const created = (await save({ club: clubA.id, field: fieldA2.id, sa_stream_url: "{address}" })).json().data;
    const listed = (await http.get("/v1/configurations?limit=100", tokens.system))
      .json()
      .data.find((c: { id: number }) => c.id === created.id);
    const res = await save({ ...listed, sa_stream_url: "{address}:9999" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...listed, sa_stream_url: "{address}:9999", livestream: "srt" });
  });

  it("keeps the field within the club when the club changes", async () => {
    const created = (await save({ club: clubA.id, field: fieldA1.id, is_main: 0 })).json().data;
    const res = await save({ id: created.id, club: clubB.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(["data.field"]);
    expect((await stored(created.id)).clubId).toBe(clubA.id);

    const moved = await save({ id: created.id, club: clubB.id, field: fieldB.id, is_main: 0 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ club: { id: clubB.id }, field: { id: fieldB.id } });
  });

  it("answers 404 for a missing configuration, 404 to another club's admin and 403 to the own club's, changing nothing", async () => {
    const configuration = await createConfiguration(t.deps.prisma, { clubId: clubA.id, saStreamUrl: "{address}" });
    const missing = await save({ id: 999_999, overlays: "x" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("No configuration found");

    expect((await save({ id: configuration.id, overlays: "hacked" }, tokens.adminB)).statusCode).toBe(404);
    expect((await save({ id: configuration.id, overlays: "hacked" }, tokens.adminA)).statusCode).toBe(403);
    expect((await http.post("/v1/configurations", { data: { id: configuration.id } })).statusCode).toBe(401);
    expect(await stored(configuration.id)).toEqual(configuration);
  });
});

describe("one main configuration per field", () => {
  let field: Field;
  beforeEach(async () => {
    field = await createField(t.deps.prisma, clubA.id);
  });
  const mainsOf = async (fieldId: number) =>
    (await t.deps.prisma.configuration.findMany({ where: { fieldId, isMain: true } })).map((c) => c.id);

  it("a new main configuration unsets the field's previous main, and only on that field", async () => {
    const otherFieldMain = (await save({ club: clubA.id, field: fieldA2.id, is_main: 1 })).json().data;
    const first = (await save({ club: clubA.id, field: field.id })).json().data;
    expect(first.is_main).toBe(1);
    const second = (await save({ club: clubA.id, field: field.id, is_main: 1 })).json().data;
    expect(await mainsOf(field.id)).toEqual([second.id]);
    expect((await stored(first.id)).isMain).toBe(false);
    expect((await stored(otherFieldMain.id)).isMain).toBe(true);
  });

  it("making an existing configuration main unsets the others; a non-main one leaves the main alone", async () => {
    const first = (await save({ club: clubA.id, field: field.id })).json().data;
    const second = (await save({ club: clubA.id, field: field.id, is_main: 0 })).json().data;
    expect(await mainsOf(field.id)).toEqual([first.id]);

    await save({ id: second.id, is_main: 1 });
    expect(await mainsOf(field.id)).toEqual([second.id]);
  });

  it("holds under concurrent saves", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => save({ club: clubA.id, field: field.id, is_main: 1 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await mainsOf(field.id)).toHaveLength(1);
  });
});

describe("DELETE /v1/configurations/{id}", () => {
  it("deletes a configuration with its cameras", async () => {
    const configuration = await createConfiguration(t.deps.prisma, { clubId: clubA.id });
    const camera = await createCamera(t.deps.prisma, configuration.id);
    const res = await http.del(`/v1/configurations/${configuration.id}`, tokens.system);
    expect(res.statusCode).toBe(204);
    expect(await t.deps.prisma.configuration.findUnique({ where: { id: configuration.id } })).toBeNull();
    expect(await t.deps.prisma.camera.findUnique({ where: { id: camera.id } })).toBeNull();
  });

  it("answers 401, 403, 404 and leaves the configuration in place", async () => {
    const configuration = await createConfiguration(t.deps.prisma, { clubId: clubA.id });
    expect((await http.del(`/v1/configurations/${configuration.id}`)).statusCode).toBe(401);
    expect((await http.del(`/v1/configurations/${configuration.id}`, tokens.adminA)).statusCode).toBe(403);
    expect((await http.del(`/v1/configurations/${configuration.id}`, tokens.adminB)).statusCode).toBe(404);
    const missing = await http.del("/v1/configurations/999999", tokens.system);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("No configuration found");
    expect((await http.del("/v1/configurations/abc", tokens.system)).json().errors).toHaveProperty("id");
    expect(await stored(configuration.id)).toEqual(configuration);
  });
});

describe("GET /v1/clubs/{id}/configurations", () => {
  it("lists the club's configurations to its admins and trainers and to system admins", async () => {
    const club = await createClub(t.deps.prisma);
    const field = await createField(t.deps.prisma, club.id);
    const own = await createConfiguration(t.deps.prisma, { clubId: club.id, fieldId: field.id });
    await createConfiguration(t.deps.prisma, { clubId: clubB.id });
    const staff = [];
    for (const scope of ["club", "trainer"] as const) {
      staff.push(await http.login((await createUser(t.deps.prisma, { scope, clubId: club.id })).email));
    }

    for (const token of [...staff, tokens.system]) {
      const res = await http.get(`/v1/clubs/${club.id}/configurations`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((c: { id: number }) => c.id)).toEqual([own.id]);
    }
  });

  it("answers [] with 'No configurations found' for a club without any", async () => {
    const club = await createClub(t.deps.prisma);
    const res = await http.get(`/v1/clubs/${club.id}/configurations`, tokens.system);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], message: "No configurations found" });
  });

  it("refuses club members and players (403), other clubs (404) and anonymous callers (401)", async () => {
    expect((await http.get(`/v1/clubs/${clubA.id}/configurations`, tokens.playerA)).statusCode).toBe(403);
    expect((await http.get(`/v1/clubs/${clubA.id}/configurations`, tokens.memberA)).statusCode).toBe(403);
    expect((await http.get(`/v1/clubs/${clubA.id}/configurations`, tokens.adminB)).statusCode).toBe(404);
    expect((await http.get(`/v1/clubs/${clubA.id}/configurations`)).statusCode).toBe(401);
    const missing = await http.get("/v1/clubs/999999/configurations", tokens.system);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("No club found");
  });
});

describe("cameras", () => {
  const camera = { display_name: "Main camera", technical_name: "main", pan: 10, tilt: -5, focal: 24 };

  it("adds, lists, shows, changes and removes a configuration's cameras", async () => {
    const configuration = await createConfiguration(t.deps.prisma, { clubId: clubA.id });
    const none = await http.get(`/v1/configurations/${configuration.id}/cameras`, tokens.system);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ data: [], message: "No cameras found", meta: { total: 0 } });
    const created = await http.post(`/v1/configurations/${configuration.id}/cameras`, camera, tokens.system);
    expect(created.statusCode).toBe(201);
    const { data } = created.json();
    expect(created.json()).toEqual({
      // Its controller never reported: not known to be online.
      data: { id: data.id, configuration: configuration.id, ...camera, status: "unknown", last_heartbeat_at: null },
      message: "Camera added.",
    });

    const defaults = await http.post(
      `/v1/configurations/${configuration.id}/cameras`,
      { display_name: "Wide", technical_name: "wide" },
      tokens.system,
    );
    expect(defaults.json().data).toMatchObject({ pan: 0, tilt: 0, focal: 0 });

    const page = await http.get(`/v1/configurations/${configuration.id}/cameras?limit=1&page=2`, tokens.system);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.map((c: { technical_name: string }) => c.technical_name)).toEqual(["wide"]);
    expect(page.json().meta).toMatchObject({ current_page: 2, total: 2, last_page: 2 });

    expect((await http.get(`/v1/cameras/${data.id}`, tokens.system)).json().data).toEqual(data);

    const changed = await http.put(`/v1/cameras/${data.id}`, { pan: -45.5, display_name: "Tribune" }, tokens.system);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      data: { ...data, pan: -45.5, display_name: "Tribune" },
      message: "Camera updated.",
    });

    expect((await http.del(`/v1/cameras/${data.id}`, tokens.system)).statusCode).toBe(204);
    expect(await t.deps.prisma.camera.findUnique({ where: { id: data.id } })).toBeNull();
    const gone = await http.get(`/v1/cameras/${data.id}`, tokens.system);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("No camera found");
  });

  it("answers 422 naming the fields, including a technical name taken in the configuration", async () => {
    const configuration = await createConfiguration(t.deps.prisma, { clubId: clubA.id });
    const existing = await createCamera(t.deps.prisma, configuration.id, { technicalName: "taken" });
    const url = `/v1/configurations/${configuration.id}/cameras`;

    const missing = await http.post(url, { pan: 500 }, tokens.system);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(["display_name", "pan", "technical_name"]);

    const taken = await http.post(url, { display_name: "X", technical_name: "taken" }, tokens.system);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ technical_name: ["The technical name has already been taken."] });

    const other = await createCamera(t.deps.prisma, configuration.id);
    const renameToTaken = await http.put(`/v1/cameras/${other.id}`, { technical_name: "taken" }, tokens.system);
    expect(renameToTaken.statusCode).toBe(422);
    expect(renameToTaken.json().errors).toHaveProperty("technical_name");
    const badTilt = await http.put(`/v1/cameras/${other.id}`, { tilt: "up" }, tokens.system);
    expect(badTilt.json().errors).toHaveProperty("tilt");

    expect(await t.deps.prisma.camera.findUniqueOrThrow({ where: { id: other.id } })).toEqual(other);
    expect(await t.deps.prisma.camera.count({ where: { configurationId: configuration.id } })).toBe(2);
    expect(existing.technicalName).toBe("taken");
  });

  it("answers 401, 403 to the own club, 404 to another club and for a missing configuration, changing nothing", async () => {
    const configuration = await createConfiguration(t.deps.prisma, { clubId: clubA.id });
    const existing = await createCamera(t.deps.prisma, configuration.id);
    const list = `/v1/configurations/${configuration.id}/cameras`;
    const one = `/v1/cameras/${existing.id}`;

    for (const [token, status] of [
      [undefined, 401],
      [tokens.adminA, 403],
      [tokens.playerA, 403],
      [tokens.adminB, 404],
    ] as const) {
      expect((await http.get(list, token)).statusCode).toBe(status);
      expect((await http.post(list, camera, token)).statusCode).toBe(status);
      expect((await http.get(one, token)).statusCode).toBe(status);
      expect((await http.put(one, { pan: 90 }, token)).statusCode).toBe(status);
      expect((await http.del(one, token)).statusCode).toBe(status);
    }
    expect((await http.post("/v1/configurations/999999/cameras", camera, tokens.system)).statusCode).toBe(404);
    expect((await http.get("/v1/configurations/999999/cameras", tokens.system)).statusCode).toBe(404);
    expect(await t.deps.prisma.camera.findMany({ where: { configurationId: configuration.id } })).toEqual([existing]);
  });
});

describe("tRPC", () => {
  it("saves configurations and cameras with the same schemas, errors and rules", async () => {
    const created = await http.mutation(
      "configurations.save",
      { data: { club: clubA.id, sa_stream_url: "rtmp://x.test/k", livestream: "disabled" } },
      tokens.system,
    );
    expect(created.statusCode).toBe(200);
    const configuration = created.json().result.data.data;
    expect(configuration.livestream).toBe("rtmp");

    const invalid = await http.mutation("configurations.save", { data: { latitude: "north" } }, tokens.system);
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().error.data.errors)).toEqual(["data.latitude"]);

    const refused = await http.mutation("configurations.save", { data: { club: clubA.id } }, tokens.adminA);
    expect(refused.statusCode).toBe(403);

    const camera = await http.mutation(
      "configurations.createCamera",
      { configuration: configuration.id, display_name: "Cam", technical_name: "cam" },
      tokens.system,
    );
    expect(camera.statusCode).toBe(200);
    const listed = await http.query("configurations.listCameras", { configuration: configuration.id }, tokens.system);
    expect(listed.json().result.data.data).toEqual([camera.json().result.data.data]);

    const ofClub = await http.query("configurations.ofClub", { id: clubA.id }, tokens.playerA);
    expect(ofClub.statusCode).toBe(403);
  });
});
