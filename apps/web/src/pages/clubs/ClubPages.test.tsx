import { describe, expect, it, vi } from "vitest";
import { configure, screen, within } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { canOpenSection } from "@clubcast/shared";
import { apiError } from "../../../test/fake-api.ts";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import { sectionOf } from "../../layouts/dashboard-sections.ts";
import { CLUB, fakeMatch, pageOf } from "../scheduler/fixtures.test-data.ts";
import AllClubsPage from "./AllClubsPage.tsx";
import ClubPage from "./ClubPage.tsx";
import MyClubsPage from "./MyClubsPage.tsx";
import RecordedMatchPage from "./RecordedMatchPage.tsx";

// The club page's lists follow the matches' news over a socket this test has none of.
vi.mock("../../lib/realtime.ts", () => ({ useChannel: () => "joined" }));
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const routes: RouteObject[] = [
  { path: "/dashboard/clubs", element: <MyClubsPage /> },
  { path: "/dashboard/clubs/all", element: <AllClubsPage /> },
  { path: "/dashboard/clubs/:club", element: <ClubPage /> },
  { path: "/dashboard/clubs/:club/recorded/:video", element: <RecordedMatchPage /> },
];
const system = fakeAuth({ user: fakeUser({ scope: "system", club: null }) });
const clubAdmin = fakeAuth({ user: fakeUser({ scope: "club", club: { id: CLUB.id, name: CLUB.name } }) });
const OTHER = { ...CLUB, id: 4, name: "VV De Zwaluwen", activated: 0 as const };

describe("the club pages' sections", () => {
  it("count a club's recorded matches and offline recordings as those sections, so club admins reach them", () => {
    expect(sectionOf("/dashboard/clubs/3")).toBe("clubs");
    expect(sectionOf("/nl/dashboard/clubs/3/recorded/9/annotate")).toBe("recorded");
    expect(sectionOf("/dashboard/clubs/3/recorded/9")).toBe("recorded");
    expect(sectionOf("/dashboard/clubs/3/offline")).toBe("offline");
    expect(sectionOf("/dashboard/clubs/all")).toBe("clubs/all");
    const admin = { scope: "club" as const, permissions: [] };
    expect(canOpenSection(admin, sectionOf("/dashboard/clubs/3/recorded/9/annotate")!)).toBe(true);
    expect(canOpenSection(admin, sectionOf("/dashboard/clubs/3")!)).toBe(false);
  });
});

describe("the club pages", () => {
  it("lists every club for a system administrator, each leading to its view", async () => {
    renderRoutes(routes, "/dashboard/clubs", system, null, { "clubs.list": () => pageOf([CLUB, OTHER]) });
    const link = await screen.findByRole("link", { name: "VV De Zwaluwen" });
    expect(link).toHaveAttribute("href", "/dashboard/clubs/4");
    expect(screen.getByText("Not activated")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Clubs" })).toBeInTheDocument();
  });

  it("lists all active clubs", async () => {
    renderRoutes(routes, "/dashboard/clubs/all", system, null, { "clubs.active": () => pageOf([CLUB]) });
    expect(await screen.findByRole("link", { name: CLUB.name })).toBeInTheDocument();
    expect(screen.getByText("1 active club")).toBeInTheDocument();
  });

  it("shows a club with its navigation bar, its matches and its recordings", async () => {
    const live = fakeMatch({ id: 50, status: "live" });
    const recorded = fakeMatch({ id: 51, status: "vod" });
    renderRoutes(routes, "/dashboard/clubs/3", system, null, {
      "clubs.get": () => ({ data: CLUB }),
      "matches.clubLive": () => pageOf([live]),
      "matches.clubUpcoming": () => pageOf([], "No upcoming matches found"),
      "matches.clubRecorded": () => pageOf([recorded]),
    });
    expect(await screen.findByRole("heading", { level: 1, name: CLUB.name })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Club navigation" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Overview", "/dashboard/clubs/3"],
      ["Recorded", "/dashboard/recorded?club=3"],
      ["Offline recordings", "/dashboard/clubs/3/offline"],
      ["Teams", "/dashboard/teams"],
      ["Users", "/dashboard/users"],
    ]);
    expect(await screen.findByText("No upcoming matches found")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Groen Wit 1 against VV De Zwaluwen" })).toHaveAttribute(
      "href",
      "/dashboard/clubs/3/recorded/51",
    );
  });

  it("shows a recorded match with its actions, and the way to annotate it once its video is there", async () => {
    const recorded = fakeMatch({ id: 51, status: "processing", is_private: true });
    renderRoutes(routes, "/dashboard/clubs/3/recorded/51", clubAdmin, null, {
      "clubs.get": () => ({ data: CLUB }),
      "matches.byId": () => ({ data: recorded }),
    });
    expect(
      await screen.findByRole("heading", { level: 2, name: "Groen Wit 1 against VV De Zwaluwen" }),
    ).toBeInTheDocument();
    expect(screen.getByText("The video is being processed and will be here soon.")).toBeInTheDocument();
    expect(screen.getByText("Private")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Annotate" })).toBeNull();
    expect(screen.getByRole("button", { name: "Actions for Groen Wit 1 against VV De Zwaluwen" })).toBeInTheDocument();
    // A club admin's club navigation leaves out the club pages the section matrix restricts.
    const nav = screen.getByRole("navigation", { name: "Club navigation" });
    expect(within(nav).queryByRole("link", { name: "Overview" })).not.toBeInTheDocument();
  });

  it("leads from a match on demand to its annotation screen", async () => {
    const onDemand = fakeMatch({ id: 53, status: "vod", vod_hls_url: "/media/matches/53/vod.m3u8" });
    renderRoutes(routes, "/dashboard/clubs/3/recorded/53", clubAdmin, null, {
      "clubs.get": () => ({ data: CLUB }),
      "matches.byId": () => ({ data: onDemand }),
    });
    expect(await screen.findByRole("link", { name: "Annotate" })).toHaveAttribute(
      "href",
      "/dashboard/clubs/3/recorded/53/annotate",
    );
  });

  it("reads 'No match found' for a match the user may not see", async () => {
    renderRoutes(routes, "/dashboard/clubs/3/recorded/52", clubAdmin, null, {
      "clubs.get": () => ({ data: CLUB }),
      "matches.byId": () => {
        throw apiError(404, "No match found");
      },
    });
    expect(await screen.findByText("No match found")).toBeInTheDocument();
  });
});
