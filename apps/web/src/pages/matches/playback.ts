// How the player plays an HLS stream and how it rides out failures. hls.js
// over Media Source Extensions wherever they exist: Chromium's own HLS fails
// on a live playlist that lists a single segment (a stream just started) and
// never plays. The browser's own HLS only where MSE is missing (Safari on an
// older iPhone).
import type Hls from "hls.js";
import type { ErrorData, HlsConfig } from "hls.js";

export type PlaybackEngine = "hls.js" | "native" | "none";

export function playbackEngine(mediaSourceExtensions: boolean, nativeHls: boolean): PlaybackEngine {
  if (mediaSourceExtensions) return "hls.js";
  return nativeHls ? "native" : "none";
}

/** Failed attempts in a row before the player gives up and says so. */
export const PLAYBACK_ATTEMPTS = 6;

/** The wait before attempt `attempt` (1-based) starts again: 1 s, doubling up to 8 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1_000 * 2 ** (attempt - 1), 8_000);
}

/** What to do about a fatal hls.js error once the retry delay has passed. */
export type Recovery = "recover-media" | "resume-loading" | "start-over";

export function recoveryFor(type: ErrorData["type"], manifestLoaded: boolean, types: typeof Hls.ErrorTypes): Recovery {
  if (type === types.MEDIA_ERROR) return "recover-media";
  // The stream is known: load on from where it stopped and keep the buffer (the video plays what it has meanwhile).
  if (type === types.NETWORK_ERROR && manifestLoaded) return "resume-loading";
  // No playlist yet, or one hls.js could not use (too early, broken): begin again.
  return "start-over";
}

/**
 * hls.js's settings. A live match plays in low-latency mode (the gateway's half-second parts and blocking
 * playlist reloads) from the live edge, its PART-HOLD-BACK behind the newest part; after a stall has put it
 * further behind, it catches up by playing up to 1.5× fast instead of staying late.
 */
export function hlsConfigOf(live: boolean): Partial<HlsConfig> {
  return {
    lowLatencyMode: live,
    startPosition: -1,
    maxLiveSyncPlaybackRate: live ? 1.5 : 1,
    backBufferLength: live ? 30 : 90,
  };
}

/** A live viewer further than this behind the live edge is offered the "Live" button (seconds). */
export const BEHIND_LIVE_SECONDS = 4;

/** Whether a viewer at `position` is behind the live edge `edge` (none known: not behind). */
export const isBehindLive = (position: number, edge: number | null) =>
  edge !== null && edge - position > BEHIND_LIVE_SECONDS;

/** Moves the video to `position` (seconds) and plays on from there (a jump the viewer asked for). */
export function playFrom(element: HTMLVideoElement, position: number): void {
  element.currentTime = position;
  void element.play().catch(() => {});
}

/**
 * A playing stream, as its engine places it: stop it; the first position of the video (a live match's
 * playlist lists its whole recording, so its kick-off) and where its live edge is (null while unknown, or on
 * demand); the date of the frame shown (EXT-X-PROGRAM-DATE-TIME, ms; null before any).
 */
export interface Playback {
  stop(): void;
  start(): number | null;
  liveEdge(): number | null;
  frameDate(): number | null;
}

/** Nothing playing (yet). */
export const NO_PLAYBACK: Playback = { stop: () => {}, start: () => null, liveEdge: () => null, frameDate: () => null };

/** How far into the first segment "Watch from kick-off" goes with hls.js (see Playback's start there). */
export const INTO_FIRST_SEGMENT_SECONDS = 0.001;

/** Plays `src` with hls.js until stopped; `fail` after PLAYBACK_ATTEMPTS failures in a row. */
export function playWithHlsJs(
  HlsClass: typeof Hls,
  element: HTMLVideoElement,
  src: string,
  live: boolean,
  fail: () => void,
): Playback {
  let hls: Hls | null = null;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    const player = new HlsClass(hlsConfigOf(live));
    hls = player;
    let manifestLoaded = false;
    player.on(HlsClass.Events.MANIFEST_PARSED, () => {
      manifestLoaded = true;
    });
    // Video arrived: a later failure starts the count afresh.
    player.on(HlsClass.Events.FRAG_BUFFERED, () => {
      attempts = 0;
    });
    player.on(HlsClass.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      attempts += 1;
      if (attempts >= PLAYBACK_ATTEMPTS) {
        player.destroy();
        hls = null;
        fail();
        return;
      }
      timer = setTimeout(() => {
        const recovery = recoveryFor(data.type, manifestLoaded, HlsClass.ErrorTypes);
        if (recovery === "recover-media") player.recoverMediaError();
        else if (recovery === "resume-loading") player.startLoad();
        else {
          player.destroy();
          start();
        }
      }, retryDelayMs(attempts));
    });
    player.loadSource(src);
    player.attachMedia(element);
  };
  start();
  return {
    stop: () => {
      clearTimeout(timer);
      hls?.destroy();
    },
    // Just inside the playlist's first segment as hls.js places it, not the video's seekable start (always 0
    // over MSE): hls.js places segments by their timestamps, so the first can start a little after 0, and it
    // takes a position before that in a live playlist for one that fell out of the window and loads the live
    // edge instead, leaving the video at 0 without data. The video keeps its time in whole microseconds (the
    // segment's start, 0.0167015…, became 0.016701: before it), hence the millisecond.
    start: () => {
      const details = hls?.latestLevelDetails;
      return details ? details.fragmentStart + INTO_FIRST_SEGMENT_SECONDS : null;
    },
    // hls.js's live sync position: PART-HOLD-BACK behind the newest part in low-latency mode.
    liveEdge: () => (live ? (hls?.liveSyncPosition ?? null) : null),
    frameDate: () => hls?.playingDate?.getTime() ?? null,
  };
}

/** Plays `src` with the browser's own HLS, trying again after an error; `fail` after PLAYBACK_ATTEMPTS failures in a row. */
export function playNatively(element: HTMLVideoElement, src: string, live: boolean, fail: () => void): Playback {
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const failed = () => {
    attempts += 1;
    if (attempts >= PLAYBACK_ATTEMPTS) {
      fail();
      return;
    }
    timer = setTimeout(() => {
      element.src = src;
    }, retryDelayMs(attempts));
  };
  const playing = () => {
    attempts = 0;
  };
  element.addEventListener("error", failed);
  element.addEventListener("playing", playing);
  element.src = src;
  return {
    stop: () => {
      clearTimeout(timer);
      element.removeEventListener("error", failed);
      element.removeEventListener("playing", playing);
      element.removeAttribute("src");
      element.load();
    },
    start: () => (element.seekable.length ? element.seekable.start(0) : null),
    // The end of what may be played: the browser's own player holds back from the newest segment itself.
    liveEdge: () => {
      const { seekable } = element;
      return live && seekable.length ? seekable.end(seekable.length - 1) : null;
    },
    frameDate: () => null,
  };
}
