import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { Link, type RouteObject } from "react-router";
import { MENU_AUTO_HIDE_MS, MENU_HIDE_DEBOUNCE_MS, MENU_SHOW_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS } from "@clubcast/shared";
import { fakeAuth, fakeUser, renderRoutes } from "../../test/render.tsx";
import type { FakeApi } from "../../test/fake-api.ts";
import { usePageTitle } from "../lib/page-title.tsx";
import type { ChannelHandlers } from "../lib/realtime.ts";
import { storeLastRead } from "../notifications/unread.ts";
import DashboardLayout from "./DashboardLayout.tsx";

// The frame listens on the user's private channel; the test plays the server.
const channels = vi.hoisted(() => new Map<string, unknown>());
vi.mock("../lib/realtime.ts", () => ({
  useChannel: (channel: string | null, handlers: unknown) => {
    if (channel) channels.set(channel, handlers);
    return "joined";
  },
}));

function TitledPage() {
  usePageTitle("Camera CAM-12");
  return <p>camera page</p>;
}

const routes: RouteObject[] = ["", "/de", "/nl"].map((prefix) => ({
  path: `${prefix}/dashboard`,
  element: <DashboardLayout />,
  children: [
    {
      index: true,
      element: (
        <>
          <p>start page</p>
          <Link to="/dashboard/recorded">to recorded</Link>
        </>
      ),
    },
    { path: "configuration/cameras/12", element: <TitledPage /> },
    { path: "*", element: <p>section page</p> },
  ],
}));

const location = () => screen.getByTestId("location").textContent;
const navigation = () => screen.getByRole("navigation", { name: "Dashboard navigation" });
/** The menu items: the first list of the dashboard navigation (language flags and logout follow it). */
const menuLabels = () =>
  within(within(navigation()).getAllByRole("list")[0]!)
    .getAllByRole("link")
    .map((link) => link.textContent);
const frame = () => navigation().parentElement!;

const UPDATES = [
  {
    id: 3,
    lang: "en",
    content: "##Offline recordings##[break]Now under *Offline*.",
    created_at: "2026-03-02T09:00:00.000Z",
  },
  { id: 2, lang: "en", content: "##Annotations##[break]Mark _moments_.", created_at: "2026-02-20T09:00:00.000Z" },
  {
    id: 1,
    lang: "en",
    content: "##Live scores##[break]Scores while you watch.",
    created_at: "2026-01-05T09:00:00.000Z",
  },
];
const page = <T,>(data: T[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 100, total: data.length, from: 1, to: data.length },
});
const baseApi: FakeApi = { "messages.featureUpdates": () => page(UPDATES) };

function renderFrame(path: string, scope: "player" | "club" | "system" | "trainer" = "player", api: FakeApi = {}) {
  const user = fakeUser({ scope, permissions: [] });
  return renderRoutes(routes, path, fakeAuth({ user }), undefined, { ...baseApi, ...api });
}

afterEach(() => {
  vi.useRealTimers();
  channels.clear();
});

