import { describe, expect, it, vi } from "vitest";
import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RouteObject } from "react-router";
import axe from "axe-core";
import i18next from "i18next";
import { apiError } from "../../../test/fake-api.ts";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import type { ChannelHandlers } from "../../lib/realtime.ts";
import { CLUB, fakeMatch } from "../scheduler/fixtures.test-data.ts";
import AnnotatePage from "./AnnotatePage.tsx";

/** The handlers each render gave useChannel, by channel. */
const channels = vi.hoisted(() => new Map<string, unknown[]>());
vi.mock("../../lib/realtime.ts", () => ({
  useChannel: (channel: string | null, handlers: unknown) => {
    if (channel) channels.set(channel, [...(channels.get(channel) ?? []), handlers]);
    return "joined";
  },
}));

/** An event on a channel, as the socket would hand it to every listener. */
function emit<E extends keyof ChannelHandlers>(
  channel: string,
  event: E,
  payload: Parameters<NonNullable<ChannelHandlers[E]>>[0],
) {
  act(() => {
    for (const handlers of (channels.get(channel) ?? []) as ChannelHandlers[]) {
      (handlers[event] as ((payload: unknown) => void) | undefined)?.(payload);
    }
  });
}
// The player itself is hls.js's business; here it is the video element the page steers.
vi.mock("../matches/VideoPlayer.tsx", () => ({
  VideoPlayer: ({ label, ref }: { label: string; ref?: React.Ref<HTMLVideoElement> }) => (
    <video ref={ref} aria-label={label} />
  ),
}));
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const routes: RouteObject[] = [{ path: "/dashboard/clubs/:club/recorded/:video/annotate", element: <AnnotatePage /> }];
const PATH = "/dashboard/clubs/3/recorded/40/annotate";
const admin = fakeAuth({ user: fakeUser({ id: 8, scope: "club", club: { id: CLUB.id, name: CLUB.name } }) });
const match = fakeMatch({ id: 40, status: "vod", home: { ...fakeMatch().home, score: 1 } });

const marker = (id: number, time_ms: number, label: string) => ({
  id,
  sequence: 5,
  time_ms,
  label,
  clip_length: 20,
  created_at: "2025-06-14T15:00:00.000Z",
});

/** A marker's clip as clips.ofMatch answers it. */
const clip = (id: number, markerId: number, state: string, extra = {}) => ({
  id,
  match: { id: match.id, home_team: null, away_team: null },
  marker: { id: markerId, label: "", time_ms: 0 },
  state,
  progress: 0,
  failure_reason: null,
  video_url: null,
  poster_url: null,
  start_ms: 0,
  end_ms: 20_000,
  length_ms: 20_000,
  frame_rate: 25,
  custom: false,
  created_at: "2025-06-14T15:00:00.000Z",
  updated_at: "2025-06-14T15:00:00.000Z",
  ...extra,
});

function annotateApi(markers: ReturnType<typeof marker>[] | null, overrides = {}) {
  return {
    "clubs.get": () => ({ data: CLUB }),
    "matches.byId": () => ({ data: match }),
    "sequences.list": () =>
      markers
        ? { data: [{ id: 5, match: match.id, user: 8, name: "", created_at: "2025-06-14T15:00:00.000Z", markers }] }
        : { data: [], message: "No sequences found" },
    "summaries.ofMatch": () => ({ data: null }),
    "clips.ofMatch": () => ({ data: [], message: "No clips found" }),
    "suggestions.ofMatch": () => ({ data: [], message: "No suggested moments found" }),
    ...overrides,
  };
}

/** The user's first marker's writes: his sequence made (id 6), then the marker added to it. */
function sequenceWrites() {
  return {
    create: vi.fn(() => ({
      data: { id: 6, match: match.id, user: 8, goals: false, name: "", created_at: "", markers: [] },
      message: "Sequence created",
    })),
    addMarker: vi.fn((input: { id: number; time_ms: number; label: string; clip_length: number }) => ({
      data: marker(9, input.time_ms, input.label),
      message: "Marker added",
    })),
  };
}

