import { describe, expect, it, vi } from "vitest";
import { act, configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RouteObject } from "react-router";
import { apiError } from "../../../test/fake-api.ts";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import type { ChannelHandlers } from "../../lib/realtime.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { CLUB, pageOf } from "../scheduler/fixtures.test-data.ts";
import { ClipsPage } from "./RenderedVideosPage.tsx";

const channels = vi.hoisted(() => new Map<string, unknown>());
vi.mock("../../lib/realtime.ts", () => ({
  useChannel: (channel: string | null, handlers: unknown) => {
    if (channel) channels.set(channel, handlers);
    return "joined";
  },
}));

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

type Clip = RouterOutputs["clips"]["ofClub"]["data"][number];

const routes: RouteObject[] = [{ path: "/dashboard/recorded/clips", element: <ClipsPage /> }];
const userOf = (scope: "club" | "player") =>
  fakeAuth({ user: fakeUser({ scope, club: { id: CLUB.id, name: CLUB.name } }) });

function fakeClip(id: number, label: string, state: Clip["state"] = "ready"): Clip {
  return {
    id,
    match: {
      id: 40,
      home_team: 1,
      away_team: 2,
      home_name: "Groen Wit JO17-1",
      away_name: "VV Noord JO17-1",
      starting_at: "2026-11-20T13:00:00.000Z",
    },
    is_private: false,
    privacy_set: false,
    shared_teams: [],
    state,
    progress: 0,
    failure_reason: null,
    video_url: state === "ready" ? `http://127.0.0.1/media/matches/40/clips/${id}-1.mp4` : null,
    poster_url: null,
    created_at: "2026-11-21T10:00:00.000Z",
    updated_at: "2026-11-21T10:00:00.000Z",
    marker: { id: id * 10, label, time_ms: 754_000 },
    start_ms: 739_000,
    end_ms: 759_000,
    length_ms: 20_000,
    frame_rate: 25,
    custom: false,
  };
}

const goal = fakeClip(7, "Goal");
const corner = fakeClip(8, "Corner", "queued");
const api = (overrides = {}) => ({
  "clubs.get": () => ({ data: CLUB }),
  "clips.ofClub": () => pageOf([goal, corner]),
  "teams.ofClub": () => ({ data: [{ id: 1, fullname: "Groen Wit JO17-1" }] }),
  "matches.clubRecorded": () => pageOf([]),
  ...overrides,
});
const row = (label: string) =>
  screen.getByRole("checkbox", { name: `Select Groen Wit JO17-1 against VV Noord JO17-1 – ${label}` });

