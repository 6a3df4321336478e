// The service layer, one per domain, built once per process over shared deps.
import type { Deps } from "./deps.ts";
import { createAuthService } from "./auth/service.ts";
import { createMatchesService } from "./matches/service.ts";
import { createOfflineService } from "./offline/service.ts";
import { createSequencesService } from "./sequences/service.ts";
import { createClubsService } from "./clubs/service.ts";
import { createFieldsService } from "./fields/service.ts";
import { createSportsService } from "./sports/service.ts";
import { createTeamsService } from "./teams/service.ts";
import { createUsersService } from "./users/service.ts";
import { createRolesService } from "./roles/service.ts";
import { createMessagesService } from "./messages/service.ts";
import { createSearchService } from "./search/service.ts";
import { createConfigurationsService } from "./configurations/service.ts";
import { createDevicesService } from "./devices/service.ts";
import { createApiClientsService } from "./api-clients/service.ts";
import { createCameraControllerService } from "./camera-controller/service.ts";
import { createMonitoringService } from "./monitoring/service.ts";
import { createAppInfoService } from "./app-info/service.ts";
import { createRealtimeService } from "./realtime/service.ts";
import { createFailedJobsService } from "./monitoring/failed-jobs.ts";
import { createMediaService } from "./media/service.ts";
import { createMediaGatewayService } from "./media-gateway/service.ts";

export function createServices(deps: Deps) {
  const auth = createAuthService(deps);
  const media = createMediaService(deps);
  return {
    deps,
    auth,
    media,
    mediaGateway: createMediaGatewayService(deps, media),
    matches: createMatchesService(deps, media),
    offline: createOfflineService(deps, media),
    sequences: createSequencesService(deps),
    clubs: createClubsService(deps),
    fields: createFieldsService(deps),
    sports: createSportsService(deps),
    teams: createTeamsService(deps),
    users: createUsersService(deps, auth),
    roles: createRolesService(deps),
    messages: createMessagesService(deps),
    search: createSearchService(deps),
    configurations: createConfigurationsService(deps),
    devices: createDevicesService(deps),
    apiClients: createApiClientsService(deps, auth),
    cameraController: createCameraControllerService(deps, auth),
    monitoring: createMonitoringService(deps),
    appInfo: createAppInfoService(),
    realtime: createRealtimeService(deps),
    failedJobs: createFailedJobsService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
