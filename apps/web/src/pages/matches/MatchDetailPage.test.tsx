import { describe, expect, it, vi } from "vitest";
import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Auth } from "../../auth/AuthProvider.tsx";
import { fakeAuth, fakeUser, renderRoutes } from "../../../test/render.tsx";
import { apiError, type FakeApi } from "../../../test/fake-api.ts";
import type { Match } from "../../lib/matches.ts";
import { fakeMatch } from "../scheduler/fixtures.test-data.ts";
import MatchDetailPage from "./MatchDetailPage.tsx";

// The first render loads the page's modules while CI runs other files beside it.
configure({ asyncUtilTimeout: 5000 });

vi.mock("../../lib/realtime.ts", async () => (await import("../../../test/fake-realtime.ts")).fakeRealtimeModule);
import { fakeRealtime } from "../../../test/fake-realtime.ts";
vi.mock("./player-code.ts", () => ({ loadPlayerCode: () => Promise.resolve() }));
// The player itself is hls.js's business; here it only has to say what it was given, and tell the frame it
// shows (its time, and the date a test puts on it) as a player does.
vi.mock("./VideoPlayer.tsx", () => ({
  VideoPlayer: ({
    src,
    label,
    poster,
    ref,
    onFrame,
  }: {
    src: string;
    label: string;
    poster?: string | null;
    ref?: React.Ref<HTMLVideoElement>;
    onFrame?: (frame: { timeMs: number; date: number | null }) => void;
  }) => (
    <video
      ref={ref}
      aria-label={label}
      src={src}
      poster={poster ?? undefined}
      onTimeUpdate={(event) =>
        onFrame?.({
          timeMs: event.currentTarget.currentTime * 1000,
          date: Number(event.currentTarget.dataset.date) || null,
        })
      }
    />
  ),
}));

const POSTER = "/media/matches/9/poster.jpg";
const DOWNLOAD = "/media/matches/9/download.mp4";

function onDemand(overrides: Partial<Match> = {}): Match {
  return fakeMatch({
    id: 9,
    status: "vod",
    list_status: "vod",
    home: { club: { id: 3, name: "VV Groen Wit", logo: null }, team: { id: 7, fullname: "Groen Wit 1" }, score: 2 },
    vod_hls_url: "/media/matches/9/vod.m3u8",
    poster_url: POSTER,
    download_url: DOWNLOAD,
    ...overrides,
  });
}

const noSummary = () => ({ data: null });

function renderMatch(
  match: Match,
  auth: Auth = fakeAuth(),
  summary: () => unknown = noSummary,
  scoreEvents: unknown[] = [],
) {
  return renderRoutes(
    [{ path: "/matches/:match", element: <MatchDetailPage /> }],
    `/matches/${match.id}`,
    auth,
    undefined,
    {
      "matches.byId": () => ({ data: match }),
      "summaries.ofMatch": summary,
      "moments.scoreEvents": () => ({ data: scoreEvents }),
    },
  );
}

const staff = (scope: "club" | "trainer", club = { id: 3, name: "VV Groen Wit" }) =>
  fakeAuth({ user: fakeUser({ scope, club }) });