describe("the dashboard frame", () => {
  it("shows the menu of the user's scope, with 'your users' and 'your teams' for club admins", async () => {
    renderRoutes(routes, "/dashboard", fakeAuth({ user: fakeUser({ scope: "club" }) }), undefined, baseApi);
    expect(await screen.findByText("start page")).toBeInTheDocument();
    expect(menuLabels()).toEqual([
      "Dashboard",
      "Scheduler",
      "Streams",
      "Offline recordings",
      "Recorded",
      "Your teams",
      "Your users",
      "System",
    ]);
  });

  it("adds the sections a permission grants", async () => {
    const user = fakeUser({ scope: "trainer", permissions: ["users.all", "scheduler.all"] });
    renderRoutes(routes, "/dashboard", fakeAuth({ user }), undefined, baseApi);
    await screen.findByText("start page");
    expect(menuLabels()).toEqual(["Dashboard", "Recorded", "Scheduler", "Offline recordings", "Users"]);
  });

  it("titles the page after its section, unless the page sets its own title", async () => {
    renderFrame("/dashboard/clubs/all", "system");
    expect(await screen.findByRole("heading", { level: 1, name: "All clubs" })).toBeInTheDocument();
    expect(document.title).toBe("All clubs · Clubcast");
  });

  it("shows a page's custom title in the top bar", async () => {
    renderFrame("/dashboard/configuration/cameras/12", "system");
    expect(await screen.findByRole("heading", { level: 1, name: "Camera CAM-12" })).toBeInTheDocument();
  });

  it("sends a restricted section back to the dashboard, in the user's locale", async () => {
    renderFrame("/de/dashboard/configuration/cameras", "player");
    expect(await screen.findByText("start page")).toBeInTheDocument();
    expect(location()).toBe("/de/dashboard/");
  });

  it("sends another club's pages back to the dashboard, and opens the own club's and, for system admins, any", async () => {
    // The user's club is 3.
    renderFrame("/nl/dashboard/clubs/1/recorded/23/annotate", "club");
    expect(await screen.findByText("start page")).toBeInTheDocument();
    expect(location()).toBe("/nl/dashboard/");
    cleanup();
    renderFrame("/dashboard/clubs/3/recorded/23/annotate", "club");
    expect(await screen.findByText("section page")).toBeInTheDocument();
    cleanup();
    renderFrame("/dashboard/clubs/1/recorded/23/annotate", "system");
    expect(await screen.findByText("section page")).toBeInTheDocument();
  });

  it("offers a support mail naming the user's club, and cycles to the next language", async () => {
    const user = userEvent.setup();
    renderFrame("/dashboard", "player");
    const support = await screen.findByRole("link", { name: "Contact support" });
    const href = decodeURIComponent(support.getAttribute("href")!);
    expect(href).toMatch(/^mailto:support@clubcast\.app\?subject=Support question from VV Groen Wit&body=/);
    expect(href).toContain("Anna de Vries\nVV Groen Wit");
    await user.click(screen.getByRole("button", { name: "EN: Switch the language to Nederlands" }));
    await waitFor(() => expect(location()).toBe("/nl/dashboard"));
  });

  it("has an account dropdown whose single entry signs out", async () => {
    const user = userEvent.setup();
    const logout = vi.fn(async () => {});
    renderRoutes(routes, "/dashboard", fakeAuth({ user: fakeUser(), logout }), undefined, baseApi);
    await user.click(await screen.findByRole("button", { name: "Anna de Vries, Account" }));
    const items = screen.getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Sign out"]);
    await user.click(items[0]!);
    expect(logout).toHaveBeenCalledOnce();
  });
});

/** A window `width` pixels wide, as far as media queries on max-width go (jsdom has none). */
function windowWidth(width: number) {
  vi.stubGlobal("matchMedia", (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return { matches: max ? width <= Number(max[1]) : false, media: query };
  });
}

