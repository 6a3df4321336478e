import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CHANNELS, PAGINATION } from "@clubcast/shared";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import { fakeRealtime } from "../../../test/fake-realtime.ts";
import { fakeMatch, pageOf } from "../scheduler/fixtures.test-data.ts";
import StreamsPage, { PREVIEWS_REFRESH_MS } from "./StreamsPage.tsx";

vi.mock("../../lib/realtime.ts", async () => (await import("../../../test/fake-realtime.ts")).fakeRealtimeModule);

// The player itself is hls.js's business; here it only has to say what it plays.
vi.mock("../matches/VideoPlayer.tsx", () => ({
  VideoPlayer: ({ src, label, live }: { src: string; label: string; live: boolean }) => (
    <video aria-label={label} src={src} muted={live} autoPlay={live} />
  ),
}));

const routes = [{ path: "/dashboard/streams", element: <StreamsPage /> }];
const system = fakeAuth({ user: fakeUser({ scope: "system", club: null }) });
const team = (fullname: string) => ({ id: 1, fullname });

describe("the Streams page", () => {
  it("lists live streams ten a page, private ones marked, and follows the matches' news", async () => {
    let live = [
      fakeMatch({ id: 1, status: "live", is_private: true, home: { club: null, team: team("Groen Wit 1"), score: 1 } }),
    ];
    const liveStreams = vi.fn((_input: { page: number; limit: number }) => pageOf(live));
    renderRoutes(routes, "/dashboard/streams", system, undefined, { "matches.liveStreams": liveStreams });
    const table = await screen.findByRole("table", { name: "Live streams" });
    expect(await within(table).findByText("Groen Wit 1 vs VV De Zwaluwen")).toBeInTheDocument();
    expect(liveStreams).toHaveBeenCalledWith({ page: 1, limit: PAGINATION.streamsLimit });
    expect(within(table).getByText("Private")).toBeInTheDocument();
    expect(within(table).getByRole("link", { name: "Watch Groen Wit 1 vs VV De Zwaluwen" })).toHaveAttribute(
      "href",
      "/matches/1",
    );

    live = [...live, fakeMatch({ id: 2, status: "live", home: { club: null, team: team("Rijnland 2"), score: 0 } })];
    const news = fakeRealtime.handlersOf(CHANNELS.matchLists);
    act(() => news["match.live"]!({ match: 2 }));
    expect(await within(table).findByText("Rijnland 2 vs VV De Zwaluwen")).toBeInTheDocument();
    // Made private for a visitor, on demand or ended: it leaves the live list.
    live = live.slice(1);
    act(() => news["match.changed"]!({ match: 1 }));
    await waitFor(() => expect(within(table).queryByText("Groen Wit 1 vs VV De Zwaluwen")).toBeNull());
  });

  it("shows the upcoming list and its page from the address", async () => {
    const user = userEvent.setup();
    const upcomingStreams = vi.fn((_input: { page: number; limit: number }) => pageOf([fakeMatch({ id: 3 })]));
    renderRoutes(routes, "/dashboard/streams?list=upcoming&page=2", system, undefined, {
      "matches.upcomingStreams": upcomingStreams,
      "matches.liveStreams": () => pageOf([]),
    });
    await screen.findByRole("table", { name: "Upcoming streams" });
    expect(upcomingStreams).toHaveBeenCalledWith({ page: 2, limit: PAGINATION.streamsLimit });
    expect(screen.getByRole("link", { name: /Upcoming/ })).toHaveAttribute("aria-current", "page");

    await user.click(screen.getByRole("link", { name: /Live/ }));
    expect(await screen.findByText("No live matches found")).toBeInTheDocument();
  });
});

const clubAdmin = fakeAuth({ user: fakeUser({ scope: "club", club: { id: 3, name: "VV Groen Wit" } }) });

function preview(id: number, overrides: Record<string, unknown> = {}) {
  return {
    configuration: { id, barcode: `GW-${id}` },
    field: { id: 10 + id, name: `Veld ${id}` },
    protocol: "rtmp" as const,
    since: "2026-03-01T12:00:00.000Z",
    hls_url: `/media/live/${id}/index.m3u8`,
    stats: null,
    stats_at: null,
    ...overrides,
  };
}

