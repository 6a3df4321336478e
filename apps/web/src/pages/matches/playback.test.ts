import fc from "fast-check";
import Hls from "hls.js/light";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BEHIND_LIVE_SECONDS,
  PLAYBACK_ATTEMPTS,
  hlsConfigOf,
  INTO_FIRST_SEGMENT_SECONDS,
  isBehindLive,
  playbackEngine,
  playNatively,
  playWithHlsJs,
  recoveryFor,
  retryDelayMs,
} from "./playback.ts";

describe("the player's choice of engine", () => {
  it("uses hls.js wherever Media Source Extensions exist, even where the browser claims HLS itself", () => {
    expect(playbackEngine(true, true)).toBe("hls.js");
    expect(playbackEngine(true, false)).toBe("hls.js");
  });

  it("plays natively only without Media Source Extensions, and not at all without either", () => {
    expect(playbackEngine(false, true)).toBe("native");
    expect(playbackEngine(false, false)).toBe("none");
  });
});

describe("hls.js's settings", () => {
  it("play a live match in low-latency mode from the live edge, catching up after a stall; on demand as it is", () => {
    expect(hlsConfigOf(true)).toMatchObject({ lowLatencyMode: true, startPosition: -1, maxLiveSyncPlaybackRate: 1.5 });
    expect(hlsConfigOf(false)).toMatchObject({ lowLatencyMode: false, maxLiveSyncPlaybackRate: 1 });
    // Every setting is one hls.js knows.
    for (const key of Object.keys(hlsConfigOf(true))) expect(Hls.DefaultConfig, key).toHaveProperty(key);
  });
});

describe("a fatal playback error", () => {
  it("starts over when no playlist could be used yet (a stream that just began)", () => {
    expect(recoveryFor(Hls.ErrorTypes.NETWORK_ERROR, false, Hls.ErrorTypes)).toBe("start-over");
    expect(recoveryFor(Hls.ErrorTypes.OTHER_ERROR, true, Hls.ErrorTypes)).toBe("start-over");
  });

  it("keeps the buffer: loads on after a network error, recovers the media after a decoding error", () => {
    expect(recoveryFor(Hls.ErrorTypes.NETWORK_ERROR, true, Hls.ErrorTypes)).toBe("resume-loading");
    expect(recoveryFor(Hls.ErrorTypes.MEDIA_ERROR, false, Hls.ErrorTypes)).toBe("recover-media");
  });

  it("waits longer after each failure, never more than 8 s", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), (attempt) => {
        expect(retryDelayMs(attempt + 1)).toBeGreaterThanOrEqual(retryDelayMs(attempt));
        expect(retryDelayMs(attempt)).toBeGreaterThanOrEqual(1_000);
        expect(retryDelayMs(attempt)).toBeLessThanOrEqual(8_000);
      }),
    );
  });
});

describe("native playback", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("tries the playlist again after an error and gives up only after several failures in a row", () => {
    vi.useFakeTimers();
    const element = document.createElement("video");
    const fail = vi.fn();
    const src = "http://127.0.0.1/live/match.m3u8";
    const playback = playNatively(element, src, true, fail);
    expect(element.src).toBe(src);

    for (let attempt = 1; attempt < PLAYBACK_ATTEMPTS; attempt++) {
      element.removeAttribute("src");
      element.dispatchEvent(new Event("error"));
      expect(fail).not.toHaveBeenCalled();
      vi.advanceTimersByTime(retryDelayMs(attempt));
      expect(element.src).toBe(src);
    }
    element.dispatchEvent(new Event("error"));
    expect(fail).toHaveBeenCalledTimes(1);
    playback.stop();
  });
});

describe("hls.js playback", () => {
  /** Just enough of hls.js: the level details it placed the playlist's segments in, once loaded. */
  class FakeHls {
    static Events = Hls.Events;
    static ErrorTypes = Hls.ErrorTypes;
    latestLevelDetails: { fragmentStart: number } | null = null;
    liveSyncPosition: number | null = null;
    playingDate: Date | null = null;
    on() {}
    loadSource() {}
    attachMedia() {}
    destroy() {}
  }

  it("goes back to just inside the first segment as hls.js placed it, which its timestamps may put after the video's 0", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 5, noNaN: true }), (first) => {
        const players: FakeHls[] = [];
        const HlsClass = class extends FakeHls {
          constructor() {
            super();
            players.push(this);
          }
        };
        const playback = playWithHlsJs(
          HlsClass as unknown as typeof Hls,
          document.createElement("video"),
          "http://127.0.0.1/live.m3u8",
          true,
          () => {},
        );
        expect(playback.start()).toBeNull();
        players[0]!.latestLevelDetails = { fragmentStart: first };
        const start = playback.start()!;
        // Not before the segment, even once the video rounds the position down to whole microseconds.
        expect(Math.floor(start * 1e6) / 1e6).toBeGreaterThanOrEqual(first);
        expect(start).toBeCloseTo(first + INTO_FIRST_SEGMENT_SECONDS, 9);
        playback.stop();
      }),
    );
  });
});

describe("the Live button", () => {
  it("shows only when the viewer is more than a few seconds behind a known live edge", () => {
    expect(isBehindLive(100, null)).toBe(false);
    expect(isBehindLive(100, 100 + BEHIND_LIVE_SECONDS)).toBe(false);
    expect(isBehindLive(100, 100.5 + BEHIND_LIVE_SECONDS)).toBe(true);
    expect(isBehindLive(0, 2700)).toBe(true);
  });
});
