// Follows a video element's position smoothly (every animation frame while it
// plays, on seeks while paused) and steers it: play/pause and seeking.
import { useCallback, useEffect, useState, type RefObject } from "react";

export interface VideoClock {
  /** Current position in ms. */
  ms: number;
  durationMs: number;
  playing: boolean;
  togglePlay(): void;
  /** Moves to `ms` (paused stays paused). */
  seek(ms: number): void;
}

export function useVideoClock(video: RefObject<HTMLVideoElement | null>): VideoClock {
  const [ms, setMs] = useState(0);
  const [durationMs, setDurationMs] = useState(Number.POSITIVE_INFINITY);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let frame = 0;
    const read = () => setMs(element.currentTime * 1000);
    const tick = () => {
      read();
      frame = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      setPlaying(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const onPause = () => {
      setPlaying(false);
      cancelAnimationFrame(frame);
      read();
    };
    const onDuration = () => setDurationMs(Number.isFinite(element.duration) ? element.duration * 1000 : Infinity);
    element.addEventListener("play", onPlay);
    element.addEventListener("pause", onPause);
    element.addEventListener("seeked", read);
    element.addEventListener("timeupdate", read);
    element.addEventListener("durationchange", onDuration);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener("play", onPlay);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("seeked", read);
      element.removeEventListener("timeupdate", read);
      element.removeEventListener("durationchange", onDuration);
    };
  }, [video]);

  const togglePlay = useCallback(() => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  }, [video]);

  const seek = useCallback(
    (target: number) => {
      const element = video.current;
      if (!element) return;
      element.currentTime = Math.max(0, target) / 1000;
      setMs(Math.max(0, target));
    },
    [video],
  );

  return { ms, durationMs, playing, togglePlay, seek };
}
