import { describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import type { RouteObject } from "react-router";
import type { QueryUtils } from "../lib/trpc.ts";
import { lazyPage } from "./lazy.tsx";
import { preloadRoute, type PrefetchingRoute } from "./preload.ts";

/** A lazily loaded page whose chunk the test resolves, counting how often it was asked for. */
function pageChunk(text: string) {
  let resolve!: (module: { default: () => React.JSX.Element }) => void;
  const chunk = new Promise<{ default: () => React.JSX.Element }>((settle) => (resolve = settle));
  const load = vi.fn(() => chunk);
  return { element: lazyPage(load), load, arrive: () => resolve({ default: () => <p>{text}</p> }) };
}

const NO_DATA = {} as QueryUtils;

describe("preloading the first page", () => {
  it("asks for the chunks of every page the path shows, and for the data its route names, once", () => {
    const layout = pageChunk("layout");
    const page = pageChunk("match");
    const other = pageChunk("other");
    const prefetch = vi.fn<PrefetchingRoute["prefetch"]>();
    const routes: RouteObject[] = [
      {
        element: layout.element,
        children: [
          { path: "matches/:match", element: page.element, handle: { prefetch } satisfies PrefetchingRoute },
          { path: "sports", element: other.element },
        ],
      },
    ];
    preloadRoute(routes, "/matches/42", NO_DATA);
    preloadRoute(routes, "/matches/42", NO_DATA);
    expect(layout.load).toHaveBeenCalledTimes(1);
    expect(page.load).toHaveBeenCalledTimes(1);
    expect(other.load).not.toHaveBeenCalled();
    expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ match: "42" }), NO_DATA);
  });

  it("asks for nothing on a path no route takes", () => {
    const page = pageChunk("match");
    preloadRoute([{ path: "matches/:match", element: page.element }], "/nowhere", NO_DATA);
    expect(page.load).not.toHaveBeenCalled();
  });

  it("shows a page whose chunk came before it renders at once, without the loader", async () => {
    const page = pageChunk("the match");
    preloadRoute([{ path: "/", element: page.element }], "/", NO_DATA);
    await act(async () => page.arrive());
    render(page.element);
    // Synchronously, in the first commit: nothing to wait for.
    expect(screen.getByText("the match")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows the loader for a page whose chunk is still on its way, then the page", async () => {
    const page = pageChunk("the match");
    // In an awaited act, as React wants a render that suspends on a promise.
    await act(async () => void render(page.element));
    expect(screen.getByRole("status")).toBeInTheDocument();
    await act(async () => page.arrive());
    expect(await screen.findByText("the match")).toBeInTheDocument();
  });
});
