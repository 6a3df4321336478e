import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import MonitoringPage, { heartbeatAge, MONITORING_REFRESH_MS } from "./MonitoringPage.tsx";

const NOW = Date.parse("2026-03-01T12:00:00.000Z");
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const overview = () => ({
  configurations: [
    {
      id: 1,
      barcode: "CC-NL-0101",
      club: { id: 3, name: "FC Zuiderpark" },
      field: { id: 8, name: "Hoofdveld" },
      status: "online" as const,
      last_heartbeat_at: ago(1),
      cameras: [
        {
          id: 1,
          display_name: "Panorama left",
          technical_name: "cam-left",
          status: "online" as const,
          last_heartbeat_at: ago(1),
        },
        {
          id: 2,
          display_name: "Panorama right",
          technical_name: "cam-right",
          status: "offline" as const,
          last_heartbeat_at: ago(9),
        },
      ],
    },
  ],
  computers: [
    {
      id: 1,
      name: "Field PC",
      serial: "PC-1",
      club: { id: 3, name: "FC Zuiderpark" },
      status: "degraded" as const,
      last_heartbeat_at: ago(14),
    },
  ],
  routers: [
    { id: 1, name: "Spare router", serial: "RT-9", club: null, status: "unknown" as const, last_heartbeat_at: null },
  ],
});
const failedJobs = () => ({
  data: [
    {
      queue: "camera-commands",
      id: "77",
      name: "schedule",
      data: {},
      failed_reason: "HTTP 503 from camera server",
      attempts_made: 3,
      max_attempts: 3,
      created_at: ago(30),
      failed_at: ago(20),
    },
  ],
  meta: { current_page: 1, last_page: 1, per_page: 20, total: 1, from: 1, to: 1 },
});

const routes = [{ path: "/dashboard/monitoring", element: <MonitoringPage /> }];
const system = fakeAuth({ user: fakeUser({ scope: "system", club: null }) });

afterEach(() => {
  vi.useRealTimers();
});

describe("heartbeat ages", () => {
  it("read as relative times in the locale", () => {
    expect(heartbeatAge(ago(0.2), NOW, "en")).toBe("now");
    expect(heartbeatAge(ago(14), NOW, "en")).toBe("14 minutes ago");
    expect(heartbeatAge(ago(60 * 24 * 6), NOW, "en")).toBe("6 days ago");
    expect(heartbeatAge(ago(90), NOW, "nl")).toBe("1 uur geleden");
  });
});

describe("the Monitoring page", () => {
  it("shows every device's status and heartbeat, the failed jobs, and refreshes by itself", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    const monitoring = vi.fn(overview);
    renderRoutes(routes, "/dashboard/monitoring", system, undefined, {
      "monitoring.overview": monitoring,
      "monitoring.failedJobs": failedJobs,
    });
    const configurations = await screen.findByRole("table", { name: "Camera configurations" });
    expect(await within(configurations).findByText("CC-NL-0101")).toBeInTheDocument();
    expect(within(configurations).getByRole("list", { name: "Cameras of CC-NL-0101" })).toHaveTextContent(
      "Panorama right: Offline",
    );
    const computers = screen.getByRole("table", { name: "Computers" });
    expect(within(computers).getByText("Degraded")).toBeInTheDocument();
    expect(within(computers).getByText("14 minutes ago")).toBeInTheDocument();
    const routers = screen.getByRole("table", { name: "Routers" });
    expect(within(routers).getByText("Not assigned")).toBeInTheDocument();
    expect(within(routers).getByText("Never")).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Summary" })).toHaveTextContent("1 of 2 online");
    expect(await screen.findByText("HTTP 503 from camera server")).toBeInTheDocument();
    expect(screen.getByText("3 of 3")).toBeInTheDocument();

    const calls = monitoring.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(MONITORING_REFRESH_MS));
    expect(monitoring.mock.calls.length).toBe(calls + 1);
  });
});
