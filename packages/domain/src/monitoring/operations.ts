import { domain } from "../core/operation.ts";
import { HEARTBEAT_ONLINE_WITHIN_S } from "@clubcast/shared";
import { healthAnswer, monitoringAnswer } from "./schemas.ts";
import { noInput } from "../core/schemas.ts";
import { createMonitoringService } from "./service.ts";

export default domain(createMonitoringService, (op) => ({
  health: op.query({
    auth: "public",
    summary: "Whether this server reaches PostgreSQL and Redis, asked now (status degraded when one is down)",
    rest: { method: "GET", path: "/v1/health" },
    input: noInput,
    output: healthAnswer,
    run: (monitoring) => monitoring.health(),
  }),
  overview: op.query({
    auth: "user",
    summary: `Configurations, cameras, computers and routers with their status (offline after ${HEARTBEAT_ONLINE_WITHIN_S} s without a heartbeat)`,
    rest: { method: "GET", path: "/v1/monitoring" },
    input: noInput,
    output: monitoringAnswer,
    run: (monitoring, _input, caller) => monitoring.overview(caller),
  }),
}));