describe("the match page", () => {
  it("offers the club's staff the MP4 of an on-demand match", async () => {
    renderMatch(onDemand(), staff("club"));
    const link = await screen.findByRole("link", { name: "Download MP4" });
    expect(link).toHaveAttribute("href", DOWNLOAD);
    expect(link).toHaveAttribute("download");
    expect(screen.getByLabelText("Video of Groen Wit 1 against VV De Zwaluwen")).toHaveAttribute("poster", POSTER);
  });

  it.each([
    ["a trainer of the club", staff("trainer")],
    ["a system administrator", fakeAuth({ user: fakeUser({ scope: "system", club: null }) })],
  ])("offers it to %s too", async (_who, auth) => {
    renderMatch(onDemand(), auth);
    expect(await screen.findByRole("link", { name: "Download MP4" })).toBeInTheDocument();
  });

  it.each([
    ["a visitor", fakeAuth()],
    ["a player of the club", fakeAuth({ user: fakeUser({ scope: "player" }) })],
    ["another club's administrator", staff("club", { id: 4, name: "VV De Zwaluwen" })],
  ])("hides the download from %s", async (_who, auth) => {
    renderMatch(onDemand(), auth);
    await screen.findByLabelText("Video of Groen Wit 1 against VV De Zwaluwen");
    expect(screen.queryByRole("link", { name: "Download MP4" })).toBeNull();
  });

  it("has no download while the match has none, or is not on demand yet", async () => {
    const { unmount } = renderMatch(onDemand({ download_url: null }), staff("club"));
    await screen.findByLabelText("Video of Groen Wit 1 against VV De Zwaluwen");
    expect(screen.queryByRole("link", { name: "Download MP4" })).toBeNull();
    unmount();

    renderMatch(onDemand({ status: "processing", list_status: null, vod_hls_url: null }), staff("club"));
    expect(await screen.findByText(/The recording is being processed/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Download MP4" })).toBeNull();
  });

  it("shows the club's staff 'Preparing download…' until the worker made the MP4, then the link without a reload", async () => {
    let answer = onDemand({ download_url: null, download_status: "preparing" });
    renderRoutes([{ path: "/matches/:match", element: <MatchDetailPage /> }], "/matches/9", staff("club"), undefined, {
      "matches.byId": () => ({ data: answer }),
      "summaries.ofMatch": noSummary,
    });
    expect(await screen.findByText("Preparing download…")).toHaveAttribute("role", "status");
    expect(screen.queryByRole("link", { name: "Download MP4" })).toBeNull();

    answer = { ...answer, download_url: DOWNLOAD, download_status: "ready" };
    act(() => fakeRealtime.handlersOf("match.9")["match.changed"]!({ match: 9 }));
    expect(await screen.findByRole("link", { name: "Download MP4" })).toHaveAttribute("href", DOWNLOAD);
    expect(screen.queryByText("Preparing download…")).toBeNull();
  });

  it("tells the club's staff when the download could not be made, and nobody else that one is being prepared", async () => {
    const { unmount } = renderMatch(onDemand({ download_url: null, download_status: "failed" }), staff("club"));
    expect(await screen.findByText("The download could not be made")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Download MP4" })).toBeNull();
    unmount();

    renderMatch(onDemand({ download_url: null, download_status: "preparing" }), fakeAuth());
    await screen.findByLabelText("Video of Groen Wit 1 against VV De Zwaluwen");
    expect(screen.queryByText("Preparing download…")).toBeNull();
  });

  it("says a match without a video has none: why to the club's staff, plainly to everyone else, never a player", async () => {
    const nothing = {
      status: "processing",
      list_status: null,
      vod_hls_url: null,
      poster_url: null,
      download_url: null,
      recording_problem: "no_video",
    } as const;
    const { unmount } = renderMatch(onDemand(nothing), staff("club"));
    expect(
      await screen.findByText("Nothing was recorded: no camera published while this match was recording."),
    ).toBeInTheDocument();
    expect(screen.getByText("No video")).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Video of/)).toBeNull();
    expect(screen.queryByText(/being processed/)).toBeNull();
    unmount();

    renderMatch(onDemand(nothing));
    expect(await screen.findByText("There is no video of this match.")).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Video of/)).toBeNull();
  });

  it("reads the match again when its camera starts recording, and again when its video plays (match.live)", async () => {
    let answer = fakeMatch({ id: 9, status: "scheduled", list_status: "upcoming" });
    renderRoutes([{ path: "/matches/:match", element: <MatchDetailPage /> }], "/matches/9", fakeAuth(), undefined, {
      "matches.byId": () => ({ data: answer }),
      "summaries.ofMatch": noSummary,
    });
    expect(await screen.findByText("Upcoming")).toBeInTheDocument();
    const handlers = fakeRealtime.handlersOf("match.9");
    // Its media-gateway camera confirmed the start: no video yet, so not live.
    answer = { ...answer, awaiting_video: true };
    act(() => handlers["match.changed"]!({ match: 9 }));
    expect(await screen.findByText("Waiting for video")).toBeInTheDocument();
    expect(screen.getByText(/^The camera is recording: the match goes live/)).toBeInTheDocument();
    answer = {
      ...answer,
      status: "live",
      list_status: "live",
      awaiting_video: false,
      live_hls_url: "/media/matches/9/live.m3u8",
    };
    act(() => handlers["match.live"]!({ match: 9 }));
    expect(await screen.findByLabelText("Video of Groen Wit 1 against VV De Zwaluwen")).toHaveAttribute(
      "src",
      "/media/matches/9/live.m3u8",
    );
  });

  it("counts itself as a viewer while it plays the match live, and shows the figures match.viewers tells", async () => {
    const live = fakeMatch({ id: 9, status: "live", list_status: "live", live_hls_url: "/media/matches/9/live.m3u8" });
    const { unmount } = renderRoutes(
      [{ path: "/matches/:match", element: <MatchDetailPage /> }],
      "/matches/9",
      fakeAuth(),
      undefined,
      {
        "matches.byId": () => ({ data: live }),
        "summaries.ofMatch": noSummary,
        "viewers.ofMatch": () => ({ data: { match: 9, watching: 3, peak: 5 } }),
      },
    );
    const figures = await screen.findByTestId("viewers");
    await waitFor(() => expect(figures).toHaveTextContent("Watching now: 3most at once: 5"));
    expect(fakeRealtime.watched()).toEqual([9]);
    act(() => fakeRealtime.handlersOf("match.9")["match.viewers"]!({ match: 9, watching: 7, peak: 7 }));
    await waitFor(() => expect(figures).toHaveTextContent("Watching now: 7most at once: 7"));
    // Another match's figures are not this one's.
    act(() => fakeRealtime.handlersOf("match.9")["match.viewers"]!({ match: 10, watching: 1, peak: 1 }));
    expect(figures).toHaveTextContent("Watching now: 7");
    unmount();
    expect(fakeRealtime.watched()).toEqual([]);
  });

  it("neither counts itself nor shows figures before the match is live", async () => {
    renderMatch(fakeMatch({ id: 9, status: "scheduled", list_status: "upcoming" }));
    expect(await screen.findByText("Upcoming")).toBeInTheDocument();
    expect(screen.queryByTestId("viewers")).not.toBeInTheDocument();
    expect(fakeRealtime.watched()).toEqual([]);
  });

  it("follows the match from before kick-off to on demand as match.changed and match.scored have it read again", async () => {
    let answer = fakeMatch({ id: 9, status: "unscheduled", list_status: null });
    renderRoutes([{ path: "/matches/:match", element: <MatchDetailPage /> }], "/matches/9", fakeAuth(), undefined, {
      "matches.byId": () => ({ data: answer }),
      "summaries.ofMatch": noSummary,
    });
    expect(await screen.findByText("Not scheduled")).toBeInTheDocument();
    const handlers = () => fakeRealtime.handlersOf("match.9");
    answer = { ...answer, status: "scheduled", list_status: "upcoming" };
    act(() => handlers()["match.changed"]!({ match: 9 }));
    expect(await screen.findByText("Upcoming")).toBeInTheDocument();
    answer = { ...answer, status: "live", list_status: "live", live_hls_url: "/media/matches/9/live.m3u8" };
    act(() => handlers()["match.live"]!({ match: 9 }));
    expect(await screen.findByLabelText("Video of Groen Wit 1 against VV De Zwaluwen")).toBeInTheDocument();
    answer = { ...answer, home: { ...answer.home, score: 2 } };
    act(() => handlers()["match.scored"]!({ match: 9, home: 2, away: 0 }));
    await waitFor(() => expect(screen.getByTestId("score")).toHaveTextContent("2–0"));
    answer = {
      ...answer,
      status: "vod",
      list_status: "vod",
      live_hls_url: null,
      vod_hls_url: "/media/matches/9/vod.m3u8",
    };
    act(() => handlers()["match.changed"]!({ match: 9 }));
    await waitFor(() =>
      expect(screen.getByLabelText("Video of Groen Wit 1 against VV De Zwaluwen")).toHaveAttribute(
        "src",
        "/media/matches/9/vod.m3u8",
      ),
    );
    expect(screen.getByText("Full time")).toBeInTheDocument();
  });

  it("closes the player once the server takes the page out of the match's channel and the match answers 404", async () => {
    let hidden = false;
    renderRoutes([{ path: "/matches/:match", element: <MatchDetailPage /> }], "/matches/9", fakeAuth(), undefined, {
      "matches.byId": () => {
        if (hidden) throw apiError(404, "No match found");
        return { data: onDemand() };
      },
      "summaries.ofMatch": noSummary,
    });
    expect(await screen.findByLabelText("Video of Groen Wit 1 against VV De Zwaluwen")).toBeInTheDocument();
    hidden = true;
    try {
      act(() => fakeRealtime.setState("refused"));
      expect(await screen.findByText("This match is no longer available")).toBeInTheDocument();
      expect(screen.queryByLabelText(/^Video of/)).toBeNull();
    } finally {
      fakeRealtime.setState("joined");
    }
  });

  it("shows the still behind the message while there is no player", async () => {
    renderMatch(onDemand({ status: "processing", list_status: null, vod_hls_url: null }));
    const image = await screen.findByRole("img", { name: "Still from Groen Wit 1 against VV De Zwaluwen" });
    expect(image).toHaveAttribute("src", POSTER);
    expect(image).toHaveAttribute("loading", "lazy");
    expect(screen.getByText(/The recording is being processed/)).toBeInTheDocument();
  });

  it("plays the highlight summary of an on-demand match once it is built", async () => {
    const summary = {
      id: 6,
      match: { id: 9, home_team: 7, away_team: null },
      state: "ready",
      progress: 100,
      failure_reason: null,
      video_url: "/media/matches/9/summaries/6-1.mp4",
      poster_url: "/media/matches/9/summaries/6-1.jpg",
      created_at: "2025-06-14T15:00:00.000Z",
      updated_at: "2025-06-14T15:00:00.000Z",
    };
    renderMatch(onDemand(), fakeAuth(), () => ({ data: summary }));
    const video = await screen.findByLabelText("Highlights of Groen Wit 1 against VV De Zwaluwen");
    expect(video).toHaveAttribute("src", summary.video_url);
    expect(video).toHaveAttribute("poster", summary.poster_url);
    expect(screen.getByRole("heading", { name: "Highlights" })).toBeInTheDocument();
  });

  it("drops the highlights once the summary is made private, as summary.changed has it read again", async () => {
    let visible = true;
    renderMatch(onDemand(), fakeAuth(), () => {
      if (!visible) return { data: null };
      return { data: { id: 6, match: { id: 9 }, state: "ready", video_url: "/media/matches/9/summaries/6-1.mp4" } };
    });
    await screen.findByRole("heading", { name: "Highlights" });
    visible = false;
    const handlers = fakeRealtime.handlersOf("match.9");
    act(() => handlers["summary.changed"]!({ match: 9, summary: 6 }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Highlights" })).toBeNull());
  });

  it("shows no highlights while the match has no summary", async () => {
    renderMatch(onDemand());
    await screen.findByLabelText("Video of Groen Wit 1 against VV De Zwaluwen");
    expect(screen.queryByRole("heading", { name: "Highlights" })).toBeNull();
  });
});

describe("a refused camera on the match's field", () => {
  const live = () =>
    fakeMatch({
      id: 9,
      status: "live",
      list_status: "live",
      field: { id: 11, name: "Veld 1" },
      live_hls_url: "/media/matches/9/live.m3u8",
    });
  const refused = {
    id: "r1",
    at: "2026-03-01T12:05:00.000Z",
    protocol: "srt" as const,
    code: "unsupported_video_codec" as const,
    codec: "av1",
    reason: "unsupported video codec av1: passthrough needs H.264",
    address: "203.0.113.9",
    count: 1,
    configuration: { id: 1, barcode: "GW-1" },
    field: { id: 11, name: "Veld 1" },
  };

  function renderLive(auth: Auth, matchRefusals: () => unknown) {
    return renderRoutes([{ path: "/matches/:match", element: <MatchDetailPage /> }], "/matches/9", auth, undefined, {
      "matches.byId": () => ({ data: live() }),
      "summaries.ofMatch": noSummary,
      "mediaGateway.matchRefusals": matchRefusals,
    });
  }

  it("tells the club's streams staff why, and reads them again on a refusal for the field", async () => {
    let refusals: (typeof refused)[] = [];
    const matchRefusals = vi.fn(() => ({ data: refusals }));
    renderLive(staff("club"), matchRefusals);
    await waitFor(() => expect(matchRefusals).toHaveBeenCalled());
    expect(screen.queryByRole("status", { name: "Your camera was refused" })).toBeNull();

    refusals = [refused];
    const handlers = fakeRealtime.handlersOf("streams.3");
    act(() => handlers["stream.refused"]!({ club: 3, configuration: 1, field: 11, code: "unsupported_video_codec" }));
    const notice = await screen.findByRole("status", { name: "Your camera was refused" });
    expect(notice).toHaveTextContent("Your camera sends AV1 video; Clubcast takes H.264. Set the encoder to H.264.");
    expect(notice).toHaveTextContent("Veld 1 · configuration GW-1");
  });

  it.each([
    ["a player of the club", fakeAuth({ user: fakeUser({ scope: "player" }) })],
    ["a trainer of the club", staff("trainer")],
    ["another club's administrator", staff("club", { id: 4, name: "VV De Zwaluwen" })],
  ])("asks nothing for %s", async (_who, auth) => {
    const matchRefusals = vi.fn(() => ({ data: [refused] }));
    renderLive(auth, matchRefusals);
    await screen.findByLabelText(/Live video|Video of/);
    expect(matchRefusals).not.toHaveBeenCalled();
    expect(screen.queryByRole("status", { name: "Your camera was refused" })).toBeNull();
  });
});

describe("the score control on the match page (issue 27)", () => {
  const live = fakeMatch({ id: 9, status: "live", list_status: "live", live_hls_url: "/media/matches/9/live.m3u8" });
  const controlName = "Enter the score of Groen Wit 1 against VV De Zwaluwen";

  function renderScored(match: Match, auth: Auth, api: FakeApi = {}) {
    return renderRoutes([{ path: "/matches/:match", element: <MatchDetailPage /> }], "/matches/9", auth, undefined, {
      "matches.byId": () => ({ data: match }),
      "summaries.ofMatch": noSummary,
      "mediaGateway.matchRefusals": () => ({ data: [] }),
      ...api,
    });
  }

  it("lets the club's admin set the live score and shows the saved score at once", async () => {
    const user = userEvent.setup();
    let saved = false;
    const score = vi.fn((input: { home: number; away: number }) => {
      saved = true;
      return {
        data: { ...live, home: { ...live.home, score: input.home }, away: { ...live.away, score: input.away } },
        message: "Score saved",
      };
    });
    renderScored(live, staff("club"), {
      // Once saved the page is read again, slowly: what it shows meanwhile is the score API's answer.
      "matches.byId": () => (saved ? new Promise(() => {}) : { data: live }),
      "matches.score": score,
    });
    const form = await screen.findByRole("form", { name: controlName });
    await user.click(within(form).getByRole("button", { name: "One more for Away" }));
    await user.click(within(form).getByRole("button", { name: "Save score" }));
    await waitFor(() => expect(score).toHaveBeenCalledWith({ club: 3, match: 9, home: 0, away: 1 }));
    await waitFor(() => expect(screen.getByTestId("score")).toHaveTextContent("0–1"));
    expect(within(form).getByRole("spinbutton", { name: "Away" })).toHaveValue(1);
  });

  it.each([
    ["a trainer of the club", staff("trainer")],
    ["a system administrator", fakeAuth({ user: fakeUser({ scope: "system", club: null }) })],
  ])("offers it to %s", async (_who, auth) => {
    renderScored(live, auth);
    expect(await screen.findByRole("form", { name: controlName })).toBeInTheDocument();
  });

  it.each([
    ["a visitor", fakeAuth()],
    ["a player of the club", fakeAuth({ user: fakeUser({ scope: "player" }) })],
    ["a member of the club", fakeAuth({ user: fakeUser({ scope: "clubmember" }) })],
  ])("shows no score control to %s", async (_who, auth) => {
    renderScored(live, auth);
    await screen.findByLabelText("Video of Groen Wit 1 against VV De Zwaluwen");
    expect(screen.queryByRole("form", { name: controlName })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save score" })).toBeNull();
  });

  it("has none before kick-off, even for the club's admin", async () => {
    renderScored(fakeMatch({ id: 9, status: "scheduled", list_status: "upcoming" }), staff("club"));
    expect(await screen.findByText("Upcoming")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: controlName })).toBeNull();
  });
});

