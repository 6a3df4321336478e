import { describe, expect, it, vi } from "vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RouteObject } from "react-router";
import { apiError } from "../../../test/fake-api.ts";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import { CLUB, fakeMatch, pageOf } from "../scheduler/fixtures.test-data.ts";
import OfflinePage from "./OfflinePage.tsx";
import RecordedPage from "./RecordedPage.tsx";

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const routes: RouteObject[] = [
  { path: "/dashboard/recorded", element: <RecordedPage /> },
  { path: "/dashboard/offline", element: <OfflinePage /> },
];
const clubUser = (scope: "club" | "trainer" | "system") =>
  fakeAuth({ user: fakeUser({ scope, club: scope === "system" ? null : { id: CLUB.id, name: CLUB.name } }) });

const first = fakeMatch({ id: 1, status: "vod", vod_hls_url: "/media/matches/1/vod.m3u8" });
const second = fakeMatch({
  id: 2,
  status: "vod",
  vod_hls_url: "/media/matches/2/vod.m3u8",
  create_summary: false,
  away: { club: { id: 5, name: "SV Rijnland", logo: null }, team: null, score: 2 },
});
// Shared with the club by another one: not the club's to change.
const sharedIn = fakeMatch({
  id: 3,
  status: "processing",
  club: { id: 9, name: "HC Oranje-Zwart", timezone: CLUB.timezone },
  home: { club: { id: 9, name: "HC Oranje-Zwart", logo: null }, team: null, score: 0 },
});

const api = (overrides = {}) => ({
  "clubs.get": () => ({ data: CLUB }),
  "matches.clubRecorded": () => pageOf([first, second, sharedIn]),
  ...overrides,
});

const row = (name: string) => screen.getByRole("checkbox", { name: `Select ${name}` });

