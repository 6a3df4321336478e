import { describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PAGINATION } from "@clubcast/shared";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import type { ChannelHandlers } from "../../lib/realtime.ts";
import { fakeMatch, pageOf } from "../scheduler/fixtures.test-data.ts";
import StreamsPage from "./StreamsPage.tsx";

const channels = vi.hoisted(() => new Map<string, unknown>());
vi.mock("../../lib/realtime.ts", () => ({
  useChannel: (channel: string | null, handlers: unknown) => {
    if (channel) channels.set(channel, handlers);
    return "joined";
  },
}));

const routes = [{ path: "/dashboard/streams", element: <StreamsPage /> }];
const system = fakeAuth({ user: fakeUser({ scope: "system", club: null }) });
const team = (fullname: string) => ({ id: 1, fullname });

describe("the Streams page", () => {
  it("lists live streams ten a page, private ones marked, and reloads on stream.ready", async () => {
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
    const handlers = channels.get("matches") as ChannelHandlers;
    act(() => handlers["stream.ready"]!({ club: 3, match: 2 }));
    expect(await within(table).findByText("Rijnland 2 vs VV De Zwaluwen")).toBeInTheDocument();
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
