import type { RouteRegistrar } from "../core/http.ts";
import type { Services } from "../services.ts";
import { monitoringAnswer } from "./schemas.ts";

export function monitoringRoutes(r: RouteRegistrar, { monitoring }: Services): void {
  r.route({
    method: "GET",
    url: "/v1/monitoring",
    auth: "user",
    summary:
      "Configurations, cameras, computers and routers with their status (offline after 2 minutes without a heartbeat)",
    tags: ["monitoring"],
    response: monitoringAnswer,
    handler: (_input, ctx) => monitoring.overview(ctx),
  });
}
