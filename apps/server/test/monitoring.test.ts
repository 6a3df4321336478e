import { beforeAll, describe, expect, it } from "vitest";
import type { Club } from "@clubcast/db";
import { HEARTBEAT_ONLINE_WITHIN_S } from "@clubcast/shared";
import { createApiClient, createCamera, createConfiguration, createField } from "@clubcast/testkit/factories";
import { useTestAppWithCast } from "@clubcast/testkit/api";

const { t, http, cast } = useTestAppWithCast();
let club: Club;
let system: string;
let staff: string[];

beforeAll(async () => {
  club = cast.clubA;
  system = cast.system.token;
  staff = [cast.adminA.token, cast.trainerA.token, cast.playerA.token];
});

const ago = (ms: number) => new Date(Date.now() - ms);
const RECENT = 30_000;
const STALE = HEARTBEAT_ONLINE_WITHIN_S * 1000 + 60_000;

describe("GET /v1/monitoring", () => {
  it("reports every device's status, offline once its heartbeat is older than the online window", async () => {
    const { prisma } = t.deps;
    const field = await createField(prisma, club.id, { name: "North" });
    const fresh = await createConfiguration(prisma, { clubId: club.id, fieldId: field.id });
    await prisma.configuration.update({
      where: { id: fresh.id },
      data: { status: "degraded", lastHeartbeatAt: ago(RECENT) },
    });
    // Reported online on its own long ago; its controller's recent heartbeat speaks for it since.
    const staleCamera = await createCamera(prisma, fresh.id, { technicalName: "stale" });
    await prisma.camera.update({
      where: { id: staleCamera.id },
      data: { status: "online", lastHeartbeatAt: ago(STALE) },
    });
    const silent = await createConfiguration(prisma, { clubId: club.id });
    await prisma.configuration.update({
      where: { id: silent.id },
      data: { status: "online", lastHeartbeatAt: ago(STALE) },
    });
    const never = await createConfiguration(prisma, { clubId: club.id });
    await prisma.configuration.update({ where: { id: never.id }, data: { status: "online" } });

    const computer = await prisma.computer.create({
      data: { name: "PC", serial: "MON-PC", clubId: club.id, status: "online", lastHeartbeatAt: ago(STALE) },
    });
    const router = await prisma.router.create({
      data: { name: "Gateway", serial: "MON-R", status: "degraded", lastHeartbeatAt: ago(RECENT) },
    });

    const res = await http.get("/v1/monitoring", system);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(["data"]);
    const body = res.json().data;
    expect(Object.keys(body).sort()).toEqual(["computers", "configurations", "routers", "services"]);
    // What the platform itself depends on, asked now (apps/server/test/redis-outage.test.ts: while Redis is down).
    expect(body.services).toEqual({ database: "up", redis: "up" });
    const byId = (id: number) => body.configurations.find((c: { id: number }) => c.id === id);

    expect(byId(fresh.id)).toEqual({
      id: fresh.id,
      barcode: fresh.barcode,
      club: { id: club.id, name: club.name },
      field: { id: field.id, name: "North" },
      status: "degraded",
      last_heartbeat_at: expect.any(String),
      // Not a media gateway camera: nothing publishes (apps/server/test/publish-refusals.test.ts: one that does).
      publisher: null,
      cameras: [
        {
          id: staleCamera.id,
          display_name: staleCamera.displayName,
          technical_name: "stale",
          status: "degraded",
          last_heartbeat_at: expect.any(String),
        },
      ],
    });
    expect(byId(silent.id)).toMatchObject({ status: "offline", field: null, cameras: [] });
    // A stored status without any heartbeat proves nothing.
    expect(byId(never.id)).toMatchObject({ status: "unknown", last_heartbeat_at: null });
    expect(body.computers).toEqual([
      {
        id: computer.id,
        name: "PC",
        serial: "MON-PC",
        club: { id: club.id, name: club.name },
        status: "offline",
        last_heartbeat_at: computer.lastHeartbeatAt!.toISOString(),
      },
    ]);
    expect(body.routers).toEqual([
      {
        id: router.id,
        name: "Gateway",
        serial: "MON-R",
        club: null,
        status: "degraded",
        last_heartbeat_at: router.lastHeartbeatAt!.toISOString(),
      },
    ]);
  });

  it("shows a camera controller's heartbeat", async () => {
    const configuration = await createConfiguration(t.deps.prisma, { clubId: club.id });
    await createCamera(t.deps.prisma, configuration.id, { technicalName: "main" });
    const { client, secret } = await createApiClient(t.deps.prisma, configuration.id);
    const token = (await http.post("/v1/camera/token", { client_id: client.clientId, client_secret: secret })).json()
      .access_token;
    await http.post(
      "/v1/camera/heartbeat",
      { status: "online", cameras: [{ technical_name: "main", status: "online" }] },
      token,
    );

    const shown = (await http.get("/v1/monitoring", system))
      .json()
      .data.configurations.find((c: { id: number }) => c.id === configuration.id);
    expect(shown.status).toBe("online");
    expect(shown.cameras[0].status).toBe("online");
  });

  it("counts the same devices online on every page: after a heartbeat, and none once it is older than the window", async () => {
    const { prisma } = t.deps;
    const configuration = await createConfiguration(prisma, { clubId: club.id });
    for (const technicalName of ["left", "right"]) await createCamera(prisma, configuration.id, { technicalName });
    const { client, secret } = await createApiClient(prisma, configuration.id);
    const token = (await http.post("/v1/camera/token", { client_id: client.clientId, client_secret: secret })).json()
      .access_token;
    type Shown = { id: number; status: string };
    const onlineCounts = async () => {
      const monitoring = (await http.get("/v1/monitoring", system)).json().data.configurations as (Shown & {
        cameras: Shown[];
      })[];
      const monitored = monitoring.find((shown) => shown.id === configuration.id)!;
      const configurations = (await http.get(`/v1/clubs/${club.id}/configurations`, system)).json().data as Shown[];
      const cameras = (await http.get(`/v1/configurations/${configuration.id}/cameras`, system)).json().data as Shown[];
      const camera = (await http.get(`/v1/cameras/${cameras[0]!.id}`, system)).json().data as Shown;
      const online = (items: Shown[]) => items.filter((item) => item.status === "online").length;
      return {
        monitoring: { configuration: monitored.status, cameras: online(monitored.cameras) },
        configurations: configurations.find((shown) => shown.id === configuration.id)!.status,
        cameras: online(cameras),
        camera: camera.status,
      };
    };

    expect(await onlineCounts()).toEqual({
      monitoring: { configuration: "unknown", cameras: 0 },
      configurations: "unknown",
      cameras: 0,
      camera: "unknown",
    });
    // As the simulator reports: the controller alone, without listing its cameras, which it speaks for.
    expect((await http.post("/v1/camera/heartbeat", { status: "online" }, token)).statusCode).toBe(200);
    expect(await onlineCounts()).toEqual({
      monitoring: { configuration: "online", cameras: 2 },
      configurations: "online",
      cameras: 2,
      camera: "online",
    });
    // Silent one second past the window.
    await prisma.configuration.update({
      where: { id: configuration.id },
      data: { lastHeartbeatAt: ago(HEARTBEAT_ONLINE_WITHIN_S * 1000 + 1000) },
    });
    expect(await onlineCounts()).toEqual({
      monitoring: { configuration: "offline", cameras: 0 },
      configurations: "offline",
      cameras: 0,
      camera: "offline",
    });
  });

  it("is for system admins only", async () => {
    expect((await http.get("/v1/monitoring")).statusCode).toBe(401);
    for (const token of staff) {
      expect((await http.get("/v1/monitoring", token)).statusCode).toBe(403);
    }
  });

  it("is offered over tRPC with the same rules", async () => {
    const res = await http.query("monitoring.overview", {}, system);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.data).toHaveProperty("configurations");
    expect((await http.query("monitoring.overview", {}, staff[0])).statusCode).toBe(403);
  });
});
