import { act, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reportReachable } from "../lib/connectivity.ts";
import { createQueryClient } from "../lib/trpc.ts";
import { apiError } from "../../test/fake-api.ts";
import { ReconnectingBanner } from "./ReconnectingBanner.tsx";

function Score({ load }: { load: () => Promise<string> }) {
  const score = useQuery({ queryKey: ["score"], queryFn: load });
  return <p>{score.data}</p>;
}

describe("the reconnecting banner", () => {
  afterEach(() => {
    reportReachable("api", true);
    reportReachable("socket", true);
  });

  it("shows while the API or the socket is lost, politely, and refreshes the page's data on recovery", async () => {
    const load = vi.fn().mockResolvedValueOnce("1–0").mockResolvedValue("2–0");
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReconnectingBanner />
        <Score load={load} />
      </QueryClientProvider>,
    );
    await screen.findByText("1–0");
    const status = screen.getByRole("status");
    expect(status).toHaveAttribute("aria-live", "polite");
    expect(status).toBeEmptyDOMElement();

    act(() => reportReachable("api", false));
    expect(status).toHaveTextContent("Connection lost. Reconnecting…");
    act(() => reportReachable("socket", false));
    act(() => reportReachable("api", true));
    // The socket is still lost.
    expect(status).toHaveTextContent("Reconnecting…");

    act(() => reportReachable("socket", true));
    expect(status).toBeEmptyDOMElement();
    // What changed meanwhile reaches the page.
    await screen.findByText("2–0");
  });
});

describe("a query whose server can't be reached", () => {
  const retry = createQueryClient().getDefaultOptions().queries!.retry as (failures: number, error: unknown) => boolean;

  it("keeps trying while the server is unreachable or its proxy answers for it", () => {
    const networkFailure = TRPCClientError.from(new TypeError("Failed to fetch"));
    expect(retry(20, networkFailure)).toBe(true);
    expect(retry(20, apiError(503, "Service Unavailable"))).toBe(true);
  });

  it("gives up on other server errors after two tries, and at once on client errors", () => {
    expect(retry(1, apiError(500, "Internal Server Error"))).toBe(true);
    expect(retry(2, apiError(500, "Internal Server Error"))).toBe(false);
    expect(retry(0, apiError(404, "No match found"))).toBe(false);
  });
});
