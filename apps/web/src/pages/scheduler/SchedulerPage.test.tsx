import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RouteObject } from "react-router";
import type { ChannelHandlers } from "../../lib/realtime.ts";
import { apiError, type FakeApi } from "../../../test/fake-api.ts";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import { CLUB, fakeMatch, pageOf } from "./fixtures.test-data.ts";
import SchedulerPage from "./SchedulerPage.tsx";

// The page's lists load in parallel with a busy machine's other work.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

// The page listens to the user's channel; the test plays the server's part.
const channels = vi.hoisted(() => new Map<string, ChannelHandlers>());
vi.mock("../../lib/realtime.ts", () => ({
  useChannel: (channel: string, handlers: ChannelHandlers) => {
    channels.set(channel, handlers);
    return "joined";
  },
}));

const routes: RouteObject[] = [{ path: "/dashboard/scheduler", element: <SchedulerPage /> }];
const admin = fakeAuth({ user: fakeUser({ id: 8, scope: "club", club: { id: CLUB.id, name: CLUB.name } }) });

const upcoming = fakeMatch({ id: 1, status: "scheduled" });
const unscheduled = fakeMatch({
  id: 2,
  status: "unscheduled",
  is_scheduled: false,
  away: { club: { id: 5, name: "SV Rijnland", logo: null }, team: null, score: 0 },
});

function schedulerApi(overrides: FakeApi = {}): FakeApi {
  return {
    "clubs.get": () => ({ data: CLUB }),
    "matches.clubLive": () => pageOf([], "No live matches found"),
    "matches.clubUpcoming": () => pageOf([upcoming]),
    "matches.clubUnscheduled": () => pageOf([unscheduled]),
    "clubs.active": () => pageOf([CLUB, { ...CLUB, id: 4, name: "VV De Zwaluwen" }]),
    "fields.list": () => pageOf([{ id: 11, name: "Hoofdveld" }]),
    "teams.ofSport": () => ({ data: [{ id: 7, fullname: "Groen Wit 1", club: { id: CLUB.id, name: CLUB.name } }] }),
    ...overrides,
  };
}

const openActions = async (user: ReturnType<typeof userEvent.setup>, title: string) => {
  await user.click(await screen.findByRole("button", { name: `Actions for ${title}` }));
  return screen.getByRole("menu");
};

