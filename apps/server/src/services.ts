// The service layer, one per domain, built once per process over shared deps.
import type { Deps } from "./deps.ts";
import { createAuthService } from "./auth/service.ts";

export function createServices(deps: Deps) {
  return {
    deps,
    auth: createAuthService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
