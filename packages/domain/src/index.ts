// The domain: every service of the platform over its database, queues and files, and
// each operation's declaration (its folders' operations.ts). The server's transports
// (REST, tRPC, Socket.IO), the worker's jobs and the test kit run it; this entry holds
// what a process needs to start it.
export { loadConfig, type AppConfig } from "@clubcast/settings";
export { createDeps, closeDeps, type Deps } from "./deps.ts";
export { createServices, type Services } from "./services.ts";
export { createCameraCommandReader } from "./jobs/camera-command-reader.ts";
export { forgetOldJobOutcomes } from "./matches/job-outcomes.ts";
export { recordedSegments } from "./moments/timing.ts";
export { hashPassword } from "./auth/passwords.ts";
