import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import MonitoringPage, { heartbeatAge, MONITORING_REFRESH_MS } from "./MonitoringPage.tsx";

const NOW = Date.parse("2026-03-01T12:00:00.000Z");
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const overview = () => ({
  data: {
    services: { database: "up" as const, redis: "up" as const },
    configurations: [
      {
        id: 1,
        barcode: "CC-NL-0101",
        club: { id: 3, name: "FC Zuiderpark" },
        field: { id: 8, name: "Hoofdveld" },
        status: "online" as const,
        last_heartbeat_at: ago(1),
        publisher: {
          protocol: "srt" as const,
          since: ago(30),
          stats: { rtt_ms: 38, loss_percent: 1.5, retransmitted_packets: 120, dropped_packets: 0, bitrate_kbps: 3100 },
          stats_at: ago(1),
        },
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
  },
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

const GB = 1_000_000_000;
const storage = (overrides: Record<string, unknown> = {}) => ({
  data: {
    media_bytes: 412.5 * GB,
    free_bytes: 1_250 * GB,
    total_bytes: 2_000 * GB,
    margin_bytes: 50 * GB,
    recording_allowed: true,
    ...overrides,
  },
});
const refusals = () => ({
  data: [
    {
      id: "r2",
      at: ago(2),
      protocol: "srt" as const,
      code: "unknown_key" as const,
      codec: null,
      reason: "Unknown stream key",
      stream_key_hint: "…a1b2",
      address: "203.0.113.7:51234",
      count: 1,
      club_id: null,
      configuration_id: null,
    },
    {
      id: "r1",
      at: ago(8),
      protocol: "rtmp" as const,
      code: "disabled" as const,
      codec: null,
      reason: "Livestream is disabled for this configuration",
      stream_key_hint: "…c3d4",
      address: "198.51.100.20",
      count: 4,
      club_id: 3,
      configuration_id: 1,
    },
  ],
});
const gateway = {
  "mediaGateway.storage": () => storage(),
  "mediaGateway.refusals": refusals,
};

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
      "failedJobs.list": failedJobs,
      ...gateway,
    });
    const configurations = await screen.findByRole("table", { name: "Camera configurations" });
    expect(await within(configurations).findByText("CC-NL-0101")).toBeInTheDocument();
    expect(within(configurations).getByRole("list", { name: "Cameras of CC-NL-0101" })).toHaveTextContent(
      "Panorama right: Offline",
    );
    // The camera publishing to the media gateway, with its SRT link's figures.
    expect(within(configurations).getByLabelText("Connection")).toHaveTextContent(
      "Bitrate3,100 kbit/sRound trip38 msPacket loss1.5 %Resent packets120Dropped packets0",
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

  it("says in the server's words when no job failed", async () => {
    renderRoutes(routes, "/dashboard/monitoring", system, undefined, {
      "monitoring.overview": overview,
      "failedJobs.list": () => ({
        data: [],
        message: "No failed jobs found",
        meta: { current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null },
      }),
      ...gateway,
    });
    expect(await screen.findByText("No failed jobs found")).toBeInTheDocument();
  });
});

describe("the media gateway on the Monitoring page", () => {
  const render = (api: Record<string, (input: never) => unknown>) =>
    renderRoutes(routes, "/dashboard/monitoring", system, undefined, {
      "monitoring.overview": overview,
      "failedJobs.list": failedJobs,
      ...gateway,
      ...api,
    });

  it("shows the media disk in human sizes, and the publishers it refused, latest first", async () => {
    render({});
    const card = await screen.findByRole("region", { name: "Media storage" });
    expect(await within(card).findByText("New recordings are allowed")).toBeInTheDocument();
    expect(card).toHaveTextContent("750 GB of 2 TB in use");
    const facts = card.querySelector("dl")!;
    expect(facts).toHaveTextContent("Used by media413 GB");
    expect(facts).toHaveTextContent("Free1.25 TB");
    expect(facts).toHaveTextContent("Total2 TB");
    expect(card).toHaveTextContent("At least 50 GB is kept free for recordings in progress.");
    expect(within(card).queryByRole("alert")).toBeNull();

    const table = await screen.findByRole("table", { name: "Publishers the media gateway refused, latest first" });
    const rows = await within(table).findAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent("SRT");
    expect(rows[1]).toHaveTextContent("…a1b2");
    expect(rows[1]).toHaveTextContent("203.0.113.7:51234");
    expect(rows[1]).toHaveTextContent("Gateway: Unknown stream key");
    expect(rows[1]).toHaveTextContent("The stream key is unknown; it may have been renewed.");
    expect(rows[2]).toHaveTextContent("Livestreaming is turned off for this camera's configuration.");
    expect(rows[2]).toHaveTextContent("4 times in a row, the latest at the time shown");
    expect(rows[1]).not.toHaveTextContent("in a row");
    expect(rows[1]!.querySelector("time")).toHaveAttribute("datetime", ago(2));
    expect(rows[2]).toHaveTextContent("RTMP");
  });

  it("warns when new recordings are refused, and says when nobody was refused", async () => {
    render({
      "mediaGateway.storage": () => storage({ free_bytes: 20 * GB, recording_allowed: false }),
      "mediaGateway.refusals": () => ({ data: [], message: "No refused publishers found" }),
    });
    const card = await screen.findByRole("region", { name: "Media storage" });
    expect(await within(card).findByRole("alert")).toHaveTextContent(
      "New recordings are refused: free disk is below the margin",
    );
    expect(within(card).getByText("Free").nextElementSibling).toHaveTextContent("20 GB");
    expect(await screen.findByText("No refused publishers found")).toBeInTheDocument();
  });

  it("offers a retry when the gateway's numbers can't be loaded", async () => {
    render({
      "mediaGateway.storage": () => {
        throw new Error("down");
      },
      "mediaGateway.refusals": () => {
        throw new Error("down");
      },
    });
    const card = await screen.findByRole("region", { name: "Media storage" });
    expect(await within(card).findByRole("button", { name: "Try again" })).toBeInTheDocument();
    const refused = screen.getByRole("region", { name: "Refused publishers" });
    expect(await within(refused).findByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
