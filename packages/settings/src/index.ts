// The platform's settings, for every part: see settings.ts, and definitions.ts for the list.
export { SETTINGS, type SettingName, type SettingDefinition } from "./definitions.ts";
export {
  REPOSITORY_ROOT,
  SettingsError,
  exitOnBadSettings,
  loadDotEnv,
  loadSettings,
  mediaStorageOf,
  parseSettings,
  type Settings,
} from "./settings.ts";
export { loadConfig, corsOriginsFrom, type AppConfig, type RateLimitRule } from "./server.ts";
export { loadWorkerSettings, type WorkerSettings } from "./worker.ts";
export { loadGatewaySettings, type GatewaySettings } from "./gateway.ts";
export { cameraSimSettings, type CameraSimSettings } from "./camera-sim.ts";
export { envExample } from "./env-example.ts";
