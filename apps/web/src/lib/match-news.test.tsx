// One hook for match data that lives with the matches: news has it read again once per burst, a list only
// for the scores it shows, and a page also when the server takes it out of the channel or it rejoins.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import type { ChannelState } from "./realtime.ts";
import { NEWS_MAX_WAIT_MS, NEWS_SETTLE_MS, useMatchListNews, useMatchNews } from "./match-news.ts";

vi.mock("./realtime.ts", async () => (await import("../../test/fake-realtime.ts")).fakeRealtimeModule);
import { fakeRealtime } from "../../test/fake-realtime.ts";

const { handlersOf } = fakeRealtime;
const setState = (state: ChannelState) => act(() => fakeRealtime.setState(state));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  fakeRealtime.setState("joining");
});
afterEach(() => vi.useRealTimers());

describe("useMatchNews", () => {
  it("reads the data again once per burst, however many news it brings", () => {
    const readAgain = vi.fn();
    renderHook(() => useMatchNews("match.9", { readAgain }));
    setState("joined");
    const news = handlersOf("match.9");
    act(() => {
      news["match.live"]!({ match: 9 });
      news["match.changed"]!({ match: 9 });
      news["match.scored"]!({ match: 9, home: 1, away: 0 });
    });
    wait(NEWS_SETTLE_MS - 1);
    act(() => news["match.starting"]!({ match: 9, starting_at: "2025-06-14T12:30:00.000Z" }));
    wait(NEWS_SETTLE_MS - 1);
    expect(readAgain).not.toHaveBeenCalled();
    wait(1);
    expect(readAgain).toHaveBeenCalledOnce();
    wait(NEWS_MAX_WAIT_MS);
    expect(readAgain).toHaveBeenCalledOnce();
  });

  it("still reads it again during a burst that never settles, at most once per NEWS_MAX_WAIT_MS", () => {
    const readAgain = vi.fn();
    renderHook(() => useMatchNews("match.9", { readAgain }));
    const step = NEWS_SETTLE_MS / 2;
    for (let elapsed = 0; elapsed < 3 * NEWS_MAX_WAIT_MS; elapsed += step) {
      act(() => handlersOf("match.9")["match.scored"]!({ match: 9, home: elapsed, away: 0 }));
      wait(step);
    }
    wait(NEWS_SETTLE_MS);
    expect(readAgain).toHaveBeenCalledTimes(3);
  });

  it("tells of a goal at once, and reads the latest readAgain it was given", () => {
    const first = vi.fn();
    const latest = vi.fn();
    const onScored = vi.fn();
    const { rerender } = renderHook(({ readAgain }) => useMatchNews("match.9", { readAgain, onScored }), {
      initialProps: { readAgain: first },
    });
    act(() => handlersOf("match.9")["match.scored"]!({ match: 9, home: 2, away: 1 }));
    expect(onScored).toHaveBeenCalledWith({ match: 9, home: 2, away: 1 });
    rerender({ readAgain: latest });
    wait(NEWS_SETTLE_MS);
    expect([first.mock.calls.length, latest.mock.calls.length]).toEqual([0, 1]);
  });

  it("reads it again when taken out of the channel, and on rejoining after a lost connection, not on first joining", () => {
    const readAgain = vi.fn();
    renderHook(() => useMatchNews("match.9", { readAgain }));
    setState("joined");
    wait(NEWS_MAX_WAIT_MS);
    expect(readAgain).not.toHaveBeenCalled();
    setState("joining");
    setState("joined");
    wait(NEWS_SETTLE_MS);
    expect(readAgain).toHaveBeenCalledOnce();
    setState("refused");
    wait(NEWS_SETTLE_MS);
    expect(readAgain).toHaveBeenCalledTimes(2);
  });

  it("passes the channel's other events to the page's handlers", () => {
    const changed = vi.fn();
    renderHook(() => useMatchNews("match.9", { readAgain: () => {}, handlers: { "summary.changed": changed } }));
    act(() => handlersOf("match.9")["summary.changed"]!({ match: 9, summary: 6 }));
    expect(changed).toHaveBeenCalledWith({ match: 9, summary: 6 });
  });
});

describe("useMatchListNews", () => {
  it("follows the lists' channel: any match's news may move it into a list, only a shown match's goal counts", () => {
    const readAgain = vi.fn();
    renderHook(() => useMatchListNews(readAgain, [{ id: 5 }, { id: 6 }]));
    const news = handlersOf("match-lists");
    act(() => news["match.scored"]!({ match: 77, home: 1, away: 0 }));
    wait(NEWS_MAX_WAIT_MS);
    expect(readAgain).not.toHaveBeenCalled();
    act(() => news["match.scored"]!({ match: 6, home: 1, away: 0 }));
    wait(NEWS_SETTLE_MS);
    expect(readAgain).toHaveBeenCalledOnce();
    // A match no list shows turned live: the live list must show it now.
    act(() => news["match.live"]!({ match: 77 }));
    wait(NEWS_SETTLE_MS);
    expect(readAgain).toHaveBeenCalledTimes(2);
  });
});