describe("the scheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 23:30 UTC is already the next day in Amsterdam.
    vi.setSystemTime(new Date("2025-06-14T23:30:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
    channels.clear();
  });

  it("lists the club's live, upcoming and unscheduled matches; an empty list reads the spec's text", async () => {
    renderRoutes(routes, "/dashboard/scheduler", admin, null, schedulerApi());
    const upcomingList = await screen.findByRole("table", { name: "Upcoming" });
    expect(await within(upcomingList).findByText("Groen Wit 1 against VV De Zwaluwen")).toBeInTheDocument();
    const unscheduledList = screen.getByRole("table", { name: "Not scheduled yet" });
    expect(await within(unscheduledList).findByText("Groen Wit 1 against SV Rijnland")).toBeInTheDocument();
    expect(screen.getByText("No live matches found")).toBeInTheDocument();
    expect(screen.getByText("Times are in Europe/Amsterdam")).toBeInTheDocument();
  });

  it("enables exactly the commands the match's status allows", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/scheduler", admin, null, schedulerApi());
    const menu = await openActions(user, "Groen Wit 1 against VV De Zwaluwen");
    const item = (name: string) => within(menu).getByRole("menuitem", { name });
    expect(item("Schedule")).toHaveAttribute("aria-disabled", "true");
    expect(item("Unschedule")).not.toHaveAttribute("aria-disabled");
    expect(item("Start recording")).not.toHaveAttribute("aria-disabled");
    expect(item("Stop recording")).toHaveAttribute("aria-disabled", "true");
    expect(item("Restore from a configuration…")).toHaveAttribute("aria-disabled", "true");
    expect(item("Unshare")).toHaveAttribute("aria-disabled", "true");
  });

  it("offers a match awaiting its camera's first video only a stop, and says it waits for the video", async () => {
    const user = userEvent.setup();
    const awaiting = { ...upcoming, awaiting_video: true };
    renderRoutes(
      routes,
      "/dashboard/scheduler",
      admin,
      null,
      schedulerApi({ "matches.clubUpcoming": () => pageOf([awaiting]) }),
    );
    const upcomingList = await screen.findByRole("table", { name: "Upcoming" });
    expect(await within(upcomingList).findByText("Waiting for video")).toBeInTheDocument();
    const menu = await openActions(user, "Groen Wit 1 against VV De Zwaluwen");
    const item = (name: string) => within(menu).getByRole("menuitem", { name });
    expect(item("Stop recording")).not.toHaveAttribute("aria-disabled");
    for (const name of ["Start recording", "Unschedule", "Delete…"]) {
      expect(item(name)).toHaveAttribute("aria-disabled", "true");
    }
  });

  it("requests a command and shows the server's answer, the first 422 message, or its refusal", async () => {
    const user = userEvent.setup();
    const startRecording = vi
      .fn()
      .mockReturnValueOnce({ data: null, message: "Recording is being started.", job_ids: ["1"] })
      .mockImplementationOnce(() => {
        throw apiError(422, "ignored", { configuration: ["This match has no camera configuration."], other: ["x"] });
      })
      .mockImplementationOnce(() => {
        throw apiError(409, "This match is live: recording can only start on an unscheduled or scheduled match.");
      });
    renderRoutes(
      routes,
      "/dashboard/scheduler",
      admin,
      null,
      schedulerApi({ "matches.startRecording": startRecording }),
    );
    const title = "Groen Wit 1 against VV De Zwaluwen";

    await user.click(within(await openActions(user, title)).getByRole("menuitem", { name: "Start recording" }));
    expect(await screen.findByText("Recording is being started.")).toBeInTheDocument();
    expect(startRecording).toHaveBeenCalledWith({ club: CLUB.id, match: upcoming.id });

    await user.click(within(await openActions(user, title)).getByRole("menuitem", { name: "Start recording" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This match has no camera configuration.");

    await user.click(within(await openActions(user, title)).getByRole("menuitem", { name: "Start recording" }));
    await waitFor(() =>
      expect(screen.getAllByRole("alert").map((toast) => toast.textContent)).toContain(
        "This match is live: recording can only start on an unscheduled or scheduled match.",
      ),
    );
  });

  it("toggles privacy, and deletes only after confirmation with the spec's toast", async () => {
    const user = userEvent.setup();
    const update = vi.fn(() => ({ data: upcoming, message: "Match updated", job_ids: [] }));
    const remove = vi.fn(() => ({ data: { id: upcoming.id }, message: "Match deleted" }));
    renderRoutes(
      routes,
      "/dashboard/scheduler",
      admin,
      null,
      schedulerApi({ "matches.update": update, "matches.deleteInClub": remove }),
    );
    const title = "Groen Wit 1 against VV De Zwaluwen";

    await user.click(within(await openActions(user, title)).getByRole("menuitem", { name: "Make private" }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        club: CLUB.id,
        match: upcoming.id,
        update_match_only: true,
        is_private: true,
      }),
    );

    await user.click(within(await openActions(user, title)).getByRole("menuitem", { name: "Delete…" }));
    const dialog = screen.getByRole("dialog", { name: "Delete the match?" });
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Match has been removed")).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith({ club: CLUB.id, match: upcoming.id });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shares with a club picked from the active clubs, and unshares with the spec's texts", async () => {
    const user = userEvent.setup();
    const shared = fakeMatch({
      ...upcoming,
      shared_with: { opponent: false, club: { id: 4, name: "VV De Zwaluwen" } },
    });
    const update = vi
      .fn()
      .mockReturnValueOnce({ data: shared, message: "Match shared", job_ids: [] })
      .mockImplementationOnce(() => {
        throw apiError(500, "boom");
      });
    renderRoutes(
      routes,
      "/dashboard/scheduler",
      admin,
      null,
      schedulerApi({ "matches.clubUpcoming": () => pageOf([shared]), "matches.update": update }),
    );
    const title = "Groen Wit 1 against VV De Zwaluwen";
    await user.click(within(await openActions(user, title)).getByRole("menuitem", { name: "Share with a club…" }));
    const dialog = screen.getByRole("dialog", { name: "Share with a club" });
    const share = within(dialog).getByRole("button", { name: "Share" });
    expect(share).toBeDisabled();
    // The match's own club is not offered.
    const picker = within(dialog).getByRole("combobox", { name: "Club" });
    expect(within(picker).queryByRole("option", { name: CLUB.name })).not.toBeInTheDocument();
    await user.selectOptions(picker, "VV De Zwaluwen");
    await user.click(share);
    expect(await screen.findByText("Match shared")).toBeInTheDocument();
    expect(update).toHaveBeenLastCalledWith({
      club: CLUB.id,
      match: shared.id,
      update_match_only: true,
      shared_with: 4,
    });

    await user.click(within(await openActions(user, title)).getByRole("menuitem", { name: "Unshare" }));
    expect(await screen.findByText("Could not unshare match")).toBeInTheDocument();
    expect(update).toHaveBeenLastCalledWith({
      club: CLUB.id,
      match: shared.id,
      update_match_only: true,
      shared_with: null,
      shared_opponent: false,
    });
  });

  it("creates a match from the editing state's defaults, and Reset brings them back with today's date", async () => {
    const user = userEvent.setup();
    const create = vi.fn(() => ({ data: upcoming, message: "Match created", job_ids: [] }));
    renderRoutes(routes, "/dashboard/scheduler", admin, null, schedulerApi({ "matches.create": create }));
    await user.click(await screen.findByRole("button", { name: "New match" }));
    const form = screen.getByRole("dialog", { name: "New match" });
    const field = (name: string) => within(form).getByLabelText(name);

    // Today in the club's timezone (Amsterdam is already on the 15th).
    expect(field("Date")).toHaveValue("2025-06-15");
    expect(field("End date")).toHaveValue("2025-06-15");
    expect(field("View")).toHaveValue("media");
    expect(field("Player tracking")).toHaveValue("auto");
    expect(field("Focus")).toHaveValue("centre");
    expect(field("Create a summary")).toBeChecked();
    expect(field("Private")).not.toBeChecked();

    await user.clear(field("Date"));
    await user.type(field("Date"), "2025-07-01");
    await user.click(field("Create a summary"));
    await user.selectOptions(field("View"), "tactical");
    await user.click(within(form).getByRole("button", { name: "Reset" }));
    expect(field("Date")).toHaveValue("2025-06-15");
    expect(field("View")).toHaveValue("media");
    expect(field("Create a summary")).toBeChecked();

    // Field and times are required before anything is sent.
    await user.click(within(form).getByRole("button", { name: "Create match" }));
    expect(create).not.toHaveBeenCalled();
    expect(within(form).getAllByText("Please fill in this field.")).toHaveLength(3);

    await user.selectOptions(await within(form).findByRole("combobox", { name: "Field" }), "Hoofdveld");
    // The scheduling club plays at home and the match goes on the camera's schedule unless changed.
    expect(field("Home club")).toHaveValue(String(CLUB.id));
    expect(field("Scheduled on the camera")).toBeChecked();
    await user.selectOptions(field("Home team"), "Groen Wit 1");
    await user.type(field("Start"), "14:30");
    await user.type(field("Stop"), "16:00");
    await user.click(within(form).getByRole("button", { name: "Create match" }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({
      club: CLUB.id,
      home: CLUB.id,
      away: null,
      hometeam: 7,
      awayteam: null,
      field: 11,
      date: "2025-06-15",
      datestop: "2025-06-15",
      start: "14:30",
      stop: "16:00",
      is_private: false,
      is_scheduled: true,
      is_training: false,
      create_summary: true,
      shared_opponent: false,
      shared_with: null,
      camera_view: "media",
      camera_player_tracking: "auto",
      camera_focus: "centre",
    });
    expect(await screen.findByText("Match created")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("puts a 422's messages on the form fields they name", async () => {
    const user = userEvent.setup();
    const update = vi.fn(() => {
      throw apiError(422, "The stop time must be after the start time.", {
        stop: ["The stop time must be after the start time."],
      });
    });
    renderRoutes(routes, "/dashboard/scheduler", admin, null, schedulerApi({ "matches.update": update }));
    const menu = await openActions(user, "Groen Wit 1 against SV Rijnland");
    await user.click(within(menu).getByRole("menuitem", { name: "Edit" }));
    const form = screen.getByRole("dialog", { name: "Edit match" });
    // The match's own times, in the club's timezone.
    expect(within(form).getByLabelText("Start")).toHaveValue("14:30");
    expect(within(form).getByLabelText("Stop")).toHaveValue("16:00");
    await within(form).findByRole("option", { name: "Hoofdveld" });
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("The stop time must be after the start time.")).toBeInTheDocument();
    expect(within(form).getByLabelText("Stop")).toHaveAttribute("aria-invalid", "true");
  });

  it("fetches its lists again when a user.message about a match arrives", async () => {
    let scheduled = false;
    const clubUpcoming = vi.fn(() =>
      pageOf(scheduled ? [upcoming, { ...unscheduled, status: "scheduled" as const }] : [upcoming]),
    );
    const clubUnscheduled = vi.fn(() =>
      scheduled ? pageOf([], "No unscheduled matches found") : pageOf([unscheduled]),
    );
    renderRoutes(
      routes,
      "/dashboard/scheduler",
      admin,
      null,
      schedulerApi({ "matches.clubUpcoming": clubUpcoming, "matches.clubUnscheduled": clubUnscheduled }),
    );
    const unscheduledList = await screen.findByRole("table", { name: "Not scheduled yet" });
    await within(unscheduledList).findByText("Groen Wit 1 against SV Rijnland");
    scheduled = true;
    act(() => channels.get("user.8")!["user.message"]!({ key: "match.scheduled", level: "success", match: 2 }));
    // The match moved lists: the emptied one shows its empty state, not the row it had before.
    expect(await screen.findByText("No unscheduled matches found")).toBeInTheDocument();
    const upcomingList = screen.getByRole("table", { name: "Upcoming" });
    expect(await within(upcomingList).findByText("Groen Wit 1 against SV Rijnland")).toBeInTheDocument();
  });
  it("moves a match awaiting its video to Live now when its camera's stream makes it live (match.live on the lists' channel)", async () => {
    let live = false;
    const awaiting = { ...upcoming, awaiting_video: true };
    renderRoutes(
      routes,
      "/dashboard/scheduler",
      admin,
      null,
      schedulerApi({
        "matches.clubLive": () =>
          live ? pageOf([{ ...upcoming, status: "live" as const }]) : pageOf([], "No live matches found"),
        "matches.clubUpcoming": () => (live ? pageOf([], "No upcoming matches found") : pageOf([awaiting])),
      }),
    );
    const upcomingList = await screen.findByRole("table", { name: "Upcoming" });
    await within(upcomingList).findByText("Waiting for video");
    live = true;
    // No user.message: the requester heard of the start when the camera confirmed it, before any video.
    act(() => channels.get("match-lists")!["match.live"]!({ match: upcoming.id }));
    const liveList = await screen.findByRole("table", { name: "Live now" });
    expect(await within(liveList).findByText("Groen Wit 1 against VV De Zwaluwen")).toBeInTheDocument();
    expect(await screen.findByText("No upcoming matches found")).toBeInTheDocument();
  });

  it("shows on its row a command that failed for a colleague, heard on the club's channel", async () => {
    renderRoutes(routes, "/dashboard/scheduler", admin, null, schedulerApi({}));
    const upcomingList = await screen.findByRole("table", { name: "Upcoming" });
    await within(upcomingList).findByText("Groen Wit 1 against VV De Zwaluwen");
    act(() =>
      channels.get(`club.${CLUB.id}`)!["match.command_failed"]!({
        club: CLUB.id,
        match: upcoming.id,
        command: "startRecording",
        detail: "camera cam-1 is busy recording match 28",
      }),
    );
    // Named by the command this page asked for earlier, else "The operation".
    expect(
      await within(upcomingList).findByText(/failed: camera cam-1 is busy recording match 28$/),
    ).toBeInTheDocument();
  });

  it("offers a club admin the live match's score on its row, and saves it from the score control", async () => {
    const user = userEvent.setup();
    let live = fakeMatch({
      id: 3,
      status: "live",
      list_status: "live",
      away: { club: { id: 6, name: "SC Oranje", logo: null }, team: null, score: 0 },
    });
    const score = vi.fn((input: { home: number; away: number }) => {
      live = { ...live, home: { ...live.home, score: input.home }, away: { ...live.away, score: input.away } };
      return { data: live, message: "Score saved" };
    });
    renderRoutes(
      routes,
      "/dashboard/scheduler",
      admin,
      null,
      schedulerApi({ "matches.clubLive": () => pageOf([live]), "matches.score": score }),
    );
    const title = "Groen Wit 1 against SC Oranje";
    // Its title leads to its page, where its staff watch it, score and see refused cameras; not to annotation.
    expect(await screen.findByRole("link", { name: title })).toHaveAttribute("href", "/matches/3");
    expect(screen.queryByRole("link", { name: /annotate/i })).toBeNull();
    await user.click(await screen.findByRole("button", { name: `Score 0–0 of ${title}` }));
    // Upcoming matches have no score to enter.
    expect(screen.queryByRole("button", { name: /^Score .* of Groen Wit 1 against VV De Zwaluwen$/ })).toBeNull();

    const dialog = screen.getByRole("dialog", { name: `Score of ${title}` });
    const form = within(dialog).getByRole("form", { name: `Enter the score of ${title}` });
    await user.click(within(form).getByRole("button", { name: "One more for Home" }));
    await user.click(within(form).getByRole("button", { name: "One more for Home" }));
    await user.click(within(form).getByRole("button", { name: "One more for Away" }));
    expect(within(form).getByRole("spinbutton", { name: "Home" })).toHaveValue(2);
    await user.click(within(form).getByRole("button", { name: "Save score" }));
    await waitFor(() => expect(score).toHaveBeenCalledWith({ club: CLUB.id, match: live.id, home: 2, away: 1 }));
    expect(await screen.findByText("Score saved")).toBeInTheDocument();
    // The dialog closes on the row, which shows the saved score.
    expect(await screen.findByRole("button", { name: `Score 2–1 of ${title}` })).toHaveTextContent("Score 2–1");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
