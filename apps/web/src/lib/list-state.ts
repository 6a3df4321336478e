// The states of a list the API answers: an empty list is a 200 with `data: []`
// and, in `message`, the spec's 'No … found' text in the caller's language
// (section 8); any error, a 404 included, is an error.
export type ListState = "loading" | "error" | "empty" | "ready";

interface ListQuery<T> {
  isPending: boolean;
  error: unknown;
  data?: { data: T[]; message?: string } | undefined;
}

export function listStateOf(query: ListQuery<unknown>): ListState {
  if (query.error) return "error";
  if (query.isPending) return "loading";
  return query.data && query.data.data.length > 0 ? "ready" : "empty";
}

/** The rows to show: none unless the list is ready (a refetch that failed leaves stale data behind). */
export function listRows<T>(query: ListQuery<T>): T[] {
  return listStateOf(query) === "ready" ? query.data!.data : [];
}

/** What an empty list says: the server's text, else the page's own. */
export function emptyMessageOf(query: { data?: { message?: string } | undefined }, fallback: string): string {
  return query.data?.message ?? fallback;
}
