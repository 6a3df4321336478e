import { useTranslation } from "react-i18next";
import type { MatchStatus, RecordingProblem } from "@clubcast/shared";

const LABEL_KEY = {
  live: "status.live",
  scheduled: "status.upcoming",
  vod: "status.vod",
  processing: "status.processing",
  unscheduled: "status.unscheduled",
} as const satisfies Record<MatchStatus, string>;

/**
 * A match's status; a recorded match without a video (`problem`) says so instead of "Processing", and
 * one its camera records before the first video came (`awaitingVideo`, not live yet) says it waits for it.
 */
export function StatusPill({
  status,
  problem = null,
  awaitingVideo = false,
}: {
  status: MatchStatus;
  problem?: RecordingProblem | null;
  awaitingVideo?: boolean;
}) {
  const { t } = useTranslation();
  if (problem) return <span className={`status-pill status-pill--${problem}`}>{t(`status.${problem}`)}</span>;
  if (awaitingVideo) return <span className="status-pill status-pill--scheduled">{t("status.awaiting_video")}</span>;
  return (
    <span className={`status-pill status-pill--${status}`}>
      {status === "live" && <span className="status-pill__dot" aria-hidden="true" />}
      {t(LABEL_KEY[status])}
    </span>
  );
}
