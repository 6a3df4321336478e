// One declaration per operation: its input and output schemas, who may call it,
// its REST method and path (where it has one) and its call on the domain's
// service. The REST routes (core/rest.ts), the tRPC procedures (trpc/app-router.ts),
// the OpenAPI document and the authorization matrix are all generated from these.
import type { z } from "zod";
import type { Deps } from "../deps.ts";
import type { RequestContext } from "./context.ts";

/** Who may call an operation: anyone, a signed-in user, or an API client (a camera controller). */
export type AuthRequirement = "public" | "user" | "client";

/** What a route's answer does to the session cookies: a sign-in starts one, a sign-out ends it. */
export type SessionEffect = "start" | "end";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Where an operation sits under /v1. Its path's :params are fields of the operation's input. */
export interface RestBinding {
  method: HttpMethod;
  /** Fastify path, e.g. /v1/clubs/:club/matches/:match */
  path: string;
  /** Status of a successful answer (default 200). */
  status?: 200 | 201 | 202 | 204;
  /** Sets (sign-in) or clears (sign-out) the web client's session cookies. */
  session?: SessionEffect;
}

/** A read is a tRPC query; anything that changes data is a mutation. */
export type OperationKind = "query" | "mutation";

export interface Operation<
  Service = unknown,
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
  Kind extends OperationKind = OperationKind,
> {
  kind: Kind;
  auth: AuthRequirement;
  /** One line for the OpenAPI document. */
  summary: string;
  /**
   * Refusals its service answers beyond those its declaration implies (the OpenAPI document
   * lists both): a sign-in's 401 for wrong credentials, a rate limit's 429, a public check's 403/404.
   */
  refusals?: readonly (401 | 403 | 404 | 429)[];
  /** Its /v1 route, or routes where the spec names the same call twice. */
  rest?: RestBinding | readonly RestBinding[];
  /** One object: on REST, the path params, the query and the JSON body together. */
  input: Input;
  /** The success answer; checked against every answer outside production. */
  output: Output;
  run(service: Service, input: z.output<Input>, caller: RequestContext): Promise<z.input<Output>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any operation of any service, for the transports
export type AnyOperation = Operation<any, z.ZodType, z.ZodType, OperationKind>;

/**
 * Builds a domain's service. `services` holds every other domain's service (built on first use),
 * so a factory names what it needs: `(deps, { media }: { media: MediaService })`.
 */
export type ServiceFactory<Service> = (deps: Deps, services: never) => Service;

export interface Domain<
  Service = unknown,
  Operations extends Record<string, AnyOperation> = Record<string, AnyOperation>,
> {
  createService: ServiceFactory<Service>;
  operations: Operations;
}

type Declared<Service, Input extends z.ZodType, Output extends z.ZodType> = Omit<
  Operation<Service, Input, Output>,
  "kind"
>;

/** Declares operations over one service, so their `run` knows the service's type. */
export interface OperationBuilder<Service> {
  query<Input extends z.ZodType, Output extends z.ZodType>(
    spec: Declared<Service, Input, Output>,
  ): Operation<Service, Input, Output, "query">;
  mutation<Input extends z.ZodType, Output extends z.ZodType>(
    spec: Declared<Service, Input, Output>,
  ): Operation<Service, Input, Output, "mutation">;
}

/**
 * A domain: its service and its operations. Each domain folder's `operations.ts` exports one
 * as default; scripts/generate-domains.ts finds them and writes src/domains.generated.ts.
 */
export function domain<Service, Operations extends Record<string, AnyOperation>>(
  createService: ServiceFactory<Service>,
  declare: (op: OperationBuilder<Service>) => Operations,
): Domain<Service, Operations> {
  const op: OperationBuilder<Service> = {
    query: (spec) => ({ ...spec, kind: "query" }),
    mutation: (spec) => ({ ...spec, kind: "mutation" }),
  };
  return { createService, operations: declare(op) };
}

/** An operation as the transports see it: with its domain's name and its own. */
export interface NamedOperation {
  domain: string;
  name: string;
  operation: AnyOperation;
}

/** An operation at one of its /v1 routes. */
export interface RestOperation extends NamedOperation {
  rest: RestBinding;
}

export function restOperations(operations: NamedOperation[]): RestOperation[] {
  return operations.flatMap((named) => [named.operation.rest ?? []].flat().map((rest) => ({ ...named, rest })));
}

export function namedOperations(domains: Record<string, Domain>): NamedOperation[] {
  return Object.entries(domains).flatMap(([domainName, { operations }]) =>
    Object.entries(operations).map(([name, operation]) => ({ domain: domainName, name, operation })),
  );
}
