// The monitoring page (system admins): every configuration with its cameras,
// every computer and router, and how each is doing by its last heartbeat.
import { cameraReport, type DeviceReport } from "@clubcast/shared";
import { REDIS_BUDGET_MS, withRedis } from "@clubcast/db/redis";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "../core/context.ts";
import { authorize } from "../core/policy.ts";
import { healthOf, idAndName } from "../core/presenters.ts";
import type { MediaGatewayService } from "../media-gateway/service.ts";
import type { Health, MonitoringOverview, PlatformHealth } from "./schemas.ts";

/** "up" when `probe` succeeds within the budget of a request, else "down". */
async function probe(check: () => Promise<unknown>): Promise<"up" | "down"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(reject, REDIS_BUDGET_MS)));
  try {
    await Promise.race([check(), late]);
    return "up";
  } catch {
    return "down";
  } finally {
    clearTimeout(timer);
  }
}

export function createMonitoringService(
  deps: Deps,
  { mediaGateway }: { mediaGateway: Pick<MediaGatewayService, "connectedPublishers"> },
) {
  const { prisma, redis, redisOutages } = deps;

  /**
   * Asks PostgreSQL and Redis now, so an outage shows at once and its end too, without a restart. Redis is up
   * once every connection of this process is back (queues and realtime reconnect on their own schedules), so
   * "ok" means every call works again.
   */
  async function platformHealth(): Promise<PlatformHealth> {
    const [database, redisHealth] = await Promise.all([
      probe(() => prisma.$queryRaw`SELECT 1`),
      probe(async () => {
        await withRedis(redis, () => redis.ping());
        if (redisOutages.down) throw new Error("a Redis connection of this process is still reconnecting");
      }),
    ]);
    return { database, redis: redisHealth };
  }

  /** GET /v1/health: for load balancers and uptime checks. */
  async function health(): Promise<{ data: Health }> {
    const services = await platformHealth();
    return { data: { status: Object.values(services).every((s) => s === "up") ? "ok" : "degraded", services } };
  }

  async function overview(ctx: RequestContext): Promise<{ data: MonitoringOverview }> {
    authorize(ctx, "monitoring");
    const byId = { orderBy: { id: "asc" } } as const;
    const [services, publishers, configurations, computers, routers] = await Promise.all([
      platformHealth(),
      // Publishers live in Redis: with Redis down, monitoring still answers (and says Redis is down).
      mediaGateway.connectedPublishers().catch(() => []),
      prisma.configuration.findMany({
        ...byId,
        include: { club: idAndName, field: idAndName, cameras: byId },
      }),
      prisma.computer.findMany({ ...byId, include: { club: idAndName } }),
      prisma.router.findMany({ ...byId, include: { club: idAndName } }),
    ]);
    const now = new Date();
    const publisherOf = new Map(
      publishers.map(({ configuration_id, protocol, since, stats, stats_at }) => [
        configuration_id,
        { protocol, since, stats, stats_at },
      ]),
    );
    const device = (
      row: { id: number; name: string; serial: string; club: { id: number; name: string } | null } & DeviceReport,
    ) => ({
      id: row.id,
      name: row.name,
      serial: row.serial,
      club: row.club,
      ...healthOf(row, now),
    });
    const overview = {
      services,
      configurations: configurations.map((configuration) => ({
        id: configuration.id,
        barcode: configuration.barcode,
        club: configuration.club,
        field: configuration.field,
        ...healthOf(configuration, now),
        publisher: publisherOf.get(configuration.id) ?? null,
        cameras: configuration.cameras.map((camera) => ({
          id: camera.id,
          display_name: camera.displayName,
          technical_name: camera.technicalName,
          ...healthOf(cameraReport(camera, configuration), now),
        })),
      })),
      computers: computers.map(device),
      routers: routers.map(device),
    };
    return { data: overview };
  }

  return { overview, health };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
