// The thin bar at the top while requests or page chunks load (spec section 9:
// shown after 200 ms, creeping over 5 s, 2 px high).
import { useEffect, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { PROGRESS_BAR } from "@clubcast/shared";
import { useRunningRequests } from "../lib/activity.ts";

type Phase = "idle" | "running" | "done";
const FADE_MS = 400;

export function ProgressBar() {
  const { t } = useTranslation();
  const running = useRunningRequests();
  const busy = running > 0;
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase("running"), PROGRESS_BAR.throttleMs);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === "running" ? "done" : current));
  }, [busy]);

  useEffect(() => {
    if (phase !== "done") return;
    const timer = setTimeout(() => setPhase("idle"), FADE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const style = {
    "--progress-height": `${PROGRESS_BAR.heightPx}px`,
    "--progress-duration": `${PROGRESS_BAR.durationMs}ms`,
  } as CSSProperties;
  return (
    <div className={`progress progress--${phase}`} style={style} aria-hidden={phase !== "running"}>
      {phase === "running" && (
        <span className="visually-hidden" role="status">
          {t("ui.loading_progress")}
        </span>
      )}
      <div className="progress__bar" />
    </div>
  );
}