describe("the viewer's own markers on the match page", () => {
  const live = fakeMatch({ id: 9, status: "live", list_status: "live", live_hls_url: "/media/matches/9/live.m3u8" });
  const marker = (id: number, time_ms: number, label: string) => ({
    id,
    sequence: 1,
    time_ms,
    label,
    clip_length: 20,
    created_at: "2026-11-28T12:00:00Z",
  });

  it("jump the live player there, in video order, from the keyboard too", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    renderRoutes([{ path: "/matches/:match", element: <MatchDetailPage /> }], "/matches/9", staff("club"), undefined, {
      "matches.byId": () => ({ data: live }),
      "summaries.ofMatch": noSummary,
      "mediaGateway.matchRefusals": () => ({ data: [] }),
      "sequences.list": () => ({
        data: [
          {
            id: 1,
            match: 9,
            user: 1,
            name: "First half",
            created_at: "2026-11-28T12:00:00Z",
            markers: [marker(2, 1_383_000, "Goal"), marker(1, 83_000, "Chance")],
          },
        ],
      }),
    });
    const markers = await screen.findByRole("region", { name: "Your markers" });
    const buttons = within(markers).getAllByRole("button");
    expect(buttons.map((button) => button.textContent)).toEqual(["Chance1:23", "Goal23:03"]);
    const video = screen.getByLabelText(/^Video of /) as HTMLVideoElement;
    const positions: number[] = [];
    Object.defineProperty(video, "currentTime", { set: (value: number) => positions.push(value), get: () => 0 });
    buttons[1]!.focus();
    await userEvent.keyboard("{Enter}");
    expect(positions).toEqual([1383]);
    expect(play).toHaveBeenCalled();
    play.mockRestore();
  });

  it("are not asked for without a signed-in viewer", async () => {
    renderMatch(live);
    await screen.findByLabelText(/^Video of /);
    expect(screen.queryByRole("region", { name: "Your markers" })).not.toBeInTheDocument();
  });
});

