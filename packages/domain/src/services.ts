// The service layer: every domain's service (src/domains.generated.ts), built once per process over shared deps.
import type { Domain } from "./core/operation.ts";
import type { Deps } from "./deps.ts";
import { domains } from "./domains.generated.ts";

type Domains = typeof domains;
export type Services = { readonly deps: Deps } & {
  readonly [Name in keyof Domains]: Domains[Name] extends Domain<infer Service> ? Service : never;
};

/**
 * Builds every service. A factory may use other services (its second argument): each is built
 * on first use, so the domains need no order; a circle between factories fails at start.
 */
export function createServices(deps: Deps): Services {
  const services: Record<string, unknown> = { deps };
  const building = new Set<string>();
  for (const [name, { createService }] of Object.entries(domains)) {
    let service: unknown;
    Object.defineProperty(services, name, {
      enumerable: true,
      get() {
        if (service === undefined) {
          if (building.has(name))
            throw new Error(`the services ${[...building].join(" → ")} → ${name} need each other`);
          building.add(name);
          service = (createService as (deps: Deps, services: unknown) => unknown)(deps, services);
          building.delete(name);
        }
        return service;
      },
    });
  }
  for (const name of Object.keys(domains)) void services[name];
  return services as Services;
}
