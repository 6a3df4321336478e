// The MP4 download of an on-demand match, as the club's staff see it (the match page, the Recorded
// table): the link once made; "Preparing download…" while the worker makes it after the recording
// (download_status, which match.changed has the page read again when it turns), or that it failed.
import { useTranslation } from "react-i18next";
import type { Match } from "../../lib/matches.ts";
import { Icon } from "../../ui/Icon.tsx";

export function MatchDownload({ match, small = false }: { match: Match; small?: boolean }) {
  const { t } = useTranslation();
  if (match.status !== "vod") return null;
  const size = small ? " button--small" : "";
  // A download of an earlier recording (before a restore) waits for the new one.
  if (match.download_status === "preparing")
    return (
      <span className={`button button--secondary${size}`} role="status" aria-disabled="true">
        <Icon name="download" size={small ? 16 : 18} />
        {t("match.download_preparing")}
      </span>
    );
  if (match.download_url)
    return (
      <a className={`button button--secondary${size}`} href={match.download_url} download>
        <Icon name="download" size={small ? 16 : 18} />
        {t("match.download")}
      </a>
    );
  if (match.download_status === "failed")
    return (
      <span className="match-download__failed" role="status">
        {t("match.download_failed")}
      </span>
    );
  return null;
}
