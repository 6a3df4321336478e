import { describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import type { ListStatus } from "@clubcast/shared";
import { renderRoutes } from "../../../test/render.tsx";
import type { Match } from "../../lib/matches.ts";
import { NEWS_SETTLE_MS } from "../../lib/match-news.ts";
import type { ChannelHandlers } from "../../lib/realtime.ts";
import { fakeMatch, pageOf } from "../scheduler/fixtures.test-data.ts";
import HomePage from "./HomePage.tsx";

const channels = vi.hoisted(() => new Map<string, unknown>());
vi.mock("../../lib/realtime.ts", () => ({
  useChannel: (channel: string | null, handlers: unknown) => {
    if (channel) channels.set(channel, handlers);
    return "joined";
  },
}));

const section = (name: string) => screen.getByRole("region", { name });
const news = () => channels.get("match-lists") as ChannelHandlers;

describe("the home page", () => {
  it("follows a match from upcoming to live to made private without a reload, each list read once per burst", async () => {
    const match = fakeMatch({ id: 5 });
    let lists: Record<ListStatus, Match[]> = { live: [], upcoming: [match], vod: [] };
    const asked: Record<ListStatus, number> = { live: 0, upcoming: 0, vod: 0 };
    renderRoutes([{ path: "/", element: <HomePage /> }], "/", undefined, undefined, {
      "matches.list": ({ status }: { status: ListStatus }) => {
        asked[status] += 1;
        return pageOf(lists[status]);
      },
    });
    expect(await within(section("Coming up")).findByText(/Groen Wit 1/)).toBeInTheDocument();
    expect(within(section("Live now")).getByText("No live matches found")).toBeInTheDocument();

    // Kick-off: the camera starts, its stream gets ready, the first goal, all within a moment.
    lists = {
      live: [{ ...match, status: "live", list_status: "live", home: { ...match.home, score: 1 } }],
      upcoming: [],
      vod: [],
    };
    act(() => {
      news()["match.changed"]!({ match: 5 });
      news()["match.live"]!({ match: 5 });
      news()["match.scored"]!({ match: 5, home: 1, away: 0 });
    });
    expect(await within(section("Live now")).findByText(/Groen Wit 1/)).toBeInTheDocument();
    expect(await within(section("Coming up")).findByText("No upcoming matches found")).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual({ live: 2, upcoming: 2, vod: 2 }));

    // A goal in a match the page doesn't show changes nothing here.
    act(() => news()["match.scored"]!({ match: 77, home: 1, away: 0 }));
    await new Promise((resolve) => setTimeout(resolve, NEWS_SETTLE_MS + 100));
    expect(asked).toEqual({ live: 2, upcoming: 2, vod: 2 });

    // Made private: it leaves the page.
    lists = { live: [], upcoming: [], vod: [] };
    act(() => news()["match.changed"]!({ match: 5 }));
    expect(await within(section("Live now")).findByText("No live matches found")).toBeInTheDocument();
    expect(screen.queryByText(/Groen Wit 1/)).toBeNull();
    await waitFor(() => expect(asked).toEqual({ live: 3, upcoming: 3, vod: 3 }));
  });
});
