// A stand-in for the server behind tRPC in component tests: each procedure the
// test names ("matches.clubLive", ...) answers through its handler; any other
// call fails, so a test notices what it didn't expect.
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import type { AppRouter } from "@clubcast/server/trpc";
import { trpc } from "../src/lib/trpc.ts";
import type { FieldIssues } from "../src/lib/api.ts";

/** Handlers by procedure path; each gets the call's input and returns (or throws, see apiError) the answer. */
export type FakeApi = Record<string, (input: never) => unknown>;

/** The error of a refused call, as the tRPC client reports it (status, message, 422 field errors and their keys). */
export function apiError(status: number, message: string, errors?: Record<string, string[]>, issues?: FieldIssues) {
  return new TRPCClientError<AppRouter>(message, {
    result: {
      error: { code: -32000, message, data: { httpStatus: status, errors: errors ?? null, issues: issues ?? null } },
    } as never,
  });
}

function fakeLink(api: FakeApi): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        const handler = api[op.path] as ((input: unknown) => unknown) | undefined;
        Promise.resolve()
          .then(() => {
            if (!handler) throw apiError(501, `no fake answer for ${op.path}`);
            return handler(op.input);
          })
          .then(
            (data) => {
              observer.next({ result: { type: "data", data } });
              observer.complete();
            },
            (error: unknown) =>
              observer.error(error instanceof TRPCClientError ? error : TRPCClientError.from(error as Error)),
          );
      });
}

export function createFakeTrpcClient(api: FakeApi) {
  return trpc.createClient({ links: [fakeLink(api)] });
}
