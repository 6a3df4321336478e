// Typed data access through tRPC and TanStack Query.
import { QueryClient } from "@tanstack/react-query";
import { createTRPCReact, httpBatchLink, TRPCClientError, type TRPCLink } from "@trpc/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { observable } from "@trpc/server/observable";
import i18next from "i18next";
import type { AppRouter } from "@clubcast/server/trpc";
import { requestHeaders, sessionMarker } from "../auth/session.ts";
import { beginActivity } from "./activity.ts";
import { reportUnauthorized } from "./unauthorized.ts";

export const trpc = createTRPCReact<AppRouter>();
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

export function httpStatusOf(error: unknown): number | null {
  return error instanceof TRPCClientError
    ? ((error.data as { httpStatus?: number } | undefined)?.httpStatus ?? null)
    : null;
}

/** Drives the progress bar and turns a refused session into a sign-out. */
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
          if (hadSession && httpStatusOf(error) === 401) reportUnauthorized();
          observer.error(error);
        },
        complete: () => {
          done();
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
    links: [sessionLink, httpBatchLink({ url: "/trpc", headers: () => requestHeaders(i18next.language) })],
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (404 of a hidden match, 401, 422) will not change on retry.
        retry: (failures, error) => {
          const status = httpStatusOf(error);
          return (status === null || status >= 500) && failures < 2;
        },
      },
    },
  });
}
