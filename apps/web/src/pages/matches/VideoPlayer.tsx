// Plays a match's HLS stream: hls.js over Media Source Extensions wherever
// they exist, the browser's own HLS only without them (playback.ts). hls.js
// loads only here. A live match's stream lists its whole recording so far:
// "Watch from kick-off" goes back to its first frame, and "Live", shown while
// the viewer is behind, returns to the live edge.
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../ui/Icon.tsx";
import {
  isBehindLive,
  NO_PLAYBACK,
  playbackEngine,
  playFrom,
  playNatively,
  playWithHlsJs,
  type Playback,
} from "./playback.ts";
import { loadPlayerCode } from "./player-code.ts";

const HLS_MIME = "application/vnd.apple.mpegurl";

interface VideoPlayerProps {
  src: string;
  live: boolean;
  label: string;
  /** A still shown until playback starts. */
  poster?: string | null | undefined;
  /** The video element, for pages that steer playback themselves (the annotation screen). */
  ref?: Ref<HTMLVideoElement | null>;
  /** Told the frame shown as it changes: its time in the video and, when the stream dates it, its date (ms). */
  onFrame?: (frame: Frame) => void;
}

/** The frame a player shows: its time in the video (ms) and its wall-clock date (ms) when the stream says. */
export interface Frame {
  timeMs: number;
  date: number | null;
}

export function VideoPlayer({ src, live, label, poster, ref, onFrame }: VideoPlayerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  useImperativeHandle<HTMLVideoElement | null, HTMLVideoElement | null>(ref, () => video.current, []);
  const [failed, setFailed] = useState(false);
  // What plays now: the one place its start, live edge and frame dates are read from.
  const playback = useRef<Playback>(NO_PLAYBACK);
  const [behind, setBehind] = useState(false);
  // The latest listener, without restarting playback when the page gives a new one.
  const onFrameRef = useRef(onFrame);
  useEffect(() => {
    onFrameRef.current = onFrame;
  }, [onFrame]);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    setFailed(false);
    let stopped = false;
    const fail = () => setFailed(true);
    const frame = () =>
      onFrameRef.current?.({ timeMs: element.currentTime * 1000, date: playback.current.frameDate() });
    const frameEvents = ["timeupdate", "seeked", "loadeddata"] as const;
    for (const name of frameEvents) element.addEventListener(name, frame);
    // A seek before a live stream's first frame (a marker at 0:00, the scrubber's start: over MSE the video
    // starts a little after 0) goes to its first frame: hls.js would take it for a position fallen out of the
    // live window, load the live edge and leave the video where it was, without data. Registered before
    // hls.js's own listener, so hls.js sees the position already moved.
    const keepInsideLive = () => {
      const first = playback.current.start();
      if (live && first !== null && element.currentTime < first) element.currentTime = first;
    };
    element.addEventListener("seeking", keepInsideLive);
    void loadPlayerCode().then(({ default: Hls }) => {
      if (stopped) return;
      const engine = playbackEngine(Hls.isSupported(), element.canPlayType(HLS_MIME) !== "");
      if (engine === "hls.js") playback.current = playWithHlsJs(Hls, element, src, live, fail);
      else if (engine === "native") playback.current = playNatively(element, src, live, fail);
      else fail();
    }, fail);
    return () => {
      stopped = true;
      for (const name of frameEvents) element.removeEventListener(name, frame);
      element.removeEventListener("seeking", keepInsideLive);
      playback.current.stop();
      playback.current = NO_PLAYBACK;
    };
  }, [src, live]);

  // Behind the live edge (went back, paused, stalled): the "Live" button shows. The edge moves on while
  // the video is paused, so this looks every second too.
  useEffect(() => {
    const element = video.current;
    if (!element || !live) return setBehind(false);
    const look = () => setBehind(isBehindLive(element.currentTime, playback.current.liveEdge()));
    const every = setInterval(look, 1000);
    element.addEventListener("timeupdate", look);
    element.addEventListener("seeked", look);
    return () => {
      clearInterval(every);
      element.removeEventListener("timeupdate", look);
      element.removeEventListener("seeked", look);
    };
  }, [live]);

  const goTo = (position: number | null) => {
    const element = video.current;
    if (element && position !== null) playFrom(element, position);
  };

  return (
    <div className="player">
      <video
        ref={video}
        className="player__video"
        controls
        playsInline
        // Browsers allow autoplay only without sound; the viewer unmutes.
        muted={live}
        autoPlay={live}
        preload="metadata"
        poster={poster ?? undefined}
        aria-label={label}
      />
      {live && (
        <div className="player__live-controls" role="group" aria-label={t("match.live_controls")}>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => goTo(playback.current.start())}
          >
            <Icon name="restore" size={16} />
            {t("match.from_kick_off")}
          </button>
          {behind && (
            <button
              type="button"
              className="button button--small button--primary"
              onClick={() => goTo(playback.current.liveEdge())}
            >
              <span className="player__live-dot" aria-hidden="true" />
              {t("match.to_live")}
            </button>
          )}
        </div>
      )}
      {failed && (
        <div className="player__overlay" role="alert">
          <Icon name="alert" size={28} />
          <p>{t("match.video_error")}</p>
        </div>
      )}
    </div>
  );
}
