import { describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import { CHANNELS } from "@clubcast/shared";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import { apiError } from "../../../test/fake-api.ts";
import { fakeRealtime } from "../../../test/fake-realtime.ts";
import { fakeMatch, pageOf } from "../scheduler/fixtures.test-data.ts";
import DashboardHomePage, { OVERVIEW_SIZE } from "./DashboardHomePage.tsx";

vi.mock("../../lib/realtime.ts", async () => (await import("../../../test/fake-realtime.ts")).fakeRealtimeModule);
const news = () => fakeRealtime.handlersOf(CHANNELS.matchLists);

const routes = [{ path: "/dashboard", element: <DashboardHomePage /> }];
const section = (name: string) => screen.getByRole("region", { name });

describe("the dashboard overview", () => {
  it("shows the club's live, upcoming and recorded matches; an empty list says the server's text, else its own", async () => {
    const input = vi.fn();
    let live: ReturnType<typeof fakeMatch>[] = [];
    renderRoutes(routes, "/dashboard", fakeAuth({ user: fakeUser({ scope: "player" }) }), undefined, {
      "matches.clubLive": (query: unknown) => {
        input(query);
        return pageOf(live, "No live matches found");
      },
      "matches.clubUpcoming": () =>
        pageOf([fakeMatch({ id: 1, home: { club: null, team: { id: 1, fullname: "Groen Wit 1" }, score: 0 } })]),
      "matches.clubRecorded": () => pageOf([]),
    });
    expect(screen.getByRole("heading", { name: /^Good (morning|afternoon|evening), Anna$/ })).toBeInTheDocument();
    expect(await within(section("Live now")).findByText("No live matches found")).toBeInTheDocument();
    expect(input).toHaveBeenCalledWith({ club: 3, page: 1, limit: OVERVIEW_SIZE });
    expect(await within(section("Coming up")).findByText(/Groen Wit 1/)).toBeInTheDocument();
    expect(within(section("Coming up")).getByRole("link", { name: "See all" })).toHaveAttribute(
      "href",
      "/matches?status=upcoming",
    );
    expect(await within(section("Recent recordings")).findByText("No recordings yet")).toBeInTheDocument();

    // A match of the club turns live: the live list is read again, then its score, then it is made private.
    const kickedOff = fakeMatch({
      id: 2,
      status: "live",
      home: { club: null, team: { id: 2, fullname: "Groen Wit 2" }, score: 0 },
    });
    live = [kickedOff];
    act(() => news()["match.live"]!({ match: 2 }));
    const score = () => within(section("Live now")).getByLabelText("Score").textContent;
    await waitFor(() => expect(score()).toBe("0–0"));
    live = [{ ...kickedOff, home: { ...kickedOff.home, score: 1 } }];
    act(() => news()["match.scored"]!({ match: 2, home: 1, away: 0 }));
    await waitFor(() => expect(score()).toBe("1–0"));
    live = [];
    act(() => news()["match.changed"]!({ match: 2 }));
    expect(await within(section("Live now")).findByText("No live matches found")).toBeInTheDocument();
  });

  it("offers a retry when a list fails, a 404 included", async () => {
    renderRoutes(routes, "/dashboard", fakeAuth({ user: fakeUser({ scope: "club" }) }), undefined, {
      "matches.clubLive": () => {
        throw apiError(500, "Server error");
      },
      "matches.clubUpcoming": () => {
        throw apiError(404, "No club found");
      },
      "matches.clubRecorded": () => pageOf([], "No recorded found"),
    });
    expect(await within(section("Live now")).findByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(await within(section("Coming up")).findByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(await within(section("Recent recordings")).findByText("No recorded found")).toBeInTheDocument();
  });

  it("shows a system administrator without a club what is on the platform", async () => {
    renderRoutes(routes, "/dashboard", fakeAuth({ user: fakeUser({ scope: "system", club: null }) }), undefined, {
      "matches.liveStreams": () => pageOf([fakeMatch({ id: 5, status: "live" })]),
      "matches.upcomingStreams": () => pageOf([]),
    });
    const live = section("Live on the platform");
    expect(await within(live).findByText(/VV De Zwaluwen/)).toBeInTheDocument();
    expect(within(live).getByRole("link", { name: "See all" })).toHaveAttribute("href", "/dashboard/streams");
    expect(
      await within(section("Coming up on the platform")).findByText("No upcoming matches found"),
    ).toBeInTheDocument();
  });
});
