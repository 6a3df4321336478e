import type { RouteRegistrar } from "../core/http.ts";
import type { Services } from "../services.ts";
import { pageQuery } from "../core/pagination.ts";
import { failedJobsAnswer } from "./failed-jobs.ts";
import { healthAnswer, monitoringAnswer } from "./schemas.ts";

export function monitoringRoutes(r: RouteRegistrar, { monitoring, failedJobs }: Services): void {
  r.route({
    method: "GET",
    url: "/v1/health",
    auth: "public",
    summary: "Whether this server reaches PostgreSQL and Redis, asked now (status degraded when one is down)",
    tags: ["monitoring"],
    response: healthAnswer,
    handler: () => monitoring.health(),
  });
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
  r.route({
    method: "GET",
    url: "/v1/monitoring/failed-jobs",
    auth: "user",
    summary: "Jobs of every queue whose last attempt failed (system admins)",
    tags: ["monitoring"],
    query: pageQuery,
    response: failedJobsAnswer,
    handler: ({ query }, ctx) => failedJobs.list(query, ctx),
  });
}