describe("the annotation screen", () => {
  it("lists the user's markers in video order with their timecodes", async () => {
    renderRoutes(
      routes,
      PATH,
      admin,
      null,
      annotateApi([marker(2, 3_723_004, "Corner"), marker(1, 61_250, "Kick-off")]),
    );
    const list = await screen.findByRole("list");
    const jumps = within(list).getAllByRole("button", { name: /^Jump to/ });
    expect(jumps).toHaveLength(2);
    // Named by what they show: the label, then the time.
    expect(jumps[0]).toHaveAccessibleName("Jump to Kick-off at 00:01:01:250 20 s clip");
    expect(jumps[1]).toHaveAccessibleName("Jump to Corner at 01:02:03:004 20 s clip");
    expect(screen.getByRole("status", { name: "Timecode" })).toHaveTextContent("00:00:00:000");
    expect(screen.getByText("Frame 0")).toBeInTheDocument();
  });

  it("offers the four frame rates and lists the keyboard shortcuts", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, PATH, admin, null, annotateApi([]));
    const rates = await screen.findByRole("combobox", { name: "Frame rate" });
    expect(
      within(rates)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["PAL 25", "NTSC 29.97", "PALp 50", "NTSCp 59.94"]);
    await user.click(screen.getByRole("button", { name: "Keyboard shortcuts" }));
    for (const what of ["One frame back / forward", "One second back / forward", "Play / pause", "Add a marker here"]) {
      expect(screen.getByText(what)).toBeInTheDocument();
    }
  });

  it("adds a marker with the M key, making the user's sequence first, and with the button", async () => {
    const user = userEvent.setup();
    const { create, addMarker } = sequenceWrites();
    renderRoutes(
      routes,
      PATH,
      admin,
      null,
      annotateApi(null, { "sequences.create": create, "sequences.addMarker": addMarker }),
    );
    expect(await screen.findByText("No markers yet")).toBeInTheDocument();

    await user.keyboard("m");
    await waitFor(() => expect(addMarker).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith({ id: match.id, name: "" });
    expect(addMarker).toHaveBeenCalledWith({ id: 6, time_ms: 0, label: "Marker 1", clip_length: 20 });
    expect(await screen.findByText("Marker added")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add marker" }));
    await waitFor(() => expect(addMarker).toHaveBeenCalledTimes(2));
  });

  it("lists the match's goals with the user's markers, and adds the user's markers to a sequence of his own", async () => {
    const user = userEvent.setup();
    const goal = { ...marker(3, 3_780_000, "Goal 1–0 · Groen Wit 1 · 49′"), sequence: 4, goal: true };
    const goals = { id: 4, match: match.id, user: null, goals: true, name: "", created_at: "", markers: [goal] };
    const { create, addMarker } = sequenceWrites();
    renderRoutes(
      routes,
      PATH,
      admin,
      null,
      annotateApi(null, {
        "sequences.list": () => ({ data: [goals] }),
        "sequences.create": create,
        "sequences.addMarker": addMarker,
      }),
    );
    expect(
      await screen.findByRole("button", { name: "Jump to Goal 1–0 · Groen Wit 1 · 49′ at 01:03:00:000 20 s clip" }),
    ).toBeInTheDocument();
    await user.keyboard("m");
    await waitFor(() => expect(addMarker).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith({ id: match.id, name: "" });
    expect(addMarker).toHaveBeenCalledWith(expect.objectContaining({ id: 6 }));
  });

  it("doesn't take keys typed into a field as shortcuts", async () => {
    const user = userEvent.setup();
    const addMarker = vi.fn();
    renderRoutes(
      routes,
      PATH,
      admin,
      null,
      annotateApi([marker(1, 5000, "Goal")], { "sequences.addMarker": addMarker }),
    );
    await user.click(await screen.findByRole("button", { name: "Edit Goal" }));
    await user.type(screen.getByRole("textbox", { name: "Label" }), " made");
    expect(screen.getByRole("textbox", { name: "Label" })).toHaveValue("Goal made");
    expect(addMarker).not.toHaveBeenCalled();
  });

  it("edits a marker's label and clip length, and deletes one after confirmation", async () => {
    const user = userEvent.setup();
    const updateMarker = vi.fn((input: { id: number; label: string; clip_length: number }) => ({
      data: { ...marker(input.id, 5000, input.label), clip_length: input.clip_length },
      message: "Marker updated",
    }));
    const deleteMarker = vi.fn(() => undefined);
    renderRoutes(
      routes,
      PATH,
      admin,
      null,
      annotateApi([marker(1, 5000, "Goal")], {
        "sequences.updateMarker": updateMarker,
        "sequences.deleteMarker": deleteMarker,
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Edit Goal" }));
    const label = screen.getByRole("textbox", { name: "Label" });
    await user.clear(label);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Please fill in this field.")).toBeInTheDocument();
    expect(updateMarker).not.toHaveBeenCalled();

    await user.type(label, "Header goal");
    const length = screen.getByRole("spinbutton", { name: "Clip length (seconds)" });
    // The longest clip there is: 5 minutes.
    await user.clear(length);
    await user.type(length, "301");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("At most 300.")).toBeInTheDocument();
    expect(updateMarker).not.toHaveBeenCalled();
    await user.clear(length);
    await user.type(length, "30");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(updateMarker).toHaveBeenCalledWith({ id: 1, label: "Header goal", clip_length: 30 }));
    expect(await screen.findByText("Marker saved")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete Goal" }));
    const dialog = screen.getByRole("dialog", { name: "Delete the marker?" });
    expect(dialog).toHaveTextContent("“Goal” at 00:00:05:000 is removed.");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleteMarker).toHaveBeenCalledWith({ id: 1 }));
    expect(await screen.findByText("Marker deleted")).toBeInTheDocument();
  });

  it("moves a goal along the video's timeline with the keys, and reads the markers and clips again", async () => {
    const user = userEvent.setup();
    const goal = { ...marker(3, 2_940_000, "Goal 1–0 · Groen Wit 1 · 49′"), sequence: 4, goal: true };
    const list = vi.fn(() => ({
      data: [{ id: 4, match: match.id, user: null, goals: true, name: "", created_at: "", markers: [goal] }],
    }));
    const clips = vi.fn(() => ({ data: [], message: "No clips found" }));
    const updateMarker = vi.fn((input: { id: number; time_ms: number }) => ({
      data: { ...goal, time_ms: input.time_ms },
      message: "Marker updated",
    }));
    renderRoutes(
      routes,
      PATH,
      admin,
      null,
      annotateApi(null, {
        "matches.byId": () => ({ data: { ...match, vod_hls_url: "/media/matches/40/vod.m3u8" } }),
        "sequences.list": list,
        "clips.ofMatch": clips,
        "sequences.updateMarker": updateMarker,
      }),
    );
    const video = await screen.findByLabelText(/^Video of/);
    await screen.findByRole("button", { name: /^Jump to Goal 1–0/ });
    // No strip until the video's length is known.
    expect(screen.queryByRole("slider")).toBeNull();
    Object.defineProperty(video, "duration", { value: 5400 });
    fireEvent(video, new Event("durationchange"));
    const handle = await screen.findByRole("slider", { name: "Move Goal 1–0 · Groen Wit 1 · 49′" });
    const reads = { list: list.mock.calls.length, clips: clips.mock.calls.length };

    handle.focus();
    await user.keyboard("{Shift>}{ArrowRight}{/Shift}");
    await waitFor(() => expect(updateMarker).toHaveBeenCalledWith({ id: 3, time_ms: 2_950_000 }));
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThan(reads.list));
    await waitFor(() => expect(clips.mock.calls.length).toBeGreaterThan(reads.clips));
    // The arrow moved the marker, not the video.
    expect(screen.getByRole("status", { name: "Timecode" })).toHaveTextContent("00:00:00:000");
  });

  it("posts the score", async () => {
    const user = userEvent.setup();
    const score = vi.fn(() => ({ data: match, message: "Score saved" }));
    renderRoutes(routes, PATH, admin, null, annotateApi([], { "matches.score": score }));
    await user.click(await screen.findByRole("button", { name: "One more for Away" }));
    await user.click(screen.getByRole("button", { name: "One more for Home" }));
    expect(screen.getByRole("spinbutton", { name: "Home" })).toHaveValue(2);
    await user.click(screen.getByRole("button", { name: "Save score" }));
    await waitFor(() => expect(score).toHaveBeenCalledWith({ club: CLUB.id, match: match.id, home: 2, away: 1 }));
    expect(await screen.findByText("Score saved")).toBeInTheDocument();
  });

  it("shows the summary's state and video, and rebuilds it for a club admin", async () => {
    const user = userEvent.setup();
    const summary = (state: string, progress: number) => ({
      id: 6,
      match: { id: match.id, home_team: null, away_team: null },
      state,
      progress,
      failure_reason: null,
      video_url: "/media/matches/40/summaries/6-1.mp4",
      poster_url: "/media/matches/40/summaries/6-1.jpg",
      clips_waiting: 0,
      created_at: "2025-06-14T15:00:00.000Z",
      updated_at: "2025-06-14T15:00:00.000Z",
    });
    const rebuild = vi.fn(() => ({
      data: summary("queued", 0),
      message: "The summary is being rebuilt.",
      job_ids: ["summary-6-v2"],
    }));
    renderRoutes(
      routes,
      PATH,
      admin,
      null,
      annotateApi([], { "summaries.ofMatch": () => ({ data: summary("cutting", 40) }), "summaries.rebuild": rebuild }),
    );
    expect(await screen.findByText("Building… 40%")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Highlight summary of/)).toHaveAttribute(
      "src",
      "/media/matches/40/summaries/6-1.mp4",
    );
    await user.click(screen.getByRole("button", { name: "Rebuild summary" }));
    await waitFor(() => expect(rebuild).toHaveBeenCalledWith({ id: match.id }));
    expect(await screen.findByText("The summary is being rebuilt.")).toBeInTheDocument();
    expect(screen.getByText("Waiting to be built")).toBeInTheDocument();
  });

  it("moves the summary's progress with each update, and says how many clips it waits for", async () => {
    let served = { state: "queued", progress: 0, clips_waiting: 2 };
    const summaryOf = vi.fn(() => ({
      data: {
        id: 6,
        match: { id: match.id, home_team: null, away_team: null },
        ...served,
        failure_reason: null,
        video_url: null,
        poster_url: null,
        created_at: "2025-06-14T15:00:00.000Z",
        updated_at: "2025-06-14T15:00:00.000Z",
      },
    }));
    renderRoutes(routes, PATH, admin, null, annotateApi([], { "summaries.ofMatch": summaryOf }));
    expect(await screen.findByText("Waiting for 2 clips to be cut")).toBeInTheDocument();

    // A new state is read again (its files, its reason)…
    served = { state: "cutting", progress: 10, clips_waiting: 0 };
    const update = { match: match.id, summary: 6, failure_reason: null } as const;
    emit(`match.${match.id}`, "summary.updated", { ...update, state: "cutting", progress: 10 });
    expect(await screen.findByText("Building… 10%")).toBeInTheDocument();
    // …its progress moves at once, without a read that the next update would cancel.
    const asked = summaryOf.mock.calls.length;
    emit(`match.${match.id}`, "summary.updated", { ...update, state: "cutting", progress: 55 });
    expect(await screen.findByText("Building… 55%")).toBeInTheDocument();
    emit(`match.${match.id}`, "summary.updated", { ...update, state: "cutting", progress: 80 });
    expect(await screen.findByText("Building… 80%")).toBeInTheDocument();
    expect(summaryOf).toHaveBeenCalledTimes(asked);
  });

  it("moves a clip's progress with each update, reading it again once it is cut", async () => {
    let served = clip(11, 1, "cutting", { progress: 20 });
    const clipsOf = vi.fn(() => ({ data: [served] }));
    renderRoutes(routes, PATH, admin, null, annotateApi([marker(1, 1_000, "Goal")], { "clips.ofMatch": clipsOf }));
    expect(await screen.findByText("Cutting the clip… 20%")).toBeInTheDocument();
    const asked = clipsOf.mock.calls.length;
    const update = { match: match.id, clip: 11, marker: 1, failure_reason: null } as const;
    emit(`match.${match.id}`, "clip.updated", { ...update, state: "cutting", progress: 60 });
    expect(await screen.findByText("Cutting the clip… 60%")).toBeInTheDocument();
    expect(clipsOf).toHaveBeenCalledTimes(asked);

    served = clip(11, 1, "ready", { progress: 100, video_url: "/media/matches/40/clips/11-1.mp4" });
    emit(`match.${match.id}`, "clip.updated", { ...update, state: "ready", progress: 100 });
    expect(await screen.findByText("Clip ready")).toBeInTheDocument();
  });

  it("says there is no summary yet, and offers no rebuild to a player", async () => {
    const player = fakeAuth({ user: fakeUser({ id: 8, scope: "player", club: { id: CLUB.id, name: CLUB.name } }) });
    renderRoutes(routes, PATH, player, null, annotateApi([]));
    expect(await screen.findByText(/No summary yet/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Rebuild summary" })).toBeNull();
  });

  it("offers no marker or score controls to who may not annotate the match: a player, another club's admin", async () => {
    // Issue 25: only the staff of the match's clubs place markers (each one is a cut); issue 27: nor score it.
    const player = fakeAuth({ user: fakeUser({ id: 8, scope: "player", club: { id: CLUB.id, name: CLUB.name } }) });
    const stranger = fakeAuth({ user: fakeUser({ id: 9, scope: "club", club: { id: 99, name: "Elsewhere" } }) });
    for (const auth of [player, stranger]) {
      const user = userEvent.setup();
      const { unmount } = renderRoutes(routes, PATH, auth, null, annotateApi([marker(1, 1_000, "Goal")]));
      expect(await screen.findByRole("button", { name: /^Jump to Goal/ })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Add marker" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Edit Goal" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Delete Goal" })).toBeNull();
      expect(screen.queryByRole("spinbutton", { name: "Home" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Save score" })).toBeNull();
      await user.click(screen.getByRole("button", { name: "Keyboard shortcuts" }));
      expect(screen.queryByText("Add a marker here")).toBeNull();
      unmount();
    }
  });

  it("reads a private clip and summary again when told they changed (their channel gives no more than ids)", async () => {
    let state = "queued";
    const clipsOf = vi.fn(() => ({ data: [clip(11, 1, state)] }));
    const summaryOf = vi.fn(() => ({ data: null }));
    renderRoutes(
      routes,
      PATH,
      admin,
      null,
      annotateApi([marker(1, 1_000, "Goal")], { "clips.ofMatch": clipsOf, "summaries.ofMatch": summaryOf }),
    );
    expect(await screen.findByText("Clip waiting to be cut")).toBeInTheDocument();
    await waitFor(() => expect(summaryOf).toHaveBeenCalled());
    let asked = summaryOf.mock.calls.length;
    emit(`match.${match.id}`, "summary.changed", { match: match.id, summary: 6 });
    await waitFor(() => expect(summaryOf.mock.calls.length).toBeGreaterThan(asked));

    // The clip read again, and the summary too: the clips it waits for changed.
    asked = summaryOf.mock.calls.length;
    state = "failed";
    emit(`match.${match.id}`, "clip.changed", { match: match.id, clip: 11 });
    expect(await screen.findByText(/^The clip could not be cut/)).toBeInTheDocument();
    await waitFor(() => expect(summaryOf.mock.calls.length).toBeGreaterThan(asked));
  });

  it("shows each marker's clip state; a ready clip plays inline and downloads", async () => {
    const user = userEvent.setup();
    const clips = [
      clip(11, 1, "ready", {
        video_url: "/media/matches/40/clips/11-1.mp4",
        poster_url: "/media/matches/40/clips/11-1.jpg",
      }),
      clip(12, 2, "cutting", { progress: 42 }),
      clip(13, 3, "failed", { failure_reason: "the match has no on-demand video" }),
      clip(14, 4, "queued"),
    ];
    renderRoutes(
      routes,
      PATH,
      admin,
      null,
      annotateApi(
        [marker(1, 1_000, "Goal"), marker(2, 2_000, "Save"), marker(3, 3_000, "Foul"), marker(4, 4_000, "Corner")],
        {
          "clips.ofMatch": () => ({ data: clips }),
        },
      ),
    );
    expect(await screen.findByText("Clip ready")).toBeInTheDocument();
    expect(screen.getByText("Cutting the clip… 42%")).toBeInTheDocument();
    expect(screen.getByText("The clip could not be cut: the match has no on-demand video")).toBeInTheDocument();
    expect(screen.getByText("Clip waiting to be cut")).toBeInTheDocument();
    // Only the ready clip plays and downloads.
    expect(screen.getAllByRole("button", { name: /^Play the clip of/ }).map((b) => b.textContent)).toEqual([
      "Play the clip of Goal",
    ]);
    expect(screen.getByRole("link", { name: "Download the clip of Goal" })).toHaveAttribute(
      "href",
      "/media/matches/40/clips/11-1.mp4",
    );
    expect(screen.queryByLabelText("Clip of Goal")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Play the clip of Goal" }));
    expect(screen.getByLabelText("Clip of Goal")).toHaveAttribute("src", "/media/matches/40/clips/11-1.mp4");
    await user.click(screen.getByRole("button", { name: "Hide the clip of Goal" }));
    expect(screen.queryByLabelText("Clip of Goal")).toBeNull();
  });
});

/** A moment the match's sound suggests, as suggestions.ofMatch answers it. */
const suggestion = (id: number, time_ms: number, kind: "whistle" | "crowd", state = "pending") => ({
  id,
  match: match.id,
  time_ms,
  kind,
  confidence: 0.8,
  state,
  marker: null,
});

describe("the annotation screen's suggested moments", () => {
  it("lists the pending ones in video order with their time and kind", async () => {
    const suggestions = [
      suggestion(1, 61_250, "whistle"),
      suggestion(2, 90_000, "crowd"),
      suggestion(3, 5_000, "whistle", "dismissed"),
    ];
    renderRoutes(routes, PATH, admin, null, annotateApi([], { "suggestions.ofMatch": () => ({ data: suggestions }) }));
    const panel = await screen.findByRole("region", { name: /Suggested moments/ });
    const jumps = await within(panel).findAllByRole("button", { name: /^Jump to/ });
    expect(jumps[0]).toHaveAccessibleName("Jump to 00:01:01:250 Whistle");
    expect(jumps[1]).toHaveAccessibleName("Jump to 00:01:30:000 Crowd roar");
    expect(jumps).toHaveLength(2);
    expect(within(panel).getByRole("heading")).toHaveTextContent("Suggested moments2");
  });

  it("accepts one with one tap and dismisses another with one keypress, reading the list and the markers again", async () => {
    const user = userEvent.setup();
    let suggestions = [suggestion(1, 61_250, "whistle"), suggestion(2, 90_000, "crowd")];
    const decided = (id: number, state: string) => {
      suggestions = suggestions.map((s) => (s.id === id ? { ...s, state } : s));
      return suggestions.find((s) => s.id === id)!;
    };
    const accept = vi.fn(({ id }: { id: number }) => ({
      data: { ...decided(id, "accepted"), marker: 12 },
      message: "Moment accepted: the marker is placed and its clip is being cut.",
    }));
    const dismiss = vi.fn(({ id }: { id: number }) => ({
      data: decided(id, "dismissed"),
      message: "Suggestion dismissed",
    }));
    const markers = vi.fn(() => ({ data: [] }));
    renderRoutes(
      routes,
      PATH,
      admin,
      null,
      annotateApi([], {
        "suggestions.ofMatch": () => ({ data: suggestions }),
        "suggestions.accept": accept,
        "suggestions.dismiss": dismiss,
        "sequences.list": markers,
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Accept the Whistle at 00:01:01:250 as a marker" }));
    await waitFor(() => expect(accept).toHaveBeenCalledWith({ id: 1 }));
    expect(await screen.findByText(/Moment accepted/)).toBeInTheDocument();
    await waitFor(() => expect(markers).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole("button", { name: /Whistle at 00:01:01:250/ })).toBeNull());

    screen.getByRole("button", { name: "Dismiss the Crowd roar at 00:01:30:000" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(dismiss).toHaveBeenCalledWith({ id: 2 }));
    expect(await screen.findByText("No suggested moments")).toBeInTheDocument();
    // The Enter was the button's, not a shortcut: no marker placed by hand.
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it("shows new suggestions without a reload when the club's channel says the match's sound suggested more", async () => {
    let suggestions = [suggestion(1, 61_250, "whistle")];
    const ofMatch = vi.fn(() => ({ data: suggestions }));
    renderRoutes(routes, PATH, admin, null, annotateApi([], { "suggestions.ofMatch": ofMatch }));
    const panel = await screen.findByRole("region", { name: /Suggested moments/ });
    expect(await within(panel).findAllByRole("button", { name: /^Jump to/ })).toHaveLength(1);
    const reads = ofMatch.mock.calls.length;

    // The next minute of the live match was listened to: a crowd roar.
    suggestions = [...suggestions, suggestion(2, 125_000, "crowd")];
    // Another match's news is not this list's.
    emit(`club.${CLUB.id}`, "suggestions.added", { club: CLUB.id, match: match.id + 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ofMatch).toHaveBeenCalledTimes(reads);
    emit(`club.${CLUB.id}`, "suggestions.added", { club: CLUB.id, match: match.id });
    expect(await within(panel).findByRole("button", { name: "Jump to 00:02:05:000 Crowd roar" })).toBeInTheDocument();
    expect(within(panel).getAllByRole("button", { name: /^Jump to/ })).toHaveLength(2);
  });

  it("says why a decision failed (decided meanwhile: 409) and shows the list as it is now", async () => {
    const user = userEvent.setup();
    let suggestions = [suggestion(1, 61_250, "whistle")];
    const accept = vi.fn(() => {
      suggestions = [{ ...suggestions[0]!, state: "dismissed" }];
      throw apiError(409, "This suggestion has already been dismissed.", {
        id: ["This suggestion has already been dismissed."],
      });
    });
    renderRoutes(
      routes,
      PATH,
      admin,
      null,
      annotateApi([], { "suggestions.ofMatch": () => ({ data: suggestions }), "suggestions.accept": accept }),
    );
    await user.click(await screen.findByRole("button", { name: /^Accept the Whistle/ }));
    expect(await screen.findByText("This suggestion has already been dismissed.")).toBeInTheDocument();
    expect(await screen.findByText("No suggested moments")).toBeInTheDocument();
  });

  it("shows a skeleton while loading, an empty state, and an error with a retry", async () => {
    const user = userEvent.setup();
    let fail = true;
    renderRoutes(
      routes,
      PATH,
      admin,
      null,
      annotateApi([], {
        "suggestions.ofMatch": () => {
          if (fail) throw apiError(500, "Something went wrong.");
          return { data: [], message: "No suggested moments found" };
        },
      }),
    );
    const panel = await screen.findByRole("region", { name: /Suggested moments/ });
    const retry = await within(panel).findByRole("button", { name: "Try again" });
    fail = false;
    await user.click(retry);
    expect(await within(panel).findByText("No suggested moments")).toBeInTheDocument();
  });

  it("is not shown to who may not annotate the match", async () => {
    const player = fakeAuth({ user: fakeUser({ id: 8, scope: "player", club: { id: CLUB.id, name: CLUB.name } }) });
    const list = vi.fn(() => ({ data: [suggestion(1, 1000, "whistle")] }));
    renderRoutes(routes, PATH, player, null, annotateApi([], { "suggestions.ofMatch": list }));
    expect(await screen.findByText(/No summary yet/)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /Suggested moments/ })).toBeNull();
    expect(list).not.toHaveBeenCalled();
  });

  it("has no accessibility violations axe can find without a layout, in English, Dutch and German", async () => {
    for (const locale of ["en", "nl", "de"] as const) {
      await act(() => i18next.changeLanguage(locale));
      const { unmount } = renderRoutes(
        routes,
        PATH,
        admin,
        null,
        annotateApi([], {
          "suggestions.ofMatch": () => ({ data: [suggestion(1, 61_250, "whistle"), suggestion(2, 90_000, "crowd")] }),
        }),
      );
      const panel = (await screen.findByRole("heading", { name: /moment|Moment/ })).closest("section")!;
      await within(panel).findAllByRole("button", { name: /00:01:30:000/ });
      const results = await axe.run(panel, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
        // jsdom lays nothing out: contrast is the browser tests' (e2e, expectAccessible).
        rules: { "color-contrast": { enabled: false } },
      });
      expect(results.violations.map((v) => `${locale}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
        [],
      );
      unmount();
    }
    await act(() => i18next.changeLanguage("en"));
  });
});
