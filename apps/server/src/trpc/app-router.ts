/**
 * The typed API for integrators: `import type { AppRouter } from "@clubcast/server/trpc"`.
 * One procedure per operation of every domain (src/domains.generated.ts), named
 * `<domain>.<operation>`, running exactly as its REST twin under /v1 does.
 */
import type { TRPCMutationProcedure, TRPCQueryProcedure } from "@trpc/server";
import type { z } from "zod";
import type { Domain, Operation } from "@clubcast/domain/core/operation.ts";
import { domains } from "@clubcast/domain/domains.generated.ts";
import { operationProcedure, router } from "./trpc.ts";

/** What a client sees of an operation: its input (optional when every field is) and its answer. */
type ProcedureOf<Op> =
  Op extends Operation<unknown, infer Input, infer Output, infer Kind>
    ? {
        // `{}` fits an input exactly when it has no required field: then the caller may send none.
        // eslint-disable-next-line @typescript-eslint/no-empty-object-type
        input: {} extends z.input<Input> ? z.input<Input> | void : z.input<Input>;
        output: z.output<Output>;
        meta: object;
      } extends infer Def extends { input: unknown; output: unknown; meta: object }
      ? Kind extends "query"
        ? TRPCQueryProcedure<Def>
        : TRPCMutationProcedure<Def>
      : never
    : never;

type ProceduresOf<Domains extends Record<string, Domain>> = {
  [Name in keyof Domains]: { [Op in keyof Domains[Name]["operations"]]: ProcedureOf<Domains[Name]["operations"][Op]> };
};

function proceduresOf(all: Record<string, Domain>) {
  return Object.fromEntries(
    Object.entries(all).map(([domain, { operations }]) => [
      domain,
      Object.fromEntries(
        Object.entries(operations).map(([name, operation]) => [name, operationProcedure({ domain, name, operation })]),
      ),
    ]),
  );
}

export const appRouter = router(proceduresOf(domains) as unknown as ProceduresOf<typeof domains>);

export type AppRouter = typeof appRouter;
