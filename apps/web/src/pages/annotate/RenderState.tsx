// The state line of a video the worker renders from the match (a marker's clip,
// the highlight summary): queued, in progress with its percentage, ready, or
// failed with the reason, in the texts of that kind of video.
import { useTranslation } from "react-i18next";

interface Rendered {
  state: "queued" | "cutting" | "ready" | "failed";
  progress: number;
  failure_reason: string | null;
}

/**
 * A worker's update applied to the render shown, when it only moves its progress; null when its state
 * changed, and the render is to be read again (its files, its reason). Reading it again on every
 * update never showed a move: each one, twice a second, cancelled the read still under way.
 */
export function progressed<T extends Rendered>(shown: T, update: Rendered): T | null {
  if (shown.state !== update.state) return null;
  return { ...shown, progress: update.progress, failure_reason: update.failure_reason };
}

export function RenderState({
  video,
  texts,
  className,
  queued,
}: {
  video: Rendered;
  /** Whose texts: the annotate namespace's clip or summary. */
  texts: "clip" | "summary";
  /** The line's class; `${className}--${state}` colours it by state. */
  className: string;
  /** What a queued one waits for, when more is known than its kind's words say. */
  queued?: string | undefined;
}) {
  const { t } = useTranslation("annotate");
  const text =
    video.state === "cutting"
      ? t(`${texts}.cutting`, { progress: video.progress })
      : video.state === "failed"
        ? t(`${texts}.failed_because`, { reason: video.failure_reason ?? "" })
        : video.state === "queued" && queued
          ? queued
          : t(`${texts}.${video.state}`);
  return (
    <p className={`${className} ${className}--${video.state}`} role="status">
      {text}
    </p>
  );
}
