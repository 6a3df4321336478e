// Club-bound dashboard lists answer the spec's 'No … found' (404) when empty
// (section 8): for the interface that is an empty list, not an error.
import { httpStatusOf } from "./trpc.ts";

export type ListState = "loading" | "error" | "empty" | "ready";

interface ListQuery {
  isPending: boolean;
  error: unknown;
  data?: { data: unknown[] } | undefined;
}

export function listStateOf(query: ListQuery): ListState {
  if (query.error) return httpStatusOf(query.error) === 404 ? "empty" : "error";
  if (query.isPending) return "loading";
  return query.data && query.data.data.length > 0 ? "ready" : "empty";
}

/** The rows to show: none unless the list is ready (a refetch that found the list empty leaves stale data behind). */
export function listRows<T>(query: { isPending: boolean; error: unknown; data?: { data: T[] } | undefined }): T[] {
  return listStateOf(query) === "ready" ? query.data!.data : [];
}