describe("the left menu", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    windowWidth(1280);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("opens when the dashboard loads and hides after the auto-hide time", async () => {
    renderFrame("/dashboard");
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(frame()).toHaveClass("dash--nav-open");
    await act(() => vi.advanceTimersByTimeAsync(MENU_AUTO_HIDE_MS - 10));
    expect(frame()).toHaveClass("dash--nav-open");
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(frame()).not.toHaveClass("dash--nav-open");
  });

  it("opens under a resting mouse after the show debounce and hides after the hide debounce", async () => {
    renderFrame("/dashboard");
    await act(() => vi.advanceTimersByTimeAsync(MENU_AUTO_HIDE_MS));
    expect(frame()).not.toHaveClass("dash--nav-open");

    // Passing over the menu quickly does nothing.
    fireEvent.pointerEnter(navigation(), { pointerType: "mouse" });
    await act(() => vi.advanceTimersByTimeAsync(MENU_SHOW_DEBOUNCE_MS - 50));
    fireEvent.pointerLeave(navigation(), { pointerType: "mouse" });
    await act(() => vi.advanceTimersByTimeAsync(MENU_SHOW_DEBOUNCE_MS));
    expect(frame()).not.toHaveClass("dash--nav-open");

    fireEvent.pointerEnter(navigation(), { pointerType: "mouse" });
    await act(() => vi.advanceTimersByTimeAsync(MENU_SHOW_DEBOUNCE_MS));
    expect(frame()).toHaveClass("dash--nav-open");
    fireEvent.pointerLeave(navigation(), { pointerType: "mouse" });
    await act(() => vi.advanceTimersByTimeAsync(MENU_HIDE_DEBOUNCE_MS - 10));
    expect(frame()).toHaveClass("dash--nav-open");
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(frame()).not.toHaveClass("dash--nav-open");
  });

  it("on a phone, stays closed under a resting mouse (only its toggle opens the drawer)", async () => {
    windowWidth(390);
    renderFrame("/dashboard");
    fireEvent.pointerEnter(navigation(), { pointerType: "mouse" });
    await act(() => vi.advanceTimersByTimeAsync(MENU_AUTO_HIDE_MS + MENU_SHOW_DEBOUNCE_MS));
    expect(frame()).not.toHaveClass("dash--nav-open");
    fireEvent.click(screen.getByRole("button", { name: "Toggle navigation" }));
    expect(frame()).toHaveClass("dash--nav-open");
    fireEvent.pointerLeave(navigation(), { pointerType: "mouse" });
    await act(() => vi.advanceTimersByTimeAsync(MENU_HIDE_DEBOUNCE_MS));
    expect(frame()).toHaveClass("dash--nav-open");
  });

  it("opens at once for keyboard focus and closes on a new route", async () => {
    renderFrame("/dashboard");
    await act(() => vi.advanceTimersByTimeAsync(MENU_AUTO_HIDE_MS));
    act(() => within(navigation()).getByRole("link", { name: "Recorded" }).focus());
    expect(frame()).toHaveClass("dash--nav-open");
    fireEvent.click(screen.getByRole("link", { name: "to recorded" }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(location()).toBe("/dashboard/recorded");
    expect(frame()).not.toHaveClass("dash--nav-open");
  });
});

describe("the notification bell", () => {
  it("counts the updates since the last read time and sets the count to 0 when opened", async () => {
    const user = userEvent.setup();
    storeLastRead(1, Date.parse("2026-02-01T00:00:00.000Z"));
    renderFrame("/dashboard");
    const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" });
    expect(screen.getByTestId("bell-count")).toHaveTextContent("2");

    const before = Date.now();
    await user.click(bell);
    const dialog = screen.getByRole("dialog", { name: "What's new" });
    expect(screen.queryByTestId("bell-count")).toBeNull();
    // Behind the open dialog the page is inert, so the bell is hidden from the accessibility tree.
    expect(screen.getByRole("button", { name: "Notifications", hidden: true })).toBeInTheDocument();
    expect(Number(window.localStorage.getItem("clubcast.notifications.last-read.1"))).toBeGreaterThanOrEqual(before);

    // One item open at a time, the newest first.
    const toggles = within(dialog)
      .getAllByRole("button", { expanded: false })
      .concat(within(dialog).getAllByRole("button", { expanded: true }));
    expect(toggles).toHaveLength(3);
    const [first, second] = within(dialog).getAllByRole("listitem");
    expect(within(first!).getByRole("button")).toHaveAttribute("aria-expanded", "true");
    expect(within(first!).getByText("Offline", { selector: "strong" })).toBeVisible();
    expect(within(second!).getByRole("button")).toHaveAttribute("aria-expanded", "false");

    await user.click(within(second!).getByRole("button"));
    expect(within(first!).getByRole("button")).toHaveAttribute("aria-expanded", "false");
    expect(within(second!).getByRole("button")).toHaveAttribute("aria-expanded", "true");
    expect(within(second!).getByText("moments", { selector: "em" })).toBeVisible();
  });

  it("asks for the updates again when the interface language changes, and counts that language's", async () => {
    const updates = vi.fn(() => page(i18next.language === "nl" ? [{ ...UPDATES[0]!, lang: "nl" }] : UPDATES));
    renderFrame("/dashboard", "player", { "messages.featureUpdates": updates });
    await screen.findByRole("button", { name: "Notifications, 3 unread" });
    expect(updates).toHaveBeenCalledTimes(1);
    await act(() => i18next.changeLanguage("nl"));
    expect(await screen.findByRole("button", { name: "Meldingen, 1 ongelezen" })).toBeInTheDocument();
    expect(updates).toHaveBeenCalledTimes(2);
  });

  it("counts every update when nothing was read yet", async () => {
    renderFrame("/dashboard");
    expect(await screen.findByRole("button", { name: "Notifications, 3 unread" })).toBeInTheDocument();
  });

  it("shows the user's realtime messages as translated toasts and refreshes the count on a new update", async () => {
    let updates = UPDATES.slice(1);
    renderFrame("/dashboard", "player", { "messages.featureUpdates": () => page(updates) });
    await screen.findByRole("button", { name: "Notifications, 2 unread" });
    const handlers = channels.get("user.1") as ChannelHandlers;

    act(() => handlers["user.message"]!({ key: "match.recording_started", level: "success", match: 4 }));
    expect(await screen.findByText("Recording started")).toBeInTheDocument();

    act(() =>
      handlers["user.message"]!({
        key: "match.operation_failed",
        level: "error",
        detail: "schedule failed: the camera server answered 503, response: Camera CAM-12 is offline",
        failure: { code: "failed", detail: "Camera CAM-12 is offline" },
      }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("The operation failed: Camera CAM-12 is offline");
    expect(screen.queryByText(/answered 503/)).toBeNull();

    updates = UPDATES;
    act(() => handlers["user.message"]!({ key: "notification.new", level: "success" }));
    expect(await screen.findByRole("button", { name: "Notifications, 3 unread" })).toBeInTheDocument();
  });
});

describe("the top-bar search", () => {
  const RESULTS = {
    clubs: [
      {
        id: 9,
        name: "FC Zuiderpark",
        logo: null,
        timezone: "Europe/Amsterdam",
        country: "Netherlands",
        country_short: "NL",
        activated: 1 as const,
        sport_id: 1,
        sport: { id: 1, slug: "football", name: "Football", type: "football" as const },
      },
    ],
    teams: [],
    users: [],
    matches: [
      {
        id: 31,
        title: "FC Zuiderpark JO17-1 – VV Duinzicht JO17-1",
        starting_at: { date: "2026-03-07T13:30:00.000Z", timezone: "Europe/Amsterdam" },
        status: "vod" as const,
      },
    ],
  };

  it("posts the committed query once, after the debounce, and shows grouped results with links", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const search = vi.fn((_input: { query: string }) => ({ data: RESULTS }));
    renderFrame("/dashboard", "system", { "search.all": search });
    await user.click(await screen.findByRole("button", { name: "Search" }));
    const box = screen.getByRole("searchbox", { name: "Search the platform" });
    expect(box).toHaveFocus();
    await user.type(box, "zuider");
    expect(search).not.toHaveBeenCalled();

    await user.keyboard("{Enter}");
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    // Leaving the box commits the same text again: no second request.
    await user.tab();
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(search.mock.calls.map(([input]) => input)).toEqual([{ query: "zuider" }]);

    const results = await screen.findByRole("region", { name: "Results for “zuider”" });
    expect(within(results).getByRole("heading", { name: "Clubs" })).toBeInTheDocument();
    expect(within(results).getByRole("heading", { name: "Matches" })).toBeInTheDocument();
    expect(within(results).queryByRole("heading", { name: "Teams" })).toBeNull();
    expect(within(results).getByRole("link", { name: /Football · Netherlands/ })).toHaveAttribute(
      "href",
      "/dashboard/clubs/9",
    );
    expect(within(results).getByRole("link", { name: /JO17-1/ })).toHaveAttribute("href", "/matches/31");

    // A route change clears the box, hides the bar and forgets the query.
    await user.click(within(results).getByRole("link", { name: /Football · Netherlands/ }));
    expect(location()).toBe("/dashboard/clubs/9");
    expect(screen.queryByRole("searchbox")).toBeNull();
    expect(screen.queryByRole("region", { name: /Results/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByRole("searchbox", { name: "Search the platform" })).toHaveValue("");
  });

  it("sends nothing for an empty query and says when nothing was found", async () => {
    const user = userEvent.setup();
    const search = vi.fn(() => ({ data: { clubs: [], teams: [], users: [], matches: [] } }));
    renderFrame("/dashboard", "player", { "search.all": search });
    await user.click(await screen.findByRole("button", { name: "Search" }));
    await user.type(screen.getByRole("searchbox"), "   {Enter}");
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50));
    expect(search).not.toHaveBeenCalled();

    await user.type(screen.getByRole("searchbox"), "nobody{Enter}");
    expect(await screen.findByText("Nothing found for “nobody”")).toBeInTheDocument();
    expect(search).toHaveBeenCalledOnce();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("searchbox")).toBeNull();
  });

  it("links a member's own club to the dashboard and other clubs nowhere", async () => {
    const user = userEvent.setup();
    const other = { ...RESULTS.clubs[0]!, id: 10, name: "VV Duinzicht" };
    const own = { ...RESULTS.clubs[0]!, id: 3, name: "VV Groen Wit" };
    renderFrame("/dashboard", "player", {
      "search.all": () => ({ data: { ...RESULTS, clubs: [own, other], matches: [] } }),
    });
    await user.click(await screen.findByRole("button", { name: "Search" }));
    await user.type(screen.getByRole("searchbox"), "v{Enter}");
    const results = await screen.findByRole("region", { name: "Results for “v”" });
    expect(await within(results).findByRole("link", { name: /VV Groen Wit/ })).toHaveAttribute("href", "/dashboard/");
    expect(within(results).queryByRole("link", { name: /VV Duinzicht/ })).toBeNull();
    expect(within(results).getByText("VV Duinzicht")).toBeInTheDocument();
  });
});