describe("the clips table", () => {
  it("shows match, marker, length and state, and names what a bulk action could not do", async () => {
    const user = userEvent.setup();
    const download = vi.fn(() => ({
      data: { url: "http://127.0.0.1/media/archives/x.zip", files: [], failed: [{ id: 8, reason: "not ready" }] },
      message: "1 files in the zip.",
    }));
    const setPrivate = vi.fn(() => {
      throw apiError(404, "This club has no clips with the ids 8.");
    });
    const anchorClick = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderRoutes(
      routes,
      "/dashboard/recorded/clips",
      userOf("club"),
      null,
      api({ "clips.download": download, "clips.setPrivate": setPrivate }),
    );
    await screen.findByRole("cell", { name: "Goal" });
    expect(screen.getAllByRole("cell", { name: "0:20" })).toHaveLength(2);
    expect(screen.getByRole("cell", { name: "Queued" })).toBeInTheDocument();

    await user.click(row("Goal"));
    await user.click(row("Corner"));
    const bar = screen.getByRole("region", { name: "Actions for the selected rows" });
    await user.click(within(bar).getByRole("button", { name: "Download" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("1 of 2 clips could not be downloaded: #8 not ready");
    expect(download).toHaveBeenCalledWith({ club: CLUB.id, ids: [7, 8] });
    expect(anchorClick).toHaveBeenCalled();

    await user.click(within(bar).getByRole("button", { name: "Make private" }));
    expect(
      await screen.findByText("2 clips could not be made private: This club has no clips with the ids 8."),
    ).toBeInTheDocument();
    anchorClick.mockRestore();
  });

  it("shares with the team chosen in the dialog, and deletes after confirming", async () => {
    const user = userEvent.setup();
    const share = vi.fn(() => ({ data: { done: [7], failed: [] }, message: "1 shared with Groen Wit JO17-1." }));
    const deleteMany = vi.fn(() => ({ data: { done: [7], failed: [] }, message: "1 deleted." }));
    renderRoutes(
      routes,
      "/dashboard/recorded/clips",
      userOf("club"),
      null,
      api({ "clips.share": share, "clips.deleteMany": deleteMany }),
    );
    await screen.findByRole("cell", { name: "Goal" });
    await user.click(row("Goal"));
    const bar = screen.getByRole("region", { name: "Actions for the selected rows" });

    await user.click(within(bar).getByRole("button", { name: "Share" }));
    const dialog = screen.getByRole("dialog", { name: "Share 1 clip with a team" });
    const confirm = within(dialog).getByRole("button", { name: "Share" });
    expect(confirm).toBeDisabled();
    await user.selectOptions(await within(dialog).findByLabelText("Team"), "Groen Wit JO17-1");
    await user.click(confirm);
    expect(await screen.findByText("1 shared with Groen Wit JO17-1.")).toBeInTheDocument();
    expect(share).toHaveBeenCalledWith({ club: CLUB.id, ids: [7], team: 1 });

    await user.click(within(bar).getByRole("button", { name: "Delete" }));
    const ask = screen.getByRole("dialog", { name: "Delete 1 clip?" });
    expect(deleteMany).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("1 deleted.")).toBeInTheDocument();
    expect(deleteMany).toHaveBeenCalledWith({ club: CLUB.id, ids: [7] });
  });

  it("shows a member what is shared with their teams, without bulk actions", async () => {
    const shared = vi.fn(() => pageOf([goal]));
    renderRoutes(routes, "/dashboard/recorded/clips", userOf("player"), null, api({ "clips.shared": shared }));
    await screen.findByRole("cell", { name: "Goal" });
    expect(shared).toHaveBeenCalledWith(expect.objectContaining({ club: CLUB.id, page: 1, limit: 20 }));
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByLabelText("Team")).toBeNull();
  });

  it("reads the list again when its club's clips change elsewhere, not for summaries or another club", async () => {
    let rows = [goal];
    const ofClub = vi.fn(() => pageOf(rows));
    renderRoutes(routes, "/dashboard/recorded/clips", userOf("club"), null, api({ "clips.ofClub": ofClub }));
    await screen.findByRole("cell", { name: "Goal" });
    const handlers = channels.get(`club.${CLUB.id}`) as ChannelHandlers;
    const calls = ofClub.mock.calls.length;
    act(() => handlers["videos.changed"]!({ club: CLUB.id, kind: "summaries", ids: [3] }));
    act(() => handlers["videos.changed"]!({ club: CLUB.id + 1, kind: "clips", ids: [3] }));
    rows = [goal, corner];
    act(() => handlers["videos.changed"]!({ club: CLUB.id, kind: "clips", ids: [8] }));
    expect(await screen.findByRole("cell", { name: "Corner" })).toBeInTheDocument();
    expect(ofClub.mock.calls.length).toBe(calls + 1);
  });

  it("reads a member's list again when something is shared with their team", async () => {
    let rows = [goal];
    const auth = userOf("player");
    renderRoutes(routes, "/dashboard/recorded/clips", auth, null, api({ "clips.shared": () => pageOf(rows) }));
    await screen.findByRole("cell", { name: "Goal" });
    rows = [goal, corner];
    const handlers = channels.get(`user.${auth.user!.id}`) as ChannelHandlers;
    act(() => handlers["videos.changed"]!({ club: CLUB.id, kind: "clips", ids: [8] }));
    expect(await screen.findByRole("cell", { name: "Corner" })).toBeInTheDocument();
  });
});