describe("the recorded table", () => {
  it("lists the club's recordings with their summaries and links to each one", async () => {
    renderRoutes(routes, "/dashboard/recorded", clubUser("club"), null, api());
    const link = await screen.findByRole("link", { name: "Groen Wit 1 against SV Rijnland" });
    expect(link).toHaveAttribute("href", "/dashboard/clubs/3/recorded/2");
    expect(screen.getByRole("link", { name: "Annotate Groen Wit 1 against SV Rijnland" })).toHaveAttribute(
      "href",
      "/dashboard/clubs/3/recorded/2/annotate",
    );
    // Still processing: no video to annotate yet, no way to the annotation screen.
    expect(screen.getByRole("link", { name: "HC Oranje-Zwart against VV De Zwaluwen" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Annotate HC Oranje-Zwart against VV De Zwaluwen" })).toBeNull();
    const cells = screen.getAllByRole("cell").filter((cell) => cell.getAttribute("data-label") === "Summary");
    expect(cells.map((cell) => cell.textContent)).toEqual(["Summary", "Full match only", "Summary"]);
  });

  it("makes the selected matches private after confirming, reporting the ones that failed", async () => {
    const user = userEvent.setup();
    const update = vi.fn((input: { match: number }) => {
      if (input.match === 2) throw apiError(409, "This match is being recorded.");
      return { data: first, message: "Match updated", job_ids: [] };
    });
    renderRoutes(routes, "/dashboard/recorded", clubUser("club"), null, api({ "matches.update": update }));
    await screen.findByRole("link", { name: "Groen Wit 1 against SV Rijnland" });
    await user.click(row("Groen Wit 1 against VV De Zwaluwen"));
    await user.click(row("Groen Wit 1 against SV Rijnland"));
    await user.click(row("HC Oranje-Zwart against VV De Zwaluwen"));
    const bar = screen.getByRole("region", { name: "Actions for the selected rows" });
    expect(bar).toHaveTextContent("3 selected");

    await user.click(within(bar).getByRole("button", { name: "Make private" }));
    const dialog = screen.getByRole("dialog", { name: "Make 2 matches private?" });
    expect(dialog).toHaveTextContent("1 selected row is not your club's match");
    expect(update).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Make private" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("1 of 2 failed: This match is being recorded.");
    expect(update.mock.calls.map(([input]) => input)).toEqual([
      { club: CLUB.id, match: 1, update_match_only: true, is_private: true },
      { club: CLUB.id, match: 2, update_match_only: true, is_private: true },
    ]);
  });

  it("shares the selected matches with a chosen club and deletes others, each with a result toast", async () => {
    const user = userEvent.setup();
    const update = vi.fn(() => ({ data: first, message: "Match shared", job_ids: [] }));
    const remove = vi.fn((input: { match: number }) => ({ data: { id: input.match }, message: "Match deleted" }));
    renderRoutes(
      routes,
      "/dashboard/recorded",
      clubUser("club"),
      null,
      api({
        "matches.update": update,
        "matches.deleteInClub": remove,
        "clubs.active": () => pageOf([CLUB, { ...CLUB, id: 4, name: "VV De Zwaluwen" }]),
      }),
    );
    await screen.findByRole("link", { name: "Groen Wit 1 against SV Rijnland" });
    await user.click(row("Groen Wit 1 against VV De Zwaluwen"));
    const bar = screen.getByRole("region", { name: "Actions for the selected rows" });
    await user.click(within(bar).getByRole("button", { name: "Share" }));
    const share = screen.getByRole("dialog", { name: "Share 1 match" });
    expect(within(share).getByRole("button", { name: "Share" })).toBeDisabled();
    await user.selectOptions(await within(share).findByRole("combobox", { name: "Club" }), "VV De Zwaluwen");
    await user.click(within(share).getByRole("button", { name: "Share" }));
    expect(await screen.findByText("1 match updated")).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith({ club: CLUB.id, match: 1, update_match_only: true, shared_with: 4 });

    await user.click(row("Groen Wit 1 against SV Rijnland"));
    await user.click(within(bar).getByRole("button", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete 2 matches?" })).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(2));
    expect(await screen.findByText("2 matches updated")).toBeInTheDocument();
  });

  it("shares a recorded match with its opponent from the match's actions, no club to pick", async () => {
    const user = userEvent.setup();
    const update = vi.fn(() => ({ data: second, message: "Match shared", job_ids: [] }));
    renderRoutes(routes, "/dashboard/recorded", clubUser("club"), null, api({ "matches.update": update }));
    await user.click(await screen.findByRole("button", { name: "Actions for Groen Wit 1 against SV Rijnland" }));
    await user.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Share with the opponent" }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({ club: CLUB.id, match: 2, update_match_only: true, shared_opponent: true }),
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Another club's match shared with this one is not this club's to share.
    expect(
      screen.queryByRole("button", { name: "Actions for HC Oranje-Zwart against VV De Zwaluwen" }),
    ).not.toBeInTheDocument();
  });

  it("lets members watch without bulk actions", async () => {
    renderRoutes(routes, "/dashboard/recorded", clubUser("trainer"), null, api());
    await screen.findByRole("link", { name: "Groen Wit 1 against SV Rijnland" });
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Actions for / })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Actions for the selected rows" })).not.toBeInTheDocument();
  });

  it("reads the server's empty text for a club without recordings", async () => {
    renderRoutes(
      routes,
      "/dashboard/recorded",
      clubUser("club"),
      null,
      api({ "matches.clubRecorded": () => pageOf([], "No recorded found") }),
    );
    expect(await screen.findByText("No recorded found")).toBeInTheDocument();
  });

  it("shows a 404 as an error to retry, not as an empty list", async () => {
    renderRoutes(
      routes,
      "/dashboard/recorded",
      clubUser("club"),
      null,
      api({
        "matches.clubRecorded": () => {
          throw apiError(404, "No club found");
        },
      }),
    );
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("asks a system administrator for the club first", async () => {
    const user = userEvent.setup();
    const clubRecorded = vi.fn(() => pageOf([first]));
    renderRoutes(
      routes,
      "/dashboard/recorded",
      clubUser("system"),
      null,
      api({ "clubs.list": () => pageOf([CLUB]), "matches.clubRecorded": clubRecorded }),
    );
    expect(screen.getByText("Choose a club to see its recordings")).toBeInTheDocument();
    await screen.findByRole("option", { name: CLUB.name });
    await user.selectOptions(screen.getByRole("combobox", { name: "Club" }), CLUB.name);
    expect(await screen.findByRole("link", { name: "Groen Wit 1 against VV De Zwaluwen" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/recorded?club=3");
    expect(clubRecorded).toHaveBeenCalledWith({ club: 3, page: 1, limit: 20 });
  });
});

describe("the offline table", () => {
  const recordings = [
    {
      id: 31,
      club_id: CLUB.id,
      start_time: "2025-06-14T08:00:00.000Z",
      end_time: "2025-06-14T09:32:00.000Z",
      field: { id: 11, name: "Hoofdveld" },
      configuration_id: 21,
      vod_hls_url: null,
      match_id: null,
    },
    {
      id: 32,
      club_id: CLUB.id,
      start_time: "2025-06-13T08:00:00.000Z",
      end_time: "2025-06-13T08:45:00.000Z",
      field: null,
      configuration_id: 21,
      vod_hls_url: null,
      match_id: 77,
    },
  ];

  it("turns a recording into a match and opens it", async () => {
    const user = userEvent.setup();
    const toMatch = vi.fn(() => ({ data: fakeMatch({ id: 78, status: "processing" }), message: "Match created" }));
    renderRoutes(routes, "/dashboard/offline", clubUser("club"), null, {
      "clubs.get": () => ({ data: CLUB }),
      "offline.list": () => pageOf(recordings),
      "offline.toMatch": toMatch,
    });
    expect(await screen.findByText("1 h 32 min")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open match" })).toHaveAttribute("href", "/dashboard/clubs/3/recorded/77");
    // Only the recording without a match offers it.
    const convert = screen.getAllByRole("button", { name: /^Turn the recording of .* into a match$/ });
    expect(convert).toHaveLength(1);
    await user.click(convert[0]!);
    const dialog = screen.getByRole("dialog", { name: "Turn into a match" });
    await user.click(within(dialog).getByRole("switch", { name: "Private" }));
    await user.click(within(dialog).getByRole("button", { name: "Make the match" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/clubs/3/recorded/78"));
    expect(toMatch).toHaveBeenCalledWith({
      club: CLUB.id,
      recording: 31,
      is_private: true,
      is_training: false,
      create_summary: true,
    });
  });

  it("reads the server's empty text when the club has no offline recordings", async () => {
    renderRoutes(routes, "/dashboard/offline", clubUser("club"), null, {
      "clubs.get": () => ({ data: CLUB }),
      "offline.list": () => pageOf([], "No offline recordings found"),
    });
    expect(await screen.findByText("No offline recordings found")).toBeInTheDocument();
  });
});
