import { describe, expect, it } from "vitest";
import type { RouteObject } from "react-router";
import { WEB_PAGE_PATTERNS } from "@clubcast/shared";
import { localeRoutes } from "./routes.tsx";

/** Every full path the router renders a page for, the not-found catch-all left out. */
function pagePatterns(routes: RouteObject[], base = ""): string[] {
  return routes.flatMap((route) => {
    const path = route.index ? base : [base, route.path].filter(Boolean).join("/");
    if (route.path === "*") return [];
    const own = route.index || (route.path !== undefined && !route.children) ? [path] : [];
    return [...own, ...pagePatterns(route.children ?? [], path)];
  });
}

describe("the router's pages", () => {
  it("are exactly the pages the server knows (it answers 404 for any other path)", () => {
    expect(pagePatterns(localeRoutes()).sort()).toEqual([...WEB_PAGE_PATTERNS].sort());
  });
});