describe("the score with the player (match moments, issue 30)", () => {
  const KICK_OFF = Date.parse("2026-11-28T14:30:00Z");
  // Goals at 1:10 (1–0) and 20:00 (1–1) into the recording; the match ended 2–1.
  const events = [
    { id: 1, time_ms: 70_000, happened_at: new Date(KICK_OFF + 70_000).toISOString(), home: 1, away: 0, side: "home" },
    {
      id: 2,
      time_ms: 1_200_000,
      happened_at: new Date(KICK_OFF + 1_200_000).toISOString(),
      home: 1,
      away: 1,
      side: "away",
    },
    {
      id: 3,
      time_ms: 2_400_000,
      happened_at: new Date(KICK_OFF + 2_400_000).toISOString(),
      home: 2,
      away: 1,
      side: "home",
    },
  ];
  const final = { away: { ...fakeMatch().away, score: 1 } };

  /** The player shows the frame at `seconds` into the video (dated `date`, as a live stream's frames are). */
  function show(seconds: number, date?: number) {
    const video = screen.getByLabelText("Video of Groen Wit 1 against VV De Zwaluwen") as HTMLVideoElement;
    video.currentTime = seconds;
    if (date !== undefined) video.dataset.date = String(date);
    fireEvent.timeUpdate(video);
  }

  it("shows an on-demand viewer the score of the frame shown, not the final score", async () => {
    renderMatch(onDemand(final), fakeAuth(), noSummary, events);
    await waitFor(() => expect(screen.getByTestId("score")).toHaveTextContent("0–0"));
    expect(screen.getByText(/Full time/)).toBeInTheDocument();
    show(69.9);
    expect(screen.getByTestId("score")).toHaveTextContent("0–0");
    show(70);
    expect(screen.getByTestId("score")).toHaveTextContent("1–0");
    show(1500);
    expect(screen.getByTestId("score")).toHaveTextContent("1–1");
    // Back before the first goal: 0–0 again.
    show(10);
    expect(screen.getByTestId("score")).toHaveTextContent("0–0");
    show(3000);
    expect(screen.getByTestId("score")).toHaveTextContent("2–1");
  });

  it("shows a live viewer the new score once the goal's frame reaches his player", async () => {
    const live = fakeMatch({
      id: 9,
      status: "live",
      list_status: "live",
      live_hls_url: "/media/matches/9/live.m3u8",
      home: { club: { id: 3, name: "VV Groen Wit", logo: null }, team: { id: 7, fullname: "Groen Wit 1" }, score: 1 },
    });
    renderMatch(live, fakeAuth(), noSummary, events.slice(0, 1));
    // No frame shown yet: the match's score.
    await waitFor(() => expect(screen.getByTestId("score")).toHaveTextContent("1–0"));
    // The player is a few seconds behind the goal: not yet.
    show(5, KICK_OFF + 65_000);
    expect(screen.getByTestId("score")).toHaveTextContent("0–0");
    show(10, KICK_OFF + 70_500);
    expect(screen.getByTestId("score")).toHaveTextContent("1–0");
  });

  it("keeps the match's score where nothing was timed", async () => {
    renderMatch(onDemand(final));
    await waitFor(() => expect(screen.getByTestId("score")).toHaveTextContent("2–1"));
    show(10);
    expect(screen.getByTestId("score")).toHaveTextContent("2–1");
  });
});
