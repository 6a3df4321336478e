// What other processes (the worker, benchmarks, @clubcast/testkit) need to run
// the service layer outside the HTTP server: `import { ... } from "@clubcast/server/runtime"`.
export { loadConfig, type AppConfig } from "@clubcast/settings";
export { createDeps, closeDeps, type Deps } from "./deps.ts";
export { createServices, type Services } from "./services.ts";
export { holdMatchUntilCommit, readCameraCommandCommitted } from "./jobs/commit-gate.ts";
export { hashPassword } from "./auth/passwords.ts";
