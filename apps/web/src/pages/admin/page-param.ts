import { PAGINATION } from "@clubcast/shared";

/** The list page in the URL (?page=n), the first when missing or not a page number. */
export function pageParam(params: URLSearchParams, name = "page"): number {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page >= 1 ? page : PAGINATION.defaultPage;
}
