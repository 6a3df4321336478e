import { useTranslation } from "react-i18next";
import type { MatchStatus } from "@clubcast/shared";

const LABEL_KEY = {
  live: "status.live",
  scheduled: "status.upcoming",
  vod: "status.vod",
  processing: "status.processing",
  unscheduled: "status.unscheduled",
} as const satisfies Record<MatchStatus, string>;

export function StatusPill({ status }: { status: MatchStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-pill status-pill--${status}`}>
      {status === "live" && <span className="status-pill__dot" aria-hidden="true" />}
      {t(LABEL_KEY[status])}
    </span>
  );
}