describe("the camera previews", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("show every connected publisher of the club in a muted live player, polled every 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let connected = [preview(1), preview(2, { protocol: "srt", field: null, hls_url: null })];
    const previews = vi.fn((_input: { club: number }) => ({ data: connected }));
    renderRoutes(routes, "/dashboard/streams", clubAdmin, undefined, {
      "matches.liveStreams": () => pageOf([]),
      "mediaGateway.previews": previews,
    });
    const section = await screen.findByRole("region", { name: "Camera previews" });
    const list = await within(section).findByRole("list", { name: "Connected cameras" });
    // A club administrator's page is about their own club: no club to pick.
    expect(previews).toHaveBeenCalledWith({ club: 3 });
    expect(within(section).queryByRole("combobox", { name: "Club" })).toBeNull();
    expect(screen.getByText(/^Your club's live and upcoming streams/)).toBeInTheDocument();

    const [first, second] = within(list).getAllByRole("listitem");
    const player = within(first!).getByLabelText("Preview of Veld 1");
    expect(player).toHaveAttribute("src", "/media/live/1/index.m3u8");
    expect(player).toHaveProperty("muted", true);
    expect(player).toHaveAttribute("autoplay");
    expect(within(first!).getByRole("heading", { name: "Veld 1" })).toBeInTheDocument();
    expect(first).toHaveTextContent("RTMP");
    expect(first).toHaveTextContent("Configuration GW-1");
    expect(
      within(first!)
        .getByText(/^Connected since/)
        .closest("time"),
    ).toHaveAttribute("datetime", "2026-03-01T12:00:00.000Z");
    // Before the first segment there is nothing to play yet.
    expect(within(second!).getByRole("heading", { name: "No field" })).toBeInTheDocument();
    expect(second).toHaveTextContent("SRT");
    expect(second).toHaveTextContent("Waiting for the first video…");

    connected = [preview(2, { protocol: "srt", field: null })];
    await act(() => vi.advanceTimersByTimeAsync(PREVIEWS_REFRESH_MS));
    expect(previews).toHaveBeenCalledTimes(2);
    expect(await within(list).findByLabelText("Preview of No field")).toBeInTheDocument();
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
  });

  it("say what to do when no camera is connected", async () => {
    renderRoutes(routes, "/dashboard/streams", system, undefined, {
      "matches.liveStreams": () => pageOf([]),
      "clubs.list": () => ({ data: [{ id: 3, name: "VV Groen Wit" }], meta: pageOf([1]).meta }),
      "mediaGateway.previews": () => ({ data: [], message: "No cameras are publishing" }),
    });
    const section = await screen.findByRole("region", { name: "Camera previews" });
    // A system administrator first picks the club.
    expect(within(section).getByText("Choose a club to see the cameras streaming for it.")).toBeInTheDocument();
    const user = userEvent.setup();
    const picker = within(section).getByRole("combobox", { name: "Club" });
    await within(picker).findByRole("option", { name: "VV Groen Wit" });
    await user.selectOptions(picker, "3");
    expect(await within(section).findByText("No cameras are publishing")).toBeInTheDocument();
    expect(
      within(section).getByText("Point your camera, OBS or phone at the addresses on the Go live page."),
    ).toBeInTheDocument();
    // The working club goes along: the go-live page shows that club's cameras.
    expect(within(section).getByRole("link", { name: "Go live" })).toHaveAttribute(
      "href",
      "/dashboard/streams/go-live?club=3",
    );
  });

  it("show a loading state, then an error with a retry", async () => {
    const user = userEvent.setup();
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    renderRoutes(routes, "/dashboard/streams", clubAdmin, undefined, {
      "matches.liveStreams": () => pageOf([]),
      "mediaGateway.previews": async () => {
        await gate;
        if (fail) throw new Error("gateway unreachable");
        return { data: [preview(1)] };
      },
    });
    const section = await screen.findByRole("region", { name: "Camera previews" });
    expect(within(section).getByRole("list", { name: "Connected cameras" })).toHaveAttribute("aria-busy", "true");
    release();
    expect(await within(section).findByRole("alert")).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole("button", { name: "Try again" }));
    expect(await within(section).findByLabelText("Preview of Veld 1")).toBeInTheDocument();
  });
});

