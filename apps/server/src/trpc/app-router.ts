/**
 * The typed API for integrators: `import type { AppRouter } from "@clubcast/server/trpc"`.
 * Every procedure calls the same service function, with the same zod schema,
 * as its REST twin under /v1.
 */
import { authRouter } from "../auth/router.ts";
import { matchesRouter } from "../matches/router.ts";
import { offlineRouter } from "../offline/router.ts";
import { sequencesRouter } from "../sequences/router.ts";
import { clipsRouter } from "../clips/router.ts";
import { clubsRouter } from "../clubs/router.ts";
import { fieldsRouter } from "../fields/router.ts";
import { sportsRouter } from "../sports/router.ts";
import { teamsRouter } from "../teams/router.ts";
import { usersRouter } from "../users/router.ts";
import { rolesRouter } from "../roles/router.ts";
import { messagesRouter } from "../messages/router.ts";
import { searchRouter } from "../search/router.ts";
import { configurationsRouter } from "../configurations/router.ts";
import { devicesRouter } from "../devices/router.ts";
import { apiClientsRouter } from "../api-clients/router.ts";
import { cameraControllerRouter } from "../camera-controller/router.ts";
import { monitoringRouter } from "../monitoring/router.ts";
import { appInfoRouter } from "../app-info/router.ts";
import { realtimeRouter } from "../realtime/router.ts";
import { mediaGatewayRouter } from "../media-gateway/router.ts";
import { router } from "./trpc.ts";

export const appRouter = router({
  auth: authRouter,
  matches: matchesRouter,
  offline: offlineRouter,
  sequences: sequencesRouter,
  clips: clipsRouter,
  clubs: clubsRouter,
  fields: fieldsRouter,
  sports: sportsRouter,
  teams: teamsRouter,
  users: usersRouter,
  roles: rolesRouter,
  messages: messagesRouter,
  search: searchRouter,
  configurations: configurationsRouter,
  devices: devicesRouter,
  apiClients: apiClientsRouter,
  cameraController: cameraControllerRouter,
  monitoring: monitoringRouter,
  appInfo: appInfoRouter,
  realtime: realtimeRouter,
  mediaGateway: mediaGatewayRouter,
});

export type AppRouter = typeof appRouter;
