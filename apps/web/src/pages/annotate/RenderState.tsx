// The state line of a video the worker renders from the match (a marker's clip,
// the highlight summary): queued, in progress with its percentage, ready, or
// failed with the reason, in the texts of that kind of video.
import { useTranslation } from "react-i18next";

interface Rendered {
  state: "queued" | "cutting" | "ready" | "failed";
  progress: number;
  failure_reason: string | null;
}

export function RenderState({
  video,
  texts,
  className,
}: {
  video: Rendered;
  /** Whose texts: the annotate namespace's clip or summary. */
  texts: "clip" | "summary";
  /** The line's class; `${className}--${state}` colours it by state. */
  className: string;
}) {
  const { t } = useTranslation("annotate");
  const text =
    video.state === "cutting"
      ? t(`${texts}.cutting`, { progress: video.progress })
      : video.state === "failed"
        ? t(`${texts}.failed_because`, { reason: video.failure_reason ?? "" })
        : t(`${texts}.${video.state}`);
  return (
    <p className={`${className} ${className}--${video.state}`} role="status">
      {text}
    </p>
  );
}
