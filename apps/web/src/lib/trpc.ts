// Typed data access through tRPC and TanStack Query.
import { QueryClient } from "@tanstack/react-query";
import {
  createTRPCQueryUtils,
  createTRPCReact,
  httpBatchLink,
  TRPCClientError,
  type TRPCLink,
} from "@trpc/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { observable } from "@trpc/server/observable";
import type { AppRouter } from "@clubcast/server/trpc";
import { requestHeaders, sessionMarker } from "../auth/session.ts";
import { beginActivity } from "./activity.ts";
import { isUnreachable, reportReachable } from "./connectivity.ts";
import { reportUnauthorized } from "./unauthorized.ts";

export const trpc = createTRPCReact<AppRouter>();
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

export function httpStatusOf(error: unknown): number | null {
  return error instanceof TRPCClientError
    ? ((error.data as { httpStatus?: number } | undefined)?.httpStatus ?? null)
    : null;
}

/** A call the page itself cancelled (it left, or asked again) says nothing about the server. */
function isAbort(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.cause as Error | undefined)?.name === "AbortError";
}

/** Drives the progress bar, tells the connectivity banner whether the server answers, and turns a refused session into a sign-out. */
const sessionLink: TRPCLink<AppRouter> =
  () =>
  ({ next, op }) =>
    observable((observer) => {
      const hadSession = sessionMarker() !== null;
      const done = beginActivity();
      const subscription = next(op).subscribe({
        next: (value) => observer.next(value),
        error: (error) => {
          done();
          if (!isAbort(error)) reportReachable("api", !isUnreachable(httpStatusOf(error)));
          if (hadSession && httpStatusOf(error) === 401) reportUnauthorized();
          observer.error(error);
        },
        complete: () => {
          done();
          reportReachable("api", true);
          observer.complete();
        },
      });
      return () => {
        done();
        subscription.unsubscribe();
      };
    });

export function createTrpcClient() {
  return trpc.createClient({
    links: [sessionLink, httpBatchLink({ url: "/trpc", headers: requestHeaders })],
  });
}

/** The queries' cache driven from outside React: what a page will read, fetched before it renders. */
export const createQueryUtils = (queryClient: QueryClient, client: ReturnType<typeof createTrpcClient>) =>
  createTRPCQueryUtils<AppRouter>({ queryClient, client });
export type QueryUtils = ReturnType<typeof createQueryUtils>;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // An unreachable server (a restart, a lost network) comes back: keep asking, the banner says why.
        // Other server errors get two more tries; client errors (404 of a hidden match, 401, 422) will not
        // change on retry.
        retry: (failures, error) => {
          const status = httpStatusOf(error);
          if (isUnreachable(status)) return true;
          return status !== null && status >= 500 && failures < 2;
        },
        retryDelay: (failures) => Math.min(1_000 * 2 ** failures, 10_000),
      },
    },
  });
}
