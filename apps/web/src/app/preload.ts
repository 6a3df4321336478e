// What the first page of a visit fetches before React renders it: the chunks of
// the pages its route shows and, where a route says so, the data the page opens
// with. Both go out beside the language's texts instead of one after another
// (texts, then the page's code, then its data).
import { matchRoutes, type Params, type RouteObject } from "react-router";
import type { QueryUtils } from "../lib/trpc.ts";
import { preloadPage } from "./lazy.tsx";

/** A route's `handle`: what its page needs first besides its chunks (its data, more code). */
export interface PrefetchingRoute {
  prefetch(params: Params, data: QueryUtils): void;
}

export function preloadRoute(routes: RouteObject[], pathname: string, data: QueryUtils): void {
  for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
    preloadPage(route.element);
    (route.handle as PrefetchingRoute | undefined)?.prefetch(params, data);
  }
}