describe("a connected camera's link", () => {
  it("shows the bitrate, and for SRT the round trip, loss, resent and dropped packets", async () => {
    const srt = { rtt_ms: 42.5, loss_percent: 2.1, retransmitted_packets: 310, dropped_packets: 4, bitrate_kbps: 2800 };
    const rtmp = {
      rtt_ms: null,
      loss_percent: null,
      retransmitted_packets: null,
      dropped_packets: null,
      bitrate_kbps: 4500,
    };
    renderRoutes(routes, "/dashboard/streams", clubAdmin, undefined, {
      "matches.liveStreams": () => pageOf([]),
      "mediaGateway.previews": () => ({
        data: [
          preview(1, { stats: rtmp, stats_at: "2026-03-01T12:00:30.000Z" }),
          preview(2, { protocol: "srt", stats: srt, stats_at: "2026-03-01T12:00:30.000Z" }),
          preview(3),
        ],
      }),
      "mediaGateway.clubRefusals": () => ({ data: [] }),
    });
    await screen.findByLabelText("Preview of Veld 1");
    const list = screen.getByRole("list", { name: "Connected cameras" });
    const [first, second, third] = within(list).getAllByRole("listitem");
    const rtmpLink = within(first!).getByLabelText("Connection");
    expect(rtmpLink).toHaveTextContent("Bitrate4,500 kbit/s");
    expect(rtmpLink).not.toHaveTextContent("Round trip");
    expect(within(second!).getByLabelText("Connection")).toHaveTextContent(
      "Bitrate2,800 kbit/sRound trip42.5 msPacket loss2.1 %Resent packets310Dropped packets4",
    );
    expect(third).toHaveTextContent("No figures yet");
  });
});

const refusal = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  at: "2026-03-01T12:05:00.000Z",
  protocol: "rtmp" as const,
  code: "no_video" as const,
  codec: null,
  reason: "no decodable video arrived",
  address: "203.0.113.9",
  count: 1,
  configuration: { id: 1, barcode: "GW-1" },
  field: { id: 11, name: "Veld 1" },
  ...overrides,
});

describe("the refused cameras", () => {
  it("word each refusal for a club admin, keep the gateway's reason as detail, and take a new one live", async () => {
    let refused = [
      refusal("b", {
        code: "unsupported_video_codec",
        codec: "hevc",
        protocol: "srt",
        reason: "unsupported video codec hevc: passthrough needs H.264",
      }),
      refusal("a"),
    ];
    const clubRefusals = vi.fn((_input: { club: number }) => ({ data: refused }));
    renderRoutes(routes, "/dashboard/streams", clubAdmin, undefined, {
      "matches.liveStreams": () => pageOf([]),
      "mediaGateway.previews": () => ({ data: [] }),
      "mediaGateway.clubRefusals": clubRefusals,
    });
    const table = await screen.findByRole("table", { name: "Cameras the media gateway refused, latest first" });
    expect(clubRefusals).toHaveBeenCalledWith({ club: 3 });
    await within(table).findByText("Gateway: no decodable video arrived");
    const rows = within(table).getAllByRole("row");
    // A header row, then the latest first.
    expect(rows[1]).toHaveTextContent("Veld 1 · configuration GW-1");
    expect(rows[1]).toHaveTextContent("SRT");
    expect(rows[1]).toHaveTextContent(
      "Your camera sends HEVC (H.265) video; Clubcast takes H.264. Set the encoder to H.264.",
    );
    expect(rows[1]).toHaveTextContent("Gateway: unsupported video codec hevc: passthrough needs H.264");
    expect(rows[2]).toHaveTextContent(
      "Your camera sent no video: only sound, or nothing within 15 seconds. Check that the encoder sends H.264 video.",
    );

    refused = [
      refusal("c", { code: "already_publishing", reason: "a camera already publishes with this key" }),
      ...refused,
    ];
    const handlers = fakeRealtime.handlersOf("streams.3");
    act(() => handlers["stream.refused"]!({ club: 3, configuration: 1, field: 11, code: "already_publishing" }));
    expect(
      await within(table).findByText(/Another camera or encoder already streams with this key/),
    ).toBeInTheDocument();
    expect(clubRefusals).toHaveBeenCalledTimes(2);
  });

  it("say so when no camera was refused", async () => {
    renderRoutes(routes, "/dashboard/streams", clubAdmin, undefined, {
      "matches.liveStreams": () => pageOf([]),
      "mediaGateway.previews": () => ({ data: [] }),
      "mediaGateway.clubRefusals": () => ({ data: [], message: "No refused publishers found" }),
    });
    const section = await screen.findByRole("region", { name: "Refused cameras" });
    expect(await within(section).findByText("No refused publishers found")).toBeInTheDocument();
  });
});
